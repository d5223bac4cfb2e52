/**
 * Allocation when an order is placed (decision record 015): the order's units are added to
 * `allocated` of each tracked size in ONE conditional UPDATE, in the order's transaction, as its
 * last statement, so the hot row (every buyer of one size updates one row) is locked for the
 * shortest time and never read-then-written:
 *
 *   UPDATE stock_levels SET allocated = allocated + wanted
 *   WHERE ... AND (on_hand - allocated >= wanted OR backorders are allowed)
 *
 * PostgreSQL re-checks the condition on the newest row after waiting for a concurrent buyer's
 * commit (READ COMMITTED), so of buyers racing for the last units exactly those who fit are
 * given them. When a tracked size is not given its units the caller's transaction is rolled
 * back by the Conflict thrown here: nothing is placed in part. The rows are locked in size order
 * first, so two orders of the same sizes cannot deadlock. Every order's lines are written and
 * allocated in one statement (writeLinesAndAllocate), by the one order writer.
 */
import { sql, type SQL } from 'drizzle-orm';
import { columnsOf, figuresOf, orderLines, queryPreparedRows, queryRows, type Executor } from '@shop/db';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { Conflict } from '../errors.ts';

/** A line that cannot be had in the packs asked for, and how many packs can. */
export interface ShortLine {
  productId: number;
  productPriceId: number;
  name: string;
  packUnits: number;
  requestedPacks: number;
  availablePacks: number;
}

export const stockMessages = {
  short: (lines: readonly ShortLine[]) =>
    `Not enough stock: ${lines.map(shortLineText).join('; ')}. Nothing was ordered; please change ${lines.length === 1 ? 'that line' : 'those lines'} and try again.`,
  /** Adding to the basket: `inBasket` packs of the size are in it already. */
  addShort: (line: ShortLine, inBasket = 0) =>
    line.availablePacks === 0
      ? inBasket > 0
        ? `Sorry, your basket already has all we have of ${line.name}, so no more packs of ${line.packUnits} were added.`
        : `Sorry, ${line.name} (packs of ${line.packUnits}) is out of stock, so it was not added.`
      : `Sorry, only ${packs(line.availablePacks)} of ${line.packUnits} of ${line.name} can be added${inBasket > 0 ? ' besides what is in your basket' : ''}, so nothing was added. Choose ${line.availablePacks} or fewer.`,
  /** Raising a basket line's packs: the line is left as it was. */
  setShort: (line: ShortLine) =>
    `Sorry, only ${packs(line.availablePacks)} of ${line.packUnits} of ${line.name} can be had, so your basket is unchanged. Choose ${line.availablePacks} or fewer.`,
};

function packs(n: number): string {
  return `${n} pack${n === 1 ? '' : 's'}`;
}

function shortLineText(line: ShortLine): string {
  return line.availablePacks === 0
    ? `${line.name} (packs of ${line.packUnits}) is out of stock`
    : `only ${packs(line.availablePacks)} of ${line.packUnits} of ${line.name} can be had (you asked for ${line.requestedPacks})`;
}

/** The 409 of a checkout or basket change that asks for more than is available; `details.lines` says what can be had. */
export class NotEnoughStock extends Conflict {
  constructor(
    message: string,
    readonly lines: readonly ShortLine[],
  ) {
    super(message, {
      lines: lines.map((line) => ({
        product_id: line.productId,
        product_price_id: line.productPriceId,
        requested_packs: line.requestedPacks,
        available_packs: line.availablePacks,
      })),
    });
  }
}

/**
 * What writing and allocating answers: sizes tracked, sizes given their units, whether any went
 * below its shelf (backordered), and the new lines' ids (comma-separated, in the order written).
 */
interface Allocation {
  tracked: number;
  taken: number;
  backordered: boolean;
  order_line_ids: string;
}

/**
 * Write an order's lines and allocate their units in one statement (orders/order-writer.ts, the
 * one writer of orders: a round trip fewer per order), with the `alongside` statements that go
 * with them (the basket emptied, the confirmation's job). `lines` is an INSERT into order_lines
 * that returns order_id, order_line_id, product_price_id, qty, count, kind and custom: goods made
 * to order and charges take no stock. Answers the lines' ids in the order they were written.
 * Throws NotEnoughStock, naming each short line and the packs that can be had, when a size
 * without backorders has too few.
 */
