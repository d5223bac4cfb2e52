/**
 * A trade customer's account (docs/statements.md): the open invoices, the statement of account for
 * any month (page, PDF, JSON API), paying open invoices by card in one payment, and the monthly
 * statement e-mail.
 *
 * What the statement holds: the trade account's ledger, i.e. the customer's orders placed on
 * account (payment method 'account'), from the rows the money rules already write:
 * - an invoice (`invoices`) is a debit of the order's total on its invoice date (London), due on
 *   the order's `payment_due_date` (set at dispatch) or, when it was invoiced before dispatch
 *   (paid in full first), the invoice date plus the account's terms, as the invoice itself says;
 * - a credit note (`credit_notes`) is a credit of its total on its date (its tax point);
 * - a payment (`order_payments`, kind 'payment') is a credit on the day received; a refund paid
 *   back is a debit, counted once the provider completed it (or when staff recorded it by hand),
 *   as `orders.refunded_pence` counts it. One card payment of several invoices (the page's "pay
 *   selected", due-card-payment.ts payMany) is one line.
 * Card and bank transfer orders are paid before they leave and are not on the account: they are
 * not on the statement. With the credit note rules (documents/credit-notes.ts: a refund credits
 * only what the shop no longer keeps), an order's ledger balance is what paymentFiguresOf says it
 * owes, less any refund due: so today's closing balance is what the open invoices owe.
 *
 * Only the customer reads their own: every method takes the customer's id from the session or
 * the token, and another customer's order is simply not in their ledger.
 */
import { orderVisibleTo, tradeAccountKeyOf } from '../companies/company-access.ts';
import { payersOf } from '../companies/companies.ts';
import { sql } from 'drizzle-orm';
import {
  columnsOf,
  creditNotes,
  invoices,
  orderPayments,
  orders,
  queryRows,
  tradeAccounts,
  users,
  type Database,
} from '@shop/db';
import { statementMessages, type OpenInvoicesDto, type StatementDto } from '@shop/contract';
import { Invalid, NotFound } from '../errors.ts';
import { penceToPounds } from '../pricing/money.ts';
import { paymentFiguresOf, PAYMENT_FILTER_CONDITIONS } from '../back-office/orders/order-states.ts';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { formatInvoiceNumber } from '../documents/invoice-numbers.ts';
import { formatCreditNoteNumber } from '../documents/credit-note-numbers.ts';
import { customerInvoicePath } from '../documents/invoice-url.ts';
import { postalLines } from '../documents/vat-invoice.ts';
import { addCalendarDays } from '../quotes/quote-validity.ts';
import { cardPaymentRecordKey } from '../payments/unplaced-payments.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { PdfFile } from '../documents/document-service.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import { DEFAULT_TERMS_DAYS } from '../trade-accounts/trade-accounts.ts';
import { AGEING_BUCKETS, buildStatement, daysBetween, type LedgerEntry } from './statement-ledger.ts';
import { statementPdf } from './statement-pdf.ts';
import { monthlyStatementJob } from './statement-email.ts';

const INVOICE = columnsOf(invoices, ['invoiceNumber', 'issuedAt'], 'i');
const INVOICED_ORDER = columnsOf(orders, ['orderId', 'totalPence', 'paymentDueDate', 'purchaseOrderNumber'], 'o');
const OPEN_ORDER = columnsOf(orders, ['orderId', 'status', 'totalPence', 'paidPence', 'refundedPence', 'creditedPence', 'paymentDueDate', 'paymentReference'], 'o');
const CREDIT_NOTE = columnsOf(creditNotes, ['creditNoteNumber', 'invoiceNumber', 'orderId', 'taxPointDate', 'kind', 'reason', 'totalPence'], 'c');
const PAYMENT = columnsOf(orderPayments, ['orderPaymentId', 'orderId', 'kind', 'amountPence', 'receivedOn', 'bankReference', 'idempotencyKey'], 'p');
const CUSTOMER = columnsOf(users, ['firstName', 'lastName', 'email', 'companyName', 'createdAt'], 'u');
const ACCOUNT = columnsOf(tradeAccounts, ['termsDays', 'openedAt', 'closedAt'], 't');
const BILLING = columnsOf(orders, ['billingAddress'], 'o');
const CUSTOMER_OF = columnsOf(orders, ['userId'], 'o');

/** YYYY-MM of a London date. */
export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

