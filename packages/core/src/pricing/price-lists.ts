/**
 * Customer price lists (docs/price-lists.md): what one pack costs a customer on one or more
 * lists. Framework-free and pure: the entries and the pack are given, nothing is read here.
 *
 * An entry targets a product size or a category (which covers its sub-categories):
 * - a size entry with a pack quantity is a fixed price for that size's pack of that many units;
 * - a size entry without one, or a category entry, takes a percentage off every pack it covers
 *   (`percentOff` in hundredths of a percent: 1250 is 12.5%), rounded half-up to the penny.
 * The lowest of the public price and every entry that applies wins (the customer never pays
 * more than the public price because of a list), and a price is never below one penny.
 */
import type { Pence } from './money.ts';

export interface PriceListEntry {
  priceListId: number;
  productSizeId: number | null;
  categoryId: number | null;
  /** With `fixedPricePence`: the units of the pack it prices (the pack's first pack_range value). */
  packQuantity: number | null;
  fixedPricePence: Pence | null;
  /** Hundredths of a percent, 1..9999. */
  percentOff: number | null;
}

/** The pack being priced, and where it sits in the catalogue. */
export interface PackToPrice {
  /** The public price of one pack, ex-VAT. */
  pricePence: Pence;
  productSizeId: number;
  /** Units in the pack (its first pack_range value). */
  packQuantity: number;
  /** The product's category first, then its parent, up to the top. */
  categoryPath: readonly number[];
}

export interface ResolvedPrice {
  pricePence: Pence;
  /** The customer's own (trade) price, below the public one. */
  tradePrice: boolean;
  /** The list whose entry gave it (null for the public price). */
  priceListId: number | null;
}

/** A percentage (hundredths of a percent) off a price, the discount rounded half-up to the penny; at least 1p. */
export function percentOffPence(pricePence: Pence, percentOff: number): Pence {
  const discount = Math.floor((pricePence * percentOff + 5_000) / 10_000);
  return Math.max(1, pricePence - discount);
}

/** What an entry makes of the pack, or null when it does not apply to it. */
function entryPrice(entry: PriceListEntry, pack: PackToPrice): Pence | null {
  if (entry.productSizeId !== null) {
    if (entry.productSizeId !== pack.productSizeId) return null;
    if (entry.fixedPricePence !== null) return entry.packQuantity === pack.packQuantity ? entry.fixedPricePence : null;
  } else if (entry.categoryId === null || !pack.categoryPath.includes(entry.categoryId)) {
    return null;
  }
  return entry.percentOff === null ? null : percentOffPence(pack.pricePence, entry.percentOff);
}

/** The customer's price of one pack: the lowest of the public price and every entry that applies. */
export function resolvePackPrice(pack: PackToPrice, entries: readonly PriceListEntry[]): ResolvedPrice {
  let best: ResolvedPrice = { pricePence: pack.pricePence, tradePrice: false, priceListId: null };
  for (const entry of entries) {
    const price = entryPrice(entry, pack);
    if (price !== null && price < best.pricePence) best = { pricePence: price, tradePrice: true, priceListId: entry.priceListId };
  }
  return best;
}