export async function writeLinesAndAllocate(tx: Executor, orderId: number, userId: number, lines: SQL, alongside: readonly SQL[]): Promise<number[]> {
  // Prepared: each connection plans this statement once (planning it cost more than running it).
  const [allocation] = await queryPreparedRows<Allocation>(
    tx,
    sql`WITH new_lines AS (${lines}),
        ${sql.join(
          alongside.map((statement, i) => sql`${sql.raw(`alongside_${i}`)} AS (${statement})`),
          sql`, `,
        )},
        order_units AS (
          SELECT order_id, order_line_id, product_price_id, qty * count AS units FROM new_lines WHERE NOT custom AND kind = 'goods'
        ), wanted AS (
          SELECT pp.product_size_id, sum(u.units)::int AS units
          FROM order_units u JOIN product_prices pp ON pp.product_price_id = u.product_price_id
          GROUP BY pp.product_size_id
        ), locked AS (
          SELECT s.product_size_id FROM stock_levels s JOIN wanted w ON w.product_size_id = s.product_size_id
          ORDER BY s.product_size_id
          FOR UPDATE OF s
        ), taken AS (
          UPDATE stock_levels s SET allocated = s.allocated + w.units
          FROM wanted w, locked l
          WHERE s.product_size_id = w.product_size_id AND l.product_size_id = s.product_size_id
            AND (s.on_hand - s.allocated >= w.units
                 OR EXISTS (SELECT 1 FROM product_sizes z JOIN product_stock_settings st ON st.product_id = z.product_id
                            WHERE z.product_size_id = s.product_size_id AND st.backorders_allowed))
          RETURNING s.product_size_id, s.on_hand < s.allocated AS backordered
        ), moved AS (
          INSERT INTO stock_movements (product_size_id, kind, allocated_change, order_id, order_line_id, user_id, reason)
          SELECT pp.product_size_id, 'allocated', u.units, u.order_id, u.order_line_id, ${userId}::int, 'Order placed'
          FROM order_units u JOIN product_prices pp ON pp.product_price_id = u.product_price_id
          WHERE pp.product_size_id IN (SELECT product_size_id FROM taken)
        )
        SELECT (SELECT count(*) FROM locked)::int AS tracked, (SELECT count(*) FROM taken)::int AS taken,
               (SELECT coalesce(bool_or(backordered), false) FROM taken) AS backordered,
               (SELECT string_agg(order_line_id::text, ',' ORDER BY order_line_id) FROM new_lines) AS order_line_ids`,
  );
  if (!allocation) throw new Error('Writing an order\'s lines answered no row');
  await settle(tx, orderId, allocation);
  return allocation.order_line_ids.split(',').map(Number);
}

/** After allocating: a backordered order's promise moves; too few units throws NotEnoughStock. */
async function settle(tx: Executor, orderId: number, allocation: Allocation): Promise<void> {
  if (Number(allocation.taken) >= Number(allocation.tracked)) {
    // A backordered line cannot leave before more comes in: the order's promise moves to the
    // expected date staff gave (none given: the promise stays, and the queue waits for goods-in).
    if (allocation.backordered) {
      await tx.execute(
        sql`UPDATE orders o SET promised_dispatch_date = greatest(o.promised_dispatch_date, later.expected)
            FROM (SELECT max(st.expected_date) AS expected
                  FROM order_lines ol JOIN product_prices pp ON pp.product_price_id = ol.product_price_id
                  JOIN stock_levels s ON s.product_size_id = pp.product_size_id
                  JOIN product_sizes z ON z.product_size_id = pp.product_size_id
                  JOIN product_stock_settings st ON st.product_id = z.product_id
                  WHERE ol.order_id = ${orderId} AND NOT ol.custom AND s.on_hand < s.allocated) later
            WHERE o.order_id = ${orderId} AND later.expected IS NOT NULL`,
      );
    }
    return;
  }
  const short = await shortLinesOfOrder(tx, orderId);
  throw new NotEnoughStock(stockMessages.short(short), short);
}

/** A short line as the order keeps it. */
const SHORT_LINE = columnsOf(orderLines, ['productId', 'productPriceId', 'productName', 'size1', 'qty', 'count'], 'ol');
/** Computed over the line's size: units available, and units all the order's lines of that size ask. */
const SHORT_FIGURES = figuresOf({ available: 'number', wanted: 'number' });

/** The order's lines whose size (not backordered) has fewer units available than all its lines of that size ask. */
async function shortLinesOfOrder(tx: Executor, orderId: number): Promise<ShortLine[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT ${SHORT_LINE.list},
              (s.on_hand - s.allocated) AS available,
              (sum(ol.qty * ol.count) OVER (PARTITION BY pp.product_size_id))::int AS wanted
        FROM order_lines ol
        JOIN product_prices pp ON pp.product_price_id = ol.product_price_id
        JOIN stock_levels s ON s.product_size_id = pp.product_size_id
        LEFT JOIN product_sizes z ON z.product_size_id = pp.product_size_id
        LEFT JOIN product_stock_settings st ON st.product_id = z.product_id
        WHERE ol.order_id = ${orderId} AND NOT coalesce(st.backorders_allowed, false)
        ORDER BY ol.order_line_id`,
  );
  return rows
    .map((raw) => ({ line: SHORT_LINE.read(raw), ...SHORT_FIGURES.read(raw) }))
    .filter(({ wanted, available }) => wanted > available)
    .map(({ line, available }) => ({
      // Joined to its pack: a line of goods, never a charge, so it names its product and pack.
      productId: line.productId!,
      productPriceId: line.productPriceId!,
      name: itemDisplayName(line.productName, line.size1),
      packUnits: line.qty,
      requestedPacks: line.count,
      availablePacks: Math.max(0, Math.floor(available / line.qty)),
    }));
}
