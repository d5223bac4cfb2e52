/**
 * Ordering by quantity on product detail: the buyer enters
 * a number of packs, or of units, which is rounded up to whole packs of the chosen pack size
 * (130 units in packs of 25 is 6 packs, 150 units). One rule for the page (what each pack would
 * give) and its action (what is added), so the two never disagree.
 */
import { PACK_COUNT_MAX, PACK_COUNT_MIN, fieldMessages, formatCount } from '@shop/contract/browser';

export const QUANTITY_UNITS = ['packs', 'units'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

/** The most units a buyer may type (1000 packs of the largest packs are far fewer). */
export const UNITS_MAX = 1_000_000;

export interface PacksToAdd {
  /** Whole packs to add. */
  count: number;
  /** Units those packs hold (count x pack size). */
  units: number;
}

export function isQuantityUnit(value: unknown): value is QuantityUnit {
  return typeof value === 'string' && (QUANTITY_UNITS as readonly string[]).includes(value);
}

/** The typed quantity as a whole number, or null when it is not one. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 ? value : null;
}

/** Whole packs of `packSize` for `quantity` packs or units (units rounded up), with the units they hold. */
export function packsFor(quantity: number, unit: QuantityUnit, packSize: number): PacksToAdd {
  const size = Math.max(1, packSize);
  const count = unit === 'packs' ? quantity : Math.ceil(quantity / size);
  return { count, units: count * size };
}

/** What is wrong with a quantity for this pack size (null: it can be added), in SPEC 5's style. */
export function quantityProblem(quantity: number | null, unit: QuantityUnit, packSize: number): string | null {
  if (unit === 'packs') {
    return quantity === null || quantity < PACK_COUNT_MIN || quantity > PACK_COUNT_MAX ? fieldMessages.packCount : null;
  }
  if (quantity === null || quantity > UNITS_MAX) return `Units must be a whole number from 1 to ${formatCount(UNITS_MAX)}`;
  const { count } = packsFor(quantity, unit, packSize);
  return count > PACK_COUNT_MAX ? `That is ${count} packs of ${packSize}; at most ${PACK_COUNT_MAX} packs can be added at once.` : null;
}

/** '1 pack', '6 packs'. */
export function packsLabel(count: number): string {
  return `${count} ${count === 1 ? 'pack' : 'packs'}`;
}
