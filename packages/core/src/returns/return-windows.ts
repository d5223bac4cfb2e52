/**
 * The shop's return and claim windows (SPEC section 9), in one table, and the one function that
 * says whether a window is open for an order today. Pure: `today` is passed in as the London date.
 *
 * Rules (docs/decisions/017-return-windows.md)
 * - Days are Europe/London calendar days. The day of delivery is day 0; "within 30 days of
 *   delivery" keeps the window open to the end of day 30 (London midnight), so a parcel delivered
 *   on 1 November may be returned until the end of 1 December. A clock change moves no deadline:
 *   deadlines are dates, not 24-hour periods.
 * - "Delivery" is the order's delivered date (orders.delivered_at, its London day). An order that
 *   was dispatched but never marked delivered is taken as delivered on the latest day its
 *   delivery was expected (the dispatch day plus the zone's transit): never earlier than the
 *   goods could have arrived, so the customer's time is not shortened by a missing mark.
 * - Months (the warranty) are calendar months: 31 August + 6 months is 28 (or 29) February.
 * - A fault must be found on or after delivery and not in the future; the claim is then open
 *   14 days from finding it and never more than 30 days after delivery.
 */
import { RETURN_REASONS } from '@shop/contract';
import { type IsoDate } from '../delivery/dispatch-promise.ts';
import { promisedDeliveryOf } from '../delivery/dispatch-promises.ts';
import { londonDate } from '../documents/invoice-eligibility.ts';

export { RETURN_REASONS } from '@shop/contract';
export type ReturnReason = (typeof RETURN_REASONS)[number];

export interface ReturnWindowTerms {
  /** The reason as the customer chooses it. */
  label: string;
  /** Days (or calendar months) from delivery the window stays open. */
  fromDelivery: { days: number } | { months: number };
  /** Days from finding the fault (faulty goods only), within `fromDelivery`. */
  fromDiscovery: number | null;
  /** The term as the shop publishes it. */
  terms: string;
}

/** SPEC section 9's terms: the one place they live. */
export const RETURN_WINDOWS: Readonly<Record<ReturnReason, ReturnWindowTerms>> = {
  unwanted: {
    label: 'Unwanted and unopened',
    fromDelivery: { days: 30 },
    fromDiscovery: null,
    terms: 'Unwanted goods may be returned unopened within 30 days of delivery.',
  },
  damaged: {
    label: 'Damaged or short delivery',
    fromDelivery: { days: 3 },
    fromDiscovery: null,
    terms: 'Damage or a short delivery must be reported within 3 days of delivery.',
  },
  faulty: {
    label: 'Faulty',
    fromDelivery: { days: 30 },
    fromDiscovery: 14,
    terms: 'A fault must be reported within 14 days of finding it and at most 30 days from delivery.',
  },
  warranty: {
    label: 'Under warranty',
    fromDelivery: { months: 6 },
    fromDiscovery: null,
    terms: 'Goods are under warranty for 6 months from delivery.',
  },
};

export function isReturnReason(value: unknown): value is ReturnReason {
  return typeof value === 'string' && (RETURN_REASONS as readonly string[]).includes(value);
}

/** What the windows need of an order. */
export interface OrderDeliveryFacts {
  status: 'PendingDelivery' | 'Dispatched' | 'Delivered' | 'Cancelled';
  deliveredAt: Date | null;
  dispatchedAt: Date | null;
  /** The delivery postcode: the transit assumed when the delivery was never marked. */
  deliveryPostCode: string | null;
}

/** The London day the windows count from, and whether it was recorded or assumed; null before dispatch. */
export interface DeliveryDay {
  date: IsoDate;
  assumed: boolean;
}

export function deliveryDayOf(order: OrderDeliveryFacts): DeliveryDay | null {
  if (order.status === 'Cancelled' || order.status === 'PendingDelivery') return null;
  if (order.deliveredAt) return { date: londonDate(order.deliveredAt), assumed: false };
  if (!order.dispatchedAt) return null;
  return { date: promisedDeliveryOf(londonDate(order.dispatchedAt), order.deliveryPostCode).deliveryTo, assumed: true };
}

