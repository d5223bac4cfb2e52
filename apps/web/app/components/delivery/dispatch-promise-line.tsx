/**
 * The dispatch promise line near a price or an order summary: "Order within
 * 2 h 14 min for dispatch today" (or "Order now for dispatch on Monday 25 November") and the
 * expected delivery date, as the server computed them when the page was rendered.
 */
import { TruckIcon } from '~/components/icons';

/** What a loader hands to the page (dispatch-promise.server.ts). */
export interface DispatchPromiseView {
  dispatchText: string;
  deliveryText: string;
  /** Dispatched today if ordered now (before the 3pm cut-off on a working day). */
  dispatchToday: boolean;
  /** Where the delivery date is for: the delivery postcode, or 'mainland UK' before one is chosen. */
  destination: string;
}

export function DispatchPromiseLine({ promise, className = '' }: { promise: DispatchPromiseView | null | undefined; className?: string }) {
  if (!promise) return null;
  return (
    <div
      className={`flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-900 ${className}`}
      data-testid="dispatch-promise"
    >
      <TruckIcon width={18} height={18} className="mt-0.5 shrink-0 text-brand-700" />
      <div>
        <p className="font-semibold" data-testid="dispatch-promise-dispatch">
          {promise.dispatchText}
        </p>
        <p data-testid="dispatch-promise-delivery">
          {promise.deliveryText} <span className="text-stone-600">(to {promise.destination})</span>
        </p>
      </div>
    </div>
  );
}

/** "Tuesday 26 November 2024" for an ISO date (YYYY-MM-DD): the same on the server and in the browser. */
export function formatPromisedDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  const dayMonth = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
  return `${dayMonth} ${date.getUTCFullYear()}`;
}
