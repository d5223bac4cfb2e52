/**
 * GET /admin/orders/:orderId/credit-notes/:creditNoteNumber: one of the order's VAT credit notes
 * for staff with the 'invoices' permission (owner, manager), as an inline PDF, beside the
 * invoice's download. Without a staff session: to /admin/signin; without the permission: 403; no
 * such order or credit note of it: 404.
 */
import { fileRecordIdOf } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { documentAccessRefused, documentErrorResponse, documentNotFound, pdfResponse } from '~/server/pdf-response.server';
import type { Route } from './+types/order-credit-note-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'invoices');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  const orderId = fileRecordIdOf(params.orderId);
  const creditNoteNumber = fileRecordIdOf(params.creditNoteNumber);
  if (orderId === null || creditNoteNumber === null) return documentNotFound();
  try {
    return pdfResponse(await context.services.documents.staffCreditNotePdf(orderId, creditNoteNumber));
  } catch (error) {
    return documentErrorResponse(error);
  }
}
