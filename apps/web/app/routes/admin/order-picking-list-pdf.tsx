/**
 * GET /admin/orders/:orderId/picking-list.pdf: the order's picking list / delivery note (no
 * prices) for staff who may see orders ('orders:view': owner, manager and warehouse), as an
 * inline PDF. Without a staff session: to /admin/signin; without the permission: 403; no such order: 404.
 */
import { fileRecordIdOf } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { documentAccessRefused, documentErrorResponse, documentNotFound, pdfResponse } from '~/server/pdf-response.server';
import type { Route } from './+types/order-picking-list-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'orders:view');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  const orderId = fileRecordIdOf(params.orderId);
  if (orderId === null) return documentNotFound();
  try {
    return pdfResponse(await context.services.documents.pickingListPdf(orderId));
  } catch (error) {
    return documentErrorResponse(error);
  }
}
