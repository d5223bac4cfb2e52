/** The heading of a checkout step: a back link above the page's h1 and an optional line of help. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  title: string;
  backTo: string;
  backLabel: string;
  children?: ReactNode;
}

export function CheckoutPageHeader({ title, backTo, backLabel, children }: Props) {
  return (
    <div>
      <Link
        to={backTo}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        data-testid="back-link"
      >
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="m15 18-6-6 6-6" />
        </svg>
        {backLabel}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
      {children ? <div className="mt-1 text-sm text-stone-600">{children}</div> : null}
    </div>
  );
}

/** The placeholder of a checkout page while its basket and addresses load. */
export function CheckoutSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" aria-busy="true" data-testid="checkout-skeleton">
      <p className="sr-only" role="status">
        {label}
      </p>
      <div className="space-y-4" aria-hidden="true">
        <div className="grid gap-4 sm:grid-cols-2">
          {[0, 1].map((i) => (
            <div key={i} className="card animate-pulse space-y-2 p-5">
              <div className="h-4 w-1/3 rounded bg-stone-200" />
              <div className="h-3 w-2/3 rounded bg-stone-100" />
              <div className="h-3 w-1/2 rounded bg-stone-100" />
              <div className="h-3 w-1/3 rounded bg-stone-100" />
            </div>
          ))}
        </div>
        <div className="card h-48 animate-pulse bg-stone-50" />
      </div>
      <div className="card animate-pulse space-y-3 p-5" aria-hidden="true">
        <div className="h-5 w-1/2 rounded bg-stone-200" />
        <div className="h-10 rounded bg-stone-100" />
        <div className="h-10 rounded bg-stone-100" />
        <div className="h-3 rounded bg-stone-100" />
        <div className="h-3 rounded bg-stone-100" />
        <div className="h-5 rounded bg-stone-200" />
      </div>
    </div>
  );
}
