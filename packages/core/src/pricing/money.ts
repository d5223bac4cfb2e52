/**
 * Money rules in one place. Amounts are integer pence inside the system; the API answers
 * pounds as numbers with at most 2 decimals.
 */
import { sql, type SQL } from 'drizzle-orm';

export type Pence = number;

export function penceToPounds(pence: Pence): number {
  return Math.round(pence) / 100;
}

/** Pence as a CSV amount in pounds: two decimals, no symbol, a minus when negative ('-1234.50'). */
export function csvPounds(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
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

/**
 * The VAT contained in a VAT-inclusive amount at `ratePercent` (amount x rate / (100 + rate)),
 * rounded half-up to the penny, the same way for a negative amount (a refund): the VAT of a
 * payment received before the goods leave (HMRC VAT Notice 700 section 14.2, an advance
 * payment is a tax point for the VAT it contains). Integer arithmetic, so the SQL twin below
 * agrees to the penny.
 */
export function vatInGrossPence(grossPence: Pence, ratePercent: number): Pence {
  const divisor = 100 + ratePercent;
  const vat = Math.floor((2 * Math.abs(grossPence) * ratePercent + divisor) / (2 * divisor));
  return grossPence < 0 && vat > 0 ? -vat : vat;
}

/** vatInGrossPence as a SQL expression over integer columns (the VAT return sums it in the database). */
export function vatInGrossSql(grossPence: SQL, ratePercent: SQL): SQL {
  return sql`(sign(${grossPence})::bigint * ((2 * abs(${grossPence})::bigint * ${ratePercent} + (100 + ${ratePercent})) / (2 * (100 + ${ratePercent}))))`;
}
