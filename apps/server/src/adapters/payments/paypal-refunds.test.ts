/**
 * Refunds of card/wallet orders through PayPal's refund API (DESIGN sections 4, 5 and 10),
 * against the local imitation of PayPal (testing/paypal-imitation.ts): through the whole app on
 * each database (staff refund an order the customer paid with PayPal, whole or in part; PayPal
 * refusing; PayPal not answering in time, then "Try again" making one refund only), and on the
 * adapter alone (the request PayPal receives, PayPal-Request-Id, its refusals).
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderUnavailable, type StaffMember } from '@shop/core';
import { queryRows } from '@shop/db';
import { insertBasketCatalogue, type BasketFixture } from '../../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../../testing/checkout-fixtures.ts';
import { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PayPalImitation } from '../../testing/paypal-imitation.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../../testing/test-app.ts';
import { PayPalVerifier } from './paypal-verifier.ts';

/** PAYPAL_TIMEOUT_SECONDS of the app under test; the imitation's late answers come after LATE_MS. */
const PAYPAL_TIMEOUT_MS = 1_000;
const LATE_MS = 1_600;

describeOnEachDatabase('refunds through PayPal, against a local imitation of PayPal', (kind) => {
  const paypal = new PayPalImitation();
  let t: TestApp;
  let packs: BasketFixture;
  let manager: StaffMember;
  let orderCount = 0;

  beforeAll(async () => {
    await paypal.start();
    t = await createTestApp({
      kind,
      seed: false,
      env: {
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_EMAIL: '10000',
        PAYPAL_CLIENT_ID,
        PAYPAL_CLIENT_SECRET,
        PAYPAL_ENV: 'sandbox',
        PAYPAL_API_BASE: paypal.baseUrl,
        PAYPAL_TIMEOUT_SECONDS: String(PAYPAL_TIMEOUT_MS / 1000),
      },
    });
    packs = await insertBasketCatalogue(t.database);
    const [row] = await queryRows<{ staff_id: number }>(
      t.database.db,
      sql`INSERT INTO staff (email, name, role) VALUES ('mona.refunds@example.com', 'Mona Manager', 'manager') RETURNING staff_id`,
    );
    manager = { staffId: Number(row!.staff_id), email: 'mona.refunds@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
  });
  afterAll(async () => {
    await t?.close();
    await paypal.stop();
  });
  afterEach(() => {
    paypal.refundMode = 'normal';
    paypal.slowMs = 1_500;
  });

  const admin = () => t.app.services.orderAdministration;

  /** An order of £35.99 the customer paid with PayPal (captured as CAP-<PayPal order id>). */
  async function paidWithPayPal() {
    orderCount += 1;
    const paypalOrderId = `${kind === 'pglite' ? 'L' : 'P'}${String(orderCount).padStart(3, '0')}REFUND5O1901`;
    paypal.orders.set(paypalOrderId, { status: 'COMPLETED', value: '35.99' });
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: paypalOrderId }));
    expect(placed.statusCode, placed.body).toBe(200);
    return { orderId: placed.json<number>(), captureId: `CAP-${paypalOrderId}` };
  }
  const refundRows = (orderId: number) =>
    queryRows<{ provider: string; provider_state: string; provider_refund_id: string | null; idempotency_key: string; failure_reason: string | null; amount_pence: number }>(
      t.database.db,
      sql`SELECT provider, provider_state, provider_refund_id, idempotency_key, failure_reason, amount_pence FROM order_payments
          WHERE order_id = ${orderId} AND kind = 'refund' ORDER BY order_payment_id`,
    );

  it('a cancelled PayPal order is refunded in whole through PayPal: the form offers what is owed, PayPal\'s refund id is kept, the order reads Refunded', async () => {
    const { orderId, captureId } = await paidWithPayPal();
    const [placed] = await queryRows<{ provider_capture_id: string }>(t.database.db, sql`SELECT provider_capture_id FROM orders WHERE order_id = ${orderId}`);
    expect(placed!.provider_capture_id).toBe(captureId);

    let order = await admin().detail(orderId, manager);
    await admin().cancel(manager, orderId, order.version, 'Out of stock');
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'refund_due', refundDuePence: 35_99, owedPence: 35_99, refundProvider: 'paypal' });

    const result = await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: order.payment.owedPence, note: 'Sorry, out of stock' });
    expect(result).toMatchObject({ state: 'completed', amountPence: 35_99 });
    const made = paypal.refunds.filter((r) => r.captureId === captureId);
    expect(made).toEqual([expect.objectContaining({ value: '35.99', noteToPayer: 'Sorry, out of stock' })]);
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ provider: 'paypal', provider_state: 'completed', provider_refund_id: made[0]!.id, failure_reason: null });
    // PayPal-Request-Id was the refund's own key.
    expect(made[0]!.requestId).toBe(row!.idempotency_key);
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'refunded', refundedPence: 35_99, refundDuePence: 0, refundablePence: 0 });
    expect(order.timeline.map((e) => e.kind)).toEqual(['placed', 'cancelled', 'refund_requested', 'refund_completed']);
  });

  it('a part refund, then the rest: two refunds at PayPal, each counted once', async () => {
    const { orderId, captureId } = await paidWithPayPal();
    let order = await admin().detail(orderId, manager);
    expect((await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 10_00 })).state).toBe('completed');
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ status: 'paid', refundedPence: 10_00, refundablePence: 25_99 });
    // More than is left is refused before anything is sent.
    await expect(admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 26_00 })).rejects.toThrow('At most £25.99 can be refunded');
    expect((await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 25_99 })).state).toBe('completed');
    expect(paypal.refunds.filter((r) => r.captureId === captureId).map((r) => r.value)).toEqual(['10.00', '25.99']);
    expect((await admin().detail(orderId, manager)).payment).toMatchObject({ refundedPence: 35_99, refundablePence: 0 });
  });

  it('PayPal refusing a refund: recorded as failed with PayPal\'s reason, nothing refunded', async () => {
    const { orderId, captureId } = await paidWithPayPal();
    // Someone refunded £30.00 in PayPal's own dashboard: PayPal has £5.99 left of the capture.
    paypal.refunds.push({ id: 'DASHBOARD1', captureId, value: '30.00', requestId: null, noteToPayer: null });
    const order = await admin().detail(orderId, manager);
    const result = await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 35_99 });
    expect(result).toMatchObject({ state: 'failed', reason: expect.stringContaining('The refund amount must be less than or equal to the capture amount that has not yet been refunded') });
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ provider_state: 'failed', provider_refund_id: null, failure_reason: expect.stringContaining('REFUND_AMOUNT_EXCEEDED') });
    const after = await admin().detail(orderId, manager);
    expect(after.payment).toMatchObject({ refundedPence: 0, pendingRefundPence: 0, refundablePence: 35_99 });
    expect(after.payment.records.at(-1)).toMatchObject({ providerState: 'failed', failureReason: expect.stringContaining('PayPal refused the refund') });
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'refund_failed', by: 'Mona Manager' });
  });

  it('PayPal not answering in time: the refund stays pending; "Try again" sends the same key and PayPal makes one refund, counted once', async () => {
    const { orderId, captureId } = await paidWithPayPal();
    let order = await admin().detail(orderId, manager);
    paypal.refundMode = 'late-answer';
    paypal.slowMs = LATE_MS;
    const first = await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 35_99 });
    expect(first.state).toBe('pending');
    // PayPal made it, but its answer came too late.
    expect(paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ refundedPence: 0, pendingRefundPence: 35_99, refundablePence: 0 });
    expect(order.payment.records.at(-1)).toMatchObject({ kind: 'refund', providerState: 'pending', amountPence: 35_99 });
    // Nothing more can be refunded while it is pending: no second refund by another route.
    await expect(admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 1_00 })).rejects.toThrow('At most £0.00 can be refunded');

    paypal.refundMode = 'normal';
    const retried = await admin().retryProviderRefund(manager, orderId, first.orderPaymentId);
    expect(retried.state).toBe('completed');
    const [row] = await refundRows(orderId);
    expect(paypal.refundsWithRequestId(row!.idempotency_key)).toHaveLength(1);
    expect(paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect(row).toMatchObject({ provider_state: 'completed', provider_refund_id: paypal.refundsWithRequestId(row!.idempotency_key)[0]!.id });
    order = await admin().detail(orderId, manager);
    expect(order.payment).toMatchObject({ refundedPence: 35_99, pendingRefundPence: 0 });
    // Once settled, it is not sent again.
    await expect(admin().retryProviderRefund(manager, orderId, first.orderPaymentId)).rejects.toThrow('no longer pending');
    expect(order.timeline.map((e) => e.kind).slice(1)).toEqual(['refund_requested', 'refund_retried', 'refund_completed']);
  });

  it('an order placed before captures were recorded: its capture is found at PayPal when it is refunded', async () => {
    const { orderId, captureId } = await paidWithPayPal();
    await t.database.db.execute(sql`UPDATE orders SET provider_capture_id = NULL WHERE order_id = ${orderId}`);
    const order = await admin().detail(orderId, manager);
    expect((await admin().refundThroughProvider(manager, orderId, order.version, { amountPence: 5_00 })).state).toBe('completed');
    expect(paypal.refunds.at(-1)).toMatchObject({ captureId, value: '5.00' });
    const [stored] = await queryRows<{ provider_capture_id: string }>(t.database.db, sql`SELECT provider_capture_id FROM orders WHERE order_id = ${orderId}`);
    expect(stored!.provider_capture_id).toBe(captureId);
  });
});

