/**
 * GET /order-invoice?orderId=N: the signed-in customer's VAT invoice for one of their orders, as
 * a PDF shown in the browser (a resource route: no page). Signed out: to /signin. Another
 * customer's order, or a malformed id: 404. An order without an invoice yet (unpaid; on account
 * and not dispatched; cancelled): 409 saying why. The first download issues the invoice's number.
 * The link comes from core's customerInvoicePath / customerInvoiceUrl (order detail, dispatch e-mail).
 */
import { isRecordId } from '@shop/contract/browser';
import { requireCustomer } from '~/session.server';
import { documentErrorResponse, documentNotFound, pdfResponse } from '~/server/pdf-response.server';
import type { Route } from './+types/order-invoice';

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, '/signin');
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
  if (!isRecordId(orderId)) return documentNotFound();
  try {
    return pdfResponse(await context.services.documents.customerInvoicePdf(userId, Number(orderId)));
  } catch (error) {
    return documentErrorResponse(error);
  }
}
