/**
 * The order pages of the back office over real core services on PGlite, the staff session stubbed
 * as staff-session.server.ts memoises it: without a session, to sign-in; the list and an order for
 * each role (the warehouse sees no money); a payment posted with the version seen is saved and
 * redirects back; a second post with the same (now stale) version is told the order changed;
 * the warehouse's payment post is refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { DocumentService, JobQueue, OrderAdministration, OrderRepository, Returns, StaffNotes, demoShopConfig, orderAdminMessages } from '@shop/core';
import { stockMovements } from '../../../../../packages/core/src/stock/stock-movements.ts';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { loader as listLoader } from './orders';
import { action as orderAction, loader as orderLoader } from './order';

/** Today in London: a payment is dated on or after its order was placed (placed now, here). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

let database: DatabaseHandle;
let drop: () => Promise<void>;
let orderAdministration: OrderAdministration;
let documents: DocumentService;
let returns: Returns;
let staffNotes: StaffNotes;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'http://shop.test' });
  orderAdministration = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => new Date(), issueInvoice: (id) => documents.issueInvoice(id) });
  returns = new Returns(database.db, { jobs: new JobQueue(database.db), now: () => new Date(), stock: stockMovements, orderAdministration });
  staffNotes = new StaffNotes(database.db);
});
afterAll(async () => drop?.());

type Role = 'owner' | 'manager' | 'warehouse';

function contextFor(role: Role | null) {
  const session = role === null ? null : { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  return { services: { orderAdministration, documents, returns, staffNotes }, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
}
const call = <T>(promise: Promise<T>) => promise.catch((thrown: unknown) => thrown as Response);

function post(orderId: number, role: Role, fields: Record<string, string>) {
  const request = new Request(`http://shop.test/admin/orders/${orderId}`, { method: 'POST', body: new URLSearchParams(fields) });
  return call(orderAction({ request, context: contextFor(role), params: { orderId: String(orderId) } } as never) as Promise<Response | { data: { message: string }; init: { status: number } }>);
}

describe('the back office order pages', () => {
  it('send a visitor without a staff session to sign-in', async () => {
    const response = (await call(listLoader({ request: new Request('http://shop.test/admin/orders'), context: contextFor(null), params: {} } as never))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin/signin?return=%2Fadmin%2Forders');
  });

  it('record a payment with the version seen; a stale version is told the order changed; the warehouse may not record money', async () => {
    // Staff rows for the audit entries' foreign key.
    await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager') ON CONFLICT DO NOTHING`);
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', paidPence: 0 });
    const page = (
      (await orderLoader({ request: new Request(`http://shop.test/admin/orders/${orderId}`), context: contextFor('manager'), params: { orderId: String(orderId) } } as never)) as unknown as {
        data: { order: { version: number; payment: { duePence: number } }; stateLabel: string; allowed: Record<string, boolean> };
      }
    ).data;
    // The state's words and the moves it allows come from core's state module.
    expect(page.stateLabel).toBe('Awaiting dispatch');
    expect(page.allowed).toMatchObject({ dispatch: true, cancel: true, deliver: false });
    const money = { version: String(page.order.version), amount: (page.order.payment.duePence / 100).toFixed(2), received_on: TODAY, bank_reference: 'BOX1' };

    const warehouse = (await post(orderId, 'warehouse', { intent: 'payment', ...money })) as { init: { status: number } };
    expect(warehouse.init.status).toBe(403);

    const saved = (await post(orderId, 'manager', { intent: 'payment', ...money })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe(`/admin/orders/${orderId}`);
    // The notice shows once on the page it leads to; a reload of that page does not say it again.
    const cookie = saved.headers.get('set-cookie')!.split(';')[0]!;
    const shown = (await orderLoader({
      request: new Request(`http://shop.test/admin/orders/${orderId}`, { headers: { cookie } }),
      context: contextFor('manager'),
      params: { orderId: String(orderId) },
    } as never)) as unknown as { data: { notice: string | null }; init: { headers: Record<string, string> } };
    expect(shown.data.notice).toBe('The payment is recorded.');
    expect(shown.init.headers['Set-Cookie']).toMatch(/^shop_admin_notice=;.*Max-Age=0/);
    const reloaded = (await orderLoader({
      request: new Request(`http://shop.test/admin/orders/${orderId}`),
      context: contextFor('manager'),
      params: { orderId: String(orderId) },
    } as never)) as unknown as { data: { notice: string | null } };
    expect(reloaded.data.notice).toBeNull();
    const elsewhere = (await orderLoader({
      request: new Request(`http://shop.test/admin/orders/${orderId + 1000}`, { headers: { cookie } }),
      context: contextFor('manager'),
      params: { orderId: String(orderId) },
    } as never).catch(() => null)) as unknown as { data: { notice: string | null } } | null;
    expect(elsewhere?.data.notice ?? null).toBeNull();

    const stale = (await post(orderId, 'manager', { intent: 'payment', ...money })) as { data: { message: string }; init: { status: number } };
    expect(stale.init.status).toBe(409);
    expect(stale.data.message).toBe(orderAdminMessages.changedMeanwhile);

    const list = (await listLoader({ request: new Request('http://shop.test/admin/orders?state=PendingDelivery'), context: contextFor('warehouse'), params: {} } as never)) as {
      seesMoney: boolean;
      state: string | null;
      tabs: { state: string | null; label: string }[];
      rows: { orderId: number; total: string | null; state: string; payment: string }[];
    };
    expect(list.seesMoney).toBe(false);
    expect(list.state).toBe('PendingDelivery');
    expect(list.tabs.map((tab) => tab.label)).toEqual(['All', 'Awaiting dispatch', 'Dispatched', 'Delivered', 'Cancelled']);
    expect(list.rows.find((r) => r.orderId === orderId)).toMatchObject({ total: null, state: 'Awaiting dispatch', payment: 'May be dispatched' });
  });

  it("show the order's VAT credit notes with their PDF links to owners and managers, not the warehouse", async () => {
    await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager') ON CONFLICT DO NOTHING`);
    const userId = await insertFixtureCustomer(database.db);
    const { orderId, totalPence } = await insertFixtureOrder(database.db, { userId });
    await documents.issueInvoice(orderId);
    const load = async (role: Role) =>
      (
        (await orderLoader({ request: new Request(`http://shop.test/admin/orders/${orderId}`), context: contextFor(role), params: { orderId: String(orderId) } } as never)) as unknown as {
          data: { order: { version: number }; creditNotes: { number: string; kind: string; totalPence: number; path: string }[] | null };
        }
      ).data;
    expect((await load('manager')).creditNotes).toEqual([]);
    const cancelled = await post(orderId, 'manager', { intent: 'cancel', version: String((await load('manager')).order.version), reason: 'Out of stock' });
    expect((cancelled as Response).status).toBe(302);
    const [note, ...more] = (await load('owner')).creditNotes!;
    expect(more).toEqual([]);
    expect(note).toMatchObject({ kind: 'cancellation', totalPence });
    expect(note!.path).toMatch(new RegExp(`^/admin/orders/${orderId}/credit-notes/\\d+$`));
    expect((await load('warehouse')).creditNotes).toBeNull();
  });

  it('a made-to-order line dispatched at 1,080 of 1,000 units: the page says what the customer is told, the new total and the £24.00 due (units only for the warehouse)', async () => {
    await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager') ON CONFLICT DO NOTHING`);
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId, lines: [{ productName: 'Printed Mailing Box', size1: '9x6x3"', pricePence: 250_00, qty: 1000, count: 1 }] });
    await database.db.execute(sql`UPDATE order_lines SET custom = true WHERE order_id = ${orderId}`);
    type Page = { order: { version: number; shipping: { lines: { orderLineId: number }[] } }; madeToOrderStatement: string | null };
    const load = async (role: Role) =>
      ((await orderLoader({ request: new Request(`http://shop.test/admin/orders/${orderId}`), context: contextFor(role), params: { orderId: String(orderId) } } as never)) as unknown as { data: Page }).data;
    const before = await load('manager');
    expect(before.madeToOrderStatement).toBeNull();
    const shipped = await post(orderId, 'manager', {
      intent: 'ship',
      version: String(before.order.version),
      carrier: 'DPD',
      tracking_number: 'MTO1',
      'lines[0].order_line_id': String(before.order.shipping.lines[0]!.orderLineId),
      'lines[0].count': '1',
      'lines[0].delivered_units': '1080',
    });
    expect((shipped as Response).status).toBe(302);
    expect((await load('manager')).madeToOrderStatement).toBe(
      'We delivered 1,080 of the 1,000 units of Printed Mailing Box 9x6x3" you ordered (within the ±10% our terms allow), so your order total is now £324.00; £24.00 is due.',
    );
    expect((await load('warehouse')).madeToOrderStatement).toBe(
      'We delivered 1,080 of the 1,000 units of Printed Mailing Box 9x6x3" you ordered (within the ±10% our terms allow). You pay for the units delivered.',
    );
  });
});
