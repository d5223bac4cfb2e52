/**
 * When a quote's order leaves the warehouse (docs/sales-desk.md). Printed and custom-sized goods
 * are made to order, so their order is never promised the next dispatch day as a basket's is:
 * staff set the promise on the quote, as a date ("dispatch by 15 January") or a lead time in
 * working days from acceptance ("within 10 working days of your order"), and the order stores the
 * date it gives (`orders.promised_dispatch_date`), which its confirmation e-mail and pages say.
 * A quote of stock goods only may leave it unset: its order gets the basket's next dispatch day.
 */
import { addWorkingDays, bankHolidayRegionOfPostcode, dispatchPromise, londonWallClock, type IsoDate } from '../delivery/dispatch-promise.ts';
import { formatDayMonthYear } from '../documents/document-format.ts';

/** Working days a quote may promise at most (about six months). */
export const MAX_LEAD_WORKING_DAYS = 120;

/** The promise staff set on a quote: a date, or working days from acceptance. */
export type QuoteDispatch = { byDate: IsoDate } | { leadWorkingDays: number };

export const quoteDispatchMessages = {
  needed: 'Made-to-order goods are not sent the next day: set when the order will be dispatched, as a date or a lead time in working days.',
  one: 'Set either a dispatch date or a lead time in working days, not both.',
  leadTime: `Enter a lead time from 1 to ${MAX_LEAD_WORKING_DAYS} working days.`,
  byDatePast: 'The dispatch date has already passed.',
  missed: (number: string, byDate: IsoDate) =>
    `Quote ${number} promised dispatch by ${formatDayMonthYear(byDate)}, which we can no longer meet, so it cannot be accepted as it is. Please call us for a new date.`,
} as const;

/** "Dispatch by Friday 15 January 2027" / "Dispatch within 10 working days of your order": the quote's words. */
export function quoteDispatchText(dispatch: QuoteDispatch | null): string | null {
  if (!dispatch) return null;
  if ('byDate' in dispatch) return `Dispatch by ${formatDayMonthYear(dispatch.byDate)}`;
  return `Dispatch within ${dispatch.leadWorkingDays} working ${dispatch.leadWorkingDays === 1 ? 'day' : 'days'} of your order`;
}

/**
 * The dispatch date the order of a quote accepted at `at` is promised; null when the quote set
 * none (stock goods only: the basket's promise). A date that can no longer be met (earlier than
 * an order placed now could leave) answers 'missed': the caller refuses, rather than promise it.
 */
export function quoteDispatchDate(dispatch: QuoteDispatch | null, at: Date, warehousePostcode: string): IsoDate | 'missed' | null {
  if (!dispatch) return null;
  const region = bankHolidayRegionOfPostcode(warehousePostcode);
  if ('leadWorkingDays' in dispatch) return addWorkingDays(londonWallClock(at).date, dispatch.leadWorkingDays, region);
  const earliest = dispatchPromise(at, undefined, { dispatchRegion: region }).dispatchDate;
  return dispatch.byDate < earliest ? 'missed' : dispatch.byDate;
}

/** The promise as stored on the quote's row (at most one of the two is set). */
export function quoteDispatchOf(row: { dispatchBy: IsoDate | null; leadTimeWorkingDays: number | null }): QuoteDispatch | null {
  if (row.dispatchBy !== null) return { byDate: row.dispatchBy };
  if (row.leadTimeWorkingDays !== null) return { leadWorkingDays: row.leadTimeWorkingDays };
  return null;
}
