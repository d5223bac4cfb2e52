/**
 * How the offer pages (routes/admin/offers.tsx, offer.tsx) show an offer's code, state, days and
 * uses, alike on the list and on its own page. The words of the terms come from core.
 */
import type { OfferState } from '@shop/core';
import { calendarDate } from './admin-format';

const STATE_COLOURS: Record<OfferState, string> = {
  live: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  scheduled: 'border-sky-300 bg-sky-50 text-sky-900',
  'used-up': 'border-amber-300 bg-amber-50 text-amber-900',
  ended: 'border-stone-300 bg-stone-100 text-stone-700',
};

export function OfferStateBadge({ state, label }: { state: OfferState; label: string }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${STATE_COLOURS[state]}`} data-testid="offer-state">
      {label}
    </span>
  );
}

/** The code as customers type it, or "Automatic" for an offer without one. */
export function OfferCode({ code }: { code: string | null }) {
  return code === null ? (
    <span className="text-xs text-stone-600">Automatic</span>
  ) : (
    <span className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-stone-800">{code}</span>
  );
}

/** "10 May 2026 to 31 May 2026", or "From 10 May 2026" without an end. */
export function OfferDays({ startsOn, endsOn }: { startsOn: string; endsOn: string | null }) {
  if (endsOn === null) return <>From {calendarDate(startsOn)}</>;
  return (
    <>
      <span className="whitespace-nowrap">{calendarDate(startsOn)}</span> to <span className="whitespace-nowrap">{calendarDate(endsOn)}</span>
    </>
  );
}

/** "3 of 100", or "3 (no limit)". */
export function offerUsesText({ uses, maxUses }: { uses: number; maxUses: number | null }): string {
  return maxUses === null ? `${uses.toLocaleString('en-GB')} (no limit)` : `${uses.toLocaleString('en-GB')} of ${maxUses.toLocaleString('en-GB')}`;
}
