/**
 * Order administration on both databases, through the services the admin pages
 * call: a bank transfer awaits payment until staff record it, then is dispatched with a tracking
 * number (the customer is e-mailed and sees it), delivered; two staff acting at once: one wins;
 * every change is an audit entry that cannot be altered; the list filters, searches (number,
 * customer, delivery contact and company, purchase order number, postcode, reference) and counts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { orderAdminMessages, type StaffMember } from '@shop/core';
import { bearer, insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

/** Today in London: a payment is dated on or after its order was placed (placed now, here). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

describeOnEachDatabase('order administration', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let manager: StaffMember;
  let warehouse: StaffMember;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    const staff = await queryRows<{ staff_id: number; role: 'manager' | 'warehouse' }>(
      t.database.db,
      sql`INSERT INTO staff (email, name, role) VALUES ('mona@example.com', 'Mona Manager', 'manager'), ('will@example.com', 'Will Warehouse', 'warehouse')
          RETURNING staff_id, role`,
    );
    const member = (role: 'manager' | 'warehouse', name: string): StaffMember => ({
      staffId: Number(staff.find((s) => s.role === role)!.staff_id),
      email: `${role}@example.com`,
      name,
      role,
      totpEnabled: false,
    });
    manager = member('manager', 'Mona Manager');
    warehouse = member('warehouse', 'Will Warehouse');
  });
  afterAll(async () => t?.close());

  const admin = () => t.app.services.orderAdministration;
  async function bankOrder(postCode = 'LS1 4AP') {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]], { post_code: postCode });
    const orderId = (await placeOrder(t.app, customer.token, orderBodyFrom(cart))).json<number>();
    return { customer, orderId };
  }
  const customerView = async (orderId: number, token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(token) })).json<OrderDto>();

  it('a bank transfer: awaiting payment, not dispatchable; paid in two parts, then dispatched, then delivered; the customer sees each step', async () => {
    const { customer, orderId } = await bankOrder();
    let order = await admin().detail(orderId, manager);
    expect(order).toMatchObject({ status: 'PendingDelivery', mayDispatch: false, payment: { status: 'awaiting_payment', duePence: 65_99 } });
    await expect(admin().dispatch(warehouse, orderId, order.version, { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' })).rejects.toThrow(
      orderAdminMessages.awaitingPayment,
    );
    // The warehouse may not record money.
    await expect(admin().recordPayment(warehouse, orderId, order.version, { amountPence: 1, receivedOn: TODAY, bankReference: 'x' })).rejects.toThrow(
      orderAdminMessages.notPermitted,
    );

    await admin().recordPayment(manager, orderId, order.version, { amountPence: 30_00, receivedOn: TODAY, bankReference: 'BOX1 PART' });
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'part_paid', paidPence: 30_00, duePence: 35_99 });
    await admin().recordPayment(manager, orderId, order.version, { amountPence: 35_99, receivedOn: TODAY, bankReference: 'BOX1 REST' });
    order = await admin().detail(orderId, warehouse);
    expect(order).toMatchObject({ mayDispatch: true, customer: null, totals: { totalPence: 0 } });

    await admin().dispatch(warehouse, orderId, order.version, { carrier: 'Royal Mail', trackingNumber: ' AB123456789GB ' });
    const seen = await customerView(orderId, customer.token);
    expect(seen).toMatchObject({
      status: 'Dispatched',
      carrier: 'Royal Mail',
      tracking_number: 'AB123456789GB',
      tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      payment_status: 'paid',
    });
    // Invoiced as it left (its time of supply), so the VAT return counts it whether or not anyone opens the invoice.
    const [invoiced] = await queryRows<{ n: number | string }>(t.database.db, sql`SELECT count(*) AS n FROM invoices WHERE order_id = ${orderId}`);
    expect(Number(invoiced!.n)).toBe(1);
    // The parcel's own e-mail (one per shipment).
    const [job] = await queryRows<{ kind: string; payload: { reason: string; orderId: number } }>(
      t.database.db,
      sql`SELECT kind, payload FROM jobs WHERE kind = 'email.shipment' AND (payload ->> 'orderId')::int = ${orderId}`,
    );
    expect(job).toMatchObject({ kind: 'email.shipment', payload: { reason: 'dispatched', orderId } });

    order = await admin().detail(orderId, manager);
    await admin().markDelivered(warehouse, orderId, order.version);
    expect((await customerView(orderId, customer.token)).status).toBe('Delivered');
    order = await admin().detail(orderId, manager);
    expect(order.timeline.map((e) => [e.kind, e.by])).toEqual([
      ['placed', null],
      ['payment_recorded', 'Mona Manager'],
      ['payment_recorded', 'Mona Manager'],
      ['dispatched', 'Will Warehouse'],
      ['delivered', 'Will Warehouse'],
    ]);
    expect(order.timeline[3]!.after).toMatchObject({ status: 'Dispatched', carrier: 'Royal Mail', tracking_number: 'AB123456789GB' });
    await expect(admin().cancel(manager, orderId, order.version, 'Too late')).rejects.toThrow('An order that is delivered cannot be marked cancelled');
  });

  it('two staff dispatching one order at once: one wins, the other is told it changed, one audit entry', async () => {
    const { orderId } = await bankOrder();
    const seen = await admin().detail(orderId, manager);
    await admin().recordPayment(manager, orderId, seen.version, { amountPence: 65_99, receivedOn: TODAY, bankReference: 'BOX PAID' });
    const { version } = await admin().detail(orderId, manager);
    const results = await Promise.allSettled([
      admin().dispatch(warehouse, orderId, version, { carrier: 'DPD', trackingNumber: '1550 0001' }),
      admin().dispatch(manager, orderId, version, { carrier: 'Evri', trackingNumber: 'H00A' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe(orderAdminMessages.changedMeanwhile);
    const events = await queryRows<{ n: number | string }>(t.database.db, sql`SELECT count(*) AS n FROM order_events WHERE order_id = ${orderId} AND kind = 'dispatched'`);
    expect(Number(events[0]!.n)).toBe(1);
  });

  it('a paid order cancelled owes a refund until it is recorded; the customer reads the reason; audit entries cannot be changed', async () => {
    const { customer, orderId } = await bankOrder();
    let order = await admin().detail(orderId, manager);
    await admin().recordPayment(manager, orderId, order.version, { amountPence: 65_99, receivedOn: TODAY, bankReference: 'PAID' });
    order = await admin().detail(orderId, manager);
    await expect(admin().cancel(warehouse, orderId, order.version, 'x')).rejects.toThrow(orderAdminMessages.notPermitted);
    await expect(admin().cancel(manager, orderId, order.version, '  ')).rejects.toThrow(orderAdminMessages.reason);
    await admin().cancel(manager, orderId, order.version, 'Out of stock until March');
    expect(await customerView(orderId, customer.token)).toMatchObject({ status: 'Cancelled', cancel_reason: 'Out of stock until March', payment_status: 'refund_due' });
    order = await admin().detail(orderId, manager);
    await expect(admin().recordRefund(manager, orderId, order.version, { amountPence: 70_00, receivedOn: TODAY, bankReference: 'R' })).rejects.toThrow(
      orderAdminMessages.refundTooLarge(65_99),
    );
    await admin().recordRefund(manager, orderId, order.version, { amountPence: 65_99, receivedOn: TODAY, bankReference: 'REFUND 1' });
    expect((await admin().detail(orderId, manager)).payment.status).toBe('refunded');
    await expect(t.database.db.execute(sql`UPDATE order_events SET kind = 'nothing' WHERE order_id = ${orderId}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM order_payments WHERE order_id = ${orderId}`)).rejects.toThrow();
  });

  it('an account order may be dispatched unpaid; its payment falls due by the account terms from the dispatch day', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    await t.app.services.tradeAccounts.open(manager.staffId, customer.userId, 500_00, 14);
    const orderId = (await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'account' }))).json<number>();
    const order = await admin().detail(orderId, manager);
    expect(order).toMatchObject({ mayDispatch: true, payment: { status: 'on_account' } });
    await admin().dispatch(warehouse, orderId, order.version, { carrier: 'Own van', trackingNumber: 'VAN 3' });
    const after = await admin().detail(orderId, manager);
    expect(after.payment.dueDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(after.dispatch.trackingUrl).toBeNull();
    const [invoice] = await queryRows<{ n: number | string }>(t.database.db, sql`SELECT count(*) AS n FROM invoices WHERE order_id = ${orderId}`);
    expect(Number(invoice!.n)).toBe(1);
  });

  it("the list's search finds an order by its delivery contact, the delivery address's company and the customer's purchase order number", async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]], { contact_name: 'Priya Goodwin-Stores', company_name: 'Kestrel Joinery Ltd' });
    await t.app.services.tradeAccounts.open(manager.staffId, customer.userId, 500_00, 14);
    const orderId = (await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'account', purchase_order_number: 'PO-88123' }))).json<number>();
    const found = async (search: string) => (await admin().list({ search })).rows.map((r) => r.orderId);
    expect(await found('goodwin-stores')).toEqual([orderId]);
    expect(await found('KESTREL JOINERY')).toEqual([orderId]);
    expect(await found('po-88123')).toEqual([orderId]);
    expect(await found('88123')).toEqual([orderId]);
    expect(await found('PO-99999')).toEqual([]);
  });

  it('the list: counts per state, filters, search by number, e-mail, name, postcode and reference, pages', async () => {
    const { customer, orderId } = await bankOrder('BT1 1AA');
    const byNumber = await admin().list({ search: `#${orderId}` });
    expect(byNumber.rows.map((r) => r.orderId)).toEqual([orderId]);
    expect((await admin().list({ search: 'bt11aa' })).rows.map((r) => r.orderId)).toContain(orderId);
    expect((await admin().list({ search: 'BT1 1AA' })).rows.map((r) => r.orderId)).toContain(orderId);
    expect((await admin().list({ search: 'bt1' })).rows.map((r) => r.orderId)).toContain(orderId);
    expect((await admin().list({ search: 'BT2' })).rows.map((r) => r.orderId)).not.toContain(orderId);
    expect((await admin().list({ search: 'LS1' })).rows.map((r) => r.orderId)).not.toContain(orderId);
    expect((await admin().list({ search: customer.email.toUpperCase() })).rows.map((r) => r.orderId)).toEqual([orderId]);
    expect((await admin().list({ search: customer.email.split('@')[0]! })).rows.map((r) => r.orderId)).toEqual([orderId]);
    expect((await admin().list({ search: 'Alice' })).rows.map((r) => r.orderId)).toContain(orderId);
    expect((await admin().list({ search: 'Nobody Byname' })).rows).toEqual([]);
    const byReference = await admin().list({ search: (await admin().detail(orderId, manager)).payment.reference });
    expect(byReference.rows.map((r) => r.orderId)).toContain(orderId);
    const all = await admin().list({});
    expect(all.counts.all).toBe(all.counts.PendingDelivery + all.counts.Dispatched + all.counts.Delivered + all.counts.Cancelled);
    expect(all.counts.Delivered).toBeGreaterThanOrEqual(1);
    const unpaid = await admin().list({ paid: 'unpaid', paymentMethod: 'bank' });
    expect(unpaid.rows.every((r) => r.paymentStatus === 'awaiting_payment' || r.paymentStatus === 'part_paid')).toBe(true);
    expect((await admin().list({ state: 'Cancelled' })).rows.every((r) => r.status === 'Cancelled')).toBe(true);
    // The dashboard's today's orders: cancelled ones left out, as its count leaves them out.
    expect(all.counts.Cancelled).toBeGreaterThanOrEqual(1);
    const notCancelled = await admin().list({ hideCancelled: true });
    expect(notCancelled.rows.some((r) => r.status === 'Cancelled')).toBe(false);
    expect(notCancelled.counts.all).toBe(all.counts.all - all.counts.Cancelled);
    expect((await admin().list({ from: '2000-01-01', to: '2000-01-02' })).rows).toEqual([]);
    expect((await admin().list({ page: 99 })).rows).toEqual([]);
    expect((await admin().list({ search: "%' OR 1=1 --" })).rows).toEqual([]);
  });
});
