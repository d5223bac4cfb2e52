/**
 * POST /admin/customers/:userId/data: a customer's data as one ZIP file, for staff who may manage
 * customers (owner, manager), when the customer asks by phone or e-mail: the same archive the
 * customer downloads from My account (core's CustomerDataExport), audited as the staff member's.
 * A POST from the customer page's plain form (it records an audit entry); a GET goes back to the
 * customer page, checked like any admin page. Without a staff session: to /admin/signin; without the permission: 403; no such
 * customer: 404.
 */
import { redirect } from 'react-router';
import { isRecordId } from '@shop/contract/browser';
import { requireStaff } from '~/server/admin/staff-session.server';
import { zipResponse } from '~/server/account/data-rights.server';
import { documentAccessRefused, documentErrorResponse, documentNotFound } from '~/server/pdf-response.server';
import type { Route } from './+types/customer-data';

export async function action({ request, context, params }: Route.ActionArgs) {
  let staffId: number;
  try {
    staffId = (await requireStaff(request, context, 'customers:manage')).staffId;
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  if (!isRecordId(params.userId)) return documentNotFound();
  try {
    return zipResponse(await context.services.customerData.archive(Number(params.userId), { kind: 'staff', staffId }));
  } catch (error) {
    return documentErrorResponse(error);
  }
}

/** A GET (a link, a reload) asks nothing of the customer's data: back to their page, for staff who may see it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, 'customers:manage');
  return redirect(isRecordId(params.userId) ? `/admin/customers/${params.userId}` : '/admin/customers');
}
