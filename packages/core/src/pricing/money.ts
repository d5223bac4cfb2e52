/**
 * Money rules in one place. Amounts are integer pence inside the system; the API answers
 * pounds as numbers with at most 2 decimals.
 */
export type Pence = number;

export function penceToPounds(pence: Pence): number {
  return Math.round(pence) / 100;
}

/** Unit price of a pack in pounds, to 4 decimals (prices per unit are often below a penny). */
export function unitPricePounds(packPricePence: Pence, unitsInPack: number): number {
  if (unitsInPack <= 0) return penceToPounds(packPricePence);
  return Math.round((packPricePence / unitsInPack) * 100) / 10_000;
}

/**
 * Percentage of an amount in pence, rounded half-up to the penny: written in the contract, so the
 * storefront's inc-VAT prices round as baskets do (contract price-display.ts).
 */
export { percentOfPence } from '@shop/contract';

/** Pounds (configuration, at most 2 decimals) to integer pence; rounding absorbs float noise (4.99 * 100). */
export function poundsToPence(pounds: number): Pence {
  return Math.round(pounds * 100);
}
