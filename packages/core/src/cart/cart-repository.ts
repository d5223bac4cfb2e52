/**
 * SQL for baskets (tables carts and cart_lines). A basket belongs to one anonymous session or
 * one user; a line is one pack (product price) with its number of packs.
 *
 * Concurrency: every write is a single statement or one transaction, and the unique keys do
 * the merging: the basket row is created with INSERT ... ON CONFLICT, and adding a pack that
 * is already in the basket adds to its count in the same INSERT ... ON CONFLICT statement, so
 * parallel adds of one pack always end as one line with the sum of their counts.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  addresses,
  cartLines,
  carts,
  offers,
  columnsOf,
  figuresOf,
  intArrayParam,
  productPrices,
  products,
  productSizes,
  queryPreparedRows,
  queryRows,
  type Database,
  type Executor,
  type Row,
} from '@shop/db';
import { FOREIGN_KEY_VIOLATION, sqlStateOf } from '../database-errors.ts';
import { NotFound } from '../errors.ts';
import { linesToWrite, planBasketMerge, type BasketMerge } from './basket-merge.ts';
import { basketMayTake } from '../stock/stock-reads.ts';
import type { OfferTerms } from '../offers/offer-rules.ts';

export type CartOwner = { kind: 'session'; sessionId: string } | { kind: 'user'; userId: number };

export const MAX_PACKS_PER_LINE = 1000;

export type PackForSale = Pick<Row<typeof productPrices>, 'productPriceId' | 'productId' | 'pricePence' | 'packRange'> & {
  productIsActive: Row<typeof products>['isActive'];
};

/** One line of a basket with what is needed to price and show it. */
export type CartLineRow = Pick<Row<typeof cartLines>, 'productId' | 'productPriceId' | 'qty' | 'count'> &
  Pick<Row<typeof productPrices>, 'pricePence'> &
  Pick<Row<typeof productSizes>, 'size1'> &
  Pick<Row<typeof products>, 'imageUrl'> & {
    productName: Row<typeof products>['name'];
    /** False once the shop stops selling the product: such a line cannot be ordered. */
    productIsActive: Row<typeof products>['isActive'];
    /** Set by pricing/customer-prices.ts: `pricePence` is the customer's price from their price list. */
    tradePrice?: boolean;
    /** With tradePrice: the pack's public (list) price that the customer's price replaces. */
    publicPricePence?: number;
    /** The pack's size and the product's category, for offers that cover sizes or categories. */
    productSizeId: number;
    categoryId: number | null;
  };

export interface CartContents {
  cartId: number;
  addressId: number | null;
  /** The postcode of the delivery address (addressId), as saved; it decides the delivery zone. */
  deliveryPostcode: string | null;
  lines: CartLineRow[];
  /**
   * Whether the basket's customer is on a price list: only then can their prices differ from the
   * public ones, so only then are the lines priced for them (pricing/customer-prices.ts).
   */
  onPriceList: boolean;
  /** What offers need (offers/), read with the basket: no round trip of its own. */
  offers: BasketOfferFacts;
}

/** The code entered, the offers that may apply and the customer's facts, as read with the basket. */
export interface BasketOfferFacts {
  code: string | null;
  offers: OfferTerms[];
  /** Null for a guest's basket. */
  firstOrder: boolean | null;
  companyId: number | null;
  usesByOffer: Map<number, number>;
}

