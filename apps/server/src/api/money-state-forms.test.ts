/**
 * Every money state has its form (DESIGN section 10 "Money"), through the
 * services the back-office pages call and the customer's own order:
 * - money that reaches a cancelled order is recorded, shows as a refund due, and is refunded (by
 *   hand, or through the provider that took it);
 * - a damage claim on a trade-account order not yet paid is settled by a credit note that lowers
 *   what the customer owes; part paid, what was paid above the new amount owed is a refund due;
 * - packs an invoiced, part-dispatched order cannot supply are taken off with a credit note, and
 *   the order is then Dispatched and leaves the dispatch queue.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { returnMessages, type StaffMember } from '@shop/core';
import { insertFixtureOrder } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { bearer, signUp } from '../testing/basket-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

describeOnPglite('every money state has its form', (kind) => {
  let t: TestApp;
  let manager: StaffMember;
  const now = new Date('2026-11-27T10:00:00Z');
  /** Orders were placed before the test's today (a payment cannot predate its order). */
  const placed = new Date('2026-11-20T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    const [row] = await queryRows<{ staff_id: number }>(
      t.database.db,
      sql`INSERT INTO staff (email, name, role) VALUES ('mona.forms@example.com', 'Mona Manager', 'manager') RETURNING staff_id`,
    );
    manager = { staffId: Number(row!.staff_id), email: 'mona.forms@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
  });
  afterAll(async () => t?.close());

  const admin = () => t.app.services.orderAdministration;
  const customerView = async (orderId: number, token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(token) })).json<OrderDto>();
  const creditNotes = (orderId: number) =>
    queryRows<{ kind: string; total_pence: number }>(t.database.db, sql`SELECT kind, total_pence FROM credit_notes WHERE order_id = ${orderId} ORDER BY credit_note_number`);
  const lineIds = async (orderId: number) =>
    (await queryRows<{ order_line_id: number }>(t.database.db, sql`SELECT order_line_id FROM order_lines WHERE order_id = ${orderId} ORDER BY order_line_id`)).map((r) =>
      Number(r.order_line_id),
    );

  /** A trade account customer's order on account, nothing paid yet (FIXTURE_LINES: 6 packs over 3 lines). */
  async function accountOrder(paidPence = 0) {
    const customer = await signUp(t.app);
    await t.app.services.tradeAccounts.open(manager.staffId, customer.userId, 5000_00);
    const order = await insertFixtureOrder(t.database.db, { created: placed, userId: customer.userId, paymentMethod: 'account', paidPence });
    return { customer, ...order };
  }

  it('a bank transfer reaching a cancelled order is recorded as a refund due, then refunded by hand: "Refunded"', async () => {
    const customer = await signUp(t.app);
    const { orderId, totalPence } = await insertFixtureOrder(t.database.db, { created: placed, userId: customer.userId, paymentMethod: 'bank', paidPence: 0 });
    await admin().cancel(manager, orderId, (await admin().detail(orderId, manager)).version, 'Out of stock');
    expect((await admin().detail(orderId, manager)).payment.status).toBe('cancelled_unpaid');

    // The customer paid anyway, after the cancellation: no confirmation is asked, all of it is owed back.
    await admin().recordPayment(manager, orderId, (await admin().detail(orderId, manager)).version, { amountPence: totalPence, receivedOn: '2026-11-26', bankReference: 'LATE PAYMENT' });
    let order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'refund_due', receivedPence: totalPence, duePence: 0, refundDuePence: totalPence, owedPence: totalPence, refundablePence: totalPence });
    expect(order.timeline.at(-1)).toMatchObject({ kind: 'payment_recorded', after: { owed_back_pence: totalPence } });
    expect(await customerView(orderId, customer.token)).toMatchObject({ payment_status: 'refund_due', amount_due: 0, refund_due: totalPence / 100 });
    expect((await admin().list({ paid: 'refund_due' })).rows.map((r) => r.orderId)).toContain(orderId);

    // A refund is still at most what was kept.
    await expect(
      admin().recordRefund(manager, orderId, order.version, { amountPence: totalPence + 1, receivedOn: '2026-11-27', bankReference: 'REFUND' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await admin().recordRefund(manager, orderId, order.version, { amountPence: totalPence, receivedOn: '2026-11-27', bankReference: 'REFUND' });
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'refunded', refundedPence: totalPence, refundDuePence: 0, refundablePence: 0 });
  });

  it('money kept on a cancelled card order is refunded through the provider that took it', async () => {
    const customer = await signUp(t.app);
    const { orderId, totalPence } = await insertFixtureOrder(t.database.db, { created: placed, userId: customer.userId, paymentMethod: 'paypal' });
    // Paid by a simulated (test) payment: the simulated provider took the money and refunds it.
    const minted = await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: totalPence / 100 } });
    expect(minted.statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE orders SET payment_is_test = true, payment_reference = ${minted.json<{ id: string }>().id} WHERE order_id = ${orderId}`);
    await admin().cancel(manager, orderId, (await admin().detail(orderId, manager)).version, 'Customer changed their mind');
    let order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'refund_due', refundProvider: 'test', owedPence: totalPence });
    const result = await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: totalPence });
    expect(result.state).toBe('completed');
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'refunded', refundDuePence: 0 });
  });

  it('a damage claim on an unpaid account order is settled by a credit note: the customer owes that much less', async () => {
    const { customer, orderId, totalPence } = await accountOrder();
    await admin().dispatch(manager, orderId, (await admin().detail(orderId, manager)).version, { carrier: 'DPD', trackingNumber: 'DPD123' });
    await admin().markDelivered(manager, orderId, (await admin().detail(orderId, manager)).version);
    const [boxes] = await lineIds(orderId);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/returns`,
      headers: bearer(customer.token),
      payload: { reason: 'damaged', description: 'One carton arrived crushed.', lines: [{ order_line_id: boxes, count: 1 }] },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const returnId = opened.json<{ return_id: number }>().return_id;
    const returns = t.app.services.returns;
    await returns.approve(manager, returnId, (await returns.detail(manager, returnId)).version, { goodsBack: false, instructions: 'Keep the crushed carton.' });

    const claim = await returns.detail(manager, returnId);
    // Nothing was paid, so no refund is possible: the credit note is the way to settle it.
    expect(claim.order).toMatchObject({ paidPence: 0, duePence: totalPence });
    expect(claim.valuePence).toBe(30_00); // one pack of £25.00 with 20% VAT
    await expect(returns.settleByCredit(manager, returnId, claim.version, { amountPence: totalPence + 1 })).rejects.toMatchObject({ code: 'invalid_request' });
    await returns.settleByCredit(manager, returnId, claim.version, { amountPence: claim.valuePence });

    expect(await creditNotes(orderId)).toEqual([{ kind: 'credit', total_pence: 30_00 }]);
    const order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'on_account', creditedPence: 30_00, duePence: totalPence - 30_00, refundDuePence: 0 });
    expect(order.timeline.at(-1)).toMatchObject({ kind: 'return_credited' });
    expect(await customerView(orderId, customer.token)).toMatchObject({ amount_due: (totalPence - 30_00) / 100, refund_due: 0 });
    // The credit gives the customer back that much of their credit limit, and the dashboard owes it no more.
    expect(await t.app.services.tradeAccounts.accountOf(customer.userId)).toMatchObject({ outstandingPence: totalPence - 30_00 });
    const settled = await returns.detail(manager, returnId);
    expect(settled).toMatchObject({ state: 'credited', stateLabel: 'Credited', refundPence: 30_00 });
    expect(settled.steps.at(-1)!.text).toBe('Credited £30.00 off what you owe (credit note).');

    // Paid what is now owed: paid in full, nothing more due.
    await admin().recordPayment(manager, orderId, order.version, { amountPence: totalPence - 30_00, receivedOn: '2026-11-27', bankReference: 'ACCOUNT PAYMENT' });
    expect((await admin().detail(orderId, manager)).payment).toMatchObject({ status: 'paid', duePence: 0, refundDuePence: 0 });
  });

  it('a claim credited on a part-paid account order: what was paid above the new amount owed is a refund due', async () => {
    const { orderId, totalPence } = await accountOrder();
    await t.database.db.execute(sql`UPDATE orders SET paid_pence = ${totalPence - 10_00} WHERE order_id = ${orderId}`);
    await admin().dispatch(manager, orderId, (await admin().detail(orderId, manager)).version, { carrier: 'DPD', trackingNumber: 'DPD124' });
    const [returnRow] = await queryRows<{ return_id: number }>(
      t.database.db,
      sql`INSERT INTO returns (order_id, user_id, reason, description, window_until, state, goods_back, instructions)
          SELECT order_id, user_id, 'damaged', 'Crushed.', '2026-11-30', 'approved', false, 'Keep them.' FROM orders WHERE order_id = ${orderId}
          RETURNING return_id`,
    );
    const returnId = Number(returnRow!.return_id);
    await t.app.services.returns.settleByCredit(manager, returnId, 1, { amountPence: 30_00 });
    const order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'refund_due', creditedPence: 30_00, duePence: 0, refundDuePence: 20_00, owedPence: 20_00 });

    // Nothing is owed any more: a second claim cannot be credited.
    const [again] = await queryRows<{ return_id: number }>(
      t.database.db,
      sql`INSERT INTO returns (order_id, user_id, reason, description, window_until, state, goods_back, instructions)
          SELECT order_id, user_id, 'damaged', 'More crushed.', '2026-11-30', 'approved', false, 'Keep them.' FROM orders WHERE order_id = ${orderId}
          RETURNING return_id`,
    );
    await expect(t.app.services.returns.settleByCredit(manager, Number(again!.return_id), 1, { amountPence: 5_00 })).rejects.toThrow(returnMessages.nothingOwed);
  });

  it('packs a part-dispatched, invoiced order cannot supply are taken off with a credit note; it is then Dispatched and leaves the queue', async () => {
    const { orderId, totalPence } = await accountOrder();
    const [boxes, tape, small] = await lineIds(orderId);
    await admin().shipments.ship(manager, orderId, (await admin().detail(orderId, manager)).version, {
      carrier: 'DPD',
      trackingNumber: 'DPD125',
      lines: [{ orderLineId: boxes!, count: 1 }],
    });
    let order = await admin().detail(orderId, manager);
    expect(order.progressLabel).toBe('Part dispatched');
    expect((await t.app.services.dispatchDesk.queue()).rows.map((r) => r.orderId)).toContain(orderId);
    const [invoice] = await queryRows(t.database.db, sql`SELECT 1 FROM invoices WHERE order_id = ${orderId}`);
    expect(invoice).toBeDefined();

    // More than is left to send of a line is refused, saying how many are left.
    await expect(
      t.app.services.lineCancellation.cancelLines(manager, orderId, order.version, [{ orderLineId: boxes!, count: 2 }], 'Discontinued'),
    ).rejects.toThrow('Only 1 pack of Cardboard Box 12x9x6 is left to send.');

    const taken = await t.app.services.lineCancellation.cancelLines(
      manager,
      orderId,
      order.version,
      [
        { orderLineId: boxes!, count: 1 },
        { orderLineId: tape!, count: 1 },
        { orderLineId: small!, count: 3 },
      ],
      'Discontinued by the maker',
    );
    expect(taken).toEqual({ refundDuePence: 0, takenOff: true });
    // 1 x £25.00 + 1 x £74.99 + 3 x £18.99 = £156.96 ex VAT, £31.39 VAT.
    expect(await creditNotes(orderId)).toEqual([{ kind: 'credit', total_pence: 188_35 }]);
    order = await admin().detail(orderId, manager);
    expect(order.status).toBe('Dispatched');
    expect(order.progressLabel).toBe('Dispatched');
    // The invoice's lines stay as issued; what was taken off is shown beside them.
    expect(order.lines.map((l) => l.count)).toEqual([2, 1, 3]);
    expect(order.shipping.lines.map((l) => [l.withdrawnPacks, l.remainingPacks])).toEqual([
      [1, 0],
      [1, 0],
      [3, 0],
    ]);
    expect(order.payment).toMatchObject({ creditedPence: 188_35, duePence: totalPence - 188_35 });
    expect(order.timeline.at(-1)).toMatchObject({ kind: 'lines_withdrawn', after: { status: 'Dispatched', credited_pence: 188_35 } });
    expect((await t.app.services.dispatchDesk.queue()).rows.map((r) => r.orderId)).not.toContain(orderId);
  });

  it('a paid order whose last packs cannot be supplied owes the customer their price back', async () => {
    const customer = await signUp(t.app);
    const { orderId } = await insertFixtureOrder(t.database.db, { created: placed, userId: customer.userId, paymentMethod: 'bank', paidPence: 'total' });
    const [boxes, tape, small] = await lineIds(orderId);
    await admin().shipments.ship(manager, orderId, (await admin().detail(orderId, manager)).version, {
      carrier: 'DPD',
      trackingNumber: 'DPD126',
      lines: [
        { orderLineId: boxes!, count: 2 },
        { orderLineId: small!, count: 3 },
      ],
    });
    const { refundDuePence } = await t.app.services.lineCancellation.cancelLines(
      manager,
      orderId,
      (await admin().detail(orderId, manager)).version,
      [{ orderLineId: tape!, count: 1 }],
      'Out of stock for good',
    );
    // £74.99 with VAT.
    expect(refundDuePence).toBe(89_99);
    const order = await admin().detail(orderId, manager);
    expect(order.status).toBe('Dispatched');
    expect(order.payment).toMatchObject({ status: 'refund_due', refundDuePence: 89_99, owedPence: 89_99 });
    expect(await customerView(orderId, customer.token)).toMatchObject({ payment_status: 'refund_due', refund_due: 89.99 });
  });
});
