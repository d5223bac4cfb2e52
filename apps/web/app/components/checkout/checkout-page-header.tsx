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
