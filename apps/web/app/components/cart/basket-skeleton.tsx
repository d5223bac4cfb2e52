/** Placeholder while the basket loads in the browser, so an empty-basket message never flashes. */
export function BasketSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true" data-testid="basket-skeleton">
      <p className="sr-only" role="status">
        Loading your basket…
      </p>
      <div className="card divide-y divide-stone-100" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex animate-pulse items-center gap-4 p-4">
            <div className="h-[4.5rem] w-[4.5rem] shrink-0 rounded-md bg-stone-200" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-2/3 rounded bg-stone-200" />
              <div className="h-3 w-1/3 rounded bg-stone-100" />
            </div>
            <div className="hidden h-9 w-24 rounded bg-stone-100 sm:block" />
          </div>
        ))}
      </div>
      <div className="card animate-pulse space-y-3 p-5" aria-hidden="true">
        <div className="h-5 w-1/2 rounded bg-stone-200" />
        <div className="h-3 rounded bg-stone-100" />
        <div className="h-3 rounded bg-stone-100" />
        <div className="h-3 rounded bg-stone-100" />
        <div className="h-11 rounded bg-stone-200" />
      </div>
    </div>
  );
}
