/**
 * The owner's numbers (docs/reports.md): each report as figures for its page and as CSV of the
 * same table. Owner and manager only ('reports' in staff/staff-roles.ts); the warehouse sees none.
 * The figures are SQL aggregations over the orders, lines and stock (one module per area beside
 * this one); this class holds the clock and the CSV.
 */
import { stringify } from 'csv-stringify/sync';
import type { Database } from '@shop/db';
import { safeCell } from '../back-office/exports/accounting-exports.ts';
import { londonDateOf } from '../back-office/customers/customer-directory.ts';
import { Invalid } from '../errors.ts';
import { bestSellers, salesByCategory, type BestSellerOrder } from './product-reports.ts';
import { salesByCompany, salesByCustomer } from './customer-reports.ts';
import { parseReportRange, reportMessages, type ReportRange } from './report-range.ts';
import { salesReport, type SalesGroup } from './sales-report.ts';
import { DEFAULT_SLOW_DAYS, MAX_SLOW_DAYS, slowMovers, stockValue } from './stock-reports.ts';
import { marginPercent, marginReport } from './margin-report.ts';
import { offerReport } from './offer-report.ts';
import { csvPounds } from '../pricing/money.ts';

export const REPORT_NAMES = ['sales', 'best-sellers', 'categories', 'customers', 'companies', 'margin', 'stock-value', 'slow-movers', 'offers'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export function isReportName(value: unknown): value is ReportName {
  return typeof value === 'string' && (REPORT_NAMES as readonly string[]).includes(value);
}

/** An amount cell: pounds as the accounting exports write them; empty when unknown. */
const pounds = (pence: number | null): string => (pence === null ? '' : csvPounds(pence));

/** The days without a sale of the slow-movers report: a whole number 1-3650, default 90. */
export function parseSlowDays(value: string | null | undefined): number {
  if (value === null || value === undefined || value.trim() === '') return DEFAULT_SLOW_DAYS;
  const days = /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_SLOW_DAYS) throw new Invalid(reportMessages.slowDays, { fields: [{ field: 'days', message: reportMessages.slowDays }] });
  return days;
}

export class Reports {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  today(): string {
    return londonDateOf(this.now());
  }

  /** A request's `from` and `to` (both missing: the last 90 days), or an Invalid naming the field. */
  range(from: string | null | undefined, to: string | null | undefined): ReportRange {
    return parseReportRange(from, to, this.today());
  }

  sales(range: ReportRange, group: SalesGroup) {
    return salesReport(this.db, range, group);
  }

  bestSellers(range: ReportRange, by: BestSellerOrder, limit: number | null = 50) {
    return bestSellers(this.db, range, by, limit);
  }

  categories(range: ReportRange) {
    return salesByCategory(this.db, range);
  }

  customers(range: ReportRange, limit: number | null = 50) {
    return salesByCustomer(this.db, range, limit);
  }

  companies(range: ReportRange, limit: number | null = 50) {
    return salesByCompany(this.db, range, limit);
  }

  margin(range: ReportRange) {
    return marginReport(this.db, range);
  }

  stockValue(limit: number | null = 50) {
    return stockValue(this.db, limit);
  }

  offers(range: ReportRange) {
    return offerReport(this.db, range);
  }

  slowMovers(days: number, limit: number | null = 100) {
    return slowMovers(this.db, days, this.today(), limit);
  }

  static csvFileName(report: ReportName, range: ReportRange | null): string {
    return range ? `${report}-${range.from}-to-${range.to}.csv` : `${report}.csv`;
  }

  /** The report's table as CSV (every row, not only those the page lists), amounts in pounds ex VAT. */
  async *csv(report: ReportName, options: { range: ReportRange; group: SalesGroup; by: BestSellerOrder; days: number }): AsyncGenerator<string> {
    const { header, rows } = await this.csvTable(report, options);
    yield stringify([header, ...rows]);
  }

