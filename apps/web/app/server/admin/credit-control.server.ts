/**
 * Credit control for staff ('payments:view': owner and manager, never the warehouse): the
 * aged-debt report (core's credit-control/credit-control.ts) as a page and as CSV. The stop
 * rule, its words and the buckets are core's; this only hands them to the page.
 */
import type { AppLoadContext } from 'react-router';
import { can, CreditControl } from '@shop/core';
import { requireStaff } from './staff-session.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import { csvResponse } from '~/server/csv-response.server';

export const CREDIT_CONTROL_PATH = '/admin/credit-control';

export async function creditControlPage(request: Request, context: AppLoadContext) {
  const staff = await requireStaff(request, context, 'payments:view');
  const report = await context.services.creditControl.agedDebt();
  return { report, csvPath: `${CREDIT_CONTROL_PATH}.csv`, canOpenCustomers: can(staff.role, 'customers:view') };
}

export async function agedDebtDownload(request: Request, context: AppLoadContext): Promise<Response> {
  try {
    await requireStaff(request, context, 'payments:view');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  const credit = context.services.creditControl;
  const date = credit.today();
  return csvResponse(credit.agedDebtCsv(date), CreditControl.csvFileName(date));
}
