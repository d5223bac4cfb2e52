/**
 * Staff notes through the pages, over real core services on PGlite: staff add a note on the
 * back-office order page and on the customer page (a plain POST, then back to the page with a
 * notice), and the page lists it with who wrote it; an empty note is refused with its message.
 * The customer's own order detail page and order history carry neither note.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { action as adminOrderAction, loader as adminOrderLoader } from './admin/order';
import { action as adminCustomerAction, loader as adminCustomerLoader } from './admin/customer';
import { loader as orderDetailLoader } from './order-detail';
import { loader as orderHistoryLoader } from './order-history';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
let staffId: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  services = createCoreServices(database, { shop: demoShopConfig });
  const [row] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('wes@example.com', 'Wes Warehouse', 'warehouse') RETURNING staff_id`);
  staffId = Number(row!.staff_id);
}, 60_000);
afterAll(async () => drop?.());

type Handler = (args: never) => Promise<unknown>;

/** A loader's or action's answer: its data, or the Response it returned or threw. */
async function call(handler: Handler, url: string, who: { role?: 'manager' | 'warehouse'; customer?: number }, options: { params?: Record<string, string>; form?: Record<string, string> } = {}) {
  const staff = who.role ? { staff: { staffId, email: 'wes@example.com', name: 'Wes Warehouse', role: who.role, totpEnabled: false }, awaitingSecondFactor: false } : null;
  const visitor = { sessionId: null, token: who.customer ? 'T'.repeat(43) : null, userId: who.customer ?? null };
  const context = {
    services,
    secure: false,
    payments: { mode: 'none', clientId: null },
    memo: new Map<string, unknown>([
      ['staff', Promise.resolve(staff)],
      ['visitor', Promise.resolve(visitor)],
    ]),
  };
  const request = options.form
    ? new Request(`http://shop.test${url}`, { method: 'POST', body: new URLSearchParams(options.form) })
    : new Request(`http://shop.test${url}`);
  let result: unknown;
  try {
    result = await handler({ request, context, params: options.params ?? {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location'), body: null as unknown };
  const shaped = result as { data?: unknown; init?: { status?: number } } | undefined;
  if (shaped && typeof shaped === 'object' && 'data' in shaped) return { status: shaped.init?.status ?? 200, location: null, body: shaped.data };
  return { status: 200, location: null, body: result };
}

it('staff add notes on the order and customer pages; the customer pages of that order never carry them', async () => {
  const userId = await insertFixtureCustomer(database.db);
  const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank' });

  // The warehouse may note an order it can see ("call before delivery").
  const posted = await call(adminOrderAction, `/admin/orders/${orderId}`, { role: 'warehouse' }, { params: { orderId: String(orderId) }, form: { intent: 'note', note: 'Call before delivery, PAGENOTE1' } });
  expect(posted).toMatchObject({ status: 302, location: `/admin/orders/${orderId}` });
  const orderPage = await call(adminOrderLoader, `/admin/orders/${orderId}`, { role: 'warehouse' }, { params: { orderId: String(orderId) } });
  expect(orderPage.body).toMatchObject({ staffNotes: [{ body: 'Call before delivery, PAGENOTE1', staffName: 'Wes Warehouse' }] });

  const noted = await call(adminCustomerAction, `/admin/customers/${userId}`, { role: 'manager' }, { params: { userId: String(userId) }, form: { intent: 'note', note: 'Prefers e-mail, PAGENOTE2' } });
  expect(noted).toMatchObject({ status: 302, location: `/admin/customers/${userId}` });
  const customerPage = await call(adminCustomerLoader, `/admin/customers/${userId}`, { role: 'manager' }, { params: { userId: String(userId) } });
  expect(customerPage.body).toMatchObject({ staffNotes: [{ body: 'Prefers e-mail, PAGENOTE2' }] });

  const empty = await call(adminCustomerAction, `/admin/customers/${userId}`, { role: 'manager' }, { params: { userId: String(userId) }, form: { intent: 'note', note: '  ' } });
  expect(empty).toMatchObject({ status: 400, body: { ok: false, intent: 'note', fields: { note: 'Write the note (1-2000) Characters' } } });

  const detail = await call(orderDetailLoader, `/order-detail?orderId=${orderId}`, { customer: userId });
  expect(detail.status).toBe(200);
  expect(JSON.stringify(detail.body)).toContain(`${orderId}`);
  expect(JSON.stringify(detail.body)).not.toContain('PAGENOTE');
  const history = await call(orderHistoryLoader, '/order-history', { customer: userId });
  expect(JSON.stringify(history.body)).toContain(`${orderId}`);
  expect(JSON.stringify(history.body)).not.toContain('PAGENOTE');
});