/** The basket (carts `c`) and the postcode of its delivery address (addresses `a`). */
const BASKET = columnsOf(carts, ['cartId', 'addressId'], 'c');
type BasketId = Pick<Row<typeof carts>, 'cartId'>;
const DELIVERY = columnsOf(addresses, ['postCode'], 'a', { leftJoined: true });
/** A basket line (cart_lines `l`: LEFT JOINed, so a basket without lines is one row of nulls). */
const LINE = columnsOf(cartLines, ['productId', 'productPriceId', 'qty', 'count'], 'l', { leftJoined: true });
const LINE_ID = columnsOf(cartLines, ['cartLineId'], 'l');
/** Whether a new order reference drawn for a basket is another basket's or order's already. */
const REFERENCE_TAKEN = figuresOf({ reference_taken: 'boolean' });
/** The reference the basket's order will carry, once the payment step has shown one. */
const REFERENCE = columnsOf(carts, ['paymentReference'], 'c');
/** What a basket line shows besides its pack and count: price, name, image, size, still for sale. */
const PRICE = columnsOf(productPrices, ['pricePence', 'productSizeId'], 'pp', { leftJoined: true });
const PRODUCT = columnsOf(products, ['name', 'imageUrl', 'isActive', 'categoryId'], 'p', { leftJoined: true });
const SIZE = columnsOf(productSizes, ['size1'], 's', { leftJoined: true });
const LINE_DETAILS = sql`${PRICE.list}, ${PRODUCT.list}, ${SIZE.list}`;
/** The joins LINE_DETAILS reads from, for lines aliased `l`. */
const LINE_DETAIL_JOINS = sql.raw(`LEFT JOIN product_prices pp ON pp.product_price_id = l.product_price_id
          LEFT JOIN products p ON p.product_id = l.product_id
          LEFT JOIN product_sizes s ON s.product_size_id = pp.product_size_id`);

/**
 * Read with the basket, so a customer on no price list (most) costs no round trip of its own for
 * it: for carts `c`; a session's basket (no user) is on none.
 */
const ON_PRICE_LIST = sql.raw('EXISTS (SELECT 1 FROM price_list_customers plc WHERE plc.user_id = c.user_id) AS on_price_list');

/**
 * What offers need of a basket (carts `c`), read with it: the code entered; the automatic offers
 * not ended (as of London today) and the entered code's offer whatever its state (to say why it
 * does not apply); and for a customer's basket whether it would be their first order, their
 * company, and how often they have used each offer. Offers are few: these are index probes.
 */
const OFFER_FACTS = sql.raw(`c.offer_code,
  (SELECT json_agg(json_build_object('offerId', o.offer_id, 'code', o.code, 'name', o.name, 'kind', o.kind, 'percentOff', o.percent_off,
            'amountOffPence', o.amount_off_pence, 'appliesTo', o.applies_to, 'categoryIds', o.category_ids, 'productSizeIds', o.product_size_ids,
            'minSpendPence', o.min_spend_pence, 'startsOn', o.starts_on, 'endsOn', o.ends_on, 'maxUses', o.max_uses,
            'maxUsesPerCustomer', o.max_uses_per_customer, 'uses', o.uses, 'audience', o.audience, 'userIds', o.user_ids,
            'companyIds', o.company_ids, 'ended', o.ended_at IS NOT NULL) ORDER BY o.offer_id)
   FROM offers o
   WHERE (o.code IS NULL AND o.ended_at IS NULL AND (o.ends_on IS NULL OR o.ends_on >= (now() AT TIME ZONE 'Europe/London')::date))
      OR upper(o.code) = c.offer_code) AS live_offers,
  CASE WHEN c.user_id IS NULL THEN NULL ELSE NOT EXISTS (SELECT 1 FROM orders fo WHERE fo.user_id = c.user_id) END AS first_order,
  (SELECT m.company_id FROM company_members m WHERE m.user_id = c.user_id) AS member_company_id,
  (SELECT json_object_agg(ou.offer_id, ou.uses) FROM (SELECT offer_id, count(*) AS uses FROM offer_uses WHERE user_id = c.user_id GROUP BY offer_id) ou) AS offer_uses`);

/** The offer facts of a basket's first row (OFFER_FACTS). */
function offerFactsOf(row: object): BasketOfferFacts {
  const facts = row as { offer_code?: string | null; live_offers?: OfferTerms[] | null; first_order?: boolean | null; member_company_id?: number | null; offer_uses?: Record<string, number> | null };
  return {
    code: facts.offer_code ?? null,
    offers: facts.live_offers ?? [],
    firstOrder: facts.first_order ?? null,
    companyId: facts.member_company_id == null ? null : Number(facts.member_company_id),
    usesByOffer: new Map(Object.entries(facts.offer_uses ?? {}).map(([id, uses]) => [Number(id), Number(uses)])),
  };
}

