/**
 * The body of POST /api/order (SPEC 7) from the basket as the server cart computed it, the
 * idempotency key of a payment attempt, and the order id in the answer. No React here.
 */
import type { CartDto } from '@shop/contract';
import type { PaymentMethod } from './checkout-types';

/** A version 4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const ORDER_STATUS_ON_CREATION = 'PendingDelivery';

export interface OrderRequest {
  cart: CartDto;
  userId: string;
  note: string;
  billingAddressId: number | null;
  method: PaymentMethod;
  /** Bank: the shop's prefix plus the user id (the server sets it anyway). Card/wallet: the provider's order id. */
  paymentReference: string;
}

export function orderBody({ cart, userId, note, billingAddressId, method, paymentReference }: OrderRequest) {
  return {
    sub_total: cart.subTotal,
    total: cart.total,
    total_tax: cart.totalTax,
    delivery_fee: cart.deliveryFee,
    note: note.trim(),
    user_id: Number(userId),
    payment_reference: paymentReference,
    status: ORDER_STATUS_ON_CREATION,
    address_id: cart.address_id,
    ...(billingAddressId !== null ? { billing_address_id: billingAddressId } : {}),
    is_active: true,
    payment_method: method,
    orderLines: cart.cartIems.map((line) => ({
      product_id: line.product_id,
      product_price_id: line.product_price_id,
      price: line.price,
      qty: line.qty,
      is_active: true,
      count: line.count,
    })),
  };
}

export function orderIdFrom(answer: unknown): number | null {
  if (typeof answer === 'number' && Number.isInteger(answer) && answer > 0) return answer;
  if (typeof answer === 'string' && /^\d+$/.test(answer)) return Number(answer);
  if (answer && typeof answer === 'object') {
    const value = (answer as { order_id?: unknown; orderId?: unknown; id?: unknown }).order_id ?? (answer as { orderId?: unknown }).orderId ?? (answer as { id?: unknown }).id;
    return orderIdFrom(value);
  }
  return null;
}

