/**
 * The stock movements other parts of the shop make (dispatch, cancellation, returns, claims):
 * each one a change to `stock_levels` and its audit row in `stock_movements`, written in the
 * caller's transaction (docs/stock.md, decision record 015).
 *
 * - Units: an order line of `count` packs of `qty` takes qty x count units of its size.
 * - What an order line still holds is the sum of the `allocated_change` of its movements, so
 *   shipping or releasing never takes back more than the line was given, and a line placed
 *   while its size was not tracked (no `stock_levels` row) holds nothing and moves nothing.
 * - Sizes without a stock row are not tracked: every movement of theirs is a no-op.
 * - Custom lines (a quote's printed or custom-sized goods, DESIGN section 10) are made to order: they are
 *   never allocated and move no stock.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryNumber, queryRows, type Executor } from '@shop/db';
import { closeBackInStockRequests } from './back-in-stock.ts';

export interface OrderLineCount {
  orderLineId: number;
  count: number;
} // count = packs of that line

export interface StockMovements {
  /** Packs of an order's lines leave the warehouse: their allocated units become shipped (on hand and allocated both fall). */
  ship(tx: Executor, orderId: number, lines: readonly OrderLineCount[], staffId: number | null): Promise<void>;
  /** Packs of an order's lines will not be supplied (order or lines cancelled): their allocation is released. 'all' = every unshipped pack. */
  release(tx: Executor, orderId: number, lines: readonly OrderLineCount[] | 'all', staffId: number | null): Promise<void>;
  /** Units of a size come back from a customer: back on hand, or recorded as written off. */
  returned(
    tx: Executor,
    input: { productSizeId: number; units: number; orderId: number; writtenOff: boolean; note: string },
    staffId: number,
  ): Promise<void>;
  /** Units of a size leave the warehouse outside any order line (a replacement sent for a claim). */
  sentAsReplacement(tx: Executor, input: { productSizeId: number; units: number; orderId: number; note: string }, staffId: number): Promise<void>;
}

export type StockMovementKind = 'allocated' | 'released' | 'shipped' | 'goods_in' | 'count' | 'returned' | 'written_off' | 'replacement' | 'settings';

/** The words of each movement, as a size's stock history shows it to staff. */
export const STOCK_MOVEMENT_LABELS: Readonly<Record<StockMovementKind, string>> = {
  allocated: 'Ordered',
  released: 'Released',
  shipped: 'Dispatched',
  goods_in: 'Goods in',
  count: 'Count',
  returned: 'Returned',
  written_off: 'Written off',
  replacement: 'Replacement sent',
  settings: 'Settings',
};

/** The words of a stored movement; a kind this module does not know is shown as it is. */
export function stockMovementLabel(kind: string): string {
  return Object.hasOwn(STOCK_MOVEMENT_LABELS, kind) ? STOCK_MOVEMENT_LABELS[kind as StockMovementKind] : kind;
}

/** One change to a tracked size and its audit row. */
export interface Movement {
  productSizeId: number;
  kind: StockMovementKind;
  onHandChange: number;
  allocatedChange: number;
  orderId?: number | null;
  orderLineId?: number | null;
  stockDeliveryId?: number | null;
  staffId: number | null;
  userId?: number | null;
  reason: string;
}

/**
 * One statement: the size's level changed (allocated never below zero) and the movement
 * recorded, only when the size is tracked. Answers whether it was.
 */
export async function applyMovement(tx: Executor, movement: Movement): Promise<boolean> {
  // A count of the movements written (0 or 1).
  const moved = (await queryNumber(tx, movementStatement(movement))) > 0;
  // More available (goods-in, a count, a return, an order released): whoever asked to hear when
  // the size is back is e-mailed once, recorded in this transaction.
  if (moved && movement.onHandChange - movement.allocatedChange > 0) await closeBackInStockRequests(tx, movement.productSizeId);
  return moved;
}

export function movementStatement(m: Movement): SQL {
  return sql`WITH level AS (
      UPDATE stock_levels SET on_hand = on_hand + ${m.onHandChange}::int, allocated = greatest(allocated + ${m.allocatedChange}::int, 0)
      WHERE product_size_id = ${m.productSizeId}
      RETURNING product_size_id
    ), moved AS (
      INSERT INTO stock_movements (product_size_id, kind, on_hand_change, allocated_change, order_id, order_line_id, stock_delivery_id, staff_id, user_id, reason)
      SELECT product_size_id, ${m.kind}, ${m.onHandChange}::int, ${m.allocatedChange}::int, ${m.orderId ?? null}::int, ${m.orderLineId ?? null}::int,
             ${m.stockDeliveryId ?? null}::int, ${m.staffId}::int, ${m.userId ?? null}::int, ${m.reason}
      FROM level
      RETURNING 1
    )
    SELECT count(*)::int AS value FROM moved`;
}

/** An order's line as stock sees it: its size, units per pack, packs, units still allocated and units shipped. */
export interface LineStock {
  orderLineId: number;
  productSizeId: number | null;
  qty: number;
  count: number;
  held: number;
  shipped: number;
}

