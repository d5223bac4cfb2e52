/**
 * Money both ways on an order, through the services the admin pages call
 * and the customer's own order: a payment over what is due is refused with what is due, unless
 * staff confirm it, and the excess then reads as a refund due, to the penny, never as "paid"
 * more than the total; a cancelled order that took no money says so; the refund form offers
 * what is owed; a credit limit below what the customer owes on account needs confirming; an
 * order paid by a simulated (test) payment is refunded through the simulated provider.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { orderAdminMessages, PAYMENT_STATUS_LABELS, tradeAccountMessages, type StaffMember } from '@shop/core';
import { bearer, insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

/** Today in London: a payment is dated on or after its order was placed (placed now, here). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

describeOnPglite('money due and owed back on an order', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let manager: StaffMember;

  beforeAll(async () => {
    // No PayPal configured: card payments are the simulated test payments.
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    const [row] = await queryRows<{ staff_id: number }>(
      t.database.db,
      sql`INSERT INTO staff (email, name, role) VALUES ('mona.money@example.com', 'Mona Manager', 'manager') RETURNING staff_id`,
    );
    manager = { staffId: Number(row!.staff_id), email: 'mona.money@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
  });
  afterAll(async () => t?.close());

  const admin = () => t.app.services.orderAdministration;
  /** A bank-transfer order of one pack: £25.00 + £4.99 delivery + VAT = £35.99. */
  async function bankOrder(paymentMethod: 'bank' | 'account' = 'bank') {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    if (paymentMethod === 'account') await t.app.services.tradeAccounts.open(manager.staffId, customer.userId, 500_00);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: paymentMethod }));
    expect(placed.statusCode, placed.body).toBe(200);
    return { customer, orderId: placed.json<number>() };
  }
  const customerView = async (orderId: number, token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(token) })).json<OrderDto>();
  const money = (amountPence: number) => ({ amountPence, receivedOn: TODAY, bankReference: 'FASTER PAYMENT 77' });

  it('£500 recorded on a £35.99 order: refused with what is due, unless confirmed; then "Refund due £464.01", never paid more than the total', async () => {
    const { customer, orderId } = await bankOrder();
    let order = await admin().detail(orderId, manager);
    const refused = await admin()
      .recordPayment(manager, orderId, order.version, money(500_00))
      .then(() => null, (error: unknown) => error as Error & { details: { fields: { field: string; message: string }[] } });
    expect(refused?.message).toBe(orderAdminMessages.overpayment(500_00, 35_99));
    expect(refused?.message).toContain('Only £35.99 is due');
    expect(refused?.details.fields).toEqual([
      { field: 'amount', message: orderAdminMessages.overpayment(500_00, 35_99) },
      { field: 'confirm', message: 'Record £500.00 although only £35.99 is due' },
    ]);
    expect((await admin().detail(orderId, manager)).payment).toMatchObject({ receivedPence: 0, duePence: 35_99 });

    await admin().recordPayment(manager, orderId, order.version, { ...money(500_00), confirmOverpayment: true });
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({
      status: 'refund_due',
      receivedPence: 500_00,
      paidPence: 35_99,
      duePence: 0,
      refundDuePence: 464_01,
      // The refund form offers what is owed back.
      owedPence: 464_01,
    });
    expect(order.mayDispatch).toBe(true);
    expect(order.timeline.at(-1)!.after).toMatchObject({ amount_pence: 500_00, overpaid_pence: 464_01 });
    expect(await customerView(orderId, customer.token)).toMatchObject({ payment_status: 'refund_due', amount_paid: 35.99, amount_due: 0, refund_due: 464.01 });
    expect((await admin().list({ paid: 'refund_due' })).rows.map((r) => r.orderId)).toContain(orderId);
    expect((await admin().list({ paid: 'paid' })).rows.map((r) => r.orderId)).toContain(orderId);

    // The excess paid back by bank transfer: paid, nothing owed either way.
    await admin().recordRefund(manager, orderId, order.version, { ...money(464_01), bankReference: 'REFUND OVERPAID' });
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'paid', paidPence: 35_99, refundedPence: 464_01, refundDuePence: 0, owedPence: 0 });
    expect((await admin().list({ paid: 'refund_due' })).rows.map((r) => r.orderId)).not.toContain(orderId);
  });

  it('a part payment, then more than the rest: the confirmation names what is still due', async () => {
    const { orderId } = await bankOrder();
    let order = await admin().detail(orderId, manager);
    await admin().recordPayment(manager, orderId, order.version, money(20_00));
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'part_paid', paidPence: 20_00, duePence: 15_99 });
    await expect(admin().recordPayment(manager, orderId, order.version, money(20_00))).rejects.toThrow('Only £15.99 is due on this order');
    // Exactly what is due needs no confirmation.
    await admin().recordPayment(manager, orderId, order.version, money(15_99));
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'paid', duePence: 0, refundDuePence: 0 });
    await expect(admin().recordPayment(manager, orderId, order.version, money(1_00))).rejects.toThrow(orderAdminMessages.overpayment(1_00, 0));
  });

  it('cancelled before any money came: "Cancelled, nothing paid", no refund offered; the customer is not told of a refund', async () => {
    const { customer, orderId } = await bankOrder();
    const order = await admin().detail(orderId, manager);
    await admin().cancel(manager, orderId, order.version, 'Ordered twice');
    const cancelled = await admin().detail(orderId, manager);
    expect(cancelled.payment).toMatchObject({ status: 'cancelled_unpaid', duePence: 0, refundDuePence: 0, refundablePence: 0 });
    expect(PAYMENT_STATUS_LABELS[cancelled.payment.status]).toBe('Cancelled, nothing paid');
    expect(await customerView(orderId, customer.token)).toMatchObject({ payment_status: 'cancelled_unpaid', amount_due: 0, refund_due: 0 });
    const [mail] = await queryRows<{ payload: unknown }>(t.database.db, sql`SELECT payload FROM jobs WHERE dedupe_key = ${`order-cancelled:${orderId}`}`);
    expect(mail).toBeDefined();
    expect((await admin().list({ paid: 'unpaid' })).rows.map((r) => r.orderId)).not.toContain(orderId);
  });

  it('cancelled after a part payment: refund due of what was paid until it is refunded, and the refund form offers it', async () => {
    const { customer, orderId } = await bankOrder();
    let order = await admin().detail(orderId, manager);
    await admin().recordPayment(manager, orderId, order.version, money(12_34));
    order = await admin().detail(orderId, manager);
    await admin().cancel(manager, orderId, order.version, 'Out of stock');
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'refund_due', paidPence: 12_34, duePence: 0, refundDuePence: 12_34, owedPence: 12_34, refundProvider: null });
    expect(await customerView(orderId, customer.token)).toMatchObject({ payment_status: 'refund_due', refund_due: 12.34 });
    await admin().recordRefund(manager, orderId, order.version, { ...money(order.payment.owedPence), bankReference: 'REFUND 1' });
    expect((await admin().detail(orderId, manager)).payment).toMatchObject({ status: 'refunded', refundDuePence: 0 });
  });

  it('a credit limit below what the customer owes on account asks for confirmation, saying what is owed', async () => {
    const { customer } = await bankOrder('account');
    const accounts = t.app.services.tradeAccounts;
    expect(await accounts.accountOf(customer.userId)).toMatchObject({ outstandingPence: 35_99 });
    const refused = await accounts.changeLimit(manager.staffId, customer.userId, 20_00).then(
      () => null,
      (error: unknown) => error as Error & { details: { fields: { field: string; message: string }[] } },
    );
    expect(refused?.message).toBe(tradeAccountMessages.limitBelowOwed(20_00, 35_99));
    expect(refused?.message).toContain('already owes £35.99 on account');
    expect(refused?.details.fields.find((f) => f.field === 'confirm')?.message).toBe('Set the limit to £20.00 although £35.99 is owed');
    expect(await accounts.accountOf(customer.userId)).toMatchObject({ creditLimitPence: 500_00 });
    // Closed and reopened below what is owed: the same question.
    await accounts.close(manager.staffId, customer.userId);
    await expect(accounts.open(manager.staffId, customer.userId, 10_00)).rejects.toThrow(tradeAccountMessages.limitBelowOwed(10_00, 35_99));

    expect(await accounts.open(manager.staffId, customer.userId, 10_00, 7, { confirmBelowOwed: true })).toMatchObject({ creditLimitPence: 10_00, availablePence: 0 });
    expect(await accounts.changeLimit(manager.staffId, customer.userId, 20_00, undefined, { confirmBelowOwed: true })).toMatchObject({ creditLimitPence: 20_00 });
    // At or above what is owed needs no confirmation.
    expect(await accounts.changeLimit(manager.staffId, customer.userId, 35_99)).toMatchObject({ creditLimitPence: 35_99 });
  });

  it('an order paid by a simulated (test) payment is refunded through the simulated provider, its refund id kept', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const minted = await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: cart.total } });
    expect(minted.statusCode).toBe(200);
    const reference = minted.json<{ id: string }>().id;
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: reference }));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json<number>();
    // Test payments are marked on the order (migration 0016, and the test-payment mode at checkout).
    await t.database.db.execute(sql`UPDATE orders SET payment_is_test = true WHERE order_id = ${orderId}`);
    let order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ refundProvider: 'test', refundablePence: 35_99 });
    const result = await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 10_00 });
    expect(result.state).toBe('completed');
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ refundedPence: 10_00, refundablePence: 25_99 });
    expect(order.payment.records.at(-1)).toMatchObject({ kind: 'refund', provider: 'test', providerState: 'completed', providerRefundId: expect.stringMatching(/^TEST-REFUND-/) });
    // A hand-recorded refund's bookkeeping is the same: paid back by bank, counted once more.
    await admin().recordRefund(manager, orderId, order.version, { ...money(5_00), bankReference: 'GOODWILL' });
    expect((await admin().detail(orderId, manager)).payment).toMatchObject({ refundedPence: 15_00, refundablePence: 20_99 });
  });

  it('a bank-transfer order is not refunded through a provider: its refund is recorded by hand', async () => {
    const { orderId } = await bankOrder();
    let order = await admin().detail(orderId, manager);
    await admin().recordPayment(manager, orderId, order.version, money(35_99));
    order = await admin().detail(orderId, manager);
    await expect(admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 1_00 })).rejects.toThrow(orderAdminMessages.notProviderPaid);
  });
});
