/**
 * SQL for orders (tables orders, order_lines, order_logs). Reads always name the owner, so
 * another user's order is simply not found.
 *
 * The unique index (user_id, idempotency_key) makes a retried checkout return the first
 * order; the partial unique index on payment_reference (payment_method = 'paypal') makes a
 * provider payment pay for one order only, whatever races the application code misses.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AddressFields, PaymentMethod } from '@shop/contract';
import { intArrayParam, queryPreparedRows, queryRows, type Database, type Executor } from '@shop/db';
import type { Pence } from '../pricing/money.ts';

export interface NewOrder {
  userId: number;
  addressId: number;
  billingAddressId: number | null;
  deliveryAddress: AddressFields;
  /** What the billing address was at placement (the address itself may be edited or deleted later). */
  billingAddress: AddressFields | null;
  paymentMethod: PaymentMethod;
  paymentReference: string;
  status: string;
  subTotalPence: Pence;
  deliveryFeePence: Pence;
  totalTaxPence: Pence;
  totalPence: Pence;
  note: string;
  idempotencyKey: string | null;
  /** Hash of the request body placed under the key (see OrderPlacement). */
  requestFingerprint: string | null;
  /** The dispatch day promised at placement, YYYY-MM-DD. */
  promisedDispatchDate: string | null;
  /** The customer's own purchase order number, if they gave one. */
  purchaseOrderNumber: string | null;
}

export interface NewOrderLine {
  productId: number;
  productPriceId: number;
  productName: string;
  size1: string;
  imageUrl: string;
  pricePence: Pence;
  qty: number;
  count: number;
  totalPricePence: Pence;
}

export interface OrderRow {
  orderId: number;
  userId: number;
  addressId: number | null;
  billingAddressId: number | null;
  deliveryAddress: AddressFields | null;
  /** Null for orders without a billing address. */
  billingAddress: AddressFields | null;
  paymentMethod: PaymentMethod;
  paymentReference: string;
  status: string;
  subTotalPence: Pence;
  deliveryFeePence: Pence;
  totalTaxPence: Pence;
  totalPence: Pence;
  note: string;
  isActive: boolean;
  created: Date;
  /** YYYY-MM-DD; null for orders placed before the promise was recorded. */
  promisedDispatchDate: string | null;
  purchaseOrderNumber: string | null;
  /** After placement (back office): fulfilment and money, kept apart. */
  fulfilment: OrderFulfilment;
}

export interface OrderFulfilment {
  dispatchedAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  paidPence: Pence;
  refundedPence: Pence;
  paymentDueDate: string | null;
}

export interface OrderLineRow extends NewOrderLine {
  isActive: boolean;
}

export interface OrderLogEntry {
  error: string;
  request: string;
  extraInfo: string;
  externalId: string;
  userId: number | null;
}

interface RawOrder {
  order_id: number;
  user_id: number;
  address_id: number | null;
  billing_address_id: number | null;
  delivery_address: unknown;
  billing_address: unknown;
  payment_method: string;
  payment_reference: string;
  status: string;
  sub_total_pence: number;
  delivery_fee_pence: number;
  total_tax_pence: number;
  total_pence: number;
  note: string;
  is_active: boolean;
  created: Date | string;
  promised_dispatch_date: string | null;
  purchase_order_number: string | null;
  dispatched_at: string | null;
  carrier: string | null;
  tracking_number: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  paid_pence: number;
  refunded_pence: number;
  payment_due_date: string | null;
}

/** An order named with its owner (a customer's order is only ever read with their id). */
export interface OrderKey {
  userId: number;
  orderId: number;
}

export function orderKey({ userId, orderId }: OrderKey): string {
  return `${userId}:${orderId}`;
}

export interface OrderWithCustomer {
  order: OrderRow;
  lines: OrderLineRow[];
  customer: { email: string; firstName: string };
}