describe('the PayPal refund adapter alone', () => {
  const paypal = new PayPalImitation();
  const adapter = (timeoutMs = 2_000) => new PayPalVerifier({ clientId: PAYPAL_CLIENT_ID, clientSecret: PAYPAL_CLIENT_SECRET, apiBase: paypal.baseUrl, timeoutMs });
  beforeAll(async () => paypal.start());
  afterAll(async () => paypal.stop());
  afterEach(() => {
    paypal.refundMode = 'normal';
  });

  it('sends the amount in GBP with PayPal-Request-Id; the same key answers the same refund, never a second one', async () => {
    paypal.orders.set('ADAPTER1', { status: 'COMPLETED', value: '20.00' });
    const refunds = adapter();
    expect(await refunds.captureIdOf('ADAPTER1')).toBe('CAP-ADAPTER1');
    const first = await refunds.refund({ captureId: 'CAP-ADAPTER1', amountPence: 12_50, idempotencyKey: 'key-1' });
    expect(first).toEqual({ state: 'completed', refundId: expect.any(String) });
    const again = await refunds.refund({ captureId: 'CAP-ADAPTER1', amountPence: 12_50, idempotencyKey: 'key-1' });
    expect(again.refundId).toBe(first.refundId);
    expect(paypal.refundsWithRequestId('key-1')).toEqual([expect.objectContaining({ value: '12.50' })]);
  });

  it('PayPal refusing (more than is left, an unknown capture) is a failed refund with its reason', async () => {
    paypal.orders.set('ADAPTER2', { status: 'COMPLETED', value: '5.00' });
    expect(await adapter().refund({ captureId: 'CAP-ADAPTER2', amountPence: 6_00, idempotencyKey: 'key-2' })).toEqual({
      state: 'failed',
      refundId: null,
      reason:
        'PayPal refused the refund: The refund amount must be less than or equal to the capture amount that has not yet been refunded. (REFUND_AMOUNT_EXCEEDED)',
    });
    expect(await adapter().refund({ captureId: 'CAP-NOSUCH', amountPence: 1_00, idempotencyKey: 'key-3' })).toMatchObject({ state: 'failed', reason: expect.stringMatching(/does not exist/) });
  });

  it('no answer in time throws PaymentProviderUnavailable (the refund may have been made: the shop keeps it pending)', async () => {
    paypal.orders.set('ADAPTER3', { status: 'COMPLETED', value: '5.00' });
    const refunds = adapter(300);
    await refunds.captureIdOf('ADAPTER3'); // the access token, while PayPal answers normally
    paypal.refundMode = 'late-answer';
    paypal.slowMs = 800;
    await expect(refunds.refund({ captureId: 'CAP-ADAPTER3', amountPence: 1_00, idempotencyKey: 'key-4' })).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    expect(paypal.refundsWithRequestId('key-4')).toHaveLength(1);
  });
});
