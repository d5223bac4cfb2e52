/**
 * The payment step checks the basket before the customer can pay (DESIGN section 4 "Orders"),
 * over real core services on PGlite: the loader reports a line that sold out since it was added
 * (as the basket page marks it), a product no longer sold and a PO box delivery address, in
 * placing's own words; a basket that can be ordered reports nothing. The returned-payments page
 * lists payments the shop is returning for owners and managers, never the warehouse, and its
 * "Try again" is a plain POST.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { insertFixtureCustomer } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { loader as paymentLoader } from './payment';
import { action as returnedAction, loader as returnedLoader } from './admin/returned-payments';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
let pack: { productId: number; productPriceId: number; sizeId: number; qty: number };
let staffId: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite', { demoCatalogue: true }));
  services = createCoreServices(database, { shop: demoShopConfig });
  const [row] = await queryRows<{ product_id: number; product_price_id: number; product_size_id: number; qty: number }>(
    database.db,
    sql`SELECT pp.product_id, pp.product_price_id, pp.product_size_id, pp.pack_range[1] AS qty
        FROM product_prices pp JOIN products p ON p.product_id = pp.product_id WHERE p.is_active ORDER BY pp.product_price_id LIMIT 1`,
  );
  pack = { productId: Number(row!.product_id), productPriceId: Number(row!.product_price_id), sizeId: Number(row!.product_size_id), qty: Number(row!.qty) };
  const [staff] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('mo@example.com', 'Mo Manager', 'manager') RETURNING staff_id`);
  staffId = Number(staff!.staff_id);
}, 60_000);
afterAll(async () => drop?.());

function contextFor(who: { customer?: number; role?: 'owner' | 'manager' | 'warehouse' }) {
  const staff = who.role ? { staff: { staffId, email: 'mo@example.com', name: 'Mo Manager', role: who.role, totpEnabled: false }, awaitingSecondFactor: false } : null;
  const visitor = { sessionId: null, token: who.customer ? 'T'.repeat(43) : null, userId: who.customer ?? null };
  return {
    services,
    payments: { mode: 'test', clientId: null, currency: 'GBP' },
    secure: false,
    nonce: 'n',
    memo: new Map<string, unknown>([
      ['staff', Promise.resolve(staff)],
      ['visitor', Promise.resolve(visitor)],
    ]),
  };
}

async function call(handler: (args: never) => unknown, url: string, context: object, form?: Record<string, string>) {
  const request = form ? new Request(`http://shop.test${url}`, { method: 'POST', body: new URLSearchParams(form) }) : new Request(`http://shop.test${url}`);
  let result: unknown;
  try {
    result = await handler({ request, context, params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location'), body: null as never };
  const shaped = result as { data?: unknown; init?: { status?: number } | null };
  if (shaped && typeof shaped === 'object' && 'data' in shaped && 'init' in shaped) return { status: shaped.init?.status ?? 200, location: null, body: shaped.data as never };
  return { status: 200, location: null, body: result as never };
}

/** A customer with one pack in the basket and a delivery address chosen (edited to a PO box after, when asked). */
async function customerAtPayment(address: { address?: string } = {}) {
  const userId = await insertFixtureCustomer(database.db);
  await services.carts.add(userId, { session_id: undefined, product_id: pack.productId, product_price_id: pack.productPriceId, qty: pack.qty, count: 1 } as never);
  const saved = await services.addresses.create(userId, {
    reference: 'Office',
    contact_name: 'Ann Lee',
    region: '1',
    company_name: '',
    address: 'Wharf Street',
    town: 'Leeds',
    country: 'United Kingdom',
    post_code: 'LS1 4AP',
    phone: '01134960123',
  } as never);
  await services.carts.assignAddress(userId, { addressId: saved.address_id, cartId: null } as never);
  // Choosing a PO box is refused at the delivery step; an address edited since is caught here.
  if (address.address) await database.db.execute(sql`UPDATE addresses SET address = ${address.address} WHERE address_id = ${saved.address_id}`);
  return userId;
}

