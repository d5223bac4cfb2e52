/**
 * The two accounting CSV downloads (issue 9 item 7; 'exports': owner and manager): the staff
 * check (to sign-in without a session, a plain 403 without the permission), the date range
 * (a plain 400 saying what is wrong, never a 500), then the streamed file.
 */
import type { AppLoadContext } from 'react-router';
import { AccountingExports, parseExportRange, type ExportRange } from '@shop/core';
import { domainErrorCode } from '@shop/contract/browser';
import { requireStaff } from '~/components/admin/staff-session.server';
import { documentAccessRefused } from '~/lib/pdf-response.server';
import { csvRefusal, csvResponse } from '~/lib/csv-response.server';

export async function exportDownload(request: Request, context: AppLoadContext, kind: 'orders' | 'invoices'): Promise<Response> {
  try {
    await requireStaff(request, context, 'exports');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  const url = new URL(request.url);
  let range: ExportRange;
  try {
    range = parseExportRange(url.searchParams.get('from'), url.searchParams.get('to'));
  } catch (error) {
    if (domainErrorCode(error) !== 'invalid_request') throw error;
    return csvRefusal(400, (error as Error).message);
  }
  const exports = context.services.accountingExports;
  return csvResponse(kind === 'orders' ? exports.ordersCsv(range) : exports.invoicesCsv(range), AccountingExports.fileName(kind, range));
}
