/**
 * Paying by card what is due on an existing order, on both databases, as the customer and staff
 * notice it: after 1,080 of 1,000 made-to-order boxes were delivered on a card order, the £24.00
 * due is paid with a verified card payment and recorded as a payment recorded by hand is (the
 * payment row, the audit entry, the order paid in full); the same reference again records
 * nothing more; it cannot pay another order or place one; a wrong amount, a cancelled order or
 * someone else's order are refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer, insertFixtureOrder } from '../documents/document-fixtures.ts';
import { DueCardPayments, dueCardPaymentMessages } from './due-card-payment.ts';
import { OrderRepository } from '../orders/order-repository.ts';
import type { PaymentVerifier } from './payment-verifier.ts';

/** The test provider: each reference paid the amount in its name (TEST-2400-...), completed, in pounds. */
const verifier: PaymentVerifier = {
  mode: 'test',
  async verify(reference: string) {
    return { reference, status: 'COMPLETED', currency: 'GBP', amountPence: Number(/^TEST-(\d+)-/.exec(reference)?.[1] ?? 0), captureId: reference };
  },
};

for (const kind of databaseKinds()) {
  describe(`paying what is due by card [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let cards: DueCardPayments;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      cards = new DueCardPayments(database.db, { payments: verifier, now: () => new Date('2026-11-27T10:00:00Z') });
    }, 60_000);
    afterAll(async () => drop?.());

    /** A card order of £300.00 whose made-to-order line went out at 1,080 units: £324.00, £24.00 due. */
    async function overDelivered() {
      const userId = await insertFixtureCustomer(database.db);
      const placed = await insertFixtureOrder(database.db, { created: new Date('2026-11-20T10:00:00Z'), userId, paymentMethod: 'paypal', lines: [{ productName: 'Printed Mailing Box', size1: '9x6x3"', pricePence: 250_00, qty: 1000, count: 1 }] });
      await database.db.execute(sql`UPDATE orders SET status = 'Dispatched', sub_total_pence = ${270_00}, total_tax_pence = ${54_00}, total_pence = ${324_00} WHERE order_id = ${placed.orderId}`);
      return { userId, orderId: placed.orderId };
    }
    const money = async (orderId: number) =>
      (await queryRows<{ paid_pence: number; total_pence: number }>(database.db, sql`SELECT paid_pence, total_pence FROM orders WHERE order_id = ${orderId}`))[0]!;

    it('records the £24.00 due as a payment by hand is, once, whatever the number of times it is sent', async () => {
      const { userId, orderId } = await overDelivered();
      await expect(cards.pay(userId, orderId, 'TEST-2400-a')).resolves.toEqual({ recorded: true, amountPence: 24_00 });
      expect(Number((await money(orderId)).paid_pence)).toBe(324_00);
      const rows = await queryRows<{ kind: string; amount_pence: number; bank_reference: string; staff_id: number | null }>(
        database.db,
        sql`SELECT kind, amount_pence, bank_reference, staff_id FROM order_payments WHERE order_id = ${orderId}`,
      );
      expect(rows.map((r) => [r.kind, Number(r.amount_pence), r.bank_reference, r.staff_id])).toEqual([['payment', 24_00, 'TEST-2400-a', null]]);
      const [event] = await queryRows<{ kind: string; after: Record<string, unknown> }>(database.db, sql`SELECT kind, after FROM order_events WHERE order_id = ${orderId} ORDER BY order_event_id DESC LIMIT 1`);
      expect(event).toMatchObject({ kind: 'payment_recorded', after: { amount_pence: 24_00, paid_by: 'card, by the customer' } });
      // Sent again (a double click, a retry): nothing more is recorded.
      await expect(cards.pay(userId, orderId, 'TEST-2400-a')).resolves.toEqual({ recorded: false, amountPence: 24_00 });
      expect(Number((await money(orderId)).paid_pence)).toBe(324_00);
    });

    it('a reference pays one thing only: not a second order, and no order can be placed with it', async () => {
      const first = await overDelivered();
      const second = await overDelivered();
      await cards.pay(first.userId, first.orderId, 'TEST-2400-b');
      await expect(cards.pay(second.userId, second.orderId, 'TEST-2400-b')).rejects.toThrow(dueCardPaymentMessages.used);
      expect(await new OrderRepository(database.db).byProviderReference('TEST-2400-b')).toEqual({ orderId: first.orderId, userId: first.userId });
    });

    it('refuses a payment that is not what is due, a cancelled order and another customer\'s order', async () => {
      const { userId, orderId } = await overDelivered();
      await expect(cards.pay(userId, orderId, 'TEST-2000-c')).rejects.toThrow(dueCardPaymentMessages.amount(20, 24));
      const someoneElse = await insertFixtureCustomer(database.db);
      await expect(cards.pay(someoneElse, orderId, 'TEST-2400-d')).rejects.toThrow(dueCardPaymentMessages.notFound(orderId));
      await database.db.execute(sql`UPDATE orders SET status = 'Cancelled' WHERE order_id = ${orderId}`);
      await expect(cards.pay(userId, orderId, 'TEST-2400-e')).rejects.toThrow(dueCardPaymentMessages.cancelled(orderId));
      expect(Number((await money(orderId)).paid_pence)).toBe(300_00);
    });
  });
}
