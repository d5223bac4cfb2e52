/**
 * Every back-office action over real core services (PGlite), the staff session stubbed as
 * staff-session.server.ts memoises it (an owner, who may use every form): a POST without a form
 * body is refused with a 4xx, never a 500; a form a schema refuses shows its messages beside
 * the fields; and a domain error core throws reaches the page as its message and HTTP status.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, orderAdminMessages, tradeAccountMessages, type CoreServices } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { action as catalogueAction } from './catalogue';
import { action as categoryAction } from './catalogue-category';
import { action as importAction } from './catalogue-import';
import { action as productAction } from './catalogue-product';
import { action as customerAction } from './customer';
import { action as notFoundAction } from './not-found';
import { action as orderAction } from './order';
import { action as securityAction } from './security';
import { action as setPasswordAction } from './set-password';
import { action as setupAction } from './setup';
import { action as signInAction } from './signin';
import { action as staffAction } from './staff';

/** Today in London: a payment is dated on or after its order was placed (placed now, here). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

type Handler = (args: never) => unknown;

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
let categoryId: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  services = createCoreServices(database, { shop: demoShopConfig });
  await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'olive@example.com', 'Olive Owner', 'owner')`);
  await database.db.execute(sql`SELECT setval(pg_get_serial_sequence('staff', 'staff_id'), 1)`);
  categoryId = (await services.catalogueAdmin.categories.create({ name: 'Boxes', description: '', imageUrl: '', parentId: null, visible: true, isNew: false, pageTitle: '', pageDescription: '' })).categoryId;
});
afterAll(async () => drop?.());

/** The status and body an action answered (or threw): a Response, or `data(...)`. */
async function post(handler: Handler, url: string, params: Record<string, string> = {}, body?: URLSearchParams) {
  const owner = { staff: { staffId: 1, email: 'olive@example.com', name: 'Olive Owner', role: 'owner', totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(owner)]]) };
  const request = new Request(`http://shop.test${url}`, { method: 'POST', body });
  let result: unknown;
  try {
    result = await handler({ request, context, params } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, body: wrapped.data as { message?: string; fields?: Record<string, string> } };
  throw result;
}

