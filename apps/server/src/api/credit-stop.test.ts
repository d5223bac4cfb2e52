/**
 * Credit stop (docs/credit-control.md): an account order more than CREDIT_STOP_DAYS_OVERDUE days
 * past its due date (or an account owing more than its limit) puts the trade account on stop:
 * ordering on account is refused with a message saying why, card and bank transfer still work;
 * the daily run records the stop in the customer's history; staff lift it with a note (audited)
 * and the customer orders on account again; paying what is overdue takes it off stop by itself.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs, scheduleOccasions, staff as staffTable } from '@shop/db';
import { creditStopMessages, customerEventActor, describeCustomerEvent } from '@shop/core';
import { insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { addToBasket, orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/until.ts';

/** Noon in London on 20 June 2025: "today" for the stop rule. */
const NOW = new Date('2025-06-20T11:00:00Z');

describeOnPglite('credit stop', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let staffId: number;

  beforeAll(async () => {
    // CREDIT_STOP_DAYS_OVERDUE left at its default of 7 days; the scheduler on, as in production.
    t = await createTestApp({ kind, seed: false, clock: () => NOW, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000', SCHEDULED_JOBS: '1' } });
    packs = await insertBasketCatalogue(t.database);
    const [staff] = await t.database.db
      .insert(staffTable)
      .values({ email: 'credit.manager@example.com', name: 'Mona Manager', role: 'manager' })
      .returning({ staff_id: staffTable.staffId });
    staffId = Number(staff!.staff_id);
  });
  afterAll(async () => t?.close());

  const onAccount = { payment_method: 'account' };
  const history = async (userId: number) => (await t.app.services.customerDirectory.history(userId)).map((e) => `${customerEventActor(e)}: ${describeCustomerEvent(e)}`);

  /** A trade customer with one account order due on `dueDate`, and a pack in the basket for the next order. */
  async function customerOwing(dueDate: string, limitPence = 1_000_00) {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
    await t.app.services.tradeAccounts.open(staffId, customer.userId, limitPence);
    const first = await placeOrder(t.app, customer.token, orderBodyFrom(cart, onAccount));
    expect(first.statusCode, first.body).toBe(200);
    const orderId = first.json<number>();
    await t.database.db.execute(sql`UPDATE orders SET status = 'Dispatched', payment_due_date = ${dueDate} WHERE order_id = ${orderId}`);
    const next = await addToBasket(t.app, customer.token, packs.box25, 1);
    return { customer, orderId, next };
  }

  it("the started app enqueues the day's credit-control run (07:00 London has passed) once, and runs it", async () => {
    await until(
      async () => {
        const [row] = await t.database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.dedupeKey, 'schedule:credit-control:2025-06-20'));
        return row?.state === 'done';
      },
      10_000,
      "the day's credit-control run done",
    );
    const occasions = await t.database.db
      .select({ schedule_name: scheduleOccasions.scheduleName, occasion: scheduleOccasions.occasion })
      .from(scheduleOccasions)
      .orderBy(scheduleOccasions.scheduleName);
    // The monthly statements of May went on 2 June: more than 7 days ago, so not sent by a shop started now.
    expect(occasions).toEqual([{ schedule_name: 'credit-control', occasion: '2025-06-20' }]);
  });

  it('an account 8 days overdue is on stop: on account refused with the reason, card and bank transfer still placed', async () => {
    const { customer, orderId, next } = await customerOwing('2025-06-12');
    const refused = await placeOrder(t.app, customer.token, orderBodyFrom(next, onAccount));
    expect(refused.statusCode).toBe(402);
    const stop = await t.app.services.tradeAccounts.stopOf(customer.userId);
    expect(stop).toMatchObject({ reason: 'overdue', overdue: { orderId, dueDate: '2025-06-12', daysOverdue: 8 } });
    expect(refused.json().message).toBe(creditStopMessages.refused(stop!));
    expect(refused.json().message).toContain(`Your trade account is on stop: order #${orderId} was due on 12 June 2025 and is 8 days overdue.`);
    expect(refused.json().message).toContain('You can still pay for this order by card or bank transfer');

    const minted = await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: next.total } });
    const byCard = await placeOrder(t.app, customer.token, orderBodyFrom(next, { payment_method: 'paypal', payment_reference: minted.json<{ id: string }>().id }));
    expect(byCard.statusCode, byCard.body).toBe(200);
    const again = await addToBasket(t.app, customer.token, packs.box25, 1);
    const byBank = await placeOrder(t.app, customer.token, orderBodyFrom(again, { payment_method: 'bank' }));
    expect(byBank.statusCode, byBank.body).toBe(200);
  });

  it('7 days overdue is not yet on stop (the stop comes after CREDIT_STOP_DAYS_OVERDUE days)', async () => {
    const { customer, next } = await customerOwing('2025-06-13');
    expect(await t.app.services.tradeAccounts.stopOf(customer.userId)).toBeNull();
    expect((await placeOrder(t.app, customer.token, orderBodyFrom(next, onAccount))).statusCode).toBe(200);
  });

  it('the daily run records the stop once; staff lift it with a note and the customer orders on account again', async () => {
    const { customer, orderId, next } = await customerOwing('2025-06-01');
    const run = await t.app.services.creditControl.dailyRun('2025-06-20');
    expect(run.stopped).toContain(customer.userId);
    expect((await t.app.services.creditControl.dailyRun('2025-06-20')).stopped).not.toContain(customer.userId);
    expect(await history(customer.userId)).toContain(`Credit control (automatic): Put on stop: order #${orderId} is 19 days overdue (stop after 7 days)`);

    await expect(t.app.services.creditControl.liftStop(staffId, customer.userId, '   ')).rejects.toThrow(creditStopMessages.noteRequired);
    await t.app.services.creditControl.liftStop(staffId, customer.userId, 'Paying £100 on Friday, agreed by phone');
    expect(await t.app.services.tradeAccounts.stopOf(customer.userId)).toBeNull();
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(next, onAccount));
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await history(customer.userId))[0]).toBe('Mona Manager: Stop lifted: Paying £100 on Friday, agreed by phone');
    // Lifting an account not on stop is refused with its reason.
    await expect(t.app.services.creditControl.liftStop(staffId, customer.userId, 'Again')).rejects.toThrow(creditStopMessages.notOnStop);
  });

  it('over its credit limit the account is on stop; paying takes it off stop at once', async () => {
    const { customer, orderId, next } = await customerOwing('2025-06-25', 100_00);
    // Staff lowered the limit below what is owed (£65.99).
    await t.app.services.tradeAccounts.changeLimit(staffId, customer.userId, 50_00, undefined, { confirmBelowOwed: true });
    const refused = await placeOrder(t.app, customer.token, orderBodyFrom(next, onAccount));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toContain('you owe £65.99 on account, more than your credit limit of £50.00');
    await t.database.db.execute(sql`UPDATE orders SET paid_pence = total_pence WHERE order_id = ${orderId}`);
    expect(await t.app.services.tradeAccounts.stopOf(customer.userId)).toBeNull();
    expect((await placeOrder(t.app, customer.token, orderBodyFrom(next, onAccount))).statusCode).toBe(200);
  });
});
