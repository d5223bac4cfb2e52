/**
 * The accounting exports ('exports': owner and manager): the page's default days and the
 * columns it lists, and the CSV downloads (orders, invoices, credit notes): the staff check (to sign-in without a session, a
 * plain 403 without the permission), the date range (a plain 400 saying what is wrong, never a
 * 500), then the streamed file.
 */
import type { AppLoadContext } from 'react-router';
import {
  AccountingExports,
  CREDIT_NOTE_EXPORT_COLUMNS,
  INVOICE_EXPORT_COLUMNS,
  Invalid,
  londonDateOf,
  ORDER_EXPORT_COLUMNS,
  parseExportRange,
  type ExportRange,
} from '@shop/core';
import { requireStaff } from './staff-session.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import { csvRefusal, csvResponse } from '~/server/csv-response.server';

/** The exports page: this month so far (London days), and the columns of each file. */
export function exportsPage() {
  const today = londonDateOf(new Date());
  return {
    from: `${today.slice(0, 8)}01`,
    to: today,
    orderColumns: [...ORDER_EXPORT_COLUMNS],
    invoiceColumns: [...INVOICE_EXPORT_COLUMNS],
    creditNoteColumns: [...CREDIT_NOTE_EXPORT_COLUMNS],
  };
}

export async function exportDownload(request: Request, context: AppLoadContext, kind: 'orders' | 'invoices' | 'credit-notes'): Promise<Response> {
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
    if (!(error instanceof Invalid)) throw error;
    return csvRefusal(400, error.message);
  }
  const exports = context.services.accountingExports;
  const pieces = kind === 'orders' ? exports.ordersCsv(range) : kind === 'invoices' ? exports.invoicesCsv(range) : exports.creditNotesCsv(range);
  return csvResponse(pieces, AccountingExports.fileName(kind, range));
}
