/**
 * The gapless invoice number sequence (HMRC: unique, sequential). Numbers come from the one row
 * of `invoice_number_counter`, never from a SEQUENCE (which skips numbers on rollback):
 *
 *   BEGIN
 *   SELECT ... FROM invoice_number_counter FOR UPDATE      -- issuers queue here, one at a time
 *   SELECT ... FROM invoices WHERE order_id = $order        -- already issued? answer it (idempotent)
 *   (the caller decides, in this transaction, whether the order may have one and its tax point)
 *   UPDATE invoice_number_counter SET last_number = last_number + 1 RETURNING last_number
 *   INSERT INTO invoices ...
 *   COMMIT
 *
 * A rollback (the order may not have an invoice after all, a failed insert) undoes the increment,
 * so no number is lost; the row lock and the unique index on invoices.order_id mean no number is
 * given twice and no order gets two. Under READ COMMITTED the second SELECT runs after the lock is
 * granted and so sees an invoice a concurrent issuer just committed for the same order.
 */
import { eq, sql } from 'drizzle-orm';
import { columnsOf, invoices, queryRows, type Database, type Executor, type Row } from '@shop/db';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import { firstOpenDay } from '../back-office/exports/vat-periods.ts';

/** An invoice as issued; `taxPointDate` is the time of supply, YYYY-MM-DD. */
export type IssuedInvoice = Row<typeof invoices>;

/** "INV-000042": how an invoice number is printed (PDF, e-mails, exports): one place. */
export function formatInvoiceNumber(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(6, '0')}`;
}

const INVOICE = columnsOf(invoices, ['invoiceNumber', 'orderId', 'issuedAt', 'taxPointDate', 'supplyDateInFiledPeriod', 'paymentsCountedThrough']);

export class InvoiceNumbers {
  constructor(private readonly db: Database) {}

  /** The order's invoice, if one was issued. */
  async find(orderId: number, executor: Executor = this.db): Promise<IssuedInvoice | null> {
    const [invoice] = await executor.select().from(invoices).where(eq(invoices.orderId, orderId));
    return invoice ?? null;
  }

  /**
   * The order's invoice, issuing it with the next number when it has none. `decide` runs inside
   * the transaction, after the counter is locked: it answers the time of supply, or throws
   * (nothing is issued and no number is used). Two calls for one order at once answer the same
   * invoice. A time of supply inside a VAT quarter already filed is counted on the first open day
   * (back-office/exports/vat-periods.ts): the filed return must not change, and the invoice says so.
   */
  async issue(
    orderId: number,
    decide: (tx: Executor) => Promise<IsoDate>,
    issuedAt: Date,
    /** Runs in the issuing transaction once the invoice exists (documents that follow from it). */
    afterIssue?: (tx: Executor, issued: IssuedInvoice) => Promise<void>,
  ): Promise<IssuedInvoice> {
    // The common case (downloading again) needs no lock.
    const existing = await this.find(orderId);
    if (existing) return existing;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT last_number FROM invoice_number_counter WHERE id FOR UPDATE`);
      const issued = await this.find(orderId, tx);
      if (issued) return issued;
      const supplyDate = await decide(tx);
      const taxPointDate = await firstOpenDay(tx, supplyDate);
      const [row] = await queryRows<object>(
        tx,
        sql`WITH next AS (UPDATE invoice_number_counter SET last_number = last_number + 1 WHERE id RETURNING last_number)
            INSERT INTO invoices (invoice_number, order_id, issued_at, tax_point_date, supply_date_in_filed_period, payments_counted_through)
            SELECT last_number, ${orderId}, ${issuedAt.toISOString()}::timestamptz, ${taxPointDate}::date,
                   ${taxPointDate === supplyDate ? null : supplyDate}::date,
                   -- The payments the VAT return may count before this invoice (exports/vat-return.ts);
                   -- the caller's decide() holds the order's row lock, which payments take too.
                   (SELECT max(p.order_payment_id) FROM order_payments p WHERE p.order_id = ${orderId})
            FROM next
            RETURNING ${INVOICE.list}`,
      );
      if (!row) throw new Error('invoice_number_counter has no row (migration 0007 inserts it)');
      const invoice = INVOICE.read(row);
      await afterIssue?.(tx, invoice);
      return invoice;
    });
  }
}
