/**
 * The VAT return figures ('exports': owner and manager, core/back-office/exports/vat-return.ts):
 * the period a request asks for (a quarter, or from/to; by default the last complete quarter), the
 * page's figures with the first documents behind them, and the CSV of all of them. A bad period
 * is a plain 400 for the CSV and a message on the page, never a 500.
 */
import type { AppLoadContext } from 'react-router';
import { Invalid, recentQuarters, VatReturns, parseVatPeriod, type VatPeriod } from '@shop/core';
import { requireStaff } from './staff-session.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import { csvRefusal, csvResponse } from '~/server/csv-response.server';

/** The page lists this many documents; the CSV has all of them. */
export const VAT_RETURN_PAGE_DOCUMENTS = 200;

function periodOf(request: Request, context: AppLoadContext): VatPeriod {
  const search = new URL(request.url).searchParams;
  return parseVatPeriod({ quarter: search.get('quarter'), from: search.get('from'), to: search.get('to') }, context.services.vatReturns.today());
}

export async function vatReturnPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, 'exports');
  const returns = context.services.vatReturns;
  const quarters = recentQuarters(returns.today());
  let period: VatPeriod;
  let problem: string | null = null;
  try {
    period = periodOf(request, context);
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    problem = error.message;
    period = parseVatPeriod({}, returns.today());
  }
  const figures = await returns.figures(period, VAT_RETURN_PAGE_DOCUMENTS);
  const query = period.quarter ? `quarter=${period.quarter}` : `from=${period.from}&to=${period.to}`;
  return { figures, quarters, problem, csvPath: `/admin/vat-return.csv?${query}`, shownDocuments: VAT_RETURN_PAGE_DOCUMENTS };
}

export async function vatReturnDownload(request: Request, context: AppLoadContext): Promise<Response> {
  try {
    await requireStaff(request, context, 'exports');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  let period: VatPeriod;
  try {
    period = periodOf(request, context);
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return csvRefusal(400, error.message);
  }
  return csvResponse(context.services.vatReturns.csv(period), VatReturns.fileName(period));
}