describe('the back office actions', () => {
  it('refuse a POST without a form body with a 4xx, never a 500', async () => {
    const actions: [string, Handler, string, Record<string, string>?][] = [
      ['sign-in', signInAction, '/admin/signin'],
      ['setup', setupAction, '/admin/setup'],
      ['set-password', setPasswordAction, '/admin/set-password'],
      ['security', securityAction, '/admin/security'],
      ['staff', staffAction, '/admin/staff'],
      ['order', orderAction, '/admin/orders/1', { orderId: '1' }],
      ['customer', customerAction, '/admin/customers/1', { userId: '1' }],
      ['catalogue', catalogueAction, '/admin/catalogue'],
      ['category', categoryAction, `/admin/catalogue/categories/${categoryId}`, { categoryId: String(categoryId) }],
      ['new product', productAction, '/admin/catalogue/products/new', { productId: 'new' }],
      ['import', importAction, '/admin/catalogue/import'],
      ['no such page', notFoundAction, '/admin/nothing'],
    ];
    for (const [name, handler, url, params] of actions) {
      const { status } = await post(handler, url, params);
      expect(status, name).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(500);
    }
  });

  it("show a form's problems beside its fields with the page's messages", async () => {
    const payment = await post(orderAction, '/admin/orders/1', { orderId: '1' }, new URLSearchParams({ intent: 'payment', version: '1', amount: 'lots', received_on: TODAY, bank_reference: 'BOX1' }));
    expect(payment).toMatchObject({ status: 400, body: { message: 'Enter the amount in pounds, for example 65.99.', fields: { amount: 'Enter the amount in pounds, for example 65.99.' }, values: { amount: 'lots' } } });
    const stale = await post(orderAction, '/admin/orders/1', { orderId: '1' }, new URLSearchParams({ intent: 'deliver' }));
    expect(stale).toMatchObject({ status: 400, body: { message: 'Reload the order and try again.' } });
    const account = await post(customerAction, '/admin/customers/1', { userId: '1' }, new URLSearchParams({ intent: 'open', limit: '1500', terms: 'a week' }));
    expect(account).toMatchObject({ status: 400, body: { fields: { terms: 'Give the payment terms in days, for example 7.' }, values: { limit: '1500', terms: 'a week' } } });
    const passwords = await post(setupAction, '/admin/setup', {}, new URLSearchParams({ token: 'x', name: 'Olive', email: 'o@example.com', password: 'one long password', confirm: 'another' }));
    expect(passwords).toMatchObject({ status: 400, body: { message: 'The two passwords differ.', fields: { confirm: 'Type the same password twice.' } } });
    const role = await post(staffAction, '/admin/staff', {}, new URLSearchParams({ intent: 'add', name: 'Will', email: 'will@example.com', role: 'boss' }));
    expect(role).toMatchObject({ status: 400, body: { message: 'Choose a role.', fields: { role: 'Choose a role.' } } });
  });

  it('disable a staff member, then enable them again from the staff page, each audited', async () => {
    const added = await post(staffAction, '/admin/staff', {}, new URLSearchParams({ intent: 'add', name: 'Wendy Warehouse', email: 'wendy@example.com', role: 'warehouse' }));
    expect(added.status).toBe(200);
    const wendy = (await services.staff.byEmail('wendy@example.com'))!;
    const id = String(wendy.staffId);
    expect(await post(staffAction, '/admin/staff', {}, new URLSearchParams({ intent: 'disable', staffId: id }))).toMatchObject({ status: 200, body: { intent: 'disable' } });
    const again = await post(staffAction, '/admin/staff', {}, new URLSearchParams({ intent: 'add', name: 'Wendy', email: 'Wendy@example.com', role: 'warehouse' }));
    expect(again).toMatchObject({ status: 409, body: { message: expect.stringContaining('enable them on the staff list') } });
    expect(await post(staffAction, '/admin/staff', {}, new URLSearchParams({ intent: 'enable', staffId: id }))).toMatchObject({ status: 200, body: { intent: 'enable', name: 'Wendy Warehouse' } });
    expect((await services.staff.list()).find((m) => m.staffId === wendy.staffId)?.disabled).toBe(false);
    expect((await services.staff.recentChanges(2)).map((e) => e.kind)).toEqual(['staff.enabled', 'staff.disabled']);
  });

  it("answer a domain error core throws with its message and status (core's own class: instanceof)", async () => {
    const money = new URLSearchParams({ intent: 'payment', version: '1', amount: '65.99', received_on: TODAY, bank_reference: 'BOX1' });
    const missing = await post(orderAction, '/admin/orders/999999', { orderId: '999999' }, money);
    expect(missing).toMatchObject({ status: 404, body: { message: orderAdminMessages.notFound(999999) } });
  });

  it('ask staff to confirm a payment over what is due, and a credit limit below what is owed, saying the amounts', async () => {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId, totalPence } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', paidPence: 0 });
    const due = (totalPence / 100).toFixed(2);
    const { version } = await services.orderAdministration.detail(orderId, { staffId: 1, email: 'olive@example.com', name: 'Olive Owner', role: 'owner', totpEnabled: false });
    const payment = (extra: Record<string, string> = {}) =>
      post(orderAction, `/admin/orders/${orderId}`, { orderId: String(orderId) }, new URLSearchParams({ intent: 'payment', version: String(version), amount: '500', received_on: TODAY, bank_reference: 'BOX1', ...extra }));
    const refused = await payment();
    expect(refused).toMatchObject({ status: 400, body: { fields: { amount: expect.stringContaining(`Only £${due} is due`), confirm: `Record £500.00 although only £${due} is due` }, values: { amount: '500' } } });
    expect(await payment({ confirm: 'on' })).toEqual({ status: 302, body: null });
    const order = await services.orderAdministration.detail(orderId, { staffId: 1, email: 'olive@example.com', name: 'Olive Owner', role: 'owner', totpEnabled: false });
    expect(order.payment).toMatchObject({ status: 'refund_due', paidPence: totalPence, refundDuePence: 500_00 - totalPence, owedPence: 500_00 - totalPence });

    // An account customer owing the order's total on account.
    const owing = await insertFixtureCustomer(database.db);
    await services.tradeAccounts.open(1, owing, 1000_00);
    const account = await insertFixtureOrder(database.db, { userId: owing, paymentMethod: 'account', paidPence: 0 });
    const limit = (extra: Record<string, string> = {}) =>
      post(customerAction, `/admin/customers/${owing}`, { userId: String(owing) }, new URLSearchParams({ intent: 'change', limit: '10', terms: '7', ...extra }));
    expect(await limit()).toMatchObject({ status: 400, body: { message: tradeAccountMessages.limitBelowOwed(10_00, account.totalPence), fields: { confirm: expect.stringMatching(/^Set the limit to £10\.00 although £[\d,.]+ is owed$/) } } });
    expect(await limit({ confirm: 'on' })).toEqual({ status: 302, body: null });
    expect(await services.tradeAccounts.accountOf(owing)).toMatchObject({ creditLimitPence: 10_00 });
  });

  it('a refund in full with "Also cancel the order" ticked cancels it; unticked, the order stands and is held back from dispatch', async () => {
    const owner = { staffId: 1, email: 'olive@example.com', name: 'Olive Owner', role: 'owner', totpEnabled: false } as const;
    const refund = async (orderId: number, extra: Record<string, string>) => {
      const { version, payment } = await services.orderAdministration.detail(orderId, owner);
      const amount = (payment.refundablePence / 100).toFixed(2);
      return post(orderAction, `/admin/orders/${orderId}`, { orderId: String(orderId) }, new URLSearchParams({ intent: 'refund', version: String(version), amount, received_on: '2026-01-02', bank_reference: 'BACK', reason: '', ...extra }));
    };
    const userId = await insertFixtureCustomer(database.db);
    const cancelled = await insertFixtureOrder(database.db, { created: new Date('2025-12-20T10:00:00Z'), userId, paymentMethod: 'bank', paidPence: 'total' });
    expect(await refund(cancelled.orderId, { cancel_order: 'on' })).toEqual({ status: 302, body: null });
    expect(await services.orderAdministration.detail(cancelled.orderId, owner)).toMatchObject({ status: 'Cancelled', payment: { status: 'refunded' } });

    const standing = await insertFixtureOrder(database.db, { created: new Date('2025-12-20T10:00:00Z'), userId, paymentMethod: 'bank', paidPence: 'total' });
    expect(await refund(standing.orderId, {})).toEqual({ status: 302, body: null });
    expect(await services.orderAdministration.detail(standing.orderId, owner)).toMatchObject({ status: 'PendingDelivery', mayDispatch: false, dispatchHold: 'refunded' });
  });
});
