/**
 * SQL for orders (tables orders, order_lines, order_logs). Reads always name the owner, so
 * another user's order is simply not found.
 *
 * The unique index (user_id, idempotency_key) makes a retried checkout return the first
 * order; the partial unique index on payment_reference (payment_method = 'paypal') makes a
 * provider payment pay for one order only, whatever races the application code misses.
 */
import { companyOfUser, orderVisibleTo } from '../companies/company-access.ts';
import { inArray, isNotNull, and, eq, sql, type SQL } from 'drizzle-orm';
import { columnsOf, intArrayParam, offers, offerUses, orderLines, orderLogs, orders, queryPreparedRows, queryRows, quotes, users, type Database, type Executor, type Row } from '@shop/db';
import { cardPaymentRecordKey } from '../payments/unplaced-payments.ts';

type Order = Row<typeof orders>;

/** An order as checkout writes it: placed, so with its delivery address. */
export type NewOrder = Pick<
  Order,
  | 'userId'
  | 'billingAddressId'
  | 'billingAddress'
  | 'paymentMethod'
  | 'paymentReference'
  | 'paymentIsTest'
  | 'status'
  | 'subTotalPence'
  | 'discountPence'
  | 'deliveryFeePence'
  | 'totalTaxPence'
  | 'totalPence'
  | 'vatTreatment'
  | 'vatRatePercent'
  | 'note'
  | 'idempotencyKey'
  | 'requestFingerprint'
  | 'promisedDispatchDate'
  | 'purchaseOrderNumber'
  | 'providerCaptureId'
> & { addressId: number; deliveryAddress: NonNullable<Order['deliveryAddress']> };

/** The snapshot of a pack kept with the order: what was bought, whatever the catalogue says later. */
export type NewOrderLine = Pick<
  Row<typeof orderLines>,
  'productId' | 'productPriceId' | 'productName' | 'size1' | 'imageUrl' | 'pricePence' | 'qty' | 'count' | 'totalPricePence'
> & {
  /** The line's share of the order's discount (offers), already out of totalPricePence; absent: 0. */
  discountPence?: number;
  /** 'charge': a quote's charge without product or stock (the sales desk); absent: goods. */
  kind?: 'goods' | 'charge';
  /**
   * Made to order (a quote's printed or custom-sized goods): the ±10% rule at dispatch applies,
   * and no stock is allocated. Absent: false.
   */
  custom?: boolean;
};

/** What a customer's order pages, its e-mails and ordering it again read: the order with its fulfilment and money, kept apart from its state. */
const ORDER = columnsOf(orders, [
  'orderId',
  'userId',
  'addressId',
  'billingAddressId',
  'deliveryAddress',
  'billingAddress',
  'paymentMethod',
  'paymentReference',
  'paymentIsTest',
  'status',
  'subTotalPence',
  'discountPence',
  'deliveryFeePence',
  'totalTaxPence',
  'totalPence',
  'vatTreatment',
  'vatRatePercent',
  'note',
  'isActive',
  'created',
  'promisedDispatchDate',
  'purchaseOrderNumber',
  'dispatchedAt',
  'carrier',
  'trackingNumber',
  'deliveredAt',
  'cancelledAt',
  'cancelReason',
  'paidPence',
  'refundedPence',
  'creditedPence',
  'paymentDueDate',
]);
export type OrderRow = ReturnType<typeof ORDER.read>;

/** An order line as stored; read as columns (order lists) or as a JSON object (one order). */
const LINE = columnsOf(
  orderLines,
  ['productId', 'productPriceId', 'kind', 'productName', 'size1', 'imageUrl', 'pricePence', 'qty', 'count', 'totalPricePence', 'discountPence', 'isActive', 'deliveredUnits'],
  'l',
);
export type OrderLineRow = ReturnType<typeof LINE.read>;

