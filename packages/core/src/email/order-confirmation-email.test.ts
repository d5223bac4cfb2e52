/** The order confirmation as the customer reads it: the order's state in words, never the API's value. */
import { describe, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { demoShopConfig } from '../shop/shop-config.ts';
import { orderConfirmationEmail } from './order-confirmation-email.ts';

const order = {
  order_id: 1207,
  created: '2026-11-26T14:05:00.000Z',
  payment_reference: 'PAYPAL-1',
  payment_method: 'paypal',
  payment_is_test: false,
  status: 'PendingDelivery',
  sub_total: 10,
  delivery_fee: 0,
  total_tax: 2,
  total: 12,
  vat_treatment: 'standard',
  vat_rate_percent: 20,
  note: '',
  user_id: 7,
  address_id: null,
  is_active: true,
  address: null,
  billing_address: null,
  orderLines: [],
  purchase_order_number: null,
  promised_dispatch_date: null,
} as Partial<OrderDto> as OrderDto;

describe('the order confirmation e-mail', () => {
  it('says "Status: Awaiting dispatch", not "PendingDelivery", in its text and its HTML', () => {
    const mail = orderConfirmationEmail({ shop: demoShopConfig, to: 'ria@example.com', firstName: 'Ria', order, orderUrl: 'https://shop.example/order-detail?orderId=1207' });
    expect(mail.text).toContain('Status: Awaiting dispatch.');
    expect(mail.html).toContain('Status: Awaiting dispatch.');
    expect(`${mail.text}${mail.html}`).not.toContain('PendingDelivery');
  });
});
