/**
 * What the storefront reads of stock (docs/stock.md): a small indexed read per page, kept out
 * of the catalogue's cached bytes (catalogue/read-through-cache.ts caches products until the
 * catalogue changes, but stock changes with every order), and the basket's checks: adding
 * more packs than can be had is refused, and the basket marks lines that can no longer be had.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryPreparedRows, type Database } from '@shop/db';
import { londonWallClock } from '../delivery/dispatch-promise.ts';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { NotEnoughStock, stockMessages, type ShortLine } from './stock-allocation.ts';
import { backorderLabel, NO_BACKORDERS, stockStatus, type ProductStockSettings, type SizeStock, type StockStatus } from './stock-levels.ts';

/** A product's stock as a customer sees it: each size's status, and the product's in a list. */
export interface ProductStockView {
  settings: ProductStockSettings;
  /** By product_size_id; the status is for the size's smallest pack. */
  sizes: Map<number, { stock: SizeStock | null; status: StockStatus }>;
  /** One status for the product in a list (the best of its sizes); untracked when no size is tracked. */
  summary: StockStatus;
}

const STATE_RANK: Record<StockStatus['state'], number> = { in_stock: 4, low: 3, backorder: 2, out: 1, untracked: 0 };

/**
 * Whether the basket `cartId` may take `units` more units of the pack's size: the size is not
 * tracked, may be backordered, or has them available beside what the basket holds of that size
 * already. A boolean SQL expression, so adding to a basket checks stock in its own statement (one
 * round trip per add); checkBasketChange applies the same rule and says how many can be had.
 */
export function basketMayTake(cartId: SQL, productPriceId: number, units: number): SQL {
  return sql`NOT EXISTS (
    SELECT 1 FROM product_prices pp
    JOIN stock_levels s ON s.product_size_id = pp.product_size_id
    JOIN product_sizes z ON z.product_size_id = pp.product_size_id
    LEFT JOIN product_stock_settings st ON st.product_id = z.product_id
    WHERE pp.product_price_id = ${productPriceId} AND NOT coalesce(st.backorders_allowed, false)
      AND s.on_hand - s.allocated < ${units}::int + coalesce((
        SELECT sum(l.qty * l.count) FROM cart_lines l JOIN product_prices op ON op.product_price_id = l.product_price_id
        WHERE l.cart_id = ${cartId} AND op.product_size_id = pp.product_size_id), 0))`;
}

export class StockReader {
  constructor(
    private readonly db: Database,
    private readonly options: { now?: () => Date } = {},
  ) {}

  today(): string {
    return londonWallClock((this.options.now ?? (() => new Date()))()).date;
  }

  /** Stock of these products' sizes, in one statement. */
  async ofProducts(productIds: readonly number[]): Promise<Map<number, ProductStockView>> {
    const result = new Map<number, ProductStockView>();
    if (productIds.length === 0) return result;
    const rows = await queryPreparedRows<{
      product_id: number;
      product_size_id: number;
      pack: number | null;
      on_hand: number | null;
      allocated: number | null;
      low_threshold: number | null;
      backorders_allowed: boolean | null;
      expected_date: string | null;
    }>(
      this.db,
      sql`SELECT z.product_id, z.product_size_id, (SELECT min(pp.pack_range[1]) FROM product_prices pp WHERE pp.product_size_id = z.product_size_id) AS pack,
                 s.on_hand, s.allocated, s.low_threshold, st.backorders_allowed, to_char(st.expected_date, 'YYYY-MM-DD') AS expected_date
          FROM product_sizes z
          LEFT JOIN stock_levels s ON s.product_size_id = z.product_size_id
          LEFT JOIN product_stock_settings st ON st.product_id = z.product_id
          WHERE z.product_id = ANY (${`{${productIds.join(',')}}`}::int[])`,
    );
    const today = this.today();
    for (const row of rows) {
      const productId = Number(row.product_id);
      let view = result.get(productId);
      if (!view) {
        const settings = { backordersAllowed: row.backorders_allowed ?? false, expectedDate: row.expected_date };
        view = { settings, sizes: new Map(), summary: stockStatus(null, settings, 1, today) };
        result.set(productId, view);
      }
      const stock = row.on_hand === null ? null : { onHand: Number(row.on_hand), allocated: Number(row.allocated), lowThreshold: Number(row.low_threshold) };
      const status = stockStatus(stock, view.settings, Number(row.pack ?? 1), today);
      view.sizes.set(Number(row.product_size_id), { stock, status });
      if (STATE_RANK[status.state] > STATE_RANK[view.summary.state]) view.summary = status;
    }
    // A product with several sizes is "low" as a whole, not "only N of one size".
    for (const view of result.values()) {
      if (view.summary.state === 'low' && view.sizes.size > 1) view.summary = { ...view.summary, label: 'Low stock' };
    }
    return result;
  }