// The promised date is read as text: node-postgres would make a DATE a Date at the server's local midnight.
const ORDER_COLUMNS = sql.raw(
  `order_id, user_id, address_id, billing_address_id, delivery_address, billing_address, payment_method, payment_reference, status,
   sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, note, is_active, created,
   promised_dispatch_date::text AS promised_dispatch_date, purchase_order_number,
   to_char(dispatched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS dispatched_at, carrier, tracking_number,
   to_char(delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS delivered_at,
   to_char(cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cancelled_at, cancel_reason,
   paid_pence, refunded_pence, payment_due_date::text AS payment_due_date`,
);

/** The newest orders a history page lists; far more than any customer scrolls through. */
export const ORDER_HISTORY_LIMIT = 500;

/** An order line as stored; read as columns (order lists) or as a JSON object (one order). */
interface RawOrderLine {
  product_id: number;
  product_price_id: number;
  product_name: string;
  size1: string;
  image_url: string;
  price_pence: number;
  qty: number;
  count: number;
  total_price_pence: number;
  is_active: boolean;
}

const LINE_COLUMNS = [
  'product_id',
  'product_price_id',
  'product_name',
  'size1',
  'image_url',
  'price_pence',
  'qty',
  'count',
  'total_price_pence',
  'is_active',
] as const satisfies readonly (keyof RawOrderLine)[];
const LINE_JSON_FIELDS = sql.raw(LINE_COLUMNS.map((column) => `'${column}', l.${column}`).join(', '));
/** An order's lines as a JSON array in the order's row, in the order they were placed. */
const LINES_OF_THE_ORDER = sql`COALESCE((SELECT json_agg(json_build_object(${LINE_JSON_FIELDS}) ORDER BY l.order_line_id)
                                          FROM order_lines l WHERE l.order_id = orders.order_id), '[]'::json)`;

function toOrderLineRow(r: RawOrderLine): OrderLineRow {
  return {
    productId: Number(r.product_id),
    productPriceId: Number(r.product_price_id),
    productName: r.product_name,
    size1: r.size1,
    imageUrl: r.image_url,
    pricePence: Number(r.price_pence),
    qty: Number(r.qty),
    count: Number(r.count),
    totalPricePence: Number(r.total_price_pence),
    isActive: r.is_active,
  };
}