const CUSTOMER = columnsOf(users, ['email', 'firstName'], 'u');
const KEYED = columnsOf(orders, ['orderId', 'requestFingerprint']);
const OWNED = columnsOf(orders, ['orderId', 'userId']);
const INSERTED = columnsOf(orders, ['orderId']);
const LINE_OF_ORDER = columnsOf(orderLines, ['orderId'], 'l');

/** The storefront's report of a card or wallet problem (POST /api/OrderLog). */
export type OrderLogEntry = Pick<Row<typeof orderLogs>, 'error' | 'request' | 'extraInfo' | 'externalId' | 'userId'>;

/** An order named with its owner (a customer's order is only ever read with their id). */
export interface OrderKey {
  userId: number;
  orderId: number;
}

export function orderKey({ userId, orderId }: OrderKey): string {
  return `${userId}:${orderId}`;
}

/** An offer an order was placed with, and what it took off (offer_uses). */
export interface OrderOffer {
  name: string;
  code: string | null;
  discountPence: number;
  deliverySavedPence: number;
}

export interface OrderWithCustomer {
  order: OrderRow;
  lines: OrderLineRow[];
  customer: ReturnType<typeof CUSTOMER.read>;
}

/** The newest orders a history page lists; far more than any customer scrolls through. */
export const ORDER_HISTORY_LIMIT = 500;

/** An order's lines as a JSON array in the order's row, in the order they were placed. */
const LINES_OF_THE_ORDER = sql`COALESCE((SELECT json_agg(json_build_object(${LINE.json}) ORDER BY l.order_line_id)
                                          FROM order_lines l WHERE l.order_id = orders.order_id), '[]'::json)`;

/** An order's row with its lines as a JSON array (`lines`). */
type OrderRowWithLines = object & { lines: object[] };

