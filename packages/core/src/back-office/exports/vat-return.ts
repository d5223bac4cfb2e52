/**
 * The sales figures of a UK VAT return for a period, for the owner or manager to copy into HMRC's
 * form, added up by tax point (HMRC VAT Notice 700 section 14; DESIGN section 10, Money):
 *
 * - money received before the goods left (an advance payment: a bank transfer or account payment
 *   recorded, or a card payment taken at placement) is a tax point for the VAT it contains,
 *   amount x rate / (100 + rate) (pricing/money.ts `vatInGrossPence`, none for a zero-rated
 *   export), on the day it was received;
 * - money paid back before the order was invoiced (a refund of an advance payment, e.g. of a
 *   cancelled order) reduces the figures the same way, negative, on the day it was paid back;
 * - the VAT invoice (issued at dispatch: documents/invoice-eligibility.ts) counts on its tax
 *   point for the rest: its value less the advance payments and refunds already counted;
 * - a VAT credit note counts negative on its own date (a cancellation in April of a March invoice
 *   reduces the April-June return).
 *
 * So for every order, what the returns add up over time is its invoice less its credit notes, to
 * the penny, and each piece sits in the quarter of its own tax point. "Before the tax point":
 * received before the invoice's tax point and recorded before the invoice was issued (its
 * `payments_counted_through`: an invoice once issued has counted the rest, so a payment recorded
 * later changes nothing; invoices issued before this rule counted every payment in full), or, for
 * an order not yet invoiced, received before it was dispatched. Card refunds count once the provider has
 * made them. An overpayment before dispatch counts as received until the invoice (which then
 * counts less, even negative) or the refund of the excess settles it.
 *
 * The figures:
 * - Box 1, VAT due on sales: the VAT of the entries above whose tax point falls in the period;
 * - Box 6, total value of sales excluding VAT: their net amounts likewise (zero-rated exports
 *   included, as HMRC asks); HMRC takes whole pounds, so the pence are dropped for the form;
 * - the value of sales of goods to destinations outside the UK (orders with `vat_treatment`
 *   'export', zero-rated): the same net amounts, those orders only. (Box 8 is for goods to the EU
 *   from Northern Ireland only, which this shop does not do; the figure is shown for the records.)
 *
 * Every figure is the sum over the entries listed (vatReturnEntries below: one place), so the
 * return reconciles line by line with the invoices, credit notes and payments. Entries of orders
 * paid by a simulated (test) payment are listed, marked "test payment", and left out of every
 * figure: no money was taken and nothing was sold. A quarter the
 * owner marked filed (vat-periods.ts) never changes: nothing dated inside it may be written.
 *
 * Periods are calendar days in London, both ends included: a calendar quarter ('2025-Q4') by
 * default, or any from/to.
 */
import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { columnsOf, queryRows, staff as staffTable, vatPeriodsFiled, type Database, type Executor } from '@shop/db';
import { Conflict, Forbidden, Invalid } from '../../errors.ts';
import { formatDayMonthYear } from '../../documents/document-format.ts';
import { csvPounds, vatInGrossSql } from '../../pricing/money.ts';
import { can, type StaffMember } from '../../staff/staff-roles.ts';
import { formatCreditNoteNumber } from '../../documents/credit-note-numbers.ts';
import { formatInvoiceNumber } from '../../documents/invoice-numbers.ts';
import { londonDateOf } from '../customers/customer-directory.ts';
import { EXPORT_PAGE_SIZE, parseExportRange, type ExportRange } from './accounting-exports.ts';

export interface VatPeriod extends ExportRange {
  /** '2025-Q4' when the period is a calendar quarter, else null. */
  quarter: string | null;
}

/**
 * What an entry of the return is: a VAT invoice, a VAT credit note, money received before the
 * tax point (a payment recorded, or the card payment taken at placement) or paid back before it.
 */
export type VatReturnEntryKind = 'invoice' | 'credit_note' | 'payment' | 'card_payment' | 'refund';

export interface VatReturnEntry {
  kind: VatReturnEntryKind;
  /** 'INV-000042', 'CN-000007', 'Payment 123' (the recorded payment's id), 'Refund 45', 'Card payment'. */
  number: string;
  /** The tax point: the invoice's, the credit note's date, the day the money was received or paid back. */
  taxPoint: string;
  orderId: number;
  vatTreatment: 'standard' | 'export';
  /** Negative for a credit note and a refund; an invoice's, less what was counted before it. */
  netPence: number;
  vatPence: number;
  grossPence: number;
  /** An invoice: the money received (less paid back) before its tax point, counted on its own days and left out here; else 0. */
  countedBeforePence: number;
  /**
   * Of an order paid by a simulated (test) payment (orders.payment_is_test): no money was taken
   * and nothing was sold, so the entry is listed, marked, and left out of every figure.
   */
  testPayment: boolean;
}

