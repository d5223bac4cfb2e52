/**
 * The payment step's loader and action over real core services on PGlite (the signed-in
 * customer stubbed as session.server.ts memoises it): the bank transfer tab shows the basket's
 * own reference before anything is paid, the same one after a reload and a different one for
 * another customer; "I've made my bank transfer" places the order carrying it, and the next
 * basket gets a new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartBodySchema, createAddressBodySchema, type PaymentsConfigDto } from '@shop/contract';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, ORDER_REFERENCE_ALPHABET, type CoreServices } from '@shop/core';
import { sql } from 'drizzle-orm';
import { action, loader } from './payment';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
let pack: { product_id: number; product_price_id: number };
let serial = 0;
const TEST_MODE: PaymentsConfigDto = { mode: 'test', clientId: null, currency: 'GBP' };
const NEW_FORM = new RegExp(`^${demoShopConfig.bank.referencePrefix}-[${ORDER_REFERENCE_ALPHABET}]{6}$`);

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite', { demoCatalogue: true }));
  services = createCoreServices(database, { shop: demoShopConfig });
  const [row] = await queryRows<{ product_id: number; product_price_id: number }>(
    database.db,
    sql`SELECT product_id, product_price_id FROM product_prices ORDER BY product_price_id LIMIT 1`,
  );
  pack = { product_id: Number(row!.product_id), product_price_id: Number(row!.product_price_id) };
}, 60_000);
afterAll(async () => drop?.());

/** A signed-in customer with a pack in the basket and a delivery address chosen. */
async function customerAtPayment(): Promise<number> {
  const { userId } = await services.accounts.signUp({
    first_name: 'Ria',
    last_name: 'Shah',
    email: `payment-page-${++serial}@example.com`,
    password: 'correct horse',
    phone: '0113 496 0123',
  });
  await services.carts.add(userId, addToCartBodySchema.parse({ ...pack, count: 2 }));
  const address = await services.addresses.create(
    userId,
    createAddressBodySchema.parse({
      reference: 'Unit 4',
      contact_name: 'Ria Shah',
      region: '1',
      company_name: '',
      address: 'Kirkstall Road',
      town: 'Leeds',
      country: 'United Kingdom',
      post_code: 'LS4 2AA',
      phone: '0113 496 0123',
    }),
  );
  await services.carts.assignAddress(userId, { addressId: address.address_id });
  return userId;
}

function contextOf(userId: number) {
  return {
    services,
    payments: TEST_MODE,
    secure: false,
    memo: new Map<string, unknown>([['visitor', Promise.resolve({ sessionId: null, token: null, userId })]]),
  };
}

type PaymentPage = { bankReference: string; cart: { subTotal: number; deliveryFee: number; totalTax: number; total: number; address_id: number | null }; idempotencyKey: string };
const showPage = async (userId: number) =>
  (await loader({ request: new Request('http://shop.test/payment?pay=bank'), context: contextOf(userId), params: {} } as never)) as unknown as PaymentPage;

describe('the payment step and the order reference', () => {
  it('shows a reference before paying, the same after a reload; the order placed carries it; the next basket gets another', async () => {
    const userId = await customerAtPayment();
    const page = await showPage(userId);
    expect(page.bankReference).toMatch(NEW_FORM);
    expect((await showPage(userId)).bankReference).toBe(page.bankReference);

    const { cart } = page;
    const form = new URLSearchParams({
      intent: 'bank',
      idempotency_key: page.idempotencyKey,
      sub_total: String(cart.subTotal),
      delivery_fee: String(cart.deliveryFee),
      total_tax: String(cart.totalTax),
      total: String(cart.total),
      address_id: String(cart.address_id),
      payment_reference: page.bankReference,
    });
    const placed = (await action({ request: new Request('http://shop.test/payment', { method: 'POST', body: form }), context: contextOf(userId), params: {} } as never)) as Response;
    expect(placed.status).toBe(302);
    const orderId = Number(new URL(placed.headers.get('location')!, 'http://shop.test').searchParams.get('orderId'));
    expect(await services.orders.detail(userId, orderId)).toMatchObject({ payment_method: 'bank', payment_reference: page.bankReference, payment_is_test: false });

    await services.carts.add(userId, addToCartBodySchema.parse({ ...pack, count: 1 }));
    const next = await showPage(userId);
    expect(next.bankReference).toMatch(NEW_FORM);
    expect(next.bankReference).not.toBe(page.bankReference);
  });

  it('two customers at the payment step at once never see the same reference', async () => {
    const [a, b] = await Promise.all([customerAtPayment(), customerAtPayment()]);
    const [pageA, pageB] = await Promise.all([showPage(a), showPage(b)]);
    expect(pageA.bankReference).toMatch(NEW_FORM);
    expect(pageB.bankReference).toMatch(NEW_FORM);
    expect(pageA.bankReference).not.toBe(pageB.bankReference);
  });
});