/** The basket's delivery address (from its owner's address book: companies/company-access.ts), for the postcode: carts `c`, addresses `a`. */
const DELIVERY_ADDRESS_JOIN = sql.raw(
  'LEFT JOIN addresses a ON a.address_id = c.address_id AND a.company_id IS NOT DISTINCT FROM (SELECT m.company_id FROM company_members m WHERE m.user_id = c.user_id) AND (a.company_id IS NOT NULL OR a.user_id = c.user_id)',
);

/** The same columns of the `basket` CTE (`b`) that addPacksAndRead reads its basket from. */
const BASKET_OF_CTE = columnsOf(carts, ['cartId', 'addressId'], 'b');
const DELIVERY_OF_CTE = columnsOf(addresses, ['postCode'], 'b', { leftJoined: true });

/** A basket's row joined with one of its lines, or with nulls when it has none. */
function lineOf(row: object): CartLineRow | null {
  const { productId, productPriceId, qty, count } = LINE.read(row);
  if (productId === null || productPriceId === null || qty === null || count === null) return null;
  const product = PRODUCT.read(row);
  return {
    productId,
    productPriceId,
    qty,
    count,
    pricePence: PRICE.read(row).pricePence ?? 0,
    productName: product.name ?? '',
    imageUrl: product.imageUrl ?? '',
    size1: SIZE.read(row).size1 ?? '',
    productIsActive: product.isActive !== false,
    productSizeId: PRICE.read(row).productSizeId ?? 0,
    categoryId: product.categoryId ?? null,
  };
}

/** Rows of a basket joined with its lines (one row with null line fields when it has none). */
function contentsFrom(rows: object[]): CartContents | null {
  const first = rows[0];
  if (!first) return null;
  const { cartId, addressId } = BASKET.read(first);
  return {
    cartId,
    addressId,
    deliveryPostcode: DELIVERY.read(first).postCode,
    lines: rows.map(lineOf).filter((line) => line !== null),
    onPriceList: (first as { on_price_list?: boolean }).on_price_list === true,
    offers: offerFactsOf(first),
  };
}

function ownedBy(owner: CartOwner): SQL {
  return owner.kind === 'session' ? sql`c.session_id = ${owner.sessionId}::uuid` : sql`c.user_id = ${owner.userId}`;
}

export class CartRepository {
  constructor(private readonly db: Database) {}

  async packForSale(productPriceId: number): Promise<PackForSale | null> {
    const [pack] = await this.db
      .select({
        productPriceId: productPrices.productPriceId,
        productId: productPrices.productId,
        pricePence: productPrices.pricePence,
        packRange: productPrices.packRange,
        productIsActive: products.isActive,
      })
      .from(productPrices)
      .innerJoin(products, eq(products.productId, productPrices.productId))
      .where(eq(productPrices.productPriceId, productPriceId));
    return pack ?? null;
  }

  /**
   * The owner's basket id, creating the basket when there is none. Safe under concurrency:
   * INSERT ... ON CONFLICT DO NOTHING never fails on a basket created a moment ago by another
   * request, and takes no lock on an existing basket row (a sign-in moving a basket holds it).
   */
  /** Whether an offer has this code (capitals), whatever its state. */
  async offerCodeExists(code: string): Promise<boolean> {
    const [row] = await this.db.select({ offerId: offers.offerId }).from(offers).where(sql`upper(${offers.code}) = ${code}`).limit(1);
    return row !== undefined;
  }

  /** Keeps the discount code the basket's owner entered (null: takes it off); the basket is made if there is none. */
  async setOfferCode(owner: CartOwner, code: string | null): Promise<void> {
    const cartId = await this.ensureCart(owner);
    await this.db.update(carts).set({ offerCode: code, updatedAt: sql`now()` }).where(eq(carts.cartId, cartId));
  }

