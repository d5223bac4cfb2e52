/**
 * Pieces of the approval pages (routes/account-approvals.tsx, account-approval.tsx): a request's
 * state as a badge, and its times in London words.
 */
import type { ApprovalState } from '@shop/contract/browser';

const TONES: Record<ApprovalState, string> = {
  waiting: 'bg-amber-100 text-amber-900',
  placed: 'bg-green-100 text-green-900',
  'not-placed': 'bg-red-100 text-red-900',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-stone-200 text-stone-800',
  expired: 'bg-stone-200 text-stone-800',
};

export function ApprovalBadge({ state, label }: { state: ApprovalState; label: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[state]}`} data-testid="approval-state">
      {label}
    </span>
  );
}

/** "8 December 2026 at 14:05" in London. */
export function londonTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/London' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')}`;
}