/** The month before the one `date` is in: what the statement e-mailed on the first working day covers. */
export function statementMonthBefore(date: IsoDate): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** First and last day of a month (YYYY-MM). */
export function monthBounds(month: string): { from: IsoDate; to: IsoDate } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "November 2026". */
export function formatStatementMonth(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

export interface AccountStatementsOptions {
  shop: ShopConfig;
  /** Where the storefront is served, for the monthly e-mail's links. */
  publicBaseUrl: string;
  jobs: JobQueue;
  now?: () => Date;
}

/** A customer's statement with the figures in pence (the PDF and the e-mail read these). */
export interface StatementOfAccount {
  dto: StatementDto;
  closingPence: number;
  overduePence: number;
  addressLines: string[];
}

export class AccountStatements {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: AccountStatementsOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Today, London. */
  today(): IsoDate {
    return londonDate(this.now());
  }

  /** The customer's open invoices (orders on account, invoiced, something still due), oldest due date first. */
  async openInvoices(userId: number): Promise<OpenInvoicesDto> {
    const today = this.today();
    const terms = (await this.account(userId))?.termsDays ?? DEFAULT_TERMS_DAYS;
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${OPEN_ORDER.list}, ${INVOICE.list}
          FROM orders o JOIN invoices i ON i.order_id = o.order_id
          WHERE ${orderVisibleTo(userId, 'o')} AND o.payment_method = 'account' AND ${sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid)}`,
    );
    const open = rows.map((row) => {
      const order = OPEN_ORDER.read(row);
      const invoice = INVOICE.read(row);
      const invoiceDate = londonDate(invoice.issuedAt);
      const dueDate = order.paymentDueDate ?? addCalendarDays(invoiceDate, terms);
      const figures = paymentFiguresOf(order);
      return {
        order_id: order.orderId,
        invoice_number: formatInvoiceNumber(invoice.invoiceNumber),
        invoice_date: invoiceDate,
        due_date: dueDate,
        total: penceToPounds(order.totalPence),
        credited: penceToPounds(order.creditedPence),
        paid: penceToPounds(figures.paidPence),
        amount_due: penceToPounds(figures.duePence),
        days_overdue: Math.max(0, daysBetween(dueDate, today)),
        payment_reference: order.paymentReference,
        invoice_url: customerInvoicePath(order.orderId),
        duePence: figures.duePence,
      };
    });
    open.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.order_id - b.order_id);
    const total = open.reduce((sum, invoice) => sum + invoice.duePence, 0);
    const overdue = open.filter((invoice) => invoice.days_overdue > 0).reduce((sum, invoice) => sum + invoice.duePence, 0);
    return { invoices: open.map(({ duePence: _, ...invoice }) => invoice), total_due: penceToPounds(total), overdue_due: penceToPounds(overdue) };
  }

  /** The months a statement can be asked for: from the first on the account (at most five years back) to this one, newest first. */
  async months(userId: number): Promise<string[]> {
    const current = monthOf(this.today());
    const entries = await this.ledger(userId, DEFAULT_TERMS_DAYS);
    const account = await this.account(userId);
    const starts = [...entries.map((entry) => monthOf(entry.date)), ...(account ? [monthOf(londonDate(account.openedAt))] : [])].sort();
    let month = starts[0] && starts[0] < current ? starts[0] : current;
    const fiveYearsBack = `${Number(current.slice(0, 4)) - 5}${current.slice(4)}`;
    if (month < fiveYearsBack) month = fiveYearsBack;
    const months: string[] = [];
    for (let m = current; m >= month; m = statementMonthBefore(`${m}-01`)) months.push(m);
    return months;
  }

  /** The statement of account for `month` (YYYY-MM; this month, to today, when left out). */
  async statement(userId: number, month?: string): Promise<StatementDto> {
    return (await this.statementOfAccount(userId, month)).dto;
  }

  /** The statement as a PDF (the shop's documents' layout and typeface). */
  async statementPdf(userId: number, month?: string): Promise<PdfFile> {
    const statement = await this.statementOfAccount(userId, month);
    return { filename: `statement-${statement.dto.month}.pdf`, content: await statementPdf(this.options.shop, statement) };
  }

  async statementOfAccount(userId: number, month?: string): Promise<StatementOfAccount> {
    const today = this.today();
    const chosen = month ?? monthOf(today);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(chosen)) throw new Invalid(statementMessages.month, { fields: [{ field: 'month', message: statementMessages.month }] });
    if (chosen > monthOf(today)) throw new Invalid(statementMessages.future, { fields: [{ field: 'month', message: statementMessages.future }] });
    const { from, to: monthEnd } = monthBounds(chosen);
    const to = monthEnd < today ? monthEnd : today;

    const [customer] = await queryRows<object>(this.db, sql`SELECT ${CUSTOMER.list} FROM users u WHERE u.user_id = ${userId}`);
    if (!customer) throw new NotFound('There is no such customer.');
    const person = CUSTOMER.read(customer);
    const account = await this.account(userId);
    const figures = buildStatement(await this.ledger(userId, account?.termsDays ?? DEFAULT_TERMS_DAYS), from, to);
    const [billing] = await queryRows<object>(
      this.db,
      sql`SELECT ${BILLING.list} FROM orders o WHERE o.user_id = ${userId} AND o.payment_method = 'account' AND o.billing_address IS NOT NULL ORDER BY o.order_id DESC LIMIT 1`,
    );
    const address = billing ? BILLING.read(billing).billingAddress : null;

    const dto: StatementDto = {
      month: chosen,
      period_from: from,
      statement_date: to,
      customer: { name: `${person.firstName} ${person.lastName}`.trim(), company_name: person.companyName, email: person.email },
      terms_days: account && account.closedAt === null ? account.termsDays : null,
      opening_balance: penceToPounds(figures.openingPence),
      documents_total: penceToPounds(figures.documentsPence),
      payments_total: penceToPounds(figures.paymentsPence),
      closing_balance: penceToPounds(figures.closingPence),
      lines: figures.lines.map((line) => ({
        date: line.date,
        kind: line.kind,
        reference: line.reference,
        description: line.description,
        order_ids: line.perOrder.map((part) => part.orderId),
        due_date: line.dueDate,
        debit: line.amountPence > 0 ? penceToPounds(line.amountPence) : null,
        credit: line.amountPence < 0 ? penceToPounds(-line.amountPence) : null,
        balance: penceToPounds(line.balancePence),
      })),
      ageing: Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, penceToPounds(figures.ageing[bucket])])) as StatementDto['ageing'],
    };
    const overduePence = AGEING_BUCKETS.filter((bucket) => bucket !== 'current').reduce((sum, bucket) => sum + figures.ageing[bucket], 0);
    return { dto, closingPence: figures.closingPence, overduePence, addressLines: address ? [address.company_name, address.contact_name, ...postalLines(address)].filter(Boolean) : [] };
  }

  /**
   * Records the e-mail of `month`'s statement (YYYY-MM, a month that has ended) for every customer
   * whose trade account had something that month or owes (or is owed) something at its end: one
   * job each, once per customer and month however often this runs (the job's dedupe key), sent by
   * the job worker with the PDF attached. The scheduler calls it on the first working day of the
   * next month (statementMonthBefore(today)). Answers how many customers it recorded (or found
   * already recorded).
   */
  async emailMonthlyStatements(month: string): Promise<{ customers: number }> {
    const { to } = monthBounds(month);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || to >= this.today()) throw new Invalid(`The statement of ${month} can be e-mailed once the month is over.`);
    const candidates = await queryRows<object>(
      this.db,
      sql`SELECT DISTINCT ${CUSTOMER_OF.list} FROM orders o JOIN users u ON u.user_id = o.user_id
          WHERE o.payment_method = 'account' AND u.closed_at IS NULL AND o.created < ((${to}::date + 1)::timestamp AT TIME ZONE 'Europe/London')
          ORDER BY 1`,
    );
    // Sent to whoever pays: a company's admins (their statement is the company's), else the customer.
    const recipients = new Set<number>();
    for (const row of candidates) for (const payer of await payersOf(this.db, CUSTOMER_OF.read(row).userId)) recipients.add(payer);
    let customers = 0;
    for (const userId of [...recipients].sort((a, b) => a - b)) {
      const statement = await this.statement(userId, month);
      if (statement.lines.length === 0 && statement.closing_balance === 0) continue;
      await this.options.jobs.record(monthlyStatementJob(userId, month));
      customers += 1;
    }
    if (customers > 0) this.options.jobs.wakeWorkers();
    return { customers };
  }

  private async account(userId: number) {
    const [row] = await queryRows<object>(this.db, sql`SELECT ${ACCOUNT.list} FROM trade_accounts t WHERE t.user_id = ${tradeAccountKeyOf(userId)}`);
    return row ? ACCOUNT.read(row) : null;
  }

  /** Every entry of the customer's trade account ledger, in no particular order. */
  private async ledger(userId: number, termsDays: number): Promise<LedgerEntry[]> {
    // A company's statement is its account's: the orders the member may see (companies/company-access.ts).
    const onAccount = sql`${orderVisibleTo(userId, 'o')} AND o.payment_method = 'account'`;
    const [invoiceRows, noteRows, paymentRows] = await Promise.all([
      queryRows<object>(this.db, sql`SELECT ${INVOICE.list}, ${INVOICED_ORDER.list} FROM invoices i JOIN orders o ON o.order_id = i.order_id WHERE ${onAccount}`),
      queryRows<object>(this.db, sql`SELECT ${CREDIT_NOTE.list} FROM credit_notes c JOIN orders o ON o.order_id = c.order_id WHERE ${onAccount}`),
      // Refunds count once the provider completed them (or staff recorded them by hand), as orders.refunded_pence does.
      queryRows<object>(
        this.db,
        sql`SELECT ${PAYMENT.list} FROM order_payments p JOIN orders o ON o.order_id = p.order_id
            WHERE ${onAccount} AND (p.provider IS NULL OR p.provider_state = 'completed')`,
      ),
    ]);
    const invoiceOf = new Map<number, string>();
    const entries: LedgerEntry[] = invoiceRows.map((row) => {
      const invoice = INVOICE.read(row);
      const order = INVOICED_ORDER.read(row);
      const date = londonDate(invoice.issuedAt);
      const number = formatInvoiceNumber(invoice.invoiceNumber);
      invoiceOf.set(order.orderId, number);
      return {
        date,
        kind: 'invoice',
        reference: number,
        description: `Invoice for order ${order.orderId}${order.purchaseOrderNumber ? ` (your order ${order.purchaseOrderNumber})` : ''}`,
        dueDate: order.paymentDueDate ?? addCalendarDays(date, termsDays),
        amountPence: order.totalPence,
        perOrder: [{ orderId: order.orderId, amountPence: order.totalPence }],
        sequence: invoice.invoiceNumber,
      };
    });
    for (const row of noteRows) {
      const note = CREDIT_NOTE.read(row);
      const what = note.kind === 'cancellation' ? 'order cancelled' : note.kind === 'refund' ? 'refund' : 'credit';
      entries.push({
        date: note.taxPointDate,
        kind: 'credit_note',
        reference: formatCreditNoteNumber(note.creditNoteNumber),
        description: `Credit note against ${formatInvoiceNumber(note.invoiceNumber)}, ${what}: ${note.reason}`,
        dueDate: null,
        amountPence: -note.totalPence,
        perOrder: [{ orderId: note.orderId, amountPence: -note.totalPence }],
        sequence: note.creditNoteNumber,
      });
    }
    // A card payment of several orders is one payment: its rows share the reference's key (payMany).
    const grouped = new Map<string, LedgerEntry>();
    for (const row of paymentRows) {
      const payment = PAYMENT.read(row);
      const signed = payment.kind === 'payment' ? -payment.amountPence : payment.amountPence;
      const card = payment.kind === 'payment' && payment.idempotencyKey?.startsWith(cardPaymentRecordKey(''));
      const group = card ? payment.idempotencyKey!.replace(/#order-\d+$/, '') : `row:${payment.orderPaymentId}`;
      const known = grouped.get(group);
      if (known) {
        known.amountPence += signed;
        known.perOrder.push({ orderId: payment.orderId, amountPence: signed });
        known.sequence = Math.min(known.sequence, payment.orderPaymentId);
        continue;
      }
      grouped.set(group, {
        date: payment.receivedOn,
        kind: payment.kind === 'payment' ? 'payment' : 'refund',
        reference: payment.bankReference || `Payment ${payment.orderPaymentId}`,
        description: payment.kind === 'refund' ? 'Refund paid to you' : card ? 'Card payment, thank you' : 'Payment received, thank you',
        dueDate: null,
        amountPence: signed,
        perOrder: [{ orderId: payment.orderId, amountPence: signed }],
        sequence: payment.orderPaymentId,
      });
    }
    for (const entry of grouped.values()) {
      const paid = entry.perOrder.map((part) => invoiceOf.get(part.orderId) ?? `order ${part.orderId}`);
      entries.push({ ...entry, description: `${entry.description} (${entry.kind === 'refund' ? 'on' : 'for'} ${paid.join(', ')})` });
    }
    return entries;
  }
}
