/**
 * The dashboard's figures on PGlite and PostgreSQL with a fixed clock: today is the London day
 * (BST: an order at 23:30 UTC the day before counts as today), cancelled orders left out;
 * awaiting payment is what bank-transfer orders still owe; ready to dispatch is paid or on
 * account; overdue accounts list each customer once with the amount and days overdue; the
 * warehouse gets no money figures.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer, insertFixtureOrder } from '../../documents/document-fixtures.ts';
import { DashboardQueries } from './dashboard-figures.ts';

const NOW = new Date('2025-06-10T12:00:00Z'); // 13:00 in London (BST)
const lines = [{ productName: 'Box', size1: 'S', pricePence: 1000, qty: 10, count: 1 }]; // net 10.00, gross 12.00

for (const kind of databaseKinds()) {
  describe(`dashboard figures [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let dashboard: DashboardQueries;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      dashboard = new DashboardQueries(database.db, () => NOW);
      const userId = await insertFixtureCustomer(database.db);
      const debtor = await insertFixtureCustomer(database.db, { firstName: 'Owen', lastName: 'Late', companyName: 'Late Payers Ltd' });
      const order = (o: Parameters<typeof insertFixtureOrder>[1]) => insertFixtureOrder(database.db, { lines, ...o });
      // Today in London: 2025-06-09T23:30Z is 00:30 on the 10th (BST).
      await order({ userId, created: new Date('2025-06-09T23:30:00Z') }); // card, paid, ready
      await order({ userId, created: new Date('2025-06-10T11:00:00Z'), paymentMethod: 'bank' }); // awaiting 12.00
      await order({ userId, created: new Date('2025-06-10T11:30:00Z'), paymentMethod: 'bank', paidPence: 500 }); // awaiting 7.00
      await order({ userId, created: new Date('2025-06-10T11:45:00Z'), status: 'Cancelled', paymentMethod: 'bank' }); // left out
      // Yesterday in London (22:59 UTC on the 9th is 23:59 BST).
      await order({ userId, created: new Date('2025-06-09T22:59:00Z'), paymentMethod: 'account' }); // ready (account)
      // Overdue account orders: due 2025-06-01 and 2025-06-05, one part paid; one due today is not overdue.
      const a = await order({ userId: debtor, created: new Date('2025-05-20T10:00:00Z'), paymentMethod: 'account', status: 'Dispatched' });
      const b = await order({ userId: debtor, created: new Date('2025-05-25T10:00:00Z'), paymentMethod: 'account', status: 'Dispatched', paidPence: 200 });
      const c = await order({ userId: debtor, created: new Date('2025-06-02T10:00:00Z'), paymentMethod: 'account', status: 'Dispatched' });
      await database.db.execute(sql`UPDATE orders SET payment_due_date = '2025-06-01' WHERE order_id = ${a.orderId}`);
      await database.db.execute(sql`UPDATE orders SET payment_due_date = '2025-06-05' WHERE order_id = ${b.orderId}`);
      await database.db.execute(sql`UPDATE orders SET payment_due_date = '2025-06-10' WHERE order_id = ${c.orderId}`);
    });
    afterAll(async () => drop?.());

    it("counts today's orders (the London day) with their value ex-VAT and gross", async () => {
      const figures = await dashboard.figures(true);
      expect(figures.date).toBe('2025-06-10');
      expect(figures.money?.today).toEqual({ count: 3, netPence: 3000, grossPence: 3600 });
    });

    it('sums what bank-transfer orders still owe', async () => {
      expect((await dashboard.figures(true)).money?.awaitingPayment).toEqual({ count: 2, duePence: 1200 + 700 });
    });

    it('counts orders ready to dispatch: paid in full, or on account', async () => {
      const ready = (await dashboard.figures(true)).readyToDispatch;
      expect(ready.count).toBe(2);
      expect(ready.oldestPlacedAt).toBe('2025-06-09T22:59:00Z');
    });

    it('lists overdue trade accounts with the amount and days overdue', async () => {
      const overdue = (await dashboard.figures(true)).money?.overdueAccounts;
      expect(overdue).toEqual([
        expect.objectContaining({ customerName: 'Owen Late', companyName: 'Late Payers Ltd', overduePence: 1200 + 1000, daysOverdue: 9, orderCount: 2 }),
      ]);
    });

    it('gives the warehouse only what is ready to dispatch (no money)', async () => {
      const figures = await dashboard.figures(false);
      expect(figures.money).toBeNull();
      expect(figures.readyToDispatch.count).toBe(2);
    });
  });
}
