import { describe, expect, it } from 'vitest';
import type { CartDto } from '@shop/contract';
import { newIdempotencyKey, orderBody, orderIdFrom } from './order-body';

const cart: CartDto = {
  cart_id: 3,
  address_id: 9,
  count: 2,
  subTotal: 14,
  deliveryFee: 4.99,
  taxPercentage: 20,
  totalTax: 3.8,
  total: 22.79,
  cartIems: [
    {
      cart_id: 3,
      address_id: 9,
      product_id: 20,
      product_price_id: 131,
      price: 7,
      qty: 100,
      count: 2,
      total_price: 14,
      item_name: 'Envelopes A/000',
      product: { product_id: 20, name: 'Envelopes A/000', image_url: '/media/x.webp', produc_prices: [] },
    },
  ],
};

describe('orderBody', () => {
  it('sends the server cart totals and lines, the addresses and the payment', () => {
    expect(orderBody({ cart, userId: '5', note: ' Side door ', billingAddressId: 8, method: 'bank', paymentReference: 'BXW5' })).toEqual({
      sub_total: 14,
      total: 22.79,
      total_tax: 3.8,
      delivery_fee: 4.99,
      note: 'Side door',
      user_id: 5,
      payment_reference: 'BXW5',
      status: 'PendingDelivery',
      address_id: 9,
      billing_address_id: 8,
      is_active: true,
      payment_method: 'bank',
      orderLines: [{ product_id: 20, product_price_id: 131, price: 7, qty: 100, is_active: true, count: 2 }],
    });
  });

  it('leaves the billing address to the server when there is none', () => {
    expect(orderBody({ cart, userId: '5', note: '', billingAddressId: null, method: 'paypal', paymentReference: 'TEST-1' })).not.toHaveProperty('billing_address_id');
  });
});

describe('orderIdFrom', () => {
  it('reads the bare number the API answers', () => {
    expect(orderIdFrom(42)).toBe(42);
    expect(orderIdFrom('42')).toBe(42);
    expect(orderIdFrom({ order_id: 7 })).toBe(7);
    expect(orderIdFrom(null)).toBeNull();
    expect(orderIdFrom(0)).toBeNull();
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh version 4 UUID each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
