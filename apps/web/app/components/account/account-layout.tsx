/**
 * The frame of the sign-in, sign-up and reset password pages: a centred form card, and on wide
 * screens a side panel beside it (hidden on phones, where the card carries its own link).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '~/components/icons';

export function AccountLayout({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="flex flex-col items-center gap-6 md:flex-row md:items-start md:justify-center">
        <div className="card w-full max-w-md p-5 sm:p-8">{children}</div>
        {aside}
      </div>
    </main>
  );
}

interface SidePanelProps {
  heading: string;
  intro: string;
  points: string[];
  actionLabel: string;
  actionHref: string;
}

/** The desktop side panel: a short pitch and one button to the other account page. */
export function AccountSidePanel({ heading, intro, points, actionLabel, actionHref }: SidePanelProps) {
  return (
    <aside className="hidden w-full max-w-sm flex-col rounded-lg bg-brand-700 p-8 text-brand-50 shadow-sm md:flex" aria-labelledby="account-aside-heading">
      <h2 id="account-aside-heading" className="text-xl font-semibold text-white">
        {heading}
      </h2>
      <p className="mt-2 text-sm leading-relaxed">{intro}</p>
      <ul className="mt-5 space-y-3 text-sm">
        {points.map((point) => (
          <li key={point} className="flex items-start gap-2">
            <CheckIcon width={18} height={18} className="mt-0.5 shrink-0 text-accent-300" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <Link to={actionHref} className="btn-accent w-full">
          {actionLabel}
        </Link>
      </div>
    </aside>
  );
}
