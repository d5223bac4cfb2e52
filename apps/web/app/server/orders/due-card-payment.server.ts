/**
 * "Pay £Y by card" on the customer's order page: while something is due on an order that stands
 * (made-to-order lines delivered over the units ordered, or a bank transfer not yet made), the
 * checkout's card panel (PayPal, or the labelled test payments) takes exactly what is due, and the
 * page's action hands the provider's reference to core (payments/due-card-payment.ts), which
 * verifies it and records it as a payment recorded by hand. Bank transfer stays on offer.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { isRecordId } from '@shop/contract/browser';
import type { CartDto, OrderDto } from '@shop/contract';
import { requireCustomer } from '~/session.server';
import { failure, failureFrom } from '~/server/forms.server';
import { PAY_DUE_INTENT } from '~/components/orders/pay-due-by-card';


/** What the card panel charges (a one-line "basket" of the amount due), or null when nothing may be paid by card. */
export function dueCardPaymentOf(context: AppLoadContext, order: OrderDto): CartDto | null {
  if (order.status === 'Cancelled' || order.amount_due <= 0 || context.payments.mode === 'none') return null;
  return cardChargeOf([{ name: `Order ${order.order_id}: amount due`, amount: order.amount_due }]);
}

/**
 * Amounts due (pounds, VAT included) as the "basket" the checkout's card panel charges: one line
 * each, no delivery or VAT of its own (the invoices already hold them). Used for one order's due
 * and for several open invoices paid at once (the statement page).
 */
export function cardChargeOf(lines: readonly { name: string; amount: number }[]): CartDto {
  const total = Math.round(lines.reduce((sum, line) => sum + line.amount * 100, 0)) / 100;
  return {
    count: lines.length,
    subTotal: total,
    deliveryFee: 0,
    taxPercentage: 0,
    totalTax: 0,
    total,
    cartIems: lines.map((line) => ({ item_name: line.name, price: line.amount, count: 1, product_price_id: 0 })),
  } as unknown as CartDto;
}

/** The order page's action for intent=pay-card: records the verified payment, then shows the order again. */
export async function payDueByCard(request: Request, context: AppLoadContext, form: FormData) {
  const userId = await requireCustomer(request, context, '/signin');
  const orderId = String(form.get('order_id') ?? '');
  const reference = String(form.get('payment_reference') ?? '').trim().slice(0, 100);
  if (!isRecordId(orderId)) return failure('invalid_request', 'There is no such order.', {}, PAY_DUE_INTENT);
  if (reference === '') return failure('invalid_request', 'The card payment has not been completed, so nothing was paid. Please try again.', {}, PAY_DUE_INTENT);
  try {
    await context.services.dueCardPayments.pay(userId, Number(orderId), reference);
  } catch (error) {
    return failureFrom(error, PAY_DUE_INTENT);
  }
  return redirect(`/order-detail?orderId=${orderId}&paid=card`);
}
