/**
 * GET /admin/dispatch/picking-lists.pdf: the picking lists of the orders ticked in the dispatch
 * queue as ONE PDF, an order a page (the queue's form sent here by its "Print picking lists"
 * button, so it works without JavaScript). Staff who may see orders ('orders:view'); nothing
 * ticked: back to the queue, which says so.
 */
import { redirect } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { tickedOrdersOf } from '~/server/admin/dispatch-desk.server';
import { documentAccessRefused, documentErrorResponse, pdfResponse } from '~/server/pdf-response.server';
import type { Route } from './+types/dispatch-picking-lists-pdf';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'orders:view');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  const orderIds = tickedOrdersOf(new URL(request.url).searchParams).slice(0, 500);
  if (orderIds.length === 0) throw redirect('/admin/dispatch?ticked=none');
  try {
    return pdfResponse(await context.services.documents.pickingListsPdf(orderIds));
  } catch (error) {
    return documentErrorResponse(error);
  }
}
