/**
 * "Pay £Y by card" on the customer's order page, through the page's loader and action over real
 * core services (PGlite) with test payments: a
 * card order whose printed boxes went out at 1,080 of 1,000 says so and offers the £24.00 due by
 * card; paid, the payment is recorded, the order is paid in full and the offer goes; the same
 * provider reference cannot pay another order; a cancelled order offers nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, pgliteOnly } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, dueCardPaymentMessages, type CoreServices, type PaymentVerifier } from '@shop/core';
import { insertFixtureOrder } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { action, loader } from './order-detail';

/** Test payments: each reference paid the amount in its name (TEST-2400-...). */
const verifier: PaymentVerifier = {
  mode: 'test',
  async verify(reference: string) {
    return { reference, status: 'COMPLETED', currency: 'GBP', amountPence: Number(/^TEST-(\d+)-/.exec(reference)?.[1] ?? 0), captureId: reference };
  },
};

type Page = {
  order: { amount_due: number; payment_status: string; madeToOrderStatement: string | null } | null;
  cardPayment: { total: number } | null;
  paidByCard: boolean;
};

for (const kind of pgliteOnly()) {
  describe(`paying what is due by card on the order page [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    const manager = { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role: 'manager' as const, totpEnabled: false };

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, { shop: demoShopConfig, payments: verifier });
      await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager')`);
    }, 60_000);
    afterAll(async () => drop?.());

    const context = (userId: number) => ({
      services,
      payments: { mode: 'test' },
      secure: false,
      memo: new Map<string, unknown>([['visitor', Promise.resolve({ sessionId: null, token: 'token', userId })]]),
    });
    async function page(userId: number, orderId: number, query = ''): Promise<Page> {
      const result = (await loader({ request: new Request(`http://shop.test/order-detail?orderId=${orderId}${query}`), context: context(userId), params: {} } as never)) as unknown as { data: Page };
      return result.data;
    }
    async function pay(userId: number, orderId: number, reference: string) {
      const request = new Request(`http://shop.test/order-detail?orderId=${orderId}`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'pay-card', order_id: String(orderId), payment_reference: reference }),
      });
      return (await action({ request, context: context(userId), params: {} } as never).catch((thrown: unknown) => thrown)) as
        | Response
        | { data: { message: string }; init: { status: number } };
    }

    /** A card order of 1,000 printed boxes at £250.00 (£300.00 paid), dispatched at 1,080. */
    async function overDelivered(name: string) {
      const { userId } = await services.accounts.signUp({ first_name: name, last_name: 'Tester', email: `${name}.${kind}@example.com`, password: 'parcel-tape-42', phone: '0113 496 0111' });
      const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'paypal', lines: [{ productName: 'Printed Mailing Box', size1: '9x6x3"', pricePence: 250_00, qty: 1000, count: 1 }] });
      await database.db.execute(sql`UPDATE order_lines SET custom = true WHERE order_id = ${orderId}`);
      const admin = await services.orderAdministration.detail(orderId, manager);
      await services.orderAdministration.shipments.ship(manager, orderId, admin.version, {
        carrier: 'DPD',
        trackingNumber: 'P1',
        lines: [{ orderLineId: admin.shipping.lines[0]!.orderLineId, count: 1, deliveredUnits: 1080 }],
      });
      return { userId, orderId };
    }

    it('says what was delivered and what is due, takes the £24.00 by card and records it; then nothing is due', async () => {
      const { userId, orderId } = await overDelivered('ann');
      const before = await page(userId, orderId);
      expect(before.order!.madeToOrderStatement).toContain('We delivered 1,080 of the 1,000 units');
      expect(before.order!.madeToOrderStatement).toContain('£24.00 is due');
      expect(before.cardPayment!.total).toBe(24);

      const paid = (await pay(userId, orderId, 'TEST-2400-ann')) as Response;
      expect(paid.status).toBe(302);
      expect(paid.headers.get('location')).toBe(`/order-detail?orderId=${orderId}&paid=card`);
      const after = await page(userId, orderId, '&paid=card');
      expect(after).toMatchObject({ cardPayment: null, paidByCard: true, order: { amount_due: 0, payment_status: 'paid' } });
      expect(after.order!.madeToOrderStatement).toContain('nothing more is due');
    });

    it('a provider reference pays one thing only; a cancelled order offers no card payment', async () => {
      const first = await overDelivered('ben');
      const second = await overDelivered('cat');
      await pay(first.userId, first.orderId, 'TEST-2400-ben');
      const again = (await pay(second.userId, second.orderId, 'TEST-2400-ben')) as { data: { message: string }; init: { status: number } };
      expect(again.init.status).toBe(409);
      expect(again.data.message).toBe(dueCardPaymentMessages.used);
      expect((await page(second.userId, second.orderId)).cardPayment!.total).toBe(24);
      await database.db.execute(sql`UPDATE orders SET status = 'Cancelled' WHERE order_id = ${second.orderId}`);
      expect((await page(second.userId, second.orderId)).cardPayment).toBeNull();
    });
  });
}
