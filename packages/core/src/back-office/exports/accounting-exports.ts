/**
 * Accounting exports: orders, VAT invoices and VAT credit notes of a date range as CSV, for an
 * accounting import. Columns are documented in docs/exports.md; keep the two in step.
 *
 * Streamed: the rows are read in keyset pages of EXPORT_PAGE_SIZE (orders by (created,
 * order_id), invoices by invoice_number, credit notes by credit_note_number) and each page is turned into CSV text (csv-stringify)
 * and handed on before the next is read, so a year of orders never sits in memory.
 *
 * Dates are London calendar days (Europe/London, GMT or BST), both ends included. Text cells
 * that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) get a leading apostrophe; amounts, dates and numbers are the shop's own and never do.
 */
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { columnsOf, creditNotes, invoices, orders, queryRows, users, type Database } from '@shop/db';
import { Invalid } from '../../errors.ts';
import { formatInvoiceNumber } from '../../documents/invoice-numbers.ts';
import { formatCreditNoteNumber } from '../../documents/credit-note-numbers.ts';
import { londonDateOf, paymentStatusLabelOf } from '../customers/customer-directory.ts';
import { csvPounds } from '../../pricing/money.ts';

export const EXPORT_PAGE_SIZE = 1000;

export interface ExportRange {
  /** First London day, YYYY-MM-DD. */
  from: string;
  /** Last London day (included), YYYY-MM-DD. */
  to: string;
}

export const exportMessages = {
  badDate: (name: 'from' | 'to') => `Give the ${name === 'from' ? 'first' : 'last'} day as a date, YYYY-MM-DD (for example 2025-04-01).`,
  fromAfterTo: 'The first day must not be after the last day.',
} as const;

export const ORDER_EXPORT_COLUMNS = [
  'order_number',
  'date_placed',
  'customer',
  'customer_email',
  'company',
  'vat_number',
  'payment_method',
  'payment_reference',
  'po_number',
  'state',
  'payment_status',
  'net',
  'vat_treatment',
  'vat_rate',
  'vat',
  'gross',
  'currency',
  'paid',
  'refunded',
  'credited',
  'due_date',
  'test_payment',
] as const;

export const INVOICE_EXPORT_COLUMNS = [
  'invoice_number',
  'invoice_date',
  'tax_point',
  'order_number',
  'customer',
  'company',
  'vat_number',
  'billing_postcode',
  'net',
  'vat_treatment',
  'vat_rate',
  'vat',
  'gross',
  'currency',
  'test_payment',
] as const;

/** The `test_payment` cell: paid by a simulated payment while the shop ran test payments (DESIGN section 4), no money taken. */
const testPaymentCell = (isTest: boolean) => (isTest ? 'yes' : '');