/** The owner marked the quarter filed: who, when, and the figures as filed (they never change). */
export interface FiledVatReturn {
  quarter: string;
  filedAt: Date;
  filedBy: string;
  box1VatDuePence: number;
  box6NetSalesPence: number;
  exportSalesPence: number;
}

export interface VatReturnFigures {
  period: VatPeriod;
  /** Box 1: VAT due on sales. */
  box1VatDuePence: number;
  /** Box 6: total value of sales excluding VAT, in pence (the form takes whole pounds: box6WholePounds). */
  box6NetSalesPence: number;
  box6WholePounds: number;
  /** Sales of goods to destinations outside the UK (zero-rated exports), excluding VAT. */
  exportSalesPence: number;
  invoiceCount: number;
  creditNoteCount: number;
  /** Payments and refunds before their tax point (card payments included). */
  paymentCount: number;
  /** Entries of test-payment orders, listed but left out of the figures and counts above, and their gross. */
  testPaymentEntryCount: number;
  testPaymentGrossPence: number;
  /** The entries behind the figures, by tax point (at most `entryLimit` when one was given). */
  entries: VatReturnEntry[];
  /** The period is a quarter the owner marked filed. */
  filed: FiledVatReturn | null;
}

/** `test_payment`: 'yes' for an entry of a test-payment order, listed but left out of the figures' rows. */
export const VAT_RETURN_COLUMNS = ['entry', 'number', 'tax_point', 'order_number', 'destination', 'net', 'vat', 'gross', 'counted_before', 'test_payment'] as const;

export const vatReturnMessages = {
  quarter: 'Choose a quarter such as 2025-Q4.',
  notOwner: 'Only the owner may mark a VAT return as filed.',
  fileQuarterOnly: 'Choose a calendar quarter to mark as filed.',
  notOver: (quarter: string, to: string) => `${quarter.replace('-', ' ')} is not over yet: it can be marked filed from ${formatDayMonthYear(to)} onwards, once it has ended.`,
  alreadyFiled: (quarter: string, at: Date, by: string) => `${quarter.replace('-', ' ')} was already marked filed on ${formatDayMonthYear(at.toISOString().slice(0, 10))} by ${by}.`,
} as const;

const QUARTER = /^(\d{4})-Q([1-4])$/;

/** The calendar quarter '2025-Q4' as London days. */
export function quarterPeriod(quarter: string): VatPeriod {
  const match = QUARTER.exec(quarter.trim());
  if (!match) throw new Invalid(vatReturnMessages.quarter, { fields: [{ field: 'quarter', message: vatReturnMessages.quarter }] });
  const year = Number(match[1]);
  const q = Number(match[2]);
  const firstMonth = (q - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, firstMonth + 2, 0)).getUTCDate();
  const month = (m: number) => String(m).padStart(2, '0');
  return { quarter: `${year}-Q${q}`, from: `${year}-${month(firstMonth)}-01`, to: `${year}-${month(firstMonth + 2)}-${last}` };
}

