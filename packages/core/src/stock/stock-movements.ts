// Placeholder until the stock branch merges; the integrator takes the stock helper's file.
import type { Executor } from '@shop/db';
export interface OrderLineCount { orderLineId: number; count: number } // count = packs of that line
export interface StockMovements {
  /** Packs of an order's lines leave the warehouse: their allocated units become shipped (on hand and allocated both fall). */
  ship(tx: Executor, orderId: number, lines: readonly OrderLineCount[], staffId: number | null): Promise<void>;
  /** Packs of an order's lines will not be supplied (order or lines cancelled): their allocation is released. 'all' = every unshipped pack. */
  release(tx: Executor, orderId: number, lines: readonly OrderLineCount[] | 'all', staffId: number | null): Promise<void>;
  /** Units of a size come back from a customer: back on hand, or recorded as written off. */
  returned(tx: Executor, input: { productSizeId: number; units: number; orderId: number; writtenOff: boolean; note: string }, staffId: number): Promise<void>;
  /** Units of a size leave the warehouse outside any order line (a replacement sent for a claim). */
  sentAsReplacement(tx: Executor, input: { productSizeId: number; units: number; orderId: number; note: string }, staffId: number): Promise<void>;
}
export const stockMovements: StockMovements = {
  async ship() {},
  async release() {},
  async returned() {},
  async sentAsReplacement() {},
};
