/**
 * How long a quote may be accepted (decision record 018). SPEC section 9: "Quotation valid 30
 * days". The day a quote is sent is day 0 in London; it may be accepted until the end of the
 * London day `validityDays` later (sent on 1 December, valid to 23:59:59 on 31 December, GMT or
 * BST as the day has it). Kept as a London date (`quotes.valid_until`), so "valid until
 * 31 December 2026" on the PDF, the page and the rule are one fact.
 */
import { londonWallClock, type IsoDate } from '../delivery/dispatch-promise.ts';
import type { ShopConfig } from '../shop/shop-config.ts';

export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
/** Staff may set a quote's validity within these days. */
export const MAX_QUOTE_VALIDITY_DAYS = 365;

export function quoteValidityDays(shop: Pick<ShopConfig, 'quoteValidityDays'>): number {
  return shop.quoteValidityDays ?? DEFAULT_QUOTE_VALIDITY_DAYS;
}

/** The London day `days` after the London day of `sentAt`: the last day the quote may be accepted. */
export function quoteValidUntil(sentAt: Date, days: number): IsoDate {
  const { date } = londonWallClock(sentAt);
  return addCalendarDays(date, days);
}

/** Whether a quote valid until `validUntil` (a London date) has expired at `now`: once that London day is over. */
export function quoteHasExpired(validUntil: IsoDate, now: Date): boolean {
  return londonWallClock(now).date > validUntil;
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
