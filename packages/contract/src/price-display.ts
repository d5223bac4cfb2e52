/**
 * Prices ex VAT or inc VAT (DESIGN section 4 "Money"): SPEC shows prices ex-VAT; a switch in the
 * header lets a visitor see them with VAT, remembered in a cookie. Only the way a price is shown
 * changes: baskets, orders and their totals are priced by core as before. The rate is the one
 * core's VAT module gives for a UK supply (pricing/vat-by-destination.ts, handed to the page by
 * the shop frame's loader); the rounding is the one core's baskets use (money.ts takes it from
 * here). Zod-free (browser-safe).
 */

/** How a visitor sees prices: without VAT (SPEC's default) or with it. */
export const PRICE_BASES = ['ex', 'inc'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

/** SPEC 1: prices are shown excluding VAT unless the visitor asks otherwise. */
export const DEFAULT_PRICE_BASIS: PriceBasis = 'ex';

/** The cookie that remembers the visitor's choice ('ex' or 'inc'). */
export const PRICE_BASIS_COOKIE = 'shop_prices';

/** The marker beside a price: 'ex-VAT' is SPEC's wording. */
export const priceBasisMarker: Readonly<Record<PriceBasis, string>> = { ex: 'ex-VAT', inc: 'inc VAT' };

/** The switch's two choices, as the header names them. */
export const priceBasisChoice: Readonly<Record<PriceBasis, string>> = { ex: 'ex VAT', inc: 'inc VAT' };

export function isPriceBasis(value: unknown): value is PriceBasis {
  return value === 'ex' || value === 'inc';
}

/** The visitor's choice from a request's Cookie header; ex-VAT when there is none (or it is not one of the two). */
export function priceBasisOfCookieHeader(cookieHeader: string | null | undefined): PriceBasis {
  const match = /(?:^|;\s*)shop_prices=([^;]*)/.exec(cookieHeader ?? '');
  const value = match?.[1]?.trim();
  return isPriceBasis(value) ? value : DEFAULT_PRICE_BASIS;
}

/** Percentage of an amount in pence, rounded half-up to the penny (the shop's one VAT rounding). */
export function percentOfPence(amount: number, percent: number): number {
  // Integer arithmetic first: amount * percent is exact; +50 then floor-divide is half-up.
  return Math.floor((amount * percent + 50) / 100);
}

/** A price in pounds ex-VAT as the visitor sees it: unchanged, or with VAT at `vatRatePercent`, to the penny. */
export function displayedPounds(poundsExVat: number, basis: PriceBasis, vatRatePercent: number): number {
  if (basis === 'ex') return poundsExVat;
  const pence = Math.round(poundsExVat * 100);
  return (pence + percentOfPence(pence, vatRatePercent)) / 100;
}

/**
 * A unit price (pounds, up to 4 decimals, often below a penny) as the visitor sees it: with VAT
 * it keeps 4 decimals rather than rounding to the penny, as the unit price itself does.
 */
export function displayedUnitPounds(poundsExVat: number, basis: PriceBasis, vatRatePercent: number): number {
  if (basis === 'ex') return poundsExVat;
  return Math.round(poundsExVat * (100 + vatRatePercent) * 100) / 10_000;
}

/**
 * A trade buyer's price beside the list price it replaces, as the visitor sees prices (ex or inc
 * VAT): the list price, the saving (the difference of the two shown prices, so the three agree to
 * the penny) and the saving as a whole percentage of the list price.
 */
export function tradeSaving(
  listPoundsExVat: number,
  tradePoundsExVat: number,
  basis: PriceBasis,
  vatRatePercent: number,
): { listPounds: number; savingPounds: number; savingPercent: number } {
  const listPounds = displayedPounds(listPoundsExVat, basis, vatRatePercent);
  const tradePounds = displayedPounds(tradePoundsExVat, basis, vatRatePercent);
  const savingPence = Math.max(0, Math.round(listPounds * 100) - Math.round(tradePounds * 100));
  const listPence = Math.round(listPounds * 100);
  return { listPounds, savingPounds: savingPence / 100, savingPercent: listPence > 0 ? Math.round((savingPence * 100) / listPence) : 0 };
}
