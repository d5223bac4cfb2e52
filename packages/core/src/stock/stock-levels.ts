/**
 * What a size's stock means to a customer and to staff (docs/stock.md): the one place the
 * labels and states are decided, for the product page, lists, JSON-LD and the back office.
 *
 * - No stock row: not tracked. Sold without limit; the shop makes no stock claim about it.
 * - Available (on hand - allocated) of at least one pack: in stock; below the size's threshold
 *   (units): low, "Only N left" in packs of the smallest pack offered.
 * - Less than one pack available: out of stock, or with backorders allowed "Available to order".
 */
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** "4 December" for a London date (YYYY-MM-DD). */
export function dayAndMonth(date: string): string {
  return DAY_MONTH.format(new Date(`${date}T00:00:00Z`));
}

export interface SizeStock {
  onHand: number;
  allocated: number;
  lowThreshold: number;
}

export interface ProductStockSettings {
  backordersAllowed: boolean;
  /** London date (YYYY-MM-DD) more is expected, or null. */
  expectedDate: string | null;
}

export type StockState = 'untracked' | 'in_stock' | 'low' | 'out' | 'backorder';

export interface StockStatus {
  state: StockState;
  /** Units that can be had now; null when not tracked. */
  availableUnits: number | null;
  /** What the customer reads ("In stock", "Only 40 left", ...); empty when not tracked. */
  label: string;
  /** schema.org availability for the Offer; null when not tracked (no claim is made). */
  schemaAvailability: 'InStock' | 'LimitedAvailability' | 'OutOfStock' | 'BackOrder' | null;
}

export const NO_BACKORDERS: ProductStockSettings = { backordersAllowed: false, expectedDate: null };

/** Available units of a tracked size. */
export function availableUnits(stock: SizeStock): number {
  return stock.onHand - stock.allocated;
}

/** Whether a tracked size is low (below its threshold) or out: the "Low stock" list's rule. */
export function isLowOrOut(stock: SizeStock, packUnits = 1): boolean {
  const available = availableUnits(stock);
  return available < packUnits || available < stock.lowThreshold;
}

/**
 * The status of a size for a pack of `packUnits` (the smallest pack offered, for lists).
 * `today` is the London date, so an expected date in the past is not promised.
 */
export function stockStatus(stock: SizeStock | null, settings: ProductStockSettings, packUnits: number, today: string): StockStatus {
  if (stock === null) return { state: 'untracked', availableUnits: null, label: '', schemaAvailability: null };
  const available = availableUnits(stock);
  const expected = settings.expectedDate !== null && settings.expectedDate > today ? settings.expectedDate : null;
  if (available < packUnits) {
    if (settings.backordersAllowed) {
      return {
        state: 'backorder',
        availableUnits: Math.max(available, 0),
        label: backorderLabel(expected),
        schemaAvailability: 'BackOrder',
      };
    }
    return {
      state: 'out',
      availableUnits: Math.max(available, 0),
      label: expected ? `Out of stock. Back in stock around ${dayAndMonth(expected)}` : 'Out of stock',
      schemaAvailability: 'OutOfStock',
    };
  }
  if (available < stock.lowThreshold) {
    const packs = Math.floor(available / packUnits);
    return {
      state: 'low',
      availableUnits: available,
      label: packUnits === 1 ? `Only ${available} left` : `Only ${packs} pack${packs === 1 ? '' : 's'} of ${packUnits} left`,
      schemaAvailability: 'LimitedAvailability',
    };
  }
  return { state: 'in_stock', availableUnits: available, label: 'In stock', schemaAvailability: 'InStock' };
}

/**
 * What a size (or a basket line) that waits for more to come in says: with the date staff expect
 * more when one is given and still ahead ("Available to order, dispatched around 4 December").
 */
export function backorderLabel(expectedDate: string | null): string {
  return expectedDate ? `Available to order, dispatched around ${dayAndMonth(expectedDate)}` : 'Available to order';
}

/** Packs of `packUnits` that can be had of a size (null: no limit, not tracked or backordered). */
export function packsAvailable(stock: SizeStock | null, settings: ProductStockSettings, packUnits: number): number | null {
  if (stock === null || settings.backordersAllowed) return null;
  return Math.max(0, Math.floor(availableUnits(stock) / packUnits));
}
