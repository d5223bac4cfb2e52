/**
 * GET /admin/orders/:orderId/invoice.pdf: the order's VAT invoice for staff with the 'invoices'
 * permission (owner, manager; not the warehouse), as an inline PDF. The first download issues
 * the invoice's number (core/documents). Without a staff session: to /admin/signin; without the
 * permission: 403; no such order: 404; no invoice yet (unpaid, account order not dispatched,
 * cancelled): 409 saying why.
 */
import { fileRecordIdOf } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { documentAccessRefused, documentErrorResponse, documentNotFound, pdfResponse } from '~/server/pdf-response.server';
import type { Route } from './+types/order-invoice-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'invoices');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  const orderId = fileRecordIdOf(params.orderId);
  if (orderId === null) return documentNotFound();
  try {
    return pdfResponse(await context.services.documents.staffInvoicePdf(orderId));
  } catch (error) {
    return documentErrorResponse(error);
  }
}