export type ReturnWindow =
  | { open: true; reason: ReturnReason; deliveredOn: IsoDate; until: IsoDate; text: string }
  | { open: false; reason: ReturnReason; deliveredOn: IsoDate | null; until: IsoDate | null; text: string };

/**
 * Whether a return or claim for `reason` may be opened on the London day `today`. `faultFoundOn`
 * (faulty goods): the day the customer found the fault; without it the answer is the outer limit
 * (30 days from delivery). The text is what the customer reads, open or closed.
 */
export function returnWindow(order: OrderDeliveryFacts, reason: ReturnReason, today: IsoDate, faultFoundOn?: IsoDate | null): ReturnWindow {
  const terms = RETURN_WINDOWS[reason];
  if (order.status === 'Cancelled') return { open: false, reason, deliveredOn: null, until: null, text: 'This order was cancelled, so nothing can be returned.' };
  const delivery = deliveryDayOf(order);
  if (!delivery) {
    return { open: false, reason, deliveredOn: null, until: null, text: 'This order has not left the warehouse yet: ask us to cancel it instead.' };
  }
  const deliveredOn = delivery.date;
  const deliveredText = delivery.assumed ? `this order was dispatched on ${dayMonthYear(londonDate(order.dispatchedAt!))} and is taken as delivered on ${dayMonthYear(deliveredOn)}` : `this order was delivered on ${dayMonthYear(deliveredOn)}`;
  const outer = 'days' in terms.fromDelivery ? addDays(deliveredOn, terms.fromDelivery.days) : addMonths(deliveredOn, terms.fromDelivery.months);
  let until = outer;
  if (terms.fromDiscovery !== null && faultFoundOn) {
    if (!isIsoDate(faultFoundOn) || faultFoundOn > today) {
      return { open: false, reason, deliveredOn, until: null, text: 'The date you found the fault cannot be in the future.' };
    }
    if (faultFoundOn < deliveredOn) {
      return { open: false, reason, deliveredOn, until: null, text: `The fault cannot have been found before delivery: ${deliveredText}.` };
    }
    const fromFinding = addDays(faultFoundOn, terms.fromDiscovery);
    if (fromFinding < until) until = fromFinding;
  }
  if (today <= until) {
    return { open: true, reason, deliveredOn, until, text: `${terms.label}: open until ${dayMonthYear(until)} (${terms.terms.charAt(0).toLowerCase()}${terms.terms.slice(1, -1)}).` };
  }
  return { open: false, reason, deliveredOn, until, text: closedText(reason, deliveredText, outer, until, faultFoundOn ?? null) };
}

/** Every reason's window for the order today (the order page lists them). */
export function returnWindows(order: OrderDeliveryFacts, today: IsoDate): ReturnWindow[] {
  return RETURN_REASONS.map((reason) => returnWindow(order, reason, today));
}

function closedText(reason: ReturnReason, deliveredText: string, outer: IsoDate, until: IsoDate, faultFoundOn: IsoDate | null): string {
  switch (reason) {
    case 'unwanted':
      return `Unwanted goods must be returned within 30 days of delivery; ${deliveredText}, so the window closed at the end of ${dayMonthYear(until)}.`;
    case 'damaged':
      return `Damage must be reported within 3 days of delivery; ${deliveredText}.`;
    case 'faulty':
      return faultFoundOn && until < outer
        ? `A fault must be reported within 14 days of finding it; you found it on ${dayMonthYear(faultFoundOn)}, so the claim closed at the end of ${dayMonthYear(until)}.`
        : `A fault must be reported at most 30 days from delivery; ${deliveredText}.`;
    case 'warranty':
      return `The warranty lasts 6 months from delivery; ${deliveredText}, so it ended on ${dayMonthYear(until)}.`;
  }
}

const dayMonthYearFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "20 November 2026" for an ISO date. */
export function dayMonthYear(date: IsoDate): string {
  return dayMonthYearFormat.format(new Date(`${date}T00:00:00Z`));
}

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Calendar months; a day the month does not have becomes its last day (31 Aug + 6 = 28/29 Feb). */
function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}
