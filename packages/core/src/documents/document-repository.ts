/**
 * What the documents read about one order: the order with its back-office columns, the
 * customer's invoice details (company, VAT number), the latest payment date, the trade account's
 * terms and the invoice if one was issued. One query; the lines come from OrderRepository.
 */
import { orderVisibleTo } from '../companies/company-access.ts';
import { sql } from 'drizzle-orm';
import { columnsOf, figuresOf, invoices, orderLines, orderPayments, orders, queryRows, shipmentLines, shipments, tradeAccounts, users, type Database, type Executor } from '@shop/db';
import type { InvoiceFacts } from './invoice-eligibility.ts';
import type { InvoicedShipment } from './vat-invoice.ts';
import type { PickingLineRow } from './picking-list-pdf.ts';
import { itemDisplayName } from '../catalogue/item-display-name.ts';

const ORDER = columnsOf(
  orders,
  [
    'orderId',
    'userId',
    'status',
    'paymentMethod',
    'paymentReference',
    'paymentIsTest',
    'subTotalPence',
    'discountPence',
    'deliveryFeePence',
    'totalTaxPence',
    'totalPence',
    'vatTreatment',
    'vatRatePercent',
    'paidPence',
    'refundedPence',
    'creditedPence',
    'note',
    'deliveryAddress',
    'billingAddress',
    'created',
    'dispatchedAt',
    'promisedDispatchDate',
    'paymentDueDate',
    'purchaseOrderNumber',
  ],
  'o',
);
/** The customer's invoice details. */
const CUSTOMER = columnsOf(users, ['firstName', 'lastName', 'email', 'phone', 'companyName', 'vatNumber'], 'u');
/** The trade account's terms in days, when the customer has (or had) one. */
const TERMS = columnsOf(tradeAccounts, ['termsDays'], 't', { leftJoined: true });
/** The number of the order's invoice once issued. */
const INVOICE = columnsOf(invoices, ['invoiceNumber'], 'i', { leftJoined: true });
/** The latest payment's date (max of the column), null before any payment. */
const LAST_PAYMENT = columnsOf(orderPayments, ['receivedOn'], 'p', { leftJoined: true });
/** A shipment's pack as an invoice lists it, and the goods packs the order has in all. */
const SHIPMENT = columnsOf(shipments, ['number', 'dispatchedAt'], 'sh');
const SHIPPED = columnsOf(shipmentLines, ['count'], 'sl');
const SHIPPED_LINE = columnsOf(orderLines, ['productName', 'size1'], 'l');
const SHIPMENT_FIGURES = figuresOf({ ordered: 'number' });

export type DocumentOrder = ReturnType<typeof ORDER.read> &
  InvoiceFacts & { customer: ReturnType<typeof CUSTOMER.read> } & ReturnType<typeof TERMS.read> &
  ReturnType<typeof INVOICE.read>;

export class DocumentRepository {
  constructor(private readonly db: Database) {}

  /**
   * The order (the customer's own when `userId` is given), or null. `lockForShare` (issuing an
   * invoice) waits for a change holding the order's row (a cancellation, a refund) and reads it as
   * committed, so an invoice is never issued beside a cancellation that saw no invoice to credit.
   */
  async order(orderId: number, userId: number | null, executor: Executor = this.db, lockForShare = false): Promise<DocumentOrder | null> {
    // A company's order is its admins' and viewers' to read too (companies/company-access.ts).
    const owner = userId === null ? sql`` : sql`AND ${orderVisibleTo(userId, 'o')}`;
    const [row] = await queryRows<Record<string, unknown>>(
      executor,
      sql`SELECT ${ORDER.list}, ${CUSTOMER.list}, ${TERMS.list}, ${INVOICE.list},
                 (SELECT max(p.received_on) FROM order_payments p WHERE p.order_id = o.order_id AND p.kind = 'payment') AS "receivedOn"
          FROM orders o
          JOIN users u ON u.user_id = o.user_id
          LEFT JOIN trade_accounts t ON (o.company_id IS NULL AND t.user_id = o.user_id) OR t.company_id = o.company_id
          LEFT JOIN invoices i ON i.order_id = o.order_id
          WHERE o.order_id = ${orderId} ${owner}
          ${lockForShare ? sql`FOR SHARE OF o` : sql``}`,
    );
    if (!row) return null;
    return { ...ORDER.read(row), customer: CUSTOMER.read(row), ...TERMS.read(row), ...INVOICE.read(row), lastPaymentReceivedOn: LAST_PAYMENT.read(row).receivedOn };
  }

