/**
 * No money without an order (DESIGN section 4 "Orders"), through the whole app on each database,
 * with the local imitation of PayPal and with test payments: a size that sells out between the
 * payment page and placing ends with no order and the payment returned by the shop itself
 * (the refund made at PayPal / recorded refunded), and the customer is told so; placing again with
 * the same reference, or twice at once, never returns it twice nor places an order; while the
 * provider's refunds are down the payment stays pending and the job's retry returns it once the
 * provider is back; a refused return is listed as failed, staff's "Try again" returns it, and the
 * warehouse may not see the list.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { PaymentProviderUnavailable, unplacedPaymentMessages, type StaffMember, type UnplacedPaymentState } from '@shop/core';
import { insertBasketCatalogue, type BasketFixture, type Customer } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PayPalImitation } from '../testing/paypal-imitation.ts';
import { createTestApp, describeOnEachDatabase, type DatabaseKind, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/until.ts';
import { TestPayments } from '../adapters/payments/test-payments.ts';

type Provider = 'paypal' | 'test';

describeOnEachDatabase('a payment whose order cannot be placed is returned', (kind) => {
  for (const provider of ['paypal', 'test'] as const) {
    describe(`paid with ${provider === 'paypal' ? 'PayPal (local imitation)' : 'test payments'}`, () => suite(kind, provider));
  }
});

function suite(kind: DatabaseKind, provider: Provider) {
  const paypal = new PayPalImitation();
  let t: TestApp;
  let packs: BasketFixture;
  let sizeId: number;
  let manager: StaffMember;
  let warehouse: StaffMember;
  let paymentCount = 0;

  beforeAll(async () => {
    if (provider === 'paypal') await paypal.start();
    t = await createTestApp({
      kind,
      seed: false,
      env: {
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_EMAIL: '10000',
        // The job's retries come quickly, so an outage's retry is seen within the test.
        JOB_RETRY_BASE_SECONDS: '0.2',
        ...(provider === 'paypal'
          ? { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_ENV: 'sandbox', PAYPAL_API_BASE: paypal.baseUrl, PAYPAL_TIMEOUT_SECONDS: '2' }
          : {}),
      },
    });
    packs = await insertBasketCatalogue(t.database);
    const [size] = await queryRows<{ product_size_id: number }>(t.database.db, sql`SELECT product_size_id FROM product_prices WHERE product_price_id = ${packs.box25.productPriceId}`);
    sizeId = Number(size!.product_size_id);
    const staffRow = async (email: string, role: StaffMember['role']): Promise<StaffMember> => {
      const [row] = await queryRows<{ staff_id: number }>(t.database.db, sql`INSERT INTO staff (email, name, role) VALUES (${email}, 'Sam Staff', ${role}) RETURNING staff_id`);
      return { staffId: Number(row!.staff_id), email, name: 'Sam Staff', role, totpEnabled: false };
    };
    manager = await staffRow('mona.returns@example.com', 'manager');
    warehouse = await staffRow('will.returns@example.com', 'warehouse');
  });
  afterAll(async () => {
    await t?.close();
    if (provider === 'paypal') await paypal.stop();
  });
  afterEach(() => {
    paypal.refundMode = 'normal';
    vi.restoreAllMocks();
  });

  const setOnHand = (units: number) =>
    t.database.db.execute(
      sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${sizeId}, ${units}) ON CONFLICT (product_size_id) DO UPDATE SET on_hand = ${units}, allocated = 0`,
    );

  /** The customer reaches the payment page with one pack of 25 (£35.99) in stock, and pays. */
  async function paidCustomer(): Promise<{ customer: Customer; cart: CartDto; reference: string }> {
    await setOnHand(50);
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    paymentCount += 1;
    let reference: string;
    if (provider === 'paypal') {
      reference = `${kind === 'pglite' ? 'L' : 'P'}${String(paymentCount).padStart(3, '0')}UNPLACED5O19`;
      paypal.orders.set(reference, { status: 'COMPLETED', value: cart.total.toFixed(2) });
    } else {
      const created = await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: cart.total } });
      expect(created.statusCode, created.body).toBe(200);
      reference = created.json<{ id: string }>().id;
    }
    return { customer, cart, reference };
  }
  const placeWith = (customer: Customer, cart: CartDto, reference: string) =>
    placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: reference }));
  const unplaced = (reference: string) =>
    queryRows<{ state: UnplacedPaymentState; amount_pence: number; refund_id: string | null; attempts: number; user_id: number; capture_id: string | null }>(
      t.database.db,
      sql`SELECT state, amount_pence, refund_id, attempts, user_id, capture_id FROM unplaced_payments WHERE reference = ${reference}`,
    );
  const stateOf = async (reference: string) => (await unplaced(reference))[0]?.state ?? null;
  const ordersOf = async (customer: Customer) =>
    Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${customer.userId}`))[0]!.n);
  const refundsAtPayPal = (reference: string) => paypal.refunds.filter((r) => r.captureId === `CAP-${reference}`);

  it('a size that sells out between the payment page and placing: no order, the customer is told the payment is being returned, and it is returned', async () => {
    const { customer, cart, reference } = await paidCustomer();
    await setOnHand(0); // sold to someone else meanwhile

    const refused = await placeWith(customer, cart, reference);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ message: string; payment_returned: { reference: string; amount: number } }>();
    expect(body.message).toContain('Not enough stock');
    expect(body.message).toContain(unplacedPaymentMessages.beingReturned(3599, reference));
    expect(body.payment_returned).toEqual({ reference, amount: 35.99 });
    expect(await ordersOf(customer)).toBe(0);

    expect(await until(async () => (await stateOf(reference)) === 'refunded', 15_000, 'the payment returned')).toBe(true);
    const [row] = await unplaced(reference);
    expect(row).toMatchObject({ amount_pence: 3599, user_id: customer.userId });
    expect(row!.refund_id).toBeTruthy();
    if (provider === 'paypal') {
      // The money went back at PayPal, in full, once.
      expect(refundsAtPayPal(reference)).toEqual([expect.objectContaining({ value: '35.99', noteToPayer: unplacedPaymentMessages.noteToPayer })]);
      expect(row!.refund_id).toBe(refundsAtPayPal(reference)[0]!.id);
    }
    // Staff see it, returned.
    const listed = (await t.app.services.unplacedPayments.list(manager)).find((p) => p.reference === reference);
    expect(listed).toMatchObject({ state: 'refunded', amountPence: 3599, customer: { email: customer.email } });
  });

  it('placing again with the same reference, once or twice at once, is refused and never returns the payment twice nor places an order', async () => {
    const { customer, cart, reference } = await paidCustomer();
    await setOnHand(0);
    // Two submits of the same payment at once (a double click, two tabs).
    const [first, second] = await Promise.all([placeWith(customer, cart, reference), placeWith(customer, cart, reference)]);
    expect([first.statusCode, second.statusCode]).toEqual([409, 409]);
    await until(async () => (await stateOf(reference)) === 'refunded', 15_000, 'the payment returned');

    // Back in stock: the same payment still cannot place an order; it is being returned.
    await setOnHand(50);
    const again = await placeWith(customer, cart, reference);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(unplacedPaymentMessages.alreadyReturned(reference));
    await t.app.services.jobWorker.drain();

    expect(await ordersOf(customer)).toBe(0);
    expect(await unplaced(reference)).toHaveLength(1);
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toHaveLength(1);
  });

  it('while the provider cannot refund, the payment stays pending and is retried; once it is back the retry returns it, once', async () => {
    if (provider === 'paypal') paypal.refundMode = 'down';
    else vi.spyOn(TestPayments.prototype, 'refund').mockRejectedValue(new PaymentProviderUnavailable('the test provider is down'));
    const { customer, cart, reference } = await paidCustomer();
    await setOnHand(0);
    expect((await placeWith(customer, cart, reference)).statusCode).toBe(409);

    // Tried more than once while down, and still pending (never failed, never refunded).
    await until(async () => ((await unplaced(reference))[0]?.attempts ?? 0) >= 2, 15_000, 'the refund job to retry');
    expect(await stateOf(reference)).toBe('pending');
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toHaveLength(0);

    if (provider === 'paypal') paypal.refundMode = 'normal';
    else vi.restoreAllMocks();
    expect(await until(async () => (await stateOf(reference)) === 'refunded', 20_000, 'the retry to return the payment')).toBe(true);
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toHaveLength(1);
    expect(await ordersOf(customer)).toBe(0);
  });

  it('a return the provider refuses is listed as failed for staff; "Try again" returns it; the warehouse may not see the list', async () => {
    const refuse = vi.spyOn(TestPayments.prototype, 'refund').mockResolvedValue({ state: 'failed', refundId: null, reason: 'The capture was disputed.' });
    let paypalRefuses = false;
    if (provider === 'paypal') {
      // PayPal refuses: the capture has nothing left to refund (422).
      paypalRefuses = true;
    }
    const { customer, cart, reference } = await paidCustomer();
    if (paypalRefuses) paypal.refunds.push({ id: 'EARLIER', captureId: `CAP-${reference}`, value: cart.total.toFixed(2), requestId: null, noteToPayer: null });
    await setOnHand(0);
    expect((await placeWith(customer, cart, reference)).statusCode).toBe(409);
    await until(async () => (await stateOf(reference)) === 'failed', 15_000, 'the return to fail');

    const listed = (await t.app.services.unplacedPayments.list(manager, { state: 'failed' })).find((p) => p.reference === reference);
    expect(listed?.failureReason).toBeTruthy();
    await expect(t.app.services.unplacedPayments.list(warehouse)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(t.app.services.unplacedPayments.retry(warehouse, listed!.unplacedPaymentId)).rejects.toMatchObject({ code: 'forbidden' });

    refuse.mockRestore();
    if (paypalRefuses) paypal.refunds.splice(paypal.refunds.findIndex((r) => r.id === 'EARLIER'), 1);
    await t.app.services.unplacedPayments.retry(manager, listed!.unplacedPaymentId);
    expect(await until(async () => (await stateOf(reference)) === 'refunded', 15_000, 'the retried return')).toBe(true);
    // A second "Try again" on a returned payment is refused, not sent.
    await expect(t.app.services.unplacedPayments.retry(manager, listed!.unplacedPaymentId)).rejects.toMatchObject({ code: 'invalid_request' });
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toHaveLength(1);
    expect(await ordersOf(customer)).toBe(0);
  });

  it('a payment that placed its order is never returned, even when it is sent again', async () => {
    const { customer, cart, reference } = await paidCustomer();
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: reference }), 'same-key-1');
    expect(placed.statusCode, placed.body).toBe(200);
    const again = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: reference }), 'another-key');
    expect(again.statusCode).toBe(409);
    await t.app.services.jobWorker.drain();
    expect(await unplaced(reference)).toHaveLength(0);
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toHaveLength(0);
  });
}
