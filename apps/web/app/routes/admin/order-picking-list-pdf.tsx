/**
 * GET /admin/orders/:orderId/picking-list.pdf: the order's picking list / delivery note (no
 * prices) for staff who may see orders ('orders:view': owner, manager and warehouse), as an
 * inline PDF. Without a staff session: to /admin/signin; without the permission: 403; no such order: 404.
 */
import { isRecordId } from '@shop/contract/browser';
import { requireStaff } from '~/server/admin/staff-session.server';
import { documentAccessRefused, documentErrorResponse, documentNotFound, pdfResponse } from '~/server/pdf-response.server';
import type { Route } from './+types/order-picking-list-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'orders:view');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  if (!isRecordId(params.orderId)) return documentNotFound();
  try {
    return pdfResponse(await context.services.documents.pickingListPdf(Number(params.orderId)));
  } catch (error) {
    return documentErrorResponse(error);
  }
}
