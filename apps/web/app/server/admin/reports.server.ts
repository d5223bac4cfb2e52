/**
 * The reports ('reports': owner and manager, never the warehouse; docs/reports.md): each page's
 * loader reads its GET form (the date range and the report's own choice), asks core's Reports for
 * the figures and hands them on with the path of the same table as CSV. A range that cannot be
 * read is said on the page beside the form, never a 500; the CSV answers it with a plain 400.
 */
import type { AppLoadContext } from 'react-router';
import {
  assertSalesGroupFits,
  Invalid,
  isBestSellerOrder,
  isReportName,
  isSalesGroup,
  parseSlowDays,
  Reports,
  type BestSellerOrder,
  type ReportName,
  type ReportRange,
  type SalesGroup,
} from '@shop/core';
import { requireStaff } from './staff-session.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import { csvRefusal, csvResponse } from '~/server/csv-response.server';

export const REPORTS_PATH = '/admin/reports';

/** What the range form shows: the range read, or what was typed with the reason it was refused. */
export interface RangeRead {
  range: ReportRange | null;
  from: string;
  to: string;
  failure: string | null;
}

function readRange(url: URL, reports: Reports): RangeRead {
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  try {
    const range = reports.range(from, to);
    return { range, from: range.from, to: range.to, failure: null };
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return { range: null, from: from ?? '', to: to ?? '', failure: error.message };
  }
}

function csvPath(report: ReportName, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const text = search.toString();
  return `${REPORTS_PATH}/csv/${report}${text ? `?${text}` : ''}`;
}

/** Runs a report, turning its Invalid (a range too long by day) into the page's failure. */
async function attempt<T>(read: RangeRead, run: (range: ReportRange) => Promise<T>): Promise<{ report: T | null; failure: string | null }> {
  if (!read.range) return { report: null, failure: read.failure };
  try {
    return { report: await run(read.range), failure: null };
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return { report: null, failure: error.message };
  }
}

export async function reportsIndex(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  return { today: context.services.reports.today() };
}

export async function salesPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  const url = new URL(request.url);
  const reports = context.services.reports;
  const asked = url.searchParams.get('group');
  const group: SalesGroup = isSalesGroup(asked) ? asked : 'week';
  const read = readRange(url, reports);
  const { report, failure } = await attempt(read, (range) => reports.sales(range, group));
  return { from: read.from, to: read.to, group, failure, report, csvPath: csvPath('sales', { from: read.from, to: read.to, group }) };
}

export async function bestSellersPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  const url = new URL(request.url);
  const reports = context.services.reports;
  const asked = url.searchParams.get('by');
  const by: BestSellerOrder = isBestSellerOrder(asked) ? asked : 'units';
  const read = readRange(url, reports);
  const { report, failure } = await attempt(read, (range) => reports.bestSellers(range, by));
  return { from: read.from, to: read.to, by, failure, report, csvPath: csvPath('best-sellers', { from: read.from, to: read.to, by }) };
}

export async function categoriesPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  const reports = context.services.reports;
  const read = readRange(new URL(request.url), reports);
  const { report, failure } = await attempt(read, (range) => reports.categories(range));
  return { from: read.from, to: read.to, failure, report, csvPath: csvPath('categories', { from: read.from, to: read.to }) };
}

/** Offers' uses and what they cost (docs/offers.md). */
export async function offersPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  const reports = context.services.reports;
  const read = readRange(new URL(request.url), reports);
  const { report, failure } = await attempt(read, (range) => reports.offers(range));
  return { from: read.from, to: read.to, failure, report, csvPath: csvPath('offers', { from: read.from, to: read.to }) };
}

export async function buyersPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  const url = new URL(request.url);
  const reports = context.services.reports;
  const by = url.searchParams.get('by') === 'company' ? 'company' : 'customer';
  const read = readRange(url, reports);
  const name: ReportName = by === 'company' ? 'companies' : 'customers';
  if (by === 'company') {
    const { report, failure } = await attempt(read, (range) => reports.companies(range));
    return { by, from: read.from, to: read.to, failure, companies: report, customers: null, csvPath: csvPath(name, { from: read.from, to: read.to }) };
  }
  const { report, failure } = await attempt(read, (range) => reports.customers(range));
  return { by, from: read.from, to: read.to, failure, customers: report, companies: null, csvPath: csvPath(name, { from: read.from, to: read.to }) };
}

export async function marginPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  const reports = context.services.reports;
  const read = readRange(new URL(request.url), reports);
  const { report, failure } = await attempt(read, (range) => reports.margin(range));
  return { from: read.from, to: read.to, failure, report, csvPath: csvPath('margin', { from: read.from, to: read.to }) };
}

export async function stockValuePage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  const reports = context.services.reports;
  return { today: reports.today(), report: await reports.stockValue(), csvPath: csvPath('stock-value', {}) };
}

export async function slowMoversPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'reports');
  const reports = context.services.reports;
  const typed = new URL(request.url).searchParams.get('days');
  try {
    const days = parseSlowDays(typed);
    return { days: String(days), failure: null, report: await reports.slowMovers(days), csvPath: csvPath('slow-movers', { days }) };
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return { days: typed ?? '', failure: error.message, report: null, csvPath: null };
  }
}

/** GET /admin/reports/csv/:report: the report's table as CSV, every row. */
export async function reportCsv(request: Request, context: AppLoadContext, name: string | undefined): Promise<Response> {
  try {
    await requireStaff(request, context, 'reports');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  if (!isReportName(name)) return csvRefusal(404, 'There is no such report.');
  const url = new URL(request.url);
  const reports = context.services.reports;
  const group = url.searchParams.get('group');
  const by = url.searchParams.get('by');
  try {
    const range = reports.range(url.searchParams.get('from'), url.searchParams.get('to'));
    const options = { range, group: isSalesGroup(group) ? group : 'week', by: isBestSellerOrder(by) ? by : 'units', days: parseSlowDays(url.searchParams.get('days')) } as const;
    if (name === 'sales') assertSalesGroupFits(range, options.group); // refused before the file starts
    const dated = name !== 'stock-value' && name !== 'slow-movers';
    return csvResponse(reports.csv(name, options), Reports.csvFileName(name, dated ? range : null));
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return csvRefusal(400, error.message);
  }
}
