/**
 * The VAT return figures ('exports': owner and manager, core/back-office/exports/vat-return.ts):
 * the period a request asks for (a quarter, or from/to; by default the last complete quarter), the
 * page's figures with the first entries behind them (invoices, credit notes, payments before their
 * tax point), and the CSV of all of them. A bad period is a plain 400 for the CSV and a message on
 * the page, never a 500. The owner marks a quarter filed ('vat:file'): a confirm step at
 * ?confirm=file, then a POST; after that nothing may change its figures (core/back-office/exports/vat-periods.ts).
 */
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { can, Invalid, recentQuarters, VatReturns, parseVatPeriod, type VatPeriod } from '@shop/core';
import { requireStaff } from './staff-session.server';
import { textField, UNKNOWN_FORM } from './admin-forms.server';
import { adminAction } from './admin-page.server';
import { redirectWithNotice, takeNotice } from './admin-notice.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import { csvRefusal, csvResponse } from '~/server/csv-response.server';

/** The page lists this many entries; the CSV has all of them. */
export const VAT_RETURN_PAGE_ENTRIES = 200;

const NOTICES = { filed: 'The quarter is marked filed: its figures can no longer change.' } as const;

export const vatReturnFormSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('file'), quarter: textField(10) })], { error: UNKNOWN_FORM });

function periodOf(request: Request, context: AppLoadContext): VatPeriod {
  const search = new URL(request.url).searchParams;
  return parseVatPeriod({ quarter: search.get('quarter'), from: search.get('from'), to: search.get('to') }, context.services.vatReturns.today());
}

export async function vatReturnPage(request: Request, context: AppLoadContext) {
  const staff = await requireStaff(request, context, 'exports');
  const returns = context.services.vatReturns;
  const today = returns.today();
  const quarters = recentQuarters(today);
  let period: VatPeriod;
  let problem: string | null = null;
  try {
    period = periodOf(request, context);
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    problem = error.message;
    period = parseVatPeriod({}, today);
  }
  const figures = await returns.figures(period, VAT_RETURN_PAGE_ENTRIES);
  const query = period.quarter ? `quarter=${period.quarter}` : `from=${period.from}&to=${period.to}`;
  // The owner may mark a quarter filed once it is over (core refuses otherwise, with its reason).
  const canFile = can(staff.role, 'vat:file') && period.quarter !== null && figures.filed === null && period.to < today;
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data(
    {
      figures,
      quarters,
      problem,
      notice,
      csvPath: `/admin/vat-return.csv?${query}`,
      shownEntries: VAT_RETURN_PAGE_ENTRIES,
      canFile,
      confirmFile: canFile && new URL(request.url).searchParams.get('confirm') === 'file',
    },
    { headers },
  );
}

/** POST: the owner marks the quarter filed ('vat:file'); a refusal (not over, already filed) is the page's message. */
export const vatReturnAction = adminAction({
  permission: 'exports',
  formPermission: () => 'vat:file',
  schema: vatReturnFormSchema,
  async run({ value, staff, context }) {
    const filed = await context.services.vatReturns.file(staff, value.quarter);
    return redirectWithNotice(`/admin/vat-return?quarter=${filed.quarter}`, 'filed', context);
  },
});

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
