/**
 * The shop's short e-mails link only what the shop made (a tracking page, an invoice): a URL typed
 * into a cancellation reason, a tracking number or a quote line stays text in the HTML version.
 */
import { describe, expect, it } from 'vitest';
import { demoShopConfig } from '../shop/shop-config.ts';
import { orderUpdateEmail } from './order-update-email.ts';
import { linkLine, shortMessage } from './short-message.ts';

describe("a short e-mail's links", () => {
  it('turns a URL typed by someone into text, never a link', () => {
    const message = shortMessage({
      shop: demoShopConfig,
      to: 'alice@example.com',
      subject: 'Your order',
      firstName: 'Alice',
      lines: ['Reason: see https://evil.example/claim?x=<b>1</b>', linkLine('Track your parcel', 'https://track.dpd.co.uk/parcels/1550%200001')],
      orderUrl: 'https://shop.example.com/order-detail?orderId=1',
      button: { url: 'https://shop.example.com/order-detail?orderId=1', label: 'View your order' },
    });
    expect(message.html).not.toContain('href="https://evil.example');
    expect(message.html).toContain('Reason: see https://evil.example/claim?x=&lt;b&gt;1&lt;/b&gt;');
    expect(message.html).toContain('Track your parcel: <a href="https://track.dpd.co.uk/parcels/1550%200001"');
    expect(message.text).toContain('Track your parcel: https://track.dpd.co.uk/parcels/1550%200001');
  });

  it("a cancellation reason with a link reaches the customer as the words staff typed, unlinked", () => {
    const message = orderUpdateEmail({
      shop: demoShopConfig,
      to: 'alice@example.com',
      firstName: 'Alice',
      update: 'cancelled',
      orderUrl: 'https://shop.example.com/order-detail?orderId=7',
      invoiceUrl: null,
      order: { order_id: 7, cancel_reason: 'Out of stock, see http://phish.example', payment_status: 'unpaid', refund_due: 0 } as never,
    });
    expect(message.text).toContain('Reason: Out of stock, see http://phish.example');
    expect(message.html).not.toContain('href="http://phish.example');
  });
});