export class OrderRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((transaction) => work(transaction as unknown as Executor));
  }

  /** The user's order placed under this Idempotency-Key, with the fingerprint of its request. */
  async byKey(userId: number, key: string, executor: Executor = this.db): Promise<{ orderId: number; requestFingerprint: string | null } | null> {
    const [row] = await queryPreparedRows<{ order_id: number; request_fingerprint: string | null }>(
      executor,
      sql`SELECT order_id, request_fingerprint FROM orders WHERE user_id = ${userId} AND idempotency_key = ${key}`,
    );
    return row ? { orderId: Number(row.order_id), requestFingerprint: row.request_fingerprint } : null;
  }

  /** The order a provider payment already paid for, if any. */
  async byProviderReference(reference: string, executor: Executor = this.db): Promise<{ orderId: number; userId: number } | null> {
    const [row] = await queryRows<{ order_id: number; user_id: number }>(
      executor,
      sql`SELECT order_id, user_id FROM orders WHERE payment_method = 'paypal' AND payment_reference = ${reference}`,
    );
    return row ? { orderId: Number(row.order_id), userId: Number(row.user_id) } : null;
  }

  /** Inserts the order; null when the user already has an order with this idempotency key. */
  async insert(order: NewOrder, tx: Executor): Promise<number | null> {
    const [row] = await queryPreparedRows<{ order_id: number }>(tx, this.insertStatement(order));
    return row ? Number(row.order_id) : null;
  }

  /** The INSERT of `insert`: returns the id, or no row when the user's Idempotency-Key already has an order. */
  private insertStatement(order: NewOrder): SQL {
    return sql`INSERT INTO orders (user_id, address_id, billing_address_id, delivery_address, billing_address, payment_method, payment_reference, status,
                              sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, note, idempotency_key, request_fingerprint,
                              promised_dispatch_date, paid_pence, purchase_order_number)
          VALUES (${order.userId}, ${order.addressId}, ${order.billingAddressId}, ${JSON.stringify(order.deliveryAddress)}::jsonb,
                  ${order.billingAddress === null ? null : JSON.stringify(order.billingAddress)}::jsonb,
                  ${order.paymentMethod}, ${order.paymentReference}, ${order.status},
                  ${order.subTotalPence}, ${order.deliveryFeePence}, ${order.totalTaxPence}, ${order.totalPence},
                  ${order.note}, ${order.idempotencyKey}, ${order.requestFingerprint}, ${order.promisedDispatchDate}::date,
                  -- a card or wallet payment was captured before the order was placed: paid in full
                  ${order.paymentMethod === 'paypal' ? order.totalPence : 0}, ${order.purchaseOrderNumber})
          ON CONFLICT (user_id, idempotency_key) DO NOTHING
          RETURNING order_id`;
  }

  /**
   * The statement that writes an order's line snapshots (run within the order's statement). The
   * lines go as one JSON parameter, so the statement's text is the same for any number of lines
   * and each connection prepares it once; they keep their order (order_line_id ascending).
   */
  insertLinesStatement(orderId: number, lines: readonly NewOrderLine[]): SQL {
    if (lines.length === 0) throw new Error('An order has at least one line');
    return sql`INSERT INTO order_lines (order_id, product_id, product_price_id, product_name, size1, image_url,
                                        price_pence, qty, count, total_price_pence)
               SELECT ${orderId}::int, l.product_id, l.product_price_id, l.product_name, l.size1, l.image_url,
                      l.price_pence, l.qty, l.count, l.total_price_pence
               FROM ROWS FROM (json_to_recordset(${JSON.stringify(lines)}::json)
                      AS ("productId" int, "productPriceId" int, "productName" text, size1 text, "imageUrl" text,
                          "pricePence" int, qty int, count int, "totalPricePence" int)) WITH ORDINALITY
                    AS l(product_id, product_price_id, product_name, size1, image_url, price_pence, qty, count, total_price_pence, line_number)
               ORDER BY l.line_number`;
  }

  /**
   * One order with its lines, in one statement (the order detail page, its e-mails, ordering it again):
   * the lines come as a JSON array in the order's row.
   */
  async findWithLines(userId: number, orderId: number, executor: Executor = this.db): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
    const row = await this.orderRowWithLines(userId, orderId, sql``, executor);
    return row ? { order: toOrderRow(row), lines: row.lines.map(toOrderLineRow) } : null;
  }

  /**
   * Orders with their lines and their customer's e-mail address and first name (the order
   * e-mails), several in one statement: the e-mail worker reads a batch's orders at once. Keyed
   * by `orderKey`; an order that is gone, or whose customer is, is not in the answer.
   */
  async findManyWithLinesAndCustomer(keys: readonly OrderKey[], executor: Executor = this.db): Promise<Map<string, OrderWithCustomer>> {
    const found = new Map<string, OrderWithCustomer>();
    if (keys.length === 0) return found;
    const rows = await queryPreparedRows<RawOrder & { lines: RawOrderLine[]; customer: OrderWithCustomer['customer'] | null }>(
      executor,
      sql`SELECT ${ORDER_COLUMNS}, ${LINES_OF_THE_ORDER} AS lines,
                 (SELECT json_build_object('email', u.email, 'firstName', u.first_name) FROM users u WHERE u.user_id = orders.user_id) AS customer
          FROM orders
          WHERE (order_id, user_id) IN (SELECT * FROM unnest(${intArrayParam(keys.map((key) => key.orderId))}::int[], ${intArrayParam(keys.map((key) => key.userId))}::int[]))`,
    );
    for (const row of rows) {
      if (!row.customer) continue;
      const order = toOrderRow(row);
      found.set(orderKey(order), { order, lines: row.lines.map(toOrderLineRow), customer: row.customer });
    }
    return found;
  }

  /** The user's order with its lines as a JSON array, and any `extraColumns` (each led by a comma). */
  private async orderRowWithLines<Extra extends object = object>(
    userId: number,
    orderId: number,
    extraColumns: SQL,
    executor: Executor,
  ): Promise<(RawOrder & { lines: RawOrderLine[] } & Extra) | undefined> {
    const [row] = await queryPreparedRows<RawOrder & { lines: RawOrderLine[] } & Extra>(
      executor,
      sql`SELECT ${ORDER_COLUMNS}, ${LINES_OF_THE_ORDER} AS lines${extraColumns}
          FROM orders WHERE order_id = ${orderId} AND user_id = ${userId}`,
    );
    return row;
  }

  async linesOf(orderId: number, executor: Executor = this.db): Promise<OrderLineRow[]> {
    return (await this.linesOfOrders([orderId], executor)).get(orderId) ?? [];
  }

  /** The lines of several orders in one query, by order id, each in the order they were placed. */
  async linesOfOrders(orderIds: readonly number[], executor: Executor = this.db): Promise<Map<number, OrderLineRow[]>> {
    const byOrder = new Map<number, OrderLineRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await queryRows<RawOrderLine & { order_id: number }>(
      executor,
      sql`SELECT order_id, ${sql.raw(LINE_COLUMNS.join(', '))}
          FROM order_lines WHERE order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY order_line_id`,
    );
    for (const r of rows) {
      const lines = byOrder.get(Number(r.order_id)) ?? [];
      lines.push(toOrderLineRow(r));
      byOrder.set(Number(r.order_id), lines);
    }
    return byOrder;
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
    const rows = await queryRows<RawOrder>(
      this.db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = ${userId} ${matches}
          ORDER BY created DESC, order_id DESC LIMIT ${ORDER_HISTORY_LIMIT}`,
    );
    return rows.map(toOrderRow);
  }

  async insertLog(entry: OrderLogEntry, executor: Executor = this.db): Promise<void> {
    await executor.execute(
      sql`INSERT INTO order_logs (error, request, extra_info, external_id, user_id)
          VALUES (${entry.error}, ${entry.request}, ${entry.extraInfo}, ${entry.externalId}, ${entry.userId})`,
    );
  }
}

function toOrderRow(raw: RawOrder): OrderRow {
  return {
    orderId: Number(raw.order_id),
    userId: Number(raw.user_id),
    addressId: raw.address_id === null ? null : Number(raw.address_id),
    billingAddressId: raw.billing_address_id === null ? null : Number(raw.billing_address_id),
    deliveryAddress: parseSnapshot(raw.delivery_address),
    billingAddress: parseSnapshot(raw.billing_address),
    paymentMethod: raw.payment_method === 'paypal' || raw.payment_method === 'account' ? raw.payment_method : 'bank',
    paymentReference: raw.payment_reference,
    status: raw.status,
    subTotalPence: Number(raw.sub_total_pence),
    deliveryFeePence: Number(raw.delivery_fee_pence),
    totalTaxPence: Number(raw.total_tax_pence),
    totalPence: Number(raw.total_pence),
    note: raw.note,
    isActive: raw.is_active,
    created: raw.created instanceof Date ? raw.created : new Date(raw.created),
    promisedDispatchDate: raw.promised_dispatch_date ?? null,
    purchaseOrderNumber: raw.purchase_order_number ?? null,
    fulfilment: {
      dispatchedAt: raw.dispatched_at ?? null,
      carrier: raw.carrier ?? null,
      trackingNumber: raw.tracking_number ?? null,
      deliveredAt: raw.delivered_at ?? null,
      cancelledAt: raw.cancelled_at ?? null,
      cancelReason: raw.cancel_reason ?? null,
      paidPence: Number(raw.paid_pence ?? 0),
      refundedPence: Number(raw.refunded_pence ?? 0),
      paymentDueDate: raw.payment_due_date ?? null,
    },
  };
}

/** jsonb arrives parsed from both drivers; tolerate text as well. */
function parseSnapshot(value: unknown): AddressFields | null {
  if (value === null || value === undefined) return null;
  const object = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof object !== 'object' || object === null) return null;
  const o = object as Record<string, unknown>;
  const text = (key: string) => (typeof o[key] === 'string' ? (o[key] as string) : '');
  return {
    reference: text('reference'),
    contact_name: text('contact_name'),
    region: text('region'),
    company_name: text('company_name'),
    address: text('address'),
    town: text('town'),
    country: text('country'),
    post_code: text('post_code'),
    phone: text('phone'),
  };
}
