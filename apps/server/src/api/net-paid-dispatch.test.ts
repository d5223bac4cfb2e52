/**
 * Net paid (paid less refunded) decides what the warehouse may send (DESIGN section 10, "Money"),
 * through the services the back office's pages call: an order paid by card
 * and refunded in full (not cancelled) leaves the dispatch queue and the dashboard's "ready to
 * dispatch", and dispatching it is refused, one at a time, in bulk and from a carrier's CSV,
 * saying why; an account order refunded in full stays on credit; a refund that also cancels the
 * order cancels it as the cancel form does, its stock released.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@shop/db';
import { orderAdminMessages, type StaffMember } from '@shop/core';
import { insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

/** The London day the payments are received: the orders are placed today (a payment cannot predate its order). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

describeOnPglite('net paid decides what may be dispatched', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let manager: StaffMember;
  let sizeId: number;

  beforeAll(async () => {
    // No PayPal configured: card payments are the simulated test payments, refunded through the simulated provider.
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    const [row] = await queryRows<{ staff_id: number }>(
      t.database.db,
      sql`INSERT INTO staff (email, name, role) VALUES ('mona.dispatch@example.com', 'Mona Manager', 'manager') RETURNING staff_id`,
    );
    manager = { staffId: Number(row!.staff_id), email: 'mona.dispatch@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
    // The size is stocked (tracked): placing allocates, cancelling releases.
    const [size] = await queryRows<{ product_size_id: number }>(t.database.db, sql`SELECT product_size_id FROM product_prices WHERE product_price_id = ${packs.box25.productPriceId}`);
    sizeId = Number(size!.product_size_id);
    await t.database.db.execute(sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${sizeId}, 10000) ON CONFLICT (product_size_id) DO UPDATE SET on_hand = 10000`);
  });
  afterAll(async () => t?.close());

  const admin = () => t.app.services.orderAdministration;
  const desk = () => t.app.services.dispatchDesk;
  const queued = async () => (await desk().queue()).rows.map((r) => r.orderId);
  const readyCount = async () => (await t.app.services.dashboard.readyToDispatch()).count;
  const allocated = async () => Number((await queryRows<{ allocated: number }>(t.database.db, sql`SELECT allocated FROM stock_levels WHERE product_size_id = ${sizeId}`))[0]!.allocated);

  /** A card order of one pack (£35.99), paid by a simulated card payment. */
  async function cardOrder() {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const minted = await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: cart.total } });
    expect(minted.statusCode).toBe(200);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: minted.json<{ id: string }>().id }));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json<number>();
    await t.database.db.execute(sql`UPDATE orders SET payment_is_test = true WHERE order_id = ${orderId}`);
    return orderId;
  }

  async function refundInFull(orderId: number, cancelOrder = false) {
    const order = await admin().detail(orderId, manager);
    const result = await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: order.payment.refundablePence, cancelOrder });
    expect(result.state).toBe('completed');
  }

  it('an order paid by card then refunded in full is not in the queue nor counted ready, and the page says it will not go until paid again', async () => {
    const orderId = await cardOrder();
    expect(await queued()).toContain(orderId);
    const before = await readyCount();

    await refundInFull(orderId);
    const order = await admin().detail(orderId, manager);
    expect(order).toMatchObject({ status: 'PendingDelivery', mayDispatch: false, dispatchHold: 'refunded', payment: { status: 'refunded' } });
    expect(await queued()).not.toContain(orderId);
    expect(await readyCount()).toBe(before - 1);
    // The order list reads the same rule.
    expect((await admin().list({ search: String(orderId) })).rows.find((r) => r.orderId === orderId)?.mayDispatch).toBe(false);
  });

  it('dispatching an order refunded in full is refused server-side: in bulk, from a carrier CSV, and from its page', async () => {
    const orderId = await cardOrder();
    const other = await cardOrder();
    await refundInFull(orderId);

    const bulk = await desk().dispatchMany(manager, 'DPD', [
      { orderId, trackingNumber: 'DPD-1' },
      { orderId: other, trackingNumber: 'DPD-2' },
    ]);
    expect(bulk.dispatched.map((d) => d.orderId)).toEqual([other]);
    expect(bulk.problems).toEqual([{ line: null, orderId, message: expect.stringContaining('it will not be dispatched until it is paid again') }]);

    const csv = await desk().dispatchFromCsv(manager, 'DPD', new TextEncoder().encode(`Order number,Tracking number\n${orderId},DPD-3\n`));
    expect(csv.dispatched).toEqual([]);
    expect(csv.problems.map((p) => p.message)).toEqual([`Line 2: Order ${orderId} is not ready to dispatch: it was refunded in full and will not be dispatched until it is paid again.`]);

    const order = await admin().detail(orderId, manager);
    await expect(admin().dispatch(manager, orderId, order.version, { carrier: 'DPD', trackingNumber: 'DPD-4' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('will not be dispatched until it is paid again'),
    });
    expect((await admin().detail(orderId, manager)).status).toBe('PendingDelivery');
  });

  it('paid again after the refund, it is ready once more', async () => {
    const orderId = await cardOrder();
    await refundInFull(orderId);
    let order = await admin().detail(orderId, manager);
    await admin().recordPayment(manager, orderId, order.version, { amountPence: order.totals.totalPence, receivedOn: today, bankReference: 'PAID AGAIN', confirmOverpayment: true });
    order = await admin().detail(orderId, manager);
    expect(order).toMatchObject({ mayDispatch: true, dispatchHold: null });
    expect(await queued()).toContain(orderId);
  });

  it('an account order refunded in full of what was paid stays on credit: still in the queue', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    await t.app.services.tradeAccounts.open(manager.staffId, customer.userId, 500_00);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'account' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json<number>();
    let order = await admin().detail(orderId, manager);
    await admin().recordPayment(manager, orderId, order.version, { amountPence: 10_00, receivedOn: today, bankReference: 'PART' });
    order = await admin().detail(orderId, manager);
    await admin().recordRefund(manager, orderId, order.version, { amountPence: 10_00, receivedOn: today, bankReference: 'BACK' });
    expect(await admin().detail(orderId, manager)).toMatchObject({ mayDispatch: true, dispatchHold: null });
    expect(await queued()).toContain(orderId);
  });

  it('a refund that also cancels the order cancels it as the cancel form does: stock released, customer told, both audited', async () => {
    const orderId = await cardOrder();
    const held = await allocated();
    expect(held).toBeGreaterThanOrEqual(25);
    await refundInFull(orderId, true);
    const order = await admin().detail(orderId, manager);
    expect(order).toMatchObject({ status: 'Cancelled', mayDispatch: false, payment: { status: 'refunded' }, cancellation: { reason: orderAdminMessages.refundedAndCancelled } });
    expect(order.timeline.slice(-3).map((e) => e.kind)).toEqual(['refund_requested', 'cancelled', 'refund_completed']);
    expect(await allocated()).toBe(held - 25);
    const [mail] = await queryRows<{ payload: unknown }>(t.database.db, sql`SELECT payload FROM jobs WHERE dedupe_key = ${`order-cancelled:${orderId}`}`);
    expect(mail).toBeDefined();
    expect(await queued()).not.toContain(orderId);
  });

  it('a recorded refund that also cancels: refused whole, nothing refunded, when the order can no longer be cancelled', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'bank' }));
    const orderId = placed.json<number>();
    let order = await admin().detail(orderId, manager);
    await admin().recordPayment(manager, orderId, order.version, { amountPence: order.totals.totalPence, receivedOn: today, bankReference: 'PAID' });
    order = await admin().detail(orderId, manager);
    await admin().dispatch(manager, orderId, order.version, { carrier: 'Own van', trackingNumber: '' });
    order = await admin().detail(orderId, manager);
    const money = { amountPence: order.payment.refundablePence, receivedOn: today, bankReference: 'BACK', cancelOrder: true };
    await expect(admin().recordRefund(manager, orderId, order.version, money)).rejects.toMatchObject({ code: 'invalid_request' });
    expect((await admin().detail(orderId, manager)).payment).toMatchObject({ refundedPence: 0 });
  });
});