/**
 * Every line of an order with what it holds. The size is the one its allocation was recorded
 * against, else its pack's (a pack deleted from the catalogue since leaves a line without one).
 */
export async function orderLineStock(tx: Executor, orderId: number): Promise<Map<number, LineStock>> {
  const rows = await queryRows<LineStock>(
    tx,
    sql`SELECT ol.order_line_id AS "orderLineId", ol.qty, ol.count,
          CASE WHEN bool_or(ol.custom) THEN NULL ELSE coalesce(min(m.product_size_id), min(pp.product_size_id)) END AS "productSizeId",
          coalesce(sum(m.allocated_change), 0)::int AS held,
          coalesce(-sum(m.on_hand_change) FILTER (WHERE m.kind = 'shipped'), 0)::int AS shipped
        FROM order_lines ol
        LEFT JOIN product_prices pp ON pp.product_price_id = ol.product_price_id
        LEFT JOIN stock_movements m ON m.order_line_id = ol.order_line_id
        WHERE ol.order_id = ${orderId}
        GROUP BY ol.order_line_id
        ORDER BY ol.order_line_id`,
  );
  return new Map(rows.map((row) => [Number(row.orderLineId), { ...row, orderLineId: Number(row.orderLineId), productSizeId: row.productSizeId === null ? null : Number(row.productSizeId) }]));
}

function linesOf(held: Map<number, LineStock>, orderId: number, lines: readonly OrderLineCount[]): { line: LineStock; count: number }[] {
  return lines.map(({ orderLineId, count }) => {
    const line = held.get(orderLineId);
    if (!line) throw new Error(`Order ${orderId} has no line ${orderLineId}`);
    if (!Number.isInteger(count) || count < 0) throw new Error(`Not a number of packs: ${count}`);
    return { line, count };
  });
}

export const stockMovements: StockMovements = {
  async ship(tx, orderId, lines, staffId) {
    const held = await orderLineStock(tx, orderId);
    for (const { line, count } of linesOf(held, orderId, lines)) {
      if (line.productSizeId === null || count === 0) continue;
      // Never more than the line's units not yet shipped.
      const units = Math.min(count * line.qty, line.qty * line.count - line.shipped);
      if (units <= 0) continue;
      const fromAllocated = Math.min(units, line.held);
      await applyMovement(tx, {
        productSizeId: line.productSizeId,
        kind: 'shipped',
        onHandChange: -units,
        allocatedChange: -fromAllocated,
        orderId,
        orderLineId: line.orderLineId,
        staffId,
        reason: `Dispatched ${count} pack${count === 1 ? '' : 's'} of ${line.qty}`,
      });
    }
  },

  async release(tx, orderId, lines, staffId) {
    const held = await orderLineStock(tx, orderId);
    const chosen = lines === 'all' ? [...held.values()].map((line) => ({ line, count: line.count })) : linesOf(held, orderId, lines);
    for (const { line, count } of chosen) {
      if (line.productSizeId === null || line.held <= 0) continue;
      const units = lines === 'all' ? line.held : Math.min(count * line.qty, line.held);
      if (units <= 0) continue;
      await applyMovement(tx, {
        productSizeId: line.productSizeId,
        kind: 'released',
        onHandChange: 0,
        allocatedChange: -units,
        orderId,
        orderLineId: line.orderLineId,
        staffId,
        reason: lines === 'all' ? 'Order cancelled' : `${count} pack${count === 1 ? '' : 's'} of ${line.qty} will not be supplied`,
      });
    }
  },

  async returned(tx, input, staffId) {
    requireUnits(input.units);
    await applyMovement(tx, {
      productSizeId: input.productSizeId,
      kind: input.writtenOff ? 'written_off' : 'returned',
      onHandChange: input.writtenOff ? 0 : input.units,
      allocatedChange: 0,
      orderId: input.orderId,
      staffId,
      reason: `${input.writtenOff ? `${input.units} units returned and written off` : `${input.units} units returned to stock`}${input.note ? `: ${input.note}` : ''}`,
    });
  },

  async sentAsReplacement(tx, input, staffId) {
    requireUnits(input.units);
    await applyMovement(tx, {
      productSizeId: input.productSizeId,
      kind: 'replacement',
      onHandChange: -input.units,
      allocatedChange: 0,
      orderId: input.orderId,
      staffId,
      reason: `${input.units} units sent as a replacement${input.note ? `: ${input.note}` : ''}`,
    });
  },
};

function requireUnits(units: number): void {
  if (!Number.isInteger(units) || units <= 0) throw new Error(`Not a number of units: ${units}`);
}

/** Every pack of the order's lines not yet shipped: what a whole-order dispatch ships. */
export async function unshippedPacks(tx: Executor, orderId: number): Promise<OrderLineCount[]> {
  const lines = await orderLineStock(tx, orderId);
  return [...lines.values()]
    .map((line) => ({ orderLineId: line.orderLineId, count: line.count - Math.floor(line.shipped / line.qty) }))
    .filter((line) => line.count > 0);
}
