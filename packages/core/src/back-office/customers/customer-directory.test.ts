/**
 * Customers in the back office on PGlite and PostgreSQL: staff find a customer by name, e-mail,
 * company, phone or a saved address's postcode, a page at a time; a customer's page shows their
 * addresses and recent orders with how each stands for payment; disabling signs the customer out
 * everywhere at once (old tokens refused, sign-in refused with the generic message) and
 * enabling lets them sign in again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shop/contract';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { AccountService } from '../../accounts/account-service.ts';
import { TokenService } from '../../accounts/token-service.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import { insertFixtureOrder } from '../../documents/document-fixtures.ts';
import { CustomerDirectory, paymentStatusLabelOf } from './customer-directory.ts';

const PASSWORD = 'correct horse battery';

for (const kind of databaseKinds()) {
  describe(`customers in the back office [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let accounts: AccountService;
    let directory: CustomerDirectory;
    const tag = `c${Date.now().toString(36)}`;

    async function signUp(first: string, last: string, email: string, phone = '0113 496 0000') {
      return accounts.signUp({ first_name: first, last_name: last, email: `${tag}.${email}`, password: PASSWORD, phone });
    }

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      const tokens = new TokenService(database.db);
      accounts = new AccountService(database.db, tokens, { jobs: new JobQueue(database.db) });
      directory = new CustomerDirectory(database.db, tokens, { now: () => new Date('2025-06-10T09:00:00Z') });
    });
    afterAll(async () => drop?.());

    it('finds a customer by name, e-mail, company, phone or the postcode of a saved address', async () => {
      const ada = await signUp('Ada', 'Lovelace', 'ada@example.com', '07700 900123');
      const bob = await signUp('Bob', 'Stone', 'bob@example.com');
      await database.db.execute(sql`UPDATE users SET company_name = 'Analytical Engines Ltd' WHERE user_id = ${ada.userId}`);
      await database.db.execute(
        sql`INSERT INTO addresses (user_id, reference, contact_name, region, address, town, country, post_code, phone)
            VALUES (${bob.userId}, 'Yard', 'Bob Stone', '1', '1 Quarry Lane', 'Bath', 'United Kingdom', 'BA1 1AA', '01225 000000')`,
      );
      const names = async (q: string) => (await directory.search(q)).customers.map((c) => c.name);
      expect(await names('ada lovel')).toEqual(['Ada Lovelace']);
      expect(await names(`${tag}.bob@`)).toEqual(['Bob Stone']);
      expect(await names('analytical engines')).toEqual(['Ada Lovelace']);
      expect(await names('07700900123')).toEqual(['Ada Lovelace']);
      expect(await names('ba11aa')).toEqual(['Bob Stone']);
      expect(await names('ba1 1')).toEqual(['Bob Stone']);
      expect(await names('100%_no-such')).toEqual([]);
    });

    it('pages the customers on the server, newest first, with the total', async () => {
      for (let i = 0; i < 7; i++) await signUp('Page', `Tester${i}`, `page${i}@example.com`);
      const first = await directory.search('page tester', 1, 3);
      expect(first.total).toBe(7);
      expect(first.pageCount).toBe(3);
      expect(first.customers.map((c) => c.name)).toEqual(['Page Tester6', 'Page Tester5', 'Page Tester4']);
      const last = await directory.search('page tester', 3, 3);
      expect(last.customers.map((c) => c.name)).toEqual(['Page Tester0']);
      const beyond = await directory.search('page tester', 9, 3);
      expect(beyond.customers).toEqual([]);
      expect(beyond.total).toBe(7);
      const absurd = await directory.search('page tester', 9_007_199_254_740_991, 3);
      expect(absurd.customers).toEqual([]);
      expect(absurd.page).toBe(100_000);
    });

    it("shows a customer's details, addresses and recent orders with their payment status", async () => {
      const { userId } = await signUp('Cora', 'Vale', 'cora@example.com');
      await database.db.execute(
        sql`INSERT INTO addresses (user_id, reference, contact_name, region, address, town, country, post_code, phone, type)
            VALUES (${userId}, 'Office', 'Cora Vale', '1', '2 High St', 'York', 'United Kingdom', 'YO1 7HH', '01904 000000', 'Billing')`,
      );
      const paid = await insertFixtureOrder(database.db, { userId, created: new Date('2025-06-01T10:00:00Z') });
      const bank = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', created: new Date('2025-06-02T10:00:00Z') });
      const account = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account', created: new Date('2025-06-03T10:00:00Z') });
      await database.db.execute(sql`UPDATE orders SET payment_due_date = '2025-06-09' WHERE order_id = ${account.orderId}`);
      const detail = await directory.detail(userId);
      expect(detail).toMatchObject({ firstName: 'Cora', lastName: 'Vale', email: `${tag}.cora@example.com`, disabledAt: null, orderCount: 3 });
      // The house number or name too, not only the street.
      expect(detail.addresses).toEqual([expect.objectContaining({ region: '1', address: '2 High St', postCode: 'YO1 7HH', isBilling: true })]);
      expect(detail.recentOrders.map((o) => [o.orderId, o.paymentStatus])).toEqual([
        [account.orderId, 'Overdue'],
        [bank.orderId, 'Awaiting payment'],
        [paid.orderId, 'Paid'],
      ]);
      await expect(directory.detail(999_999)).rejects.toMatchObject({ code: 'not_found' });
    });

    it('disabling signs the customer out at once and refuses their sign-in; enabling lets them back', async () => {
      const { userId, token } = await signUp('Dan', 'Hart', 'dan@example.com');
      const second = (await accounts.signIn(`${tag}.dan@example.com`, PASSWORD)).token;
      expect(await accounts.authenticate(token)).toBe(userId);

      await directory.disable(null, userId);
      await directory.disable(null, userId); // already disabled: nothing more to record
      expect(await accounts.authenticate(token)).toBeNull();
      expect(await accounts.authenticate(second)).toBeNull();
      await expect(accounts.signIn(`${tag}.dan@example.com`, PASSWORD)).rejects.toMatchObject({ code: 'unauthorized', message: messages.loginFailed });
      expect((await accounts.requestPasswordReset(`${tag}.dan@example.com`)).userId).toBe(0);
      expect((await directory.detail(userId)).disabledAt).not.toBeNull();
      expect((await directory.search('dan hart')).customers[0]?.disabled).toBe(true);

      await directory.enable(null, userId);
      expect(await accounts.authenticate(token)).toBeNull(); // revoked tokens stay revoked
      const again = await accounts.signIn(`${tag}.dan@example.com`, PASSWORD);
      expect(await accounts.authenticate(again.token)).toBe(userId);

      // Both changes are in the customer's history, newest first, and the history cannot be rewritten.
      const history = await directory.history(userId);
      expect(history.map((e) => [e.kind, e.before, e.after])).toEqual([
        ['customer.enabled', { disabled: true }, { disabled: false }],
        ['customer.disabled', { disabled: false }, { disabled: true }],
      ]);
      expect(history[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      await expect(database.db.execute(sql`DELETE FROM customer_events WHERE user_id = ${userId}`)).rejects.toMatchObject({ cause: { message: 'customer_events is append-only' } });
    });

    it("refuses a disabled customer's token even when it was not revoked (second lock)", async () => {
      const { userId, token } = await signUp('Eve', 'Moss', 'eve@example.com');
      await database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE user_id = ${userId}`);
      expect(await accounts.authenticate(token)).toBeNull();
    });
  });
}

describe('payment status of an order', () => {
  const base = { paymentMethod: 'bank', totalPence: 1000, paidPence: 0, paymentDueDate: null };
  it('tells paid, part paid, awaiting, on account, overdue and refunded apart', () => {
    expect(paymentStatusLabelOf({ ...base, paidPence: 1000 }, '2025-06-10')).toBe('Paid');
    expect(paymentStatusLabelOf({ ...base, paidPence: 400 }, '2025-06-10')).toBe('Part paid');
    expect(paymentStatusLabelOf(base, '2025-06-10')).toBe('Awaiting payment');
    expect(paymentStatusLabelOf({ ...base, paymentMethod: 'account' }, '2025-06-10')).toBe('On account');
    expect(paymentStatusLabelOf({ ...base, paymentMethod: 'account', paymentDueDate: '2025-06-10' }, '2025-06-10')).toBe('On account');
    expect(paymentStatusLabelOf({ ...base, paymentMethod: 'account', paymentDueDate: '2025-06-09' }, '2025-06-10')).toBe('Overdue');
    expect(paymentStatusLabelOf({ ...base, state: 'Cancelled', paidPence: 1000, refundedPence: 1000 }, '2025-06-10')).toBe('Refunded');
    expect(paymentStatusLabelOf({ ...base, state: 'Cancelled', paidPence: 1000, refundedPence: 300 }, '2025-06-10')).toBe('Refund due');
  });
});