export class OrderRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((transaction) => work(transaction));
  }

  /** The user's order placed under this Idempotency-Key, with the fingerprint of its request. */
  async byKey(userId: number, key: string, executor: Executor = this.db): Promise<{ orderId: number; requestFingerprint: string | null } | null> {
    const [row] = await queryPreparedRows<object>(
      executor,
      sql`SELECT ${KEYED.list} FROM orders WHERE user_id = ${userId} AND idempotency_key = ${key}`,
    );
    return row ? KEYED.read(row) : null;
  }

  /** The order a provider payment already paid for, if any. */
  async byProviderReference(reference: string, executor: Executor = this.db): Promise<{ orderId: number; userId: number } | null> {
    const [row] = await queryRows<object>(
      executor,
      // A reference that paid what was due on an order (payments/due-card-payment.ts) counts as used too.
      sql`SELECT ${OWNED.list} FROM orders WHERE payment_method = 'paypal' AND payment_reference = ${reference}
          UNION ALL
          SELECT o.order_id, o.user_id FROM order_payments p JOIN orders o ON o.order_id = p.order_id WHERE p.idempotency_key = ${cardPaymentRecordKey(reference)}
          LIMIT 1`,
    );
    return row ? OWNED.read(row) : null;
  }

  /** Inserts the order; null when the user already has an order with this idempotency key. */
  async insert(order: NewOrder, tx: Executor): Promise<number | null> {
    const [row] = await queryPreparedRows<object>(tx, this.insertStatement(order));
    return row ? INSERTED.read(row).orderId : null;
  }

  /** The INSERT of `insert`: returns the id, or no row when the user's Idempotency-Key already has an order. */
  private insertStatement(order: NewOrder): SQL {
    return sql`INSERT INTO orders (user_id, address_id, billing_address_id, delivery_address, billing_address, payment_method, payment_reference, status,
                              sub_total_pence, discount_pence, delivery_fee_pence, total_tax_pence, total_pence, note, idempotency_key, request_fingerprint,
                              promised_dispatch_date, paid_pence, purchase_order_number, vat_treatment, vat_rate_percent, payment_is_test,
                              provider_capture_id, company_id)
          VALUES (${order.userId}, ${order.addressId}, ${order.billingAddressId}, ${JSON.stringify(order.deliveryAddress)}::jsonb,
                  ${order.billingAddress === null ? null : JSON.stringify(order.billingAddress)}::jsonb,
                  ${order.paymentMethod}, ${order.paymentReference}, ${order.status},
                  ${order.subTotalPence}, ${order.discountPence}, ${order.deliveryFeePence}, ${order.totalTaxPence}, ${order.totalPence},
                  ${order.note}, ${order.idempotencyKey}, ${order.requestFingerprint}, ${order.promisedDispatchDate}::date,
                  -- a card or wallet payment was captured before the order was placed: paid in full
                  ${order.paymentMethod === 'paypal' ? order.totalPence : 0}, ${order.purchaseOrderNumber},
                  ${order.vatTreatment}, ${order.vatRatePercent}, ${order.paymentIsTest}, ${order.providerCaptureId},
                  -- placed for the customer's company, if they are in one (companies/company-access.ts)
                  ${companyOfUser(order.userId)})
          ON CONFLICT (user_id, idempotency_key) DO NOTHING
          RETURNING ${INSERTED.list}`;
  }

  /**
   * The statement that writes an order's line snapshots (run within the order's statement). The
   * lines go as one JSON parameter, so the statement's text is the same for any number of lines
   * and each connection prepares it once; they keep their order (order_line_id ascending). It
   * returns what allocating their stock reads (stock/stock-allocation.ts `writeLinesAndAllocate`).
   */
  insertLinesStatement(orderId: number, lines: readonly NewOrderLine[]): SQL {
    if (lines.length === 0) throw new Error('An order has at least one line');
    return sql`INSERT INTO order_lines (order_id, product_id, product_price_id, kind, product_name, size1, image_url,
                                        price_pence, qty, count, total_price_pence, discount_pence, custom)
               SELECT ${orderId}::int, l.product_id, l.product_price_id, COALESCE(l.kind, 'goods'), l.product_name, l.size1, l.image_url,
                      l.price_pence, l.qty, l.count, l.total_price_pence, COALESCE(l.discount_pence, 0), COALESCE(l.custom, false)
               FROM ROWS FROM (json_to_recordset(${JSON.stringify(lines)}::json)
                      AS ("productId" int, "productPriceId" int, kind text, "productName" text, size1 text, "imageUrl" text,
                          "pricePence" int, qty int, count int, "totalPricePence" int, "discountPence" int, custom boolean)) WITH ORDINALITY
                    AS l(product_id, product_price_id, kind, product_name, size1, image_url, price_pence, qty, count, total_price_pence, discount_pence, custom, line_number)
               ORDER BY l.line_number
               RETURNING order_id, order_line_id, product_price_id, qty, count, kind, custom`;
  }

  /**
   * One order with its lines, in one statement (the order detail page, its e-mails, ordering it again):
   * the lines come as a JSON array in the order's row.
   */
  async findWithLines(userId: number, orderId: number, executor: Executor = this.db): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
    const [row] = await queryPreparedRows<OrderRowWithLines>(
      executor,
      sql`SELECT ${ORDER.list}, ${LINES_OF_THE_ORDER} AS lines
          FROM orders WHERE order_id = ${orderId} AND ${orderVisibleTo(userId, '')}`,
    );
    return row ? { order: ORDER.read(row), lines: row.lines.map(LINE.read) } : null;
  }

  /**
   * Orders with their lines and their customer's e-mail address and first name (the order
   * e-mails), several in one statement: the e-mail worker reads a batch's orders at once. Keyed
   * by `orderKey`; an order that is gone, or whose customer is, is not in the answer.
   */
  async findManyWithLinesAndCustomer(keys: readonly OrderKey[], executor: Executor = this.db): Promise<Map<string, OrderWithCustomer>> {
    const found = new Map<string, OrderWithCustomer>();
    if (keys.length === 0) return found;
    const rows = await queryPreparedRows<OrderRowWithLines & { customer: object | null }>(
      executor,
      sql`SELECT ${ORDER.list}, ${LINES_OF_THE_ORDER} AS lines,
                 (SELECT json_build_object(${CUSTOMER.json}) FROM users u WHERE u.user_id = orders.user_id) AS customer
          FROM orders
          WHERE (order_id, user_id) IN (SELECT * FROM unnest(${intArrayParam(keys.map((key) => key.orderId))}::int[], ${intArrayParam(keys.map((key) => key.userId))}::int[]))`,
    );
    for (const row of rows) {
      if (!row.customer) continue;
      const order = ORDER.read(row);
      found.set(orderKey(order), { order, lines: row.lines.map(LINE.read), customer: CUSTOMER.read(row.customer) });
    }
    return found;
  }

  /** The offers that took something off each order (offers/), by order id. */
  async offersOf(orderIds: readonly number[], executor: Executor = this.db): Promise<Map<number, OrderOffer[]>> {
    const byOrder = new Map<number, OrderOffer[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await executor
      .select({ orderId: offerUses.orderId, name: offers.name, code: offers.code, discountPence: offerUses.discountPence, deliverySavedPence: offerUses.deliverySavedPence })
      .from(offerUses)
      .innerJoin(offers, eq(offers.offerId, offerUses.offerId))
      .where(inArray(offerUses.orderId, [...orderIds]))
      .orderBy(offerUses.offerUseId);
    for (const { orderId, ...offer } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), offer]);
    return byOrder;
  }

  async linesOf(orderId: number, executor: Executor = this.db): Promise<OrderLineRow[]> {
    return (await this.linesOfOrders([orderId], executor)).get(orderId) ?? [];
  }

  /** The lines of several orders in one query, by order id, each in the order they were placed. */
  async linesOfOrders(orderIds: readonly number[], executor: Executor = this.db): Promise<Map<number, OrderLineRow[]>> {
    const byOrder = new Map<number, OrderLineRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await queryRows<object>(
      executor,
      sql`SELECT ${LINE_OF_ORDER.list}, ${LINE.list}
          FROM order_lines l WHERE order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY order_line_id`,
    );
    for (const r of rows) {
      const { orderId } = LINE_OF_ORDER.read(r);
      const lines = byOrder.get(orderId) ?? [];
      lines.push(LINE.read(r));
      byOrder.set(orderId, lines);
    }
    return byOrder;
  }

  /**
   * The quotes these orders were placed from (accepting a quote places its order), by order id:
   * such an order's lines were priced for that quote alone. Orders from the basket are not in it.
   */
  async quoteNumbersOf(orderIds: readonly number[], executor: Executor = this.db): Promise<Map<number, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await executor
      .select({ orderId: quotes.orderId, quoteNumber: quotes.quoteNumber })
      .from(quotes)
      .where(and(isNotNull(quotes.orderId), inArray(quotes.orderId, [...orderIds])));
    return new Map(rows.flatMap((row) => (row.orderId === null ? [] : [[row.orderId, row.quoteNumber] as const])));
  }

  /**
   * The user's orders, newest first. `filter` matches part of the order number or of the
   * payment reference, in any letter case; empty lists them all.
   */
  async listOf(userId: number, filter: string): Promise<OrderRow[]> {
    const pattern = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = filter
      ? sql`AND (order_id::text LIKE ${pattern} OR payment_reference ILIKE ${pattern})`
      : sql``;
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${ORDER.list} FROM orders WHERE ${orderVisibleTo(userId, '')} ${matches}
          ORDER BY created DESC, order_id DESC LIMIT ${ORDER_HISTORY_LIMIT}`,
    );
    return rows.map(ORDER.read);
  }

  async insertLog(entry: OrderLogEntry, executor: Executor = this.db): Promise<void> {
    await executor.insert(orderLogs).values(entry);
  }
}