  /**
   * The order's shipments that had left by `at` (an invoice's issue), with their packs, and
   * whether every pack had left by then (shipments: back-office/orders/order-shipments.ts).
   */
  async shipmentsBy(orderId: number, at: Date, executor: Executor = this.db): Promise<{ shipments: InvoicedShipment[]; complete: boolean }> {
    const rows = await queryRows<Record<string, unknown>>(
      executor,
      sql`SELECT ${SHIPMENT.list}, ${SHIPPED.list}, ${SHIPPED_LINE.list},
                 (SELECT sum(x.count) FROM order_lines x WHERE x.order_id = sh.order_id AND x.kind = 'goods') AS ordered
          FROM shipments sh JOIN shipment_lines sl ON sl.shipment_id = sh.shipment_id JOIN order_lines l ON l.order_line_id = sl.order_line_id
          WHERE sh.order_id = ${orderId} AND sh.dispatched_at <= ${at.toISOString()}::timestamptz
          ORDER BY sh.number, l.order_line_id`,
    );
    const shipments: InvoicedShipment[] = [];
    let sent = 0;
    for (const raw of rows) {
      const { number, dispatchedAt } = SHIPMENT.read(raw);
      const { count } = SHIPPED.read(raw);
      const { productName, size1 } = SHIPPED_LINE.read(raw);
      let shipment = shipments.at(-1);
      if (!shipment || shipment.number !== number) {
        shipment = { number, dispatchedAt, packs: [] };
        shipments.push(shipment);
      }
      shipment.packs.push(`${count} x ${itemDisplayName(productName, size1)}`);
      sent += count;
    }
    return { shipments, complete: rows.length === 0 || sent >= SHIPMENT_FIGURES.read(rows[0]!).ordered };
  }

  /**
   * The lines of orders as picking lists print them: the product code staff know, the size's bin
   * or shelf location (through the pack the line bought), and the packs already shipped.
   */
  async pickingLines(orderIds: readonly number[], executor: Executor = this.db): Promise<PickingLineRow[]> {
    if (orderIds.length === 0) return [];
    const rows = await queryRows<Record<string, unknown>>(
      executor,
      // Packs taken off (they cannot be supplied) are not picked: count is what is still to supply.
      sql`SELECT l.order_id, l.product_id, p.product_code, l.product_name, l.size1, ps.location, l.qty, l.count - l.withdrawn_count AS count,
                 COALESCE((SELECT sum(sl.count) FROM shipment_lines sl WHERE sl.order_line_id = l.order_line_id), 0) AS shipped
          FROM order_lines l
          LEFT JOIN products p ON p.product_id = l.product_id
          LEFT JOIN product_prices pp ON pp.product_price_id = l.product_price_id
          LEFT JOIN product_sizes ps ON ps.product_size_id = pp.product_size_id
          WHERE l.order_id = ANY (${`{${orderIds.join(',')}}`}::int[]) AND l.kind = 'goods' -- a quoted charge is never picked
          ORDER BY l.order_id, l.order_line_id`,
    );
    return rows.map((r) => ({
      orderId: Number(r.order_id),
      productId: Number(r.product_id),
      productCode: (r.product_code as string | null) ?? null,
      productName: String(r.product_name),
      size1: String(r.size1),
      location: (r.location as string | null) ?? null,
      qty: Number(r.qty),
      count: Number(r.count),
      shippedPacks: Number(r.shipped),
    }));
  }
}
