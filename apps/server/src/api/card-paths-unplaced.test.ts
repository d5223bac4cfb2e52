/**
 * No card payment without an order or a recorded payment, on the card paths besides checkout
 * (DESIGN section 4 "Orders"), with the local imitation of PayPal and with test
 * payments: a quote accepted by card whose goods sold out meanwhile places no order, the customer
 * is told the payment is being returned, and it is returned and listed for staff; paying what is
 * due on an order cancelled meanwhile is returned the same way; a payment of what is due sent
 * again for the same order (the idempotent repeat) is recorded once and never returned.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@shop/db';
import { dueCardPaymentMessages, unplacedPaymentMessages, type StaffMember, type UnplacedPaymentState } from '@shop/core';
import { insertBasketCatalogue, type BasketFixture, type Customer } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PayPalImitation } from '../testing/paypal-imitation.ts';
import { createTestApp, describeOnPglite, type DatabaseKind, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/until.ts';

type Provider = 'paypal' | 'test';

describeOnPglite('a card payment a quote or an order could not use is returned', (kind) => {
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
  let paymentCount = 0;

  beforeAll(async () => {
    if (provider === 'paypal') await paypal.start();
    t = await createTestApp({
      kind,
      seed: false,
      env: {
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_EMAIL: '10000',
        JOB_RETRY_BASE_SECONDS: '0.2',
        ...(provider === 'paypal'
          ? { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_ENV: 'sandbox', PAYPAL_API_BASE: paypal.baseUrl, PAYPAL_TIMEOUT_SECONDS: '2' }
          : {}),
      },
    });
    packs = await insertBasketCatalogue(t.database);
    const [size] = await queryRows<{ product_size_id: number }>(t.database.db, sql`SELECT product_size_id FROM product_prices WHERE product_price_id = ${packs.box25.productPriceId}`);
    sizeId = Number(size!.product_size_id);
    const [row] = await queryRows<{ staff_id: number }>(t.database.db, sql`INSERT INTO staff (email, name, role) VALUES ('mona.cards@example.com', 'Mona Manager', 'manager') RETURNING staff_id`);
    manager = { staffId: Number(row!.staff_id), email: 'mona.cards@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
  });
  afterAll(async () => {
    await t?.close();
    if (provider === 'paypal') await paypal.stop();
  });

  const setOnHand = (units: number) =>
    t.database.db.execute(
      sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${sizeId}, ${units}) ON CONFLICT (product_size_id) DO UPDATE SET on_hand = ${units}, allocated = 0`,
    );

  /** The provider takes `pence` from the customer: PayPal's order, or a test payment. */
  async function pay(pence: number): Promise<string> {
    paymentCount += 1;
    if (provider === 'paypal') {
      const reference = `${kind === 'pglite' ? 'L' : 'P'}${String(paymentCount).padStart(3, '0')}CARDPATHS5O1`;
      paypal.orders.set(reference, { status: 'COMPLETED', value: (pence / 100).toFixed(2) });
      return reference;
    }
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: pence / 100 } });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ id: string }>().id;
  }
  const unplaced = (reference: string) =>
    queryRows<{ state: UnplacedPaymentState; amount_pence: number; user_id: number }>(
      t.database.db,
      sql`SELECT state, amount_pence, user_id FROM unplaced_payments WHERE reference = ${reference}`,
    );
  const stateOf = async (reference: string) => (await unplaced(reference))[0]?.state ?? null;
  const ordersOf = async (customer: Customer) =>
    Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${customer.userId}`))[0]!.n);
  const refundsAtPayPal = (reference: string) => paypal.refunds.filter((r) => r.captureId === `CAP-${reference}`);

  /** A customer's quote for 25 boxes (one pack from stock) at £1.00 a box, sent by staff. */
  async function sentQuote() {
    const { customer, addressId } = await readyCustomer(t, [[packs.box25, 1]]);
    const quotes = t.app.services.quotes;
    const { quoteId } = await quotes.request(customer.userId, {
      items: [{ productPriceId: packs.box25.productPriceId, quantity: 25, printed: false, custom: false, customSize: '', printColours: '', notes: '' }],
      neededBy: null,
      note: '',
      artwork: null,
    });
    const seen = await quotes.forStaff(quoteId);
    await quotes.price(manager.staffId, quoteId, seen.version, {
      lines: [{ productPriceId: packs.box25.productPriceId, description: 'Boxes from stock', quantity: 25, unitPricePence: 100, isCustom: false }],
      deliveryChargePence: 0,
      validityDays: null,
      note: '',
      dispatch: { leadWorkingDays: 10 },
    });
    await quotes.send(manager.staffId, quoteId, (await quotes.forStaff(quoteId)).version);
    const totals = await quotes.totalsFor(customer.userId, quoteId, addressId);
    return { customer, addressId, quoteId, totalPence: totals.totalPence };
  }

  /** A customer's order awaiting a bank transfer: its whole total is due. */
  async function orderWithMoneyDue() {
    await setOnHand(50);
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'bank' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json<number>();
    const [order] = await queryRows<{ total_pence: number }>(t.database.db, sql`SELECT total_pence FROM orders WHERE order_id = ${orderId}`);
    return { customer, orderId, duePence: Number(order!.total_pence) };
  }

  it('a quote accepted by card whose goods sold out meanwhile: no order, the customer is told the payment is being returned, it is returned and staff see it', async () => {
    const { customer, addressId, quoteId, totalPence } = await sentQuote();
    const reference = await pay(totalPence);
    await setOnHand(0); // sold to someone else between paying and accepting

    const accepting = t.app.services.quotes.accept(customer.userId, quoteId, { payment: { method: 'paypal', reference }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null });
    const refused = await accepting.then(
      () => null,
      (error: unknown) => error as { code: string; message: string; details: Record<string, unknown> },
    );
    expect(refused?.code).toBe('conflict');
    expect(refused?.message).toContain('Not enough stock');
    expect(refused?.message).toContain(unplacedPaymentMessages.returnedInFull(totalPence, reference));
    expect(refused?.details.payment_returned).toEqual({ reference, amount: totalPence / 100 });
    expect(await ordersOf(customer)).toBe(0);
    expect((await t.app.services.quotes.forCustomer(customer.userId, quoteId)).state).toBe('sent');

    expect(await until(async () => (await stateOf(reference)) === 'refunded', 15_000, 'the payment returned')).toBe(true);
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toEqual([expect.objectContaining({ value: (totalPence / 100).toFixed(2) })]);
    const listed = (await t.app.services.unplacedPayments.list(manager)).find((p) => p.reference === reference);
    expect(listed).toMatchObject({ state: 'refunded', amountPence: totalPence, customer: { email: customer.email } });

    // Back in stock: the same payment cannot accept the quote now; it is not returned twice.
    await setOnHand(50);
    await expect(
      t.app.services.quotes.accept(customer.userId, quoteId, { payment: { method: 'paypal', reference }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await t.app.services.jobWorker.drain();
    expect(await ordersOf(customer)).toBe(0);
    expect(await unplaced(reference)).toHaveLength(1);
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toHaveLength(1);
  });

  it('paying what is due on an order cancelled meanwhile: nothing is recorded, and the payment is returned', async () => {
    const { customer, orderId, duePence } = await orderWithMoneyDue();
    const reference = await pay(duePence);
    await t.database.db.execute(sql`UPDATE orders SET status = 'Cancelled' WHERE order_id = ${orderId}`); // cancelled while the customer paid

    const refused = await t.app.services.dueCardPayments.pay(customer.userId, orderId, reference).then(
      () => null,
      (error: unknown) => error as { code: string; message: string },
    );
    expect(refused?.code).toBe('conflict');
    expect(refused?.message).toBe(`${dueCardPaymentMessages.cancelled(orderId)} ${unplacedPaymentMessages.returnedInFull(duePence, reference)}`);
    const [order] = await queryRows<{ paid_pence: number }>(t.database.db, sql`SELECT paid_pence FROM orders WHERE order_id = ${orderId}`);
    expect(Number(order!.paid_pence)).toBe(0);

    expect(await until(async () => (await stateOf(reference)) === 'refunded', 15_000, 'the payment returned')).toBe(true);
    expect((await unplaced(reference))[0]).toMatchObject({ amount_pence: duePence, user_id: customer.userId });
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toHaveLength(1);
  });

  it('the same payment of what is due sent again for its order is recorded once and never returned', async () => {
    const { customer, orderId, duePence } = await orderWithMoneyDue();
    const reference = await pay(duePence);
    await expect(t.app.services.dueCardPayments.pay(customer.userId, orderId, reference)).resolves.toEqual({ recorded: true, amountPence: duePence });
    // A double click, a retry after a lost answer: the idempotent repeat.
    await expect(t.app.services.dueCardPayments.pay(customer.userId, orderId, reference)).resolves.toEqual({ recorded: false, amountPence: duePence });
    await t.app.services.jobWorker.drain();

    expect(await unplaced(reference)).toHaveLength(0);
    if (provider === 'paypal') expect(refundsAtPayPal(reference)).toHaveLength(0);
    const [order] = await queryRows<{ paid_pence: number }>(t.database.db, sql`SELECT paid_pence FROM orders WHERE order_id = ${orderId}`);
    expect(Number(order!.paid_pence)).toBe(duePence);
  });
}
