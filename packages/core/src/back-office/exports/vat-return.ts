/**
 * The sales figures of a UK VAT return for a period (DESIGN section 10: "VAT return figures per
 * period from invoices minus credit notes"), for the owner or manager to copy into HMRC's form:
 *
 * - Box 1, VAT due on sales: the VAT of the VAT invoices whose time of supply (tax point) falls in
 *   the period, less the VAT of the credit notes dated in it;
 * - Box 6, total value of sales excluding VAT: their net amounts likewise (zero-rated exports
 *   included, as HMRC asks); HMRC takes whole pounds, so the pence are dropped for the form;
 * - the value of sales of goods to destinations outside the UK (orders with `vat_treatment`
 *   'export', zero-rated): the same net amounts, those orders only. (Box 8 is for goods to the EU
 *   from Northern Ireland only, which this shop does not do; the figure is shown for the records.)
 *
 * Every figure is the sum over the documents listed (vatReturnDocuments below: one place), so the
 * return reconciles line by line with the invoices and credit notes. Credit notes count at their
 * own date (their tax point), not the invoice's: a cancellation in April of a March invoice
 * reduces the April-June return. Amounts are the documents' own (an invoice the order's stored
 * totals, a credit note its stored figures), negative for credit notes.
 *
 * Periods are calendar days in London, both ends included: a calendar quarter ('2025-Q4') by
 * default, or any from/to.
 */
import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { queryRows, type Database } from '@shop/db';
import { Invalid } from '../../errors.ts';
import { formatCreditNoteNumber } from '../../documents/credit-note-numbers.ts';
import { formatInvoiceNumber } from '../../documents/invoice-numbers.ts';
import { londonDateOf } from '../customers/customer-directory.ts';
import { EXPORT_PAGE_SIZE, parseExportRange, type ExportRange } from './accounting-exports.ts';

export interface VatPeriod extends ExportRange {
  /** '2025-Q4' when the period is a calendar quarter, else null. */
  quarter: string | null;
}

export interface VatReturnDocument {
  kind: 'invoice' | 'credit_note';
  /** 'INV-000042' or 'CN-000007'. */
  number: string;
  taxPoint: string;
  orderId: number;
  vatTreatment: 'standard' | 'export';
  /** Negative for a credit note. */
  netPence: number;
  vatPence: number;
  grossPence: number;
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
  /** The documents behind the figures, by tax point (at most `documentLimit` when one was given). */
  documents: VatReturnDocument[];
}

export const VAT_RETURN_COLUMNS = ['document', 'number', 'tax_point', 'order_number', 'destination', 'net', 'vat', 'gross'] as const;

export const vatReturnMessages = {
  quarter: 'Choose a quarter such as 2025-Q4.',
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

/**
 * The documents of a period, one row each, signed: the one definition every figure sums. Ordered
 * by (tax_point, kind, number), which the CSV pages on.
 */
function vatReturnDocuments(period: ExportRange): SQL {
  return sql`
    SELECT 'invoice' AS kind, i.invoice_number AS number, i.tax_point_date::text AS tax_point, o.order_id, o.vat_treatment,
           o.sub_total_pence + o.delivery_fee_pence AS net, o.total_tax_pence AS vat, o.total_pence AS gross
    FROM invoices i JOIN orders o ON o.order_id = i.order_id
    WHERE i.tax_point_date BETWEEN ${period.from}::date AND ${period.to}::date
    UNION ALL
    SELECT 'credit_note', c.credit_note_number, c.tax_point_date::text, c.order_id, o.vat_treatment,
           -c.net_pence, -c.vat_pence, -c.total_pence
    FROM credit_notes c JOIN orders o ON o.order_id = c.order_id
    WHERE c.tax_point_date BETWEEN ${period.from}::date AND ${period.to}::date`;
}

type DocumentRow = { kind: 'invoice' | 'credit_note'; number: number | string; tax_point: string; order_id: number | string; vat_treatment: 'standard' | 'export'; net: number | string; vat: number | string; gross: number | string };
type TotalsRow = { vat: number | string; net: number | string; export_net: number | string; invoices: number | string; credit_notes: number | string };

function documentOf(row: DocumentRow): VatReturnDocument {
  const number = Number(row.number);
  return {
    kind: row.kind,
    number: row.kind === 'invoice' ? formatInvoiceNumber(number) : formatCreditNoteNumber(number),
    taxPoint: row.tax_point,
    orderId: Number(row.order_id),
    vatTreatment: row.vat_treatment,
    netPence: Number(row.net),
    vatPence: Number(row.vat),
    grossPence: Number(row.gross),
  };
}

/** Pence as pounds with two decimals and no symbol, negative with a minus ('-12.50'). */
function pounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

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

  /** The figures of the period and the documents behind them (the first `documentLimit` of them when given). */
  async figures(period: VatPeriod, documentLimit?: number): Promise<VatReturnFigures> {
    const documents = vatReturnDocuments(period);
    const [[totals], rows] = await Promise.all([
      queryRows<TotalsRow>(
        this.db,
        sql`SELECT COALESCE(sum(d.vat), 0) AS vat, COALESCE(sum(d.net), 0) AS net,
                   COALESCE(sum(d.net) FILTER (WHERE d.vat_treatment = 'export'), 0) AS export_net,
                   count(*) FILTER (WHERE d.kind = 'invoice') AS invoices, count(*) FILTER (WHERE d.kind = 'credit_note') AS credit_notes
            FROM (${documents}) d`,
      ),
      queryRows<DocumentRow>(
        this.db,
        sql`SELECT * FROM (${documents}) d ORDER BY d.tax_point, d.kind, d.number ${documentLimit === undefined ? sql`` : sql`LIMIT ${documentLimit}`}`,
      ),
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
      documents: rows.map(documentOf),
    };
  }

  /**
   * The documents of the period as CSV text in pieces (keyset pages), then one row per figure:
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
      const rows: DocumentRow[] = await queryRows<DocumentRow>(
        this.db,
        sql`SELECT * FROM (${vatReturnDocuments(period)}) d WHERE ${keyset} ORDER BY d.tax_point, d.kind, d.number LIMIT ${pageSize}`,
      );
      if (rows.length > 0) {
        yield stringify(
          rows.map((row) => {
            const d = documentOf(row);
            return [d.kind, d.number, d.taxPoint, String(d.orderId), d.vatTreatment === 'export' ? 'outside_uk' : 'uk', pounds(d.netPence), pounds(d.vatPence), pounds(d.grossPence)];
          }),
        );
      }
      if (rows.length < pageSize) break;
      const last = rows[rows.length - 1]!;
      after = { taxPoint: last.tax_point, kind: last.kind, number: Number(last.number) };
    }
    const figures = await this.figures(period, 0);
    yield stringify([
      ['box_1_vat_due_on_sales', '', '', '', '', '', pounds(figures.box1VatDuePence), ''],
      ['box_6_total_sales_ex_vat', '', '', '', '', pounds(figures.box6NetSalesPence), '', ''],
      ['sales_of_goods_outside_the_uk', '', '', '', 'outside_uk', pounds(figures.exportSalesPence), '', ''],
    ]);
  }
}