/** VAT credit notes (documents/credit-notes.ts): a file of their own, amounts negative, each linked to its invoice. */
export const CREDIT_NOTE_EXPORT_COLUMNS = [
  'credit_note_number',
  'credit_note_date',
  'invoice_number',
  'invoice_date',
  'order_number',
  'kind',
  'reason',
  'customer',
  'company',
  'vat_number',
  'vat_rate',
  'net',
  'vat',
  'gross',
  'currency',
] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2999 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The range of a request's `from` and `to`, or an Invalid naming the field at fault. */
export function parseExportRange(from: string | null | undefined, to: string | null | undefined): ExportRange {
  const fields: { field: string; message: string }[] = [];
  const f = (from ?? '').trim();
  const t = (to ?? '').trim();
  if (!isCalendarDate(f)) fields.push({ field: 'from', message: exportMessages.badDate('from') });
  if (!isCalendarDate(t)) fields.push({ field: 'to', message: exportMessages.badDate('to') });
  if (fields.length > 0) throw new Invalid(fields[0]!.message, { fields });
  if (f > t) throw new Invalid(exportMessages.fromAfterTo, { fields: [{ field: 'from', message: exportMessages.fromAfterTo }] });
  return { from: f, to: t };
}

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function safeCell(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Pence (a number, or a bigint sum read as text) as a CSV amount in pounds ('1234.50'). */
const pounds = (pence: number | string): string => csvPounds(Number(pence));

const PAYMENT_METHOD_NAMES: Record<string, string> = { paypal: 'card', bank: 'bank_transfer', account: 'account' };

/** An exported order: its own columns, its customer's, and what is worked out in SQL (cursor, London day, company, net). */
const ORDER = columnsOf(
  orders,
  [
    'orderId',
    'paymentMethod',
    'paymentReference',
    'purchaseOrderNumber',
    'status',
    'vatTreatment',
    'vatRatePercent',
    'paymentIsTest',
    'totalTaxPence',
    'totalPence',
    'paidPence',
    'refundedPence',
    'creditedPence',
    'paymentDueDate',
  ],
  'o',
);
const CUSTOMER = columnsOf(users, ['firstName', 'lastName', 'email', 'vatNumber'], 'u');
/** An exported invoice: its columns, its order's totals, its customer's VAT number. */
const INVOICE = columnsOf(invoices, ['invoiceNumber', 'taxPointDate', 'orderId'], 'i');
const INVOICED_ORDER = columnsOf(orders, ['vatTreatment', 'vatRatePercent', 'totalTaxPence', 'totalPence', 'paymentIsTest'], 'o');
const VAT_NUMBER = columnsOf(users, ['vatNumber'], 'u');
/** The values an export row works out in SQL beside the columns; `net` is a sum (text when it is a bigint). */
type OrderComputed = { cursor: string; placed_on: string; company: string | null; net: number | string };
type InvoiceComputed = { invoice_date: string; customer: string; company: string | null; billing_postcode: string | null; net: number | string };

/** An exported credit note: its columns, and the invoice's London day. */
const CREDIT_NOTE = columnsOf(creditNotes, ['creditNoteNumber', 'taxPointDate', 'invoiceNumber', 'orderId', 'kind', 'reason', 'vatRatePercent', 'netPence', 'vatPence', 'totalPence'], 'c');
type CreditNoteComputed = { invoice_date: string; customer: string; company: string | null };

/** The instant a London day starts, as SQL. */
const londonStart = (date: string) => sql`(${date}::date)::timestamp AT TIME ZONE 'Europe/London'`;
const londonEndExclusive = (date: string) => sql`(${date}::date + 1)::timestamp AT TIME ZONE 'Europe/London'`;

/** The company printed for an order: the customer's own, else the billing (or delivery) address's. */
const companySql = sql`COALESCE(NULLIF(btrim(u.company_name), ''),
                                NULLIF(btrim(COALESCE(o.billing_address, o.delivery_address) ->> 'company_name'), ''))`;

export interface AccountingExportsOptions {
  now?: () => Date;
  pageSize?: number;
}

export class AccountingExports {
  private readonly now: () => Date;
  private readonly pageSize: number;

  constructor(
    private readonly db: Database,
    options: AccountingExportsOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  }

  /** The file name of an export ('orders-2025-04-01-to-2025-04-30.csv'). */
  static fileName(kind: 'orders' | 'invoices' | 'credit-notes', range: ExportRange): string {
    return `${kind}-${range.from}-to-${range.to}.csv`;
  }

  /** The orders placed in the range (London days), oldest first, as CSV text in pieces: the header row first. */
  async *ordersCsv(range: ExportRange): AsyncGenerator<string> {
    yield stringify([ORDER_EXPORT_COLUMNS as unknown as string[]]);
    const today = londonDateOf(this.now());
    let after: { cursor: string; orderId: number } | null = null;
    for (;;) {
      const keyset = after === null ? sql`TRUE` : sql`(o.created, o.order_id) > (${after.cursor}::timestamptz, ${after.orderId})`;
      // The cursor keeps microseconds (a Date would not), so the next page starts exactly after this one.
      const rows: OrderComputed[] = await queryRows<OrderComputed>(
        this.db,
        sql`SELECT ${ORDER.list}, ${CUSTOMER.list}, to_char(o.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor,
                   to_char(o.created AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS placed_on,
                   ${companySql} AS company, o.sub_total_pence + o.delivery_fee_pence AS net
            FROM orders o JOIN users u ON u.user_id = o.user_id
            WHERE o.created >= ${londonStart(range.from)} AND o.created < ${londonEndExclusive(range.to)} AND ${keyset}
            ORDER BY o.created, o.order_id
            LIMIT ${this.pageSize}`,
      );
      if (rows.length === 0) return;
      yield stringify(
        rows.map((r) => {
          const order = ORDER.read(r);
          const customer = CUSTOMER.read(r);
          return [
            String(order.orderId),
            r.placed_on,
            safeCell(`${customer.firstName} ${customer.lastName}`.trim()),
            safeCell(customer.email),
            safeCell(r.company),
            safeCell(customer.vatNumber),
            PAYMENT_METHOD_NAMES[order.paymentMethod] ?? order.paymentMethod,
            safeCell(order.paymentReference),
            safeCell(order.purchaseOrderNumber),
            order.status,
            paymentStatusLabelOf({ ...order, state: order.status }, today),
            pounds(r.net),
            // The order's own VAT, fixed when placed by its delivery zone (pricing/vat-by-destination.ts).
            order.vatTreatment,
            String(order.vatRatePercent),
            pounds(order.totalTaxPence),
            pounds(order.totalPence),
            'GBP',
            pounds(order.paidPence),
            pounds(order.refundedPence),
            pounds(order.creditedPence),
            order.paymentDueDate ?? '',
            testPaymentCell(order.paymentIsTest),
          ];
        }),
      );
      if (rows.length < this.pageSize) return;
      const last = rows[rows.length - 1]!;
      after = { cursor: last.cursor, orderId: ORDER.read(last).orderId };
    }
  }

  /** The VAT invoices dated in the range (London days), by number, as CSV text in pieces: the header row first. */
  async *invoicesCsv(range: ExportRange): AsyncGenerator<string> {
    yield stringify([INVOICE_EXPORT_COLUMNS as unknown as string[]]);
    let after = 0;
    for (;;) {
      const rows: InvoiceComputed[] = await queryRows<InvoiceComputed>(
        this.db,
        sql`SELECT ${INVOICE.list}, ${INVOICED_ORDER.list}, ${VAT_NUMBER.list},
                   to_char(i.issued_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS invoice_date,
                   COALESCE(NULLIF(btrim(COALESCE(o.billing_address, o.delivery_address) ->> 'contact_name'), ''),
                            btrim(u.first_name || ' ' || u.last_name)) AS customer,
                   ${companySql} AS company,
                   COALESCE(o.billing_address, o.delivery_address) ->> 'post_code' AS billing_postcode,
                   o.sub_total_pence + o.delivery_fee_pence AS net
            FROM invoices i JOIN orders o ON o.order_id = i.order_id JOIN users u ON u.user_id = o.user_id
            WHERE i.invoice_number > ${after}
              AND i.issued_at >= ${londonStart(range.from)} AND i.issued_at < ${londonEndExclusive(range.to)}
            ORDER BY i.invoice_number
            LIMIT ${this.pageSize}`,
      );
      if (rows.length === 0) return;
      yield stringify(
        rows.map((r) => {
          const invoice = INVOICE.read(r);
          const order = INVOICED_ORDER.read(r);
          return [
            formatInvoiceNumber(invoice.invoiceNumber),
            r.invoice_date,
            invoice.taxPointDate,
            String(invoice.orderId),
            safeCell(r.customer),
            safeCell(r.company),
            safeCell(VAT_NUMBER.read(r).vatNumber),
            safeCell(r.billing_postcode),
            pounds(r.net),
            // The order's own VAT, fixed when placed by its delivery zone (pricing/vat-by-destination.ts).
            order.vatTreatment,
            String(order.vatRatePercent),
            pounds(order.totalTaxPence),
            pounds(order.totalPence),
            'GBP',
            testPaymentCell(order.paymentIsTest),
          ];
        }),
      );
      if (rows.length < this.pageSize) return;
      after = INVOICE.read(rows[rows.length - 1]!).invoiceNumber;
    }
  }

  /**
   * The VAT credit notes dated in the range (their date is their tax point, a London day), by
   * number, as CSV text in pieces: amounts negative (they reduce the invoice they name).
   */
  async *creditNotesCsv(range: ExportRange): AsyncGenerator<string> {
    yield stringify([CREDIT_NOTE_EXPORT_COLUMNS as unknown as string[]]);
    let after = 0;
    for (;;) {
      const rows: CreditNoteComputed[] = await queryRows<CreditNoteComputed>(
        this.db,
        sql`SELECT ${CREDIT_NOTE.list}, ${VAT_NUMBER.list},
                   to_char(i.issued_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS invoice_date,
                   COALESCE(NULLIF(btrim(COALESCE(o.billing_address, o.delivery_address) ->> 'contact_name'), ''),
                            btrim(u.first_name || ' ' || u.last_name)) AS customer,
                   ${companySql} AS company
            FROM credit_notes c JOIN invoices i ON i.invoice_number = c.invoice_number
              JOIN orders o ON o.order_id = c.order_id JOIN users u ON u.user_id = o.user_id
            WHERE c.credit_note_number > ${after} AND c.tax_point_date BETWEEN ${range.from}::date AND ${range.to}::date
            ORDER BY c.credit_note_number
            LIMIT ${this.pageSize}`,
      );
      if (rows.length === 0) return;
      yield stringify(
        rows.map((r) => {
          const note = CREDIT_NOTE.read(r);
          return [
            formatCreditNoteNumber(note.creditNoteNumber),
            note.taxPointDate,
            formatInvoiceNumber(note.invoiceNumber),
            r.invoice_date,
            String(note.orderId),
            note.kind,
            safeCell(note.reason),
            safeCell(r.customer),
            safeCell(r.company),
            safeCell(VAT_NUMBER.read(r).vatNumber),
            String(note.vatRatePercent),
            pounds(-note.netPence),
            pounds(-note.vatPence),
            pounds(-note.totalPence),
            'GBP',
          ];
        }),
      );
      if (rows.length < this.pageSize) return;
      after = CREDIT_NOTE.read(rows[rows.length - 1]!).creditNoteNumber;
    }
  }
}
