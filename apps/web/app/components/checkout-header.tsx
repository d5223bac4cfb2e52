/** The checkout header with its three steps; steps up to the current one are completed (SPEC 2). */
import { useRootData } from '~/root';
import { CheckIcon, PhoneIcon } from './icons';
import { Logo } from './logo';

const steps = ['Login/Register', 'Details', 'Payments'];

export function CheckoutHeader({ step }: { step: number }) {
  const { shop } = useRootData();
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center justify-between gap-4">
          <Logo name={shop.tradingName} />
          <a href={`tel:${shop.phones.sales.replace(/\s/g, '')}`} className="flex items-center gap-1 text-sm text-stone-600 md:hidden">
            <PhoneIcon width={16} height={16} /> {shop.phones.sales}
          </a>
        </div>
        <nav aria-label="Checkout progress">
          <ol className="flex items-center gap-2 text-sm sm:gap-4">
            {steps.map((label, index) => {
              const number = index + 1;
              const completed = number < step;
              const current = number === step;
              return (
                <li key={label} className="flex items-center gap-2" aria-current={current ? 'step' : undefined}>
                  <span
                    className={`flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold ${
                      completed ? 'bg-brand-600 text-white' : current ? 'bg-accent-400 text-stone-900' : 'bg-stone-200 text-stone-600'
                    }`}
                    data-completed={completed ? 'true' : 'false'}
                  >
                    {completed ? <CheckIcon width={14} height={14} title="Completed" /> : number}
                  </span>
                  <span className={current ? 'font-semibold text-stone-900' : 'text-stone-600'}>{label}</span>
                  {number < steps.length ? <span className="hidden h-px w-8 bg-stone-300 sm:block" aria-hidden="true" /> : null}
                </li>
              );
            })}
          </ol>
        </nav>
        <a href={`tel:${shop.phones.sales.replace(/\s/g, '')}`} className="hidden items-center gap-1 text-sm text-stone-600 md:flex">
          <PhoneIcon width={16} height={16} /> {shop.phones.sales}
        </a>
      </div>
    </header>
  );
}
