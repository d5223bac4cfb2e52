/**
 * Pay on account: a customer with an open trade account may place an order on
 * account within the available credit (limit less what open account orders still owe); without
 * an account, or over the credit, nothing is placed and the message says why.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { describeCustomerEvent, tradeAccountMessages } from '@shop/core';
import { bearer, insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { addToBasket, basketOf, countRows, orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

describeOnEachDatabase('paying on account', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let staffId: number;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    const [staff] = await queryRows<{ staff_id: number }>(
      t.database.db,
      sql`INSERT INTO staff (email, name, role) VALUES ('manager@example.com', 'Mona Manager', 'manager') RETURNING staff_id`,
    );
    staffId = Number(staff!.staff_id);
  });
  afterAll(async () => t?.close());

  const onAccount = (extra: Record<string, unknown> = {}) => ({ payment_method: 'account', ...extra });
  const orderOf = async (orderId: number, token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(token) })).json<OrderDto>();

  it('without a trade account: 403 with the reason, nothing placed, the basket kept', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
    const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart, onAccount()));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(tradeAccountMessages.noAccount);
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    expect((await basketOf(t.app, customer)).count).toBe(2);
  });

  it('within the credit: placed awaiting payment with the purchase order number; the next order over what is left is refused with 402', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
    await t.app.services.tradeAccounts.open(staffId, customer.userId, 100_00);
    // 2 x £25.00 + £4.99 delivery + 20% VAT = £65.99
    expect(cart.total).toBe(65.99);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, onAccount({ purchase_order_number: '  PO-4471 ' })));
    expect(placed.statusCode).toBe(200);
    const order = await orderOf(placed.json<number>(), customer.token);
    expect(order).toMatchObject({ payment_method: 'account', purchase_order_number: 'PO-4471', status: 'PendingDelivery', total: 65.99 });
    const [stored] = await queryRows<{ paid_pence: number }>(t.database.db, sql`SELECT paid_pence FROM orders WHERE order_id = ${order.order_id}`);
    expect(Number(stored!.paid_pence)).toBe(0);
    expect(await t.app.services.tradeAccounts.accountOf(customer.userId)).toMatchObject({ outstandingPence: 65_99, availablePence: 34_01 });

    // £35.99 more would take the account to £101.98.
    const second = await addToBasket(t.app, customer.token, packs.box25, 1);
    const refused = await placeOrder(t.app, customer.token, orderBodyFrom(second, onAccount()));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(tradeAccountMessages.overLimit(35_99, 34_01, 100_00));
    expect(refused.json().message).toContain('£34.01 is available');
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(1);

    // Once the first order is paid, the credit is free again.
    await t.database.db.execute(sql`UPDATE orders SET paid_pence = total_pence WHERE order_id = ${order.order_id}`);
    const accepted = await placeOrder(t.app, customer.token, orderBodyFrom(second, onAccount()));
    expect(accepted.statusCode).toBe(200);
  });

  it('a cancelled account order no longer uses credit; a closed account takes no orders', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
    await t.app.services.tradeAccounts.open(staffId, customer.userId, 70_00);
    const first = (await placeOrder(t.app, customer.token, orderBodyFrom(cart, onAccount()))).json<number>();
    expect(await t.app.services.tradeAccounts.accountOf(customer.userId)).toMatchObject({ availablePence: 4_01 });
    await t.database.db.execute(sql`UPDATE orders SET status = 'Cancelled' WHERE order_id = ${first}`);
    expect(await t.app.services.tradeAccounts.accountOf(customer.userId)).toMatchObject({ outstandingPence: 0, availablePence: 70_00 });

    await t.app.services.tradeAccounts.close(staffId, customer.userId);
    const again = await addToBasket(t.app, customer.token, packs.box25, 1);
    const refused = await placeOrder(t.app, customer.token, orderBodyFrom(again, onAccount()));
    expect(refused.statusCode).toBe(403);
    expect(await t.app.services.tradeAccounts.accountOf(customer.userId)).toBeNull();
  });

  it('limits and terms a manager sets are checked', async () => {
    const { customer } = await readyCustomer(t, [[packs.box25, 1]]);
    for (const limit of [0, -5, 1.5, 100_000_001]) {
      await expect(t.app.services.tradeAccounts.open(staffId, customer.userId, limit)).rejects.toThrow(tradeAccountMessages.limitRange);
    }
    await expect(t.app.services.tradeAccounts.open(staffId, customer.userId, 500_00, 0)).rejects.toThrow(tradeAccountMessages.termsRange);
    await expect(t.app.services.tradeAccounts.open(staffId, 999_999, 500_00)).rejects.toThrow(tradeAccountMessages.noSuchCustomer(999_999));
    expect(await t.app.services.tradeAccounts.open(staffId, customer.userId, 500_00, 30)).toMatchObject({ creditLimitPence: 500_00, termsDays: 30 });
    expect(await t.app.services.tradeAccounts.changeLimit(staffId, customer.userId, 750_00)).toMatchObject({ creditLimitPence: 750_00, termsDays: 30 });
    await t.app.services.tradeAccounts.changeLimit(staffId, customer.userId, 750_00); // the same again: nothing to record
    await t.app.services.tradeAccounts.close(staffId, customer.userId);

    // Each change is audited with who made it, the limit and terms before and after; refused ones are not.
    const history = await t.app.services.customerDirectory.history(customer.userId);
    expect(history.map(describeCustomerEvent)).toEqual([
      'Trade account closed (credit limit was £750.00, terms 30 days)',
      'Trade account changed: credit limit £500.00 -> £750.00',
      'Trade account opened: credit limit £500.00, terms 30 days',
    ]);
    expect(history[2]).toMatchObject({ before: null, after: { creditLimitPence: 500_00, termsDays: 30 } });
    expect(history.map((e) => e.staffName)).toEqual(['Mona Manager', 'Mona Manager', 'Mona Manager']);
  });
});