  private async csvTable(
    report: ReportName,
    { range, group, by, days }: { range: ReportRange; group: SalesGroup; by: BestSellerOrder; days: number },
  ): Promise<{ header: string[]; rows: (string | number)[][] }> {
    switch (report) {
      case 'sales': {
        const sales = await this.sales(range, group);
        return {
          header: ['period_start', 'orders', 'sales_ex_vat', 'delivery_ex_vat', 'last_year_period_start', 'last_year_orders', 'last_year_sales_ex_vat', 'last_year_delivery_ex_vat'],
          rows: sales.periods.map((p) => [
            p.start,
            p.orders,
            pounds(p.salesPence),
            pounds(p.deliveryPence),
            p.lastYearStart,
            p.lastYear.orders,
            pounds(p.lastYear.salesPence),
            pounds(p.lastYear.deliveryPence),
          ]),
        };
      }
      case 'best-sellers': {
        const best = await this.bestSellers(range, by, null);
        return {
          header: ['product_code', 'product', 'size', 'units', 'sales_ex_vat'],
          rows: best.rows.map((r) => [safeCell(r.productCode ?? ''), safeCell(r.productName), safeCell(r.size1), r.units, pounds(r.valuePence)]),
        };
      }
      case 'categories': {
        const rows = await this.categories(range);
        return { header: ['category', 'units', 'sales_ex_vat'], rows: rows.map((r) => [safeCell(r.name), r.units, pounds(r.valuePence)]) };
      }
      case 'customers': {
        const customers = await this.customers(range, null);
        return {
          header: ['customer', 'email', 'company', 'orders', 'sales_ex_vat'],
          rows: customers.rows.map((r) => [safeCell(r.customerName), safeCell(r.email), safeCell(r.companyName ?? ''), r.orders, pounds(r.salesPence)]),
        };
      }
      case 'companies': {
        const companies = await this.companies(range, null);
        return { header: ['company', 'customers', 'orders', 'sales_ex_vat'], rows: companies.rows.map((r) => [safeCell(r.name), r.customers, r.orders, pounds(r.salesPence)]) };
      }
      case 'margin': {
        const margin = await this.margin(range);
        const percent = (value: number | null) => (value === null ? '' : value.toFixed(1));
        return {
          header: ['category', 'sales_ex_vat', 'sales_with_cost', 'cost', 'margin', 'margin_percent', 'sales_without_cost'],
          rows: margin.rows.map((r) => [
            safeCell(r.name),
            pounds(r.salesPence),
            pounds(r.costedSalesPence),
            pounds(r.costPence),
            pounds(r.marginPence),
            percent(marginPercent(r)),
            pounds(r.salesPence - r.costedSalesPence),
          ]),
        };
      }
      case 'stock-value': {
        const stock = await this.stockValue(null);
        return {
          header: ['product_code', 'product', 'size', 'on_hand', 'unit_cost', 'value_at_cost'],
          rows: stock.rows.map((r) => [safeCell(r.productCode), safeCell(r.productName), safeCell(r.size1), r.onHand, pounds(r.unitCostPence), pounds(r.valuePence)]),
        };
      }
      case 'offers': {
        const used = await this.offers(range);
        return {
          header: ['offer', 'code', 'orders', 'sales_ex_vat', 'discount_ex_vat', 'delivery_waived_ex_vat', 'cost_ex_vat'],
          rows: used.rows.map((r) => [safeCell(r.name), safeCell(r.code ?? 'automatic'), r.orders, pounds(r.salesPence), pounds(r.discountPence), pounds(r.deliverySavedPence), pounds(r.costPence)]),
        };
      }
      case 'slow-movers': {
        const slow = await this.slowMovers(days, null);
        return {
          header: ['product_code', 'product', 'size', 'last_sold', 'on_hand', 'unit_cost', 'value_at_cost'],
          rows: slow.rows.map((r) => [safeCell(r.productCode), safeCell(r.productName), safeCell(r.size1), r.lastSold ?? 'never', r.onHand ?? '', pounds(r.unitCostPence), pounds(r.valuePence)]),
        };
      }
    }
  }
}
