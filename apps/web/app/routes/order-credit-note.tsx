/**
 * GET /order-credit-note?orderId=N&number=M: the signed-in customer's VAT credit note M of one of
 * their orders (core/documents/credit-notes.ts), as a PDF shown in the browser, beside
 * /order-invoice. Signed out: to /signin. Another customer's order, a credit note of another
 * order, or a malformed id: 404. The link comes from core's customerCreditNotePath (order detail,
 * the credit note e-mail).
 */
import { isRecordId } from '@shop/contract/browser';
import { requireCustomer } from '~/session.server';
import { documentErrorResponse, documentNotFound, pdfResponse } from '~/server/pdf-response.server';
import type { Route } from './+types/order-credit-note';

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, '/signin');
  const search = new URL(request.url).searchParams;
  const orderId = search.get('orderId') ?? '';
  const number = search.get('number') ?? '';
  if (!isRecordId(orderId) || !isRecordId(number)) return documentNotFound();
  try {
    return pdfResponse(await context.services.documents.customerCreditNotePdf(userId, Number(orderId), Number(number)));
  } catch (error) {
    return documentErrorResponse(error);
  }
}