  /**
   * Refuses (409) adding `packs` packs of `qty` to a basket when, with the units of that size
   * the basket holds already (`mode` 'set': the line's packs become `packs`), more units would
   * be asked for than are available. Sizes not tracked, or backordered, are never refused.
   */
  async checkBasketChange(
    owner: { kind: 'session'; sessionId: string } | { kind: 'user'; userId: number },
    productPriceId: number,
    qty: number,
    packs: number,
    mode: 'add' | 'set',
  ): Promise<void> {
    const ownerCondition = owner.kind === 'user' ? sql`c.user_id = ${owner.userId}` : sql`c.session_id = ${owner.sessionId}::uuid`;
    const [row] = await queryPreparedRows<{ product_id: number; name: string; size1: string; on_hand: number; allocated: number; backorders_allowed: boolean | null; in_basket: number; this_line: number }>(
      this.db,
      sql`SELECT p.product_id, p.name, z.size1, s.on_hand, s.allocated, st.backorders_allowed,
                 coalesce((SELECT sum(l.qty * l.count) FROM carts c JOIN cart_lines l ON l.cart_id = c.cart_id
                           JOIN product_prices op ON op.product_price_id = l.product_price_id
                           WHERE ${ownerCondition} AND op.product_size_id = pp.product_size_id), 0)::int AS in_basket,
                 coalesce((SELECT sum(l.qty * l.count) FROM carts c JOIN cart_lines l ON l.cart_id = c.cart_id
                           WHERE ${ownerCondition} AND l.product_price_id = pp.product_price_id AND l.qty = ${qty}), 0)::int AS this_line
          FROM product_prices pp
          JOIN product_sizes z ON z.product_size_id = pp.product_size_id
          JOIN products p ON p.product_id = z.product_id
          JOIN stock_levels s ON s.product_size_id = pp.product_size_id
          LEFT JOIN product_stock_settings st ON st.product_id = p.product_id
          WHERE pp.product_price_id = ${productPriceId}`,
    );
    if (!row || row.backorders_allowed) return;
    const available = Number(row.on_hand) - Number(row.allocated);
    const others = Number(row.in_basket) - (mode === 'set' ? Number(row.this_line) : 0);
    const wanted = others + packs * qty;
    if (wanted <= available) return;
    const line: ShortLine = {
      productId: Number(row.product_id),
      productPriceId,
      name: itemDisplayName(row.name, row.size1),
      packUnits: qty,
      requestedPacks: Math.round(wanted / qty),
      availablePacks: Math.max(0, Math.floor((available - others) / qty)),
    };
    throw new NotEnoughStock(mode === 'set' ? stockMessages.setShort(line) : stockMessages.addShort(line, Math.max(0, Math.floor(others / qty))), [line]);
  }

  /**
   * What stock says of a basket's lines, walked as allocation will take them (lines of one size
   * share what is available, in order):
   * - `shortfalls`: the lines that cannot be ordered as they are (by product_price_id), with a
   *   message saying how many packs can be had;
   * - `backordered`: the lines that need more than the shelf holds of a size that may be
   *   backordered (by product_price_id), with what they wait for ("Available to order,
   *   dispatched around 4 December"), so the basket marks each one;
   * - `backorder`: when some line needs more than the shelf holds of a size that may be
   *   backordered, the latest date staff expect more of those sizes (null: none given), else
   *   null. The order's promised dispatch moves to that date (stock-allocation.ts), so the
   *   basket's promise does too.
   */
  async basketStock(lines: readonly { product_price_id: number; qty: number; count: number }[]): Promise<BasketStock> {
    const shortfalls = new Map<number, string>();
    const backordered = new Map<number, string>();
    let backorder = null as BasketStock['backorder'];
    if (lines.length === 0) return { shortfalls, backordered, backorder };
    const today = this.today();
    const rows = await queryPreparedRows<{
      product_price_id: number;
      product_size_id: number;
      on_hand: number;
      allocated: number;
      backorders_allowed: boolean | null;
      expected_date: string | null;
    }>(
      this.db,
      sql`SELECT pp.product_price_id, pp.product_size_id, s.on_hand, s.allocated, st.backorders_allowed, to_char(st.expected_date, 'YYYY-MM-DD') AS expected_date
          FROM product_prices pp JOIN stock_levels s ON s.product_size_id = pp.product_size_id
          JOIN product_sizes z ON z.product_size_id = pp.product_size_id
          LEFT JOIN product_stock_settings st ON st.product_id = z.product_id
          WHERE pp.product_price_id = ANY (${`{${lines.map((l) => l.product_price_id).join(',')}}`}::int[])`,
    );
    const bySize = new Map<number, number>();
    const byPrice = new Map(rows.map((r) => [Number(r.product_price_id), r]));
    for (const line of lines) {
      const row = byPrice.get(line.product_price_id);
      if (!row) continue;
      const sizeId = Number(row.product_size_id);
      const left = bySize.get(sizeId) ?? Number(row.on_hand) - Number(row.allocated);
      const units = line.qty * line.count;
      if (row.backorders_allowed) {
        if (units > left) {
          // The latest date given, as the order's promise takes it (sizes without one do not move it).
          const latest: string | null = backorder?.expectedDate ?? null;
          const expected = row.expected_date;
          backorder = { expectedDate: expected !== null && (latest === null || expected > latest) ? expected : latest };
          // A date already past is no promise (as the product page's label).
          backordered.set(line.product_price_id, backorderLabel(expected !== null && expected > today ? expected : null));
        }
        bySize.set(sizeId, left - units);
        continue;
      }
      if (units > left) {
        const packs = Math.max(0, Math.floor(left / line.qty));
        shortfalls.set(line.product_price_id, packs === 0 ? 'Out of stock: remove this line to order the rest.' : `Only ${packs} pack${packs === 1 ? '' : 's'} can be had now: change the number of packs to order.`);
      }
      bySize.set(sizeId, left - Math.min(units, Math.max(left, 0)));
    }
    return { shortfalls, backordered, backorder };
  }
}

/** What stock says of a basket (StockReader.basketStock). */
export interface BasketStock {
  shortfalls: Map<number, string>;
  /** Lines that wait for more to come in, with what they say (by product_price_id). */
  backordered: Map<number, string>;
  backorder: { expectedDate: string | null } | null;
}

export { NO_BACKORDERS };
