/**
 * What the documents read about one order: the order with its back-office columns, the
 * customer's invoice details (company, VAT number), the latest payment date, the trade account's
 * terms and the invoice if one was issued. One query; the lines come from OrderRepository.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, invoices, orders, queryRows, tradeAccounts, users, type Database, type Executor } from '@shop/db';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import type { InvoiceFacts } from './invoice-eligibility.ts';

const ORDER = columnsOf(
  orders,
  [
    'orderId',
    'userId',
    'status',
    'paymentMethod',
    'paymentReference',
    'subTotalPence',
    'deliveryFeePence',
    'totalTaxPence',
    'totalPence',
    'vatTreatment',
    'vatRatePercent',
    'paidPence',
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
    const owner = userId === null ? sql`` : sql`AND o.user_id = ${userId}`;
    const [row] = await queryRows<{ lastPaymentReceivedOn: IsoDate | null }>(
      executor,
      sql`SELECT ${ORDER.list}, ${CUSTOMER.list}, ${TERMS.list}, ${INVOICE.list},
                 (SELECT max(p.received_on) FROM order_payments p WHERE p.order_id = o.order_id AND p.kind = 'payment') AS "lastPaymentReceivedOn"
          FROM orders o
          JOIN users u ON u.user_id = o.user_id
          LEFT JOIN trade_accounts t ON t.user_id = o.user_id
          LEFT JOIN invoices i ON i.order_id = o.order_id
          WHERE o.order_id = ${orderId} ${owner}
          ${lockForShare ? sql`FOR SHARE OF o` : sql``}`,
    );
    if (!row) return null;
    return { ...ORDER.read(row), customer: CUSTOMER.read(row), ...TERMS.read(row), ...INVOICE.read(row), lastPaymentReceivedOn: row.lastPaymentReceivedOn };
  }
}