const paymentPage = async (userId: number) =>
  (await call(paymentLoader as never, '/payment', contextFor({ customer: userId }))).body as { shortfalls: Record<number, string>; basketProblem: string | null };

describe('the payment step checks the basket before the customer can pay', () => {
  it('a basket that can be ordered: nothing is wrong, so the ways to pay are offered', async () => {
    await database.db.execute(sql`DELETE FROM stock_levels WHERE product_size_id = ${pack.sizeId}`);
    const page = await paymentPage(await customerAtPayment());
    expect(page.shortfalls).toEqual({});
    expect(page.basketProblem).toBeNull();
  });

  it('a line that sold out since it was added is marked, in the basket page\'s words', async () => {
    const userId = await customerAtPayment();
    await database.db.execute(
      sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${pack.sizeId}, 0) ON CONFLICT (product_size_id) DO UPDATE SET on_hand = 0, allocated = 0`,
    );
    try {
      const page = await paymentPage(userId);
      expect(page.shortfalls).toEqual({ [pack.productPriceId]: 'Out of stock: remove this line to order the rest.' });
    } finally {
      await database.db.execute(sql`DELETE FROM stock_levels WHERE product_size_id = ${pack.sizeId}`);
    }
  });

  it('a PO box delivery address and a withdrawn product are reported as placing would refuse them', async () => {
    const poBox = await paymentPage(await customerAtPayment({ address: 'PO Box 123' }));
    expect(poBox.basketProblem).toMatch(/PO box/i);

    const userId = await customerAtPayment();
    await database.db.execute(sql`UPDATE products SET is_active = false WHERE product_id = ${pack.productId}`);
    try {
      const withdrawn = await paymentPage(userId);
      expect(withdrawn.basketProblem).toMatch(/^We no longer sell .+ Nothing was ordered; please remove it from your basket and try again\.$/);
    } finally {
      await database.db.execute(sql`UPDATE products SET is_active = true WHERE product_id = ${pack.productId}`);
    }
  });
});

describe('the returned payments page', () => {
  it('lists returned payments for a manager; the warehouse is refused; a failed one is tried again by a plain POST', async () => {
    const userId = await insertFixtureCustomer(database.db);
    await database.db.execute(
      sql`INSERT INTO unplaced_payments (provider, reference, capture_id, amount_pence, user_id, reason, state, idempotency_key, failure_reason)
          VALUES ('test', 'TEST-REF-FAILED', 'TEST-REF-FAILED', 3599, ${userId}, 'Not enough stock', 'failed', 'key-1', 'The capture was disputed.')`,
    );
    const manager = await call(returnedLoader as never, '/admin/payments/returned', contextFor({ role: 'manager' }));
    expect(manager.status).toBe(200);
    const rows = (manager.body as { rows: { id: number; reference: string; stateLabel: string; mayRetry: boolean }[] }).rows;
    const row = rows.find((r) => r.reference === 'TEST-REF-FAILED')!;
    expect(row).toMatchObject({ stateLabel: 'Return failed', mayRetry: true });

    const warehouse = await call(returnedLoader as never, '/admin/payments/returned', contextFor({ role: 'warehouse' }));
    expect(warehouse.status).toBe(403);
    const warehousePost = await call(returnedAction as never, '/admin/payments/returned', contextFor({ role: 'warehouse' }), { intent: 'retry', unplaced_payment_id: String(row.id) });
    expect(warehousePost.status).toBe(403);

    const retried = await call(returnedAction as never, '/admin/payments/returned', contextFor({ role: 'manager' }), { intent: 'retry', unplaced_payment_id: String(row.id) });
    expect(retried).toMatchObject({ status: 302, location: '/admin/payments/returned' });
    const [state] = await queryRows<{ state: string }>(database.db, sql`SELECT state FROM unplaced_payments WHERE unplaced_payment_id = ${row.id}`);
    expect(state!.state).toBe('pending');
    // Tried again while it is no longer failed: the page says so, nothing is sent twice.
    const again = await call(returnedAction as never, '/admin/payments/returned', contextFor({ role: 'manager' }), { intent: 'retry', unplaced_payment_id: String(row.id) });
    expect(again.status).toBe(400);
  });
});
