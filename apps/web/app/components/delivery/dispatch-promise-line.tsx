/**
 * The dispatch promise line near a price or an order summary: "Order within
 * 2 h 14 min for dispatch today" (or "Order now for dispatch on Monday 25 November") and the
 * expected delivery date, as the server computed them when the page was rendered. While the page
 * stays open the count goes on from the server's figure (the browser's own clock may be wrong,
 * only the time elapsed is measured here); once the cut-off passes the line says what the server
 * said an order after it gets.
 */
import { useEffect, useState } from 'react';
import { dispatchTodayText } from '@shop/contract/browser';
import { TruckIcon } from '~/components/icons';

/** What a loader hands to the page (dispatch-promise.server.ts). */
export interface DispatchPromiseView {
  dispatchText: string;
  deliveryText: string;
  /** Dispatched today if ordered now (before the 3pm cut-off on a working day). */
  dispatchToday: boolean;
  /** Where the delivery date is for: the delivery postcode, or 'mainland UK' before one is chosen. */
  destination: string;
  /** Seconds left to today's cut-off when the page was rendered (dispatched today), else null. */
  secondsToCutOff?: number | null;
  /** What the promise says once today's cut-off has passed (null when it already has). */
  afterCutOff?: { dispatchText: string; deliveryText: string } | null;
}

/** How often the count is brought up to date: well within a minute, which is all the line shows. */
const TICK_MS = 10_000;

/** The promise as it stands now: counted down from the server's seconds by the time elapsed since the page had them. */
function usePromiseNow(promise: DispatchPromiseView | null | undefined): { dispatchText: string; deliveryText: string } | null {
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const seconds = promise?.secondsToCutOff ?? null;
  useEffect(() => {
    setElapsedSeconds(0);
    if (seconds === null) return;
    const since = Date.now();
    const timer = window.setInterval(() => setElapsedSeconds((Date.now() - since) / 1000), TICK_MS);
    return () => window.clearInterval(timer);
  }, [promise, seconds]);
  if (!promise) return null;
  if (seconds === null) return promise;
  const left = seconds - elapsedSeconds;
  if (left > 0) return { dispatchText: dispatchTodayText(left), deliveryText: promise.deliveryText };
  return promise.afterCutOff ?? promise;
}

export function DispatchPromiseLine({ promise, className = '' }: { promise: DispatchPromiseView | null | undefined; className?: string }) {
  const current = usePromiseNow(promise);
  if (!promise || !current) return null;
  return (
    <div
      className={`flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-900 ${className}`}
      data-testid="dispatch-promise"
    >
      <TruckIcon width={18} height={18} className="mt-0.5 shrink-0 text-brand-700" />
      <div>
        <p className="font-semibold" data-testid="dispatch-promise-dispatch">
          {current.dispatchText}
        </p>
        <p data-testid="dispatch-promise-delivery">
          {current.deliveryText} <span className="text-stone-600">(to {promise.destination})</span>
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
