/**
 * The payment step's action (SPEC 4, 7; DESIGN 4 "Orders"): places the signed-in customer's
 * basket through core's OrderPlacement, exactly as POST /api/order does. The page sends the
 * totals it showed (a different server total answers 409: nothing is placed and the page shows
 * the new total) and the Idempotency-Key made by its loader, so a double submit or a retry of
 * the same attempt gives the same order. Success goes to the order's page. A card/wallet payment
 * whose order could not be placed is returned by the shop (DESIGN section 4 "Orders"); the
 * message says so.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { placeOrderBodySchema, type PaymentMethod } from '@shop/contract';
import { DomainError } from '@shop/core';
import { failure, failureFrom, parseForm, refusedForm } from '~/server/forms.server';
import { placedOrderPath } from '~/components/orders/order-format';

export const placementMessages = {
  totalsChanged:
    'The prices or delivery charge of your basket changed since this page was opened, so your order was not placed. We have updated the order summary: please check the new total and confirm again.',
  failed: 'Your order could not be placed. Please try again, or call us if it keeps happening.',
} as const;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,100}$/;

export async function placeOrderAction(context: AppLoadContext, userId: number, form: FormData, method: PaymentMethod) {
  // The method is the button's (the form's intent), whatever else was posted.
  form.set('payment_method', method);
  const parsed = parseForm(form, placeOrderBodySchema);
  if (!parsed.ok) return refusedForm(parsed, method);
  const idempotencyKey = String(form.get('idempotency_key') ?? '');
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) return failure('invalid_request', placementMessages.failed, {}, method);
  try {
    const placed = await context.services.orderPlacement.place(userId, { body: parsed.value, idempotencyKey });
    return redirect(placedOrderPath(placed.orderId));
  } catch (error) {
    const code = error instanceof DomainError ? error.code : null;
    let answer = code === 'conflict' && (error as { details?: { totals?: unknown } }).details?.totals
      ? failure('conflict', placementMessages.totalsChanged, {}, method)
      : failureFrom(error, method);
    if (method === 'paypal') {
      // The provider approved a payment that did not become an order: keep a trace, and give the
      // customer its reference.
      const reference = parsed.value.payment_reference ?? '';
      await context.services.orders
        .log(userId, {
          error: `${code ?? 'error'}: ${(error as Error).message}`.slice(0, 4000),
          request: JSON.stringify({ payment_reference: reference, total: parsed.value.total }),
          extra_info: 'Placing the order after a card/wallet payment failed',
          external_id: reference,
        })
        .catch(() => undefined);
      // The shop is returning the payment by itself (core's unplaced payments): the message says so.
      const returned = Boolean((error as { details?: { payment_returned?: unknown } }).details?.payment_returned);
      answer = returned
        ? failure(answer.data.error, (error as Error).message, {}, method)
        : failure(answer.data.error, `${answer.data.message} Your payment reference is ${reference}; please quote it if you contact us.`, {}, method);
    }
    return answer;
  }
}