/** The quarter a London day falls in, '2025-Q4'. */
export function quarterOf(date: string): string {
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The quarters to choose from: the current one and the `count - 1` before it, newest first. */
export function recentQuarters(today: string, count = 8): string[] {
  let year = Number(today.slice(0, 4));
  let q = Number(quarterOf(today).slice(-1));
  const quarters: string[] = [];
  for (let i = 0; i < count; i++) {
    quarters.push(`${year}-Q${q}`);
    q -= 1;
    if (q === 0) {
      q = 4;
      year -= 1;
    }
  }
  return quarters;
}

/**
 * The period a request asks for: from/to when both are given, else the quarter, else the last
 * complete quarter (the one a return is usually due for).
 */
export function parseVatPeriod(query: { quarter?: string | null; from?: string | null; to?: string | null }, today: string): VatPeriod {
  if (query.from || query.to) {
    const range = parseExportRange(query.from, query.to);
    const asQuarter = quarterPeriod(quarterOf(range.from));
    return { ...range, quarter: asQuarter.from === range.from && asQuarter.to === range.to ? asQuarter.quarter : null };
  }
  if (query.quarter) return quarterPeriod(query.quarter);
  return quarterPeriod(recentQuarters(today, 2)[1]!);
}

/** The London day of an instant, as SQL. */
const londonDay = (instant: SQL) => sql`(${instant} AT TIME ZONE 'Europe/London')::date`;

/**
 * Money received or paid back before its order's tax point (see the top of this file), one row
 * each, signed, with the VAT it contains: those received in the period, or those of one order
 * (an invoice's, to leave out of it). Columns as vatReturnEntries'.
 */
function moneyBeforeTaxPoint(scope: ExportRange | { orderId: SQL }): SQL {
  const recorded = 'orderId' in scope ? sql`p.order_id = ${scope.orderId}` : sql`p.received_on BETWEEN ${scope.from}::date AND ${scope.to}::date`;
  const card =
    'orderId' in scope
      ? sql`c.order_id = ${scope.orderId}`
      : sql`c.created >= (${scope.from}::date)::timestamp AT TIME ZONE 'Europe/London' AND c.created < (${scope.to}::date + 1)::timestamp AT TIME ZONE 'Europe/London'`;
  return sql`
    SELECT m.kind, m.number, m.received_on::text AS tax_point, m.order_id, mo.vat_treatment,
           m.gross - m.vat AS net, m.vat, m.gross, 0 AS counted_before, mo.payment_is_test
    FROM (
      SELECT x.*, CASE WHEN o.vat_treatment = 'export' THEN 0 ELSE ${vatInGrossSql(sql`x.gross`, sql`o.vat_rate_percent`)} END AS vat
      FROM (
        SELECT p.kind::text AS kind, p.order_payment_id AS number, p.received_on, p.order_id,
               CASE WHEN p.kind = 'payment' THEN p.amount_pence ELSE -p.amount_pence END AS gross
        FROM order_payments p
        WHERE ${recorded} AND (p.provider_state IS NULL OR p.provider_state = 'completed')
        UNION ALL
        -- A card/wallet payment is captured when the order is placed (no payment row): what the
        -- order was paid less the payments recorded for it since.
        SELECT 'card_payment', c.order_id, ${londonDay(sql`c.created`)}, c.order_id,
               c.paid_pence - COALESCE((SELECT sum(y.amount_pence) FROM order_payments y WHERE y.order_id = c.order_id AND y.kind = 'payment'), 0)
        FROM orders c
        WHERE ${card} AND c.payment_method = 'paypal'
      ) x
      JOIN orders o ON o.order_id = x.order_id
      LEFT JOIN invoices i ON i.order_id = x.order_id
      WHERE x.gross <> 0
        AND CASE WHEN i.invoice_number IS NULL THEN o.dispatched_at IS NULL OR x.received_on < ${londonDay(sql`o.dispatched_at`)}
                 ELSE x.received_on < i.tax_point_date AND (x.kind = 'card_payment' OR x.number <= COALESCE(i.payments_counted_through, 0)) END
    ) m
    JOIN orders mo ON mo.order_id = m.order_id`;
}

/**
 * The entries of a period, one row each, signed: the one definition every figure sums. Ordered
 * by (tax_point, kind, number), which the CSV pages on.
 */
function vatReturnEntries(period: ExportRange): SQL {
  const before = moneyBeforeTaxPoint({ orderId: sql`io.order_id` });
  return sql`
    SELECT 'invoice' AS kind, inv.invoice_number AS number, inv.tax_point_date::text AS tax_point, io.order_id, io.vat_treatment,
           io.sub_total_pence + io.delivery_fee_pence - (b.gross - b.vat) AS net, io.total_tax_pence - b.vat AS vat, io.total_pence - b.gross AS gross,
           b.gross AS counted_before, io.payment_is_test
    FROM invoices inv
    JOIN orders io ON io.order_id = inv.order_id
    CROSS JOIN LATERAL (SELECT COALESCE(sum(e.gross), 0) AS gross, COALESCE(sum(e.vat), 0) AS vat FROM (${before}) e) b
    WHERE inv.tax_point_date BETWEEN ${period.from}::date AND ${period.to}::date
    UNION ALL
    SELECT 'credit_note', c.credit_note_number, c.tax_point_date::text, c.order_id, o.vat_treatment,
           -c.net_pence, -c.vat_pence, -c.total_pence, 0, o.payment_is_test
    FROM credit_notes c JOIN orders o ON o.order_id = c.order_id
    WHERE c.tax_point_date BETWEEN ${period.from}::date AND ${period.to}::date
    UNION ALL
    ${moneyBeforeTaxPoint(period)}`;
}

type EntryRow = {
  kind: VatReturnEntryKind;
  number: number | string;
  tax_point: string;
  order_id: number | string;
  vat_treatment: 'standard' | 'export';
  net: number | string;
  vat: number | string;
  gross: number | string;
  counted_before: number | string;
  payment_is_test: boolean;
};
type TotalsRow = {
  vat: number | string;
  net: number | string;
  export_net: number | string;
  invoices: number | string;
  credit_notes: number | string;
  payments: number | string;
  test_entries: number | string;
  test_gross: number | string;
};

function entryNumber(kind: VatReturnEntryKind, number: number): string {
  switch (kind) {
    case 'invoice':
      return formatInvoiceNumber(number);
    case 'credit_note':
      return formatCreditNoteNumber(number);
    case 'payment':
      return `Payment ${number}`;
    case 'refund':
      return `Refund ${number}`;
    case 'card_payment':
      return 'Card payment';
  }
}

function entryOf(row: EntryRow): VatReturnEntry {
  return {
    kind: row.kind,
    number: entryNumber(row.kind, Number(row.number)),
    taxPoint: row.tax_point,
    orderId: Number(row.order_id),
    vatTreatment: row.vat_treatment,
    netPence: Number(row.net),
    vatPence: Number(row.vat),
    grossPence: Number(row.gross),
    countedBeforePence: Number(row.counted_before),
    testPayment: row.payment_is_test,
  };
}

const pounds = csvPounds;

/** A filed quarter's row: when, and the figures as filed; and who filed it. */
const FILED = columnsOf(vatPeriodsFiled, ['filedAt', 'box1VatDuePence', 'box6NetSalesPence', 'exportSalesPence'], 'f');
const FILED_BY = columnsOf(staffTable, ['name'], 's');

export class VatReturns {
  constructor(
    private readonly db: Database,
    private readonly options: { now?: () => Date; pageSize?: number } = {},
  ) {}

  /** Today in London (the default period is counted from it). */
  today(): string {
    return londonDateOf((this.options.now ?? (() => new Date()))());
  }

  static fileName(period: VatPeriod): string {
    return `vat-return-${period.quarter ?? `${period.from}-to-${period.to}`}.csv`;
  }

  /** The figures of the period and the entries behind them (the first `entryLimit` of them when given). */
  async figures(period: VatPeriod, entryLimit?: number, executor: Executor = this.db): Promise<VatReturnFigures> {
    const entries = vatReturnEntries(period);
    const [[totals], rows, filed] = await Promise.all([
      queryRows<TotalsRow>(
        executor,
        // Test-payment orders took no money and sold nothing: counted apart, never in the boxes.
        sql`SELECT COALESCE(sum(d.vat) FILTER (WHERE NOT d.payment_is_test), 0) AS vat, COALESCE(sum(d.net) FILTER (WHERE NOT d.payment_is_test), 0) AS net,
                   COALESCE(sum(d.net) FILTER (WHERE d.vat_treatment = 'export' AND NOT d.payment_is_test), 0) AS export_net,
                   count(*) FILTER (WHERE d.kind = 'invoice' AND NOT d.payment_is_test) AS invoices,
                   count(*) FILTER (WHERE d.kind = 'credit_note' AND NOT d.payment_is_test) AS credit_notes,
                   count(*) FILTER (WHERE d.kind IN ('payment', 'card_payment', 'refund') AND NOT d.payment_is_test) AS payments,
                   count(*) FILTER (WHERE d.payment_is_test) AS test_entries, COALESCE(sum(d.gross) FILTER (WHERE d.payment_is_test), 0) AS test_gross
            FROM (${entries}) d`,
      ),
      entryLimit === 0
        ? Promise.resolve([] as EntryRow[])
        : queryRows<EntryRow>(executor, sql`SELECT * FROM (${entries}) d ORDER BY d.tax_point, d.kind, d.number ${entryLimit === undefined ? sql`` : sql`LIMIT ${entryLimit}`}`),
      period.quarter ? this.filed(period.quarter, executor) : Promise.resolve(null),
    ]);
    const net = Number(totals!.net);
    return {
      period,
      box1VatDuePence: Number(totals!.vat),
      box6NetSalesPence: net,
      box6WholePounds: Math.trunc(net / 100),
      exportSalesPence: Number(totals!.export_net),
      invoiceCount: Number(totals!.invoices),
      creditNoteCount: Number(totals!.credit_notes),
      paymentCount: Number(totals!.payments),
      testPaymentEntryCount: Number(totals!.test_entries),
      testPaymentGrossPence: Number(totals!.test_gross),
      entries: rows.map(entryOf),
      filed,
    };
  }

  /** Whether the quarter was marked filed: who, when, and the figures as filed. */
  async filed(quarter: string, executor: Executor = this.db): Promise<FiledVatReturn | null> {
    const [row] = await queryRows<Record<string, unknown>>(
      executor,
      sql`SELECT ${FILED.list}, ${FILED_BY.list}
          FROM vat_periods_filed f JOIN staff s ON s.staff_id = f.filed_by WHERE f.quarter = ${quarter}`,
    );
    if (!row) return null;
    const filed = FILED.read(row);
    return {
      quarter,
      filedAt: filed.filedAt,
      filedBy: FILED_BY.read(row).name,
      box1VatDuePence: filed.box1VatDuePence,
      box6NetSalesPence: filed.box6NetSalesPence,
      exportSalesPence: filed.exportSalesPence,
    };
  }

  /**
   * The owner marks a quarter filed with HMRC, once it is over: from then on nothing dated in it
   * may be written (vat-periods.ts), so its figures stay those filed, which the row keeps with who
   * and when (an append-only table: the audit). The table lock waits for writers of payments and
   * invoices in flight and keeps new ones out until the figures are read and the row written.
   */
  async file(staff: StaffMember, quarter: string): Promise<FiledVatReturn> {
    if (!can(staff.role, 'vat:file')) throw new Forbidden(vatReturnMessages.notOwner);
    const period = quarterPeriod(quarter);
    if (period.to >= this.today()) throw new Invalid(vatReturnMessages.notOver(period.quarter!, dayAfterIso(period.to)));
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE vat_periods_filed IN SHARE ROW EXCLUSIVE MODE`);
      const already = await this.filed(period.quarter!, tx);
      if (already) throw new Conflict(vatReturnMessages.alreadyFiled(already.quarter, already.filedAt, already.filedBy));
      const figures = await this.figures(period, 0, tx);
      await tx.execute(
        sql`INSERT INTO vat_periods_filed (quarter, period_from, period_to, filed_by, filed_at, box1_vat_due_pence, box6_net_sales_pence, export_sales_pence)
            VALUES (${period.quarter}, ${period.from}::date, ${period.to}::date, ${staff.staffId}, ${(this.options.now ?? (() => new Date()))().toISOString()}::timestamptz,
                    ${figures.box1VatDuePence}, ${figures.box6NetSalesPence}, ${figures.exportSalesPence})`,
      );
      return (await this.filed(period.quarter!, tx))!;
    });
  }

  /**
   * The entries of the period as CSV text in pieces (keyset pages), then one row per figure:
   * `box_1_vat_due_on_sales` (its vat cell), `box_6_total_sales_ex_vat` and
   * `sales_of_goods_outside_the_uk` (their net cells), each the sum of the rows above.
   */
  async *csv(period: VatPeriod): AsyncGenerator<string> {
    yield stringify([VAT_RETURN_COLUMNS as unknown as string[]]);
    const pageSize = this.options.pageSize ?? EXPORT_PAGE_SIZE;
    let after: { taxPoint: string; kind: string; number: number } | null = null;
    for (;;) {
      const keyset: SQL =
        after === null ? sql`TRUE` : sql`(d.tax_point, d.kind, d.number) > (${after.taxPoint}, ${after.kind}, ${after.number})`;
      const rows: EntryRow[] = await queryRows<EntryRow>(
        this.db,
        sql`SELECT * FROM (${vatReturnEntries(period)}) d WHERE ${keyset} ORDER BY d.tax_point, d.kind, d.number LIMIT ${pageSize}`,
      );
      if (rows.length > 0) {
        yield stringify(
          rows.map((row) => {
            const d = entryOf(row);
            return [
              d.kind,
              d.number,
              d.taxPoint,
              String(d.orderId),
              d.vatTreatment === 'export' ? 'outside_uk' : 'uk',
              pounds(d.netPence),
              pounds(d.vatPence),
              pounds(d.grossPence),
              d.kind === 'invoice' ? pounds(d.countedBeforePence) : '',
              d.testPayment ? 'yes' : '',
            ];
          }),
        );
      }
      if (rows.length < pageSize) break;
      const last = rows[rows.length - 1]!;
      after = { taxPoint: last.tax_point, kind: last.kind, number: Number(last.number) };
    }
    const figures = await this.figures(period, 0);
    yield stringify([
      ['box_1_vat_due_on_sales', '', '', '', '', '', pounds(figures.box1VatDuePence), '', '', ''],
      ['box_6_total_sales_ex_vat', '', '', '', '', pounds(figures.box6NetSalesPence), '', '', '', ''],
      ['sales_of_goods_outside_the_uk', '', '', '', 'outside_uk', pounds(figures.exportSalesPence), '', '', '', ''],
    ]);
  }
}

function dayAfterIso(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