  async ensureCart(owner: CartOwner, executor: Executor = this.db): Promise<number> {
    const select =
      owner.kind === 'session'
        ? sql`SELECT cart_id AS "cartId" FROM carts WHERE session_id = ${owner.sessionId}::uuid`
        : sql`SELECT cart_id AS "cartId" FROM carts WHERE user_id = ${owner.userId}`;
    const insert =
      owner.kind === 'session'
        ? sql`INSERT INTO carts (session_id) VALUES (${owner.sessionId}::uuid) ON CONFLICT (session_id) DO NOTHING RETURNING cart_id AS "cartId"`
        : sql`INSERT INTO carts (user_id) VALUES (${owner.userId}) ON CONFLICT (user_id) DO NOTHING RETURNING cart_id AS "cartId"`;
    const [existing] = await queryRows<BasketId>(executor, select);
    if (existing) return existing.cartId;
    // Each statement sees what other transactions committed before it began (READ COMMITTED),
    // so a basket created or deleted concurrently is seen by the next statement.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [created] = await queryRows<BasketId>(executor, insert).catch((error: unknown) => {
        // The only foreign key of a new basket row is its session: one never made, or expired.
        if (owner.kind === 'session' && sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw new NotFound('Unknown session: create one with POST /api/session.');
        throw error;
      });
      if (created) return created.cartId;
      const [found] = await queryRows<BasketId>(executor, select);
      if (found) return found.cartId;
    }
    throw new Error('Could not create or find the basket');
  }

  /**
   * Adds packs to the basket: a new line, or more packs on the line of that pack. Returns the
   * line's new count, or null when the result would exceed MAX_PACKS_PER_LINE (nothing changes).
   */
  async addPacks(cartId: number, line: { productId: number; productPriceId: number; qty: number; count: number }): Promise<number | null> {
    const rows = await queryRows<Pick<CartLineRow, 'count'>>(
      this.db,
      sql`INSERT INTO cart_lines (cart_id, product_id, product_price_id, qty, count)
          VALUES (${cartId}, ${line.productId}, ${line.productPriceId}, ${line.qty}, ${line.count})
          ON CONFLICT (cart_id, product_price_id)
          DO UPDATE SET count = cart_lines.count + excluded.count
          WHERE cart_lines.count + excluded.count <= ${MAX_PACKS_PER_LINE}
          RETURNING count`,
    );
    return rows[0] ? Number(rows[0].count) : null;
  }

  /**
   * addPacks for the owner's existing basket and the basket as it is afterwards, in one
   * statement (one round trip: the common case of POST /api/cart). Null when the owner has
   * no basket yet (nothing was added). `count` is the line's new count, or null when the
   * line would exceed MAX_PACKS_PER_LINE (nothing changed). `stockRefused`: nothing changed
   * because the size has too few units for what the basket would hold (stock/stock-reads.ts).
   *
   * The statement's reads see the lines as they were before it (one snapshot), so the line
   * it wrote is taken from RETURNING in place of its earlier version.
   */
  async addPacksAndRead(
    owner: CartOwner,
    line: { productId: number; productPriceId: number; qty: number; count: number },
  ): Promise<{ contents: CartContents; count: number | null; stockRefused: boolean } | null> {
    const rows = await queryPreparedRows<{ added_count: number | null; stock_ok: boolean }>(
      this.db,
      sql`WITH basket AS (
            SELECT c.cart_id, c.address_id, a.post_code, ${ON_PRICE_LIST}, ${OFFER_FACTS},
                   ${basketMayTake(sql`c.cart_id`, line.productPriceId, line.qty * line.count)} AS stock_ok
            FROM carts c ${DELIVERY_ADDRESS_JOIN} WHERE ${ownedBy(owner)}),
          added AS (
            INSERT INTO cart_lines (cart_id, product_id, product_price_id, qty, count)
            SELECT cart_id, ${line.productId}, ${line.productPriceId}, ${line.qty}, ${line.count} FROM basket WHERE stock_ok
            ON CONFLICT (cart_id, product_price_id)
            DO UPDATE SET count = cart_lines.count + excluded.count
            WHERE cart_lines.count + excluded.count <= ${MAX_PACKS_PER_LINE}
            RETURNING cart_line_id, cart_id, product_id, product_price_id, qty, count, created_at),
          lines AS (
            SELECT l.cart_line_id, l.cart_id, l.product_id, l.product_price_id, l.qty, l.count, l.created_at
            FROM cart_lines l JOIN basket b ON l.cart_id = b.cart_id
            WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.product_price_id = l.product_price_id)
            UNION ALL
            SELECT * FROM added)
          SELECT ${BASKET_OF_CTE.list}, ${DELIVERY_OF_CTE.list}, ${LINE.list},
                 ${LINE_DETAILS}, b.on_price_list, b.offer_code, b.live_offers, b.first_order, b.member_company_id, b.offer_uses,
                 b.stock_ok, (SELECT count FROM added) AS added_count
          FROM basket b
          LEFT JOIN lines l ON l.cart_id = b.cart_id
          ${LINE_DETAIL_JOINS}
          ORDER BY l.created_at, l.cart_line_id`,
    );
    const contents = contentsFrom(rows);
    if (!contents) return null;
    const { added_count: added, stock_ok: stockOk } = rows[0]!;
    return { contents, count: added === null ? null : Number(added), stockRefused: !stockOk };
  }

  /** Packs of one pack already in the owner's basket (0 when none). */
  async countOf(owner: CartOwner, productPriceId: number): Promise<number> {
    const [row] = await queryRows<Pick<CartLineRow, 'count'>>(
      this.db,
      sql`SELECT l.count FROM cart_lines l JOIN carts c ON c.cart_id = l.cart_id
          WHERE ${ownedBy(owner)} AND l.product_price_id = ${productPriceId}`,
    );
    return row ? Number(row.count) : 0;
  }

  /** A line of the owner's basket: its units per pack and packs; null when there is none. */
  async lineOf(owner: CartOwner, productPriceId: number): Promise<{ qty: number; count: number } | null> {
    const [row] = await queryRows<Pick<CartLineRow, 'qty' | 'count'>>(
      this.db,
      sql`SELECT l.qty, l.count FROM cart_lines l JOIN carts c ON c.cart_id = l.cart_id
          WHERE ${ownedBy(owner)} AND l.product_price_id = ${productPriceId}`,
    );
    return row ? { qty: Number(row.qty), count: Number(row.count) } : null;
  }

  /** Sets the number of packs of a line in the owner's basket; false when there is no such line. */
  async setCount(owner: CartOwner, productId: number, productPriceId: number, count: number): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`UPDATE cart_lines l SET count = ${count}
          FROM carts c
          WHERE c.cart_id = l.cart_id AND ${ownedBy(owner)}
            AND l.product_id = ${productId} AND l.product_price_id = ${productPriceId}
          RETURNING l.cart_line_id`,
    );
    return rows.length > 0;
  }

  /** Removes a line from the owner's basket; false when there is no such line. */
  async removeLine(owner: CartOwner, productId: number, productPriceId: number): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`DELETE FROM cart_lines l
          USING carts c
          WHERE c.cart_id = l.cart_id AND ${ownedBy(owner)}
            AND l.product_id = ${productId} AND l.product_price_id = ${productPriceId}
          RETURNING l.cart_line_id`,
    );
    return rows.length > 0;
  }

  /** The owner's basket with its lines in the order they were added, or null when there is none. */
  async contents(owner: CartOwner, executor: Executor = this.db): Promise<CartContents | null> {
    const rows = await queryPreparedRows<object>(
      executor,
      sql`SELECT ${BASKET.list}, ${DELIVERY.list}, ${LINE.list}, ${LINE_DETAILS}, ${ON_PRICE_LIST}, ${OFFER_FACTS}
          FROM carts c
          ${DELIVERY_ADDRESS_JOIN}
          LEFT JOIN cart_lines l ON l.cart_id = c.cart_id
          ${LINE_DETAIL_JOINS}
          WHERE ${ownedBy(owner)}
          ORDER BY l.created_at, l.cart_line_id`,
    );
    return contentsFrom(rows);
  }

  /**
   * Moves the session's basket into the user's, in one transaction, by basket-merge.ts's rule: a
   * pack in both keeps the larger count, other lines are kept as they are (a moved line keeps when
   * it was first added), and the session's basket is deleted. Answers what was merged, or null
   * when the session has no basket.
   *
   * Changes racing with the move are never lost: the session's basket row is locked first, so a
   * new line there waits (and then lands in a new session basket), and its lines are read FOR
   * UPDATE, which waits for a concurrent count change and reads its result. The user's basket row
   * is locked too, which holds back new lines there (their foreign key check needs the row), and
   * its lines are read FOR UPDATE, so the counts written are the ones the merge was planned from.
   */
  async moveSessionCartToUser(sessionId: string, userId: number): Promise<BasketMerge | null> {
    return this.db.transaction(async (tx) => {
      const [source] = await tx.select({ cartId: carts.cartId }).from(carts).where(eq(carts.sessionId, sessionId)).for('update');
      if (!source) return null;
      const sourceId = source.cartId;
      const targetId = await this.ensureCart({ kind: 'user', userId }, tx);
      await tx.execute(sql`SELECT cart_id FROM carts WHERE cart_id = ${targetId} FOR UPDATE`);
      const linesOf = (cartId: number) =>
        tx
          .select({ productPriceId: cartLines.productPriceId, count: cartLines.count })
          .from(cartLines)
          .where(eq(cartLines.cartId, cartId))
          .orderBy(cartLines.createdAt, cartLines.cartLineId)
          .for('update');
      const guest = await linesOf(sourceId);
      const saved = await linesOf(targetId);
      const merge = planBasketMerge(saved, guest);
      const writes = linesToWrite(merge).map((line) => sql`(${line.productPriceId}::int, ${line.count}::int)`);
      if (writes.length > 0) {
        // A pack already in the user's basket keeps its line (its qty and when it was added); only its count changes.
        await tx.execute(
          sql`INSERT INTO cart_lines (cart_id, product_id, product_price_id, qty, count, created_at)
              SELECT ${targetId}, l.product_id, l.product_price_id, l.qty, w.count, l.created_at
              FROM cart_lines l JOIN (VALUES ${sql.join(writes, sql`, `)}) AS w (product_price_id, count)
                ON w.product_price_id = l.product_price_id
              WHERE l.cart_id = ${sourceId}
              ORDER BY l.created_at, l.cart_line_id
              ON CONFLICT (cart_id, product_price_id) DO UPDATE SET count = excluded.count`,
        );
      }
      // A code entered before signing in comes along, unless the customer's basket has one already.
      await tx.execute(
        sql`UPDATE carts t SET offer_code = s.offer_code FROM carts s WHERE t.cart_id = ${targetId} AND s.cart_id = ${sourceId} AND t.offer_code IS NULL AND s.offer_code IS NOT NULL`,
      );
      await tx.execute(sql`DELETE FROM cart_lines WHERE cart_id = ${sourceId}`);
      await tx.execute(sql`DELETE FROM carts WHERE cart_id = ${sourceId}`);
      return merge;
    });
  }

  /**
   * Checkout: the user's basket with its lines, the basket row and the lines locked (FOR UPDATE)
   * until the transaction ends, in one statement. A concurrent count change is waited for and
   * its result read; a second checkout of the basket waits, then finds the lines gone (null).
   * A line added while this runs is not in the answer and stays in the basket: checkout removes
   * only the lines it read (`lineIds`, `removeOrderedLines`). Null: no basket, or no lines.
   */
  async lockedUserContents<K extends string = never>(
    userId: number,
    tx: Executor,
    /** A new order reference for a basket that has none: answered as `freeReference` when no basket or order has it. */
    candidateReference: string,
    /**
     * Scalar columns the caller reads in the same statement (checkout: the order's addresses and
     * the customer's company membership), each answered raw under its key in `readAlong`; they may
     * name the basket as `c`.
     */
    readAlong: Readonly<Record<K, SQL>> = {} as Record<K, SQL>,
  ): Promise<{ contents: CartContents; lineIds: number[]; paymentReference: string | null; freeReference: string | null; readAlong: Record<K, unknown> } | null> {
    const along = Object.entries<SQL>(readAlong).map(([key, column]) => sql`, ${column} AS ${sql.identifier(key)}`);
    // The candidate is checked in this statement (two index probes, run once), not by a round
    // trip of its own inside the locked transaction: that cost a tenth of the orders rate.
    const rows = await queryPreparedRows<object>(
      tx,
      sql`SELECT ${BASKET.list}, ${REFERENCE.list}, ${DELIVERY.list}, ${LINE_ID.list}, ${LINE.list}, ${LINE_DETAILS}, ${ON_PRICE_LIST}, ${OFFER_FACTS},
                 (EXISTS (SELECT 1 FROM carts WHERE payment_reference = ${candidateReference})
                  OR EXISTS (SELECT 1 FROM orders WHERE payment_reference = ${candidateReference})) AS reference_taken${sql.join(along)}
          FROM carts c
          JOIN cart_lines l ON l.cart_id = c.cart_id
          ${DELIVERY_ADDRESS_JOIN}
          ${LINE_DETAIL_JOINS}
          WHERE c.user_id = ${userId}
          ORDER BY l.created_at, l.cart_line_id
          FOR UPDATE OF c, l`,
    );
    const contents = contentsFrom(rows);
    if (!contents) return null;
    // Lines joined, not LEFT JOINed: row i is contents.lines[i].
    return {
      contents,
      lineIds: rows.map((row) => LINE_ID.read(row).cartLineId),
      paymentReference: REFERENCE.read(rows[0]!).paymentReference,
      freeReference: REFERENCE_TAKEN.read(rows[0]!).reference_taken ? null : candidateReference,
      readAlong: Object.fromEntries(Object.keys(readAlong).map((key) => [key, (rows[0] as Record<string, unknown>)[key]])) as Record<K, unknown>,
    };
  }

  /**
   * The statements that empty a basket of the lines an order was placed from (run in the order's
   * own statement, under the lock of `lockedUserContents`); the basket row and its address stay,
   * its payment reference goes with the order (the next order gets a new one).
   */
  removeOrderedLines(cartId: number, lineIds: readonly number[]): { removeLines: SQL; touchBasket: SQL } {
    return {
      removeLines: sql`DELETE FROM cart_lines WHERE cart_id = ${cartId} AND cart_line_id = ANY(${intArrayParam(lineIds)}::int[])`,
      // The code was used by this order: the next one starts without it.
      touchBasket: sql`UPDATE carts SET updated_at = now(), payment_reference = NULL, offer_code = NULL WHERE cart_id = ${cartId}`,
    };
  }

  /**
   * The user's basket's payment reference, giving it `candidate` when it has none yet and no
   * order carries it. Answers the basket's reference afterwards: `candidate`, the one it already
   * had, or null when the user has no basket or `candidate` is an order's (draw another). Two
   * baskets never share one: the unique index refuses the second (UNIQUE_VIOLATION of
   * `carts_payment_reference_key`, for the caller to draw again).
   */
  async claimPaymentReference(userId: number, candidate: string): Promise<{ hasBasket: boolean; reference: string | null }> {
    const rows = await queryRows<Pick<Row<typeof carts>, 'paymentReference'>>(
      this.db,
      sql`WITH claimed AS (
            UPDATE carts SET payment_reference = ${candidate}
            WHERE user_id = ${userId} AND payment_reference IS NULL
              AND NOT EXISTS (SELECT 1 FROM orders WHERE payment_reference = ${candidate})
            RETURNING payment_reference)
          SELECT payment_reference AS "paymentReference" FROM claimed
          UNION ALL
          SELECT payment_reference FROM carts WHERE user_id = ${userId} AND NOT EXISTS (SELECT 1 FROM claimed)`,
    );
    const row = rows[0];
    return { hasBasket: row !== undefined, reference: row?.paymentReference ?? null };
  }

  /** True when no basket and no order carries `reference` (checked again by the unique indexes when written). */
  async referenceIsFree(reference: string, tx: Executor): Promise<boolean> {
    const rows = await queryRows(
      tx,
      sql`SELECT 1 FROM carts WHERE payment_reference = ${reference} UNION ALL SELECT 1 FROM orders WHERE payment_reference = ${reference} LIMIT 1`,
    );
    return rows.length === 0;
  }

  /** Sets the delivery address of a basket. */
  async setAddress(cartId: number, addressId: number): Promise<void> {
    await this.db.execute(sql`UPDATE carts SET address_id = ${addressId}, updated_at = now() WHERE cart_id = ${cartId}`);
  }
}
