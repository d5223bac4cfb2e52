/**
 * A customer's data rights through the pages' loaders and actions over real core services
 * (PGlite), the page session and the staff session
 * stubbed as session.server.ts and staff-session.server.ts memoise them: the customer downloads
 * a ZIP of their own data and closes their account (the password again, the box ticked; refused
 * while an order is open; the cookie removed once closed); a manager downloads a customer's data
 * and closes their account at their request, a warehouse member may do neither.
 */
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, pgliteOnly } from '@shop/db/testing';
import { accountSettingsMessages, closeAccountFormSchema } from '@shop/contract';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { insertFixtureOrder } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { action as dataAction } from './account-data';
import { action as closeAction, loader as closeLoader } from './account-close';
import { action as staffDataAction } from './admin/customer-data';
import { action as customerAction, loader as customerLoader } from './admin/customer';

type Handler = (args: never) => unknown;
type Role = 'owner' | 'manager' | 'warehouse';
const PASSWORD = 'parcel-tape-42';

interface Answer {
  status: number;
  location: string | null;
  body: unknown;
  response: Response | null;
}

interface Caller {
  /** The signed-in customer (page session), or the staff member's role. */
  customer?: { userId: number; token: string } | null;
  staff?: Role | null;
}

async function call(handler: Handler, services: CoreServices, url: string, who: Caller, options: { params?: Record<string, string>; form?: Record<string, string>; cookie?: string } = {}): Promise<Answer> {
  const staff = who.staff ? { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role: who.staff, totpEnabled: false }, awaitingSecondFactor: false } : null;
  const visitor = { sessionId: null, token: who.customer?.token ?? null, userId: who.customer?.userId ?? null };
  const context = {
    services,
    secure: false,
    memo: new Map<string, unknown>([
      ['staff', Promise.resolve(staff)],
      ['visitor', Promise.resolve(visitor)],
    ]),
    countAttempt: async () => ({ failed: async () => {} }),
  };
  const headers = options.cookie ? { cookie: options.cookie } : undefined;
  const request = options.form
    ? new Request(`http://shop.test${url}`, { method: 'POST', body: new URLSearchParams(options.form), headers })
    : new Request(`http://shop.test${url}`, { headers });
  let result: unknown;
  try {
    result = await handler({ request, context, params: options.params ?? {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location'), body: null, response: result };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data, response: null };
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result, response: null };
}

async function archiveOf(answer: Answer) {
  expect(answer.status).toBe(200);
  expect(answer.response!.headers.get('content-type')).toBe('application/zip');
  expect(answer.response!.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  const files = unzipSync(new Uint8Array(await answer.response!.arrayBuffer()));
  return { files, data: JSON.parse(strFromU8(files['data.json']!)) as { account: { email: string }; orders: { order_id: number }[] } };
}

for (const kind of pgliteOnly()) {
  describe(`a customer's data rights on the pages [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    const tag = `p${Date.now().toString(36)}`;

    async function customer(name: string) {
      const email = `${tag}.${name}@example.com`;
      const signedIn = await services.accounts.signUp({ first_name: name, last_name: 'Tester', email, password: PASSWORD, phone: '0113 496 0111' });
      return { ...signedIn, email };
    }

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, { shop: demoShopConfig });
      await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager')`);
    });
    afterAll(async () => drop?.());

    it('the customer downloads a ZIP of their own data, never another customer’s; signed out, they are sent to sign in', async () => {
      const ann = await customer('annabel');
      const ben = await customer('benedict');
      const annOrder = await insertFixtureOrder(database.db, { userId: ann.userId, status: 'Delivered' });
      await insertFixtureOrder(database.db, { userId: ben.userId, status: 'Delivered' });

      const { files, data } = await archiveOf(await call(dataAction, services, '/account/data', { customer: ann }, { form: {} }));
      expect(data.account.email).toBe(ann.email);
      expect(data.orders.map((o) => o.order_id)).toEqual([annOrder.orderId]);
      const everything = Object.values(files).map((bytes) => Buffer.from(bytes).toString('latin1')).join('\n');
      expect(everything).not.toContain(ben.email);
      expect(everything).not.toContain('benedict');
      expect(Object.keys(files).some((name) => name.startsWith('invoices/'))).toBe(true);

      expect(await call(dataAction, services, '/account/data', { customer: null }, { form: {} })).toMatchObject({ status: 302, location: '/signin?return=account' });
    });

    it('closing needs the current password and the box ticked, and is refused while an order is open', async () => {
      const cat = await customer('catriona');
      expect(closeAccountFormSchema.safeParse({ current_password: PASSWORD }).success).toBe(false);
      const unticked = await call(closeAction, services, '/account/close', { customer: cat }, { form: { current_password: PASSWORD } });
      expect(unticked).toMatchObject({ status: 400, body: { fields: { confirm: accountSettingsMessages.closeConfirm } } });
      const wrong = await call(closeAction, services, '/account/close', { customer: cat }, { form: { current_password: 'not it', confirm: 'on' } });
      expect(wrong).toMatchObject({ status: 400, body: { message: accountSettingsMessages.currentPasswordWrong } });

      const open = await insertFixtureOrder(database.db, { userId: cat.userId, status: 'PendingDelivery' });
      const page = await call(closeLoader, services, '/account/close', { customer: cat });
      expect(page.body).toMatchObject({ closed: false, blockers: [expect.stringContaining(`Order #${open.orderId} has not been dispatched yet.`)] });
      const refused = await call(closeAction, services, '/account/close', { customer: cat }, { form: { current_password: PASSWORD, confirm: 'on' } });
      expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining(`Order #${open.orderId}`) } });
      expect(await services.accounts.authenticate(cat.token)).toBe(cat.userId);
    });

    it('once closed the customer is signed out (the cookie removed, the token revoked) and told what was kept', async () => {
      const dot = await customer('dorothea');
      const closed = await call(closeAction, services, '/account/close', { customer: dot }, { form: { current_password: PASSWORD, confirm: 'on' } });
      expect(closed).toMatchObject({ status: 302, location: '/account/close?closed=1' });
      expect(closed.response!.headers.get('set-cookie')).toMatch(/^shop_session=[^;]*; Max-Age=0;/);
      expect(await services.accounts.authenticate(dot.token)).toBeNull();
      expect((await call(closeLoader, services, '/account/close?closed=1', { customer: null })).body).toMatchObject({ closed: true, keptYears: 6 });
      // Without ?closed=1, a visitor signed out goes to sign-in.
      expect(await call(closeLoader, services, '/account/close', { customer: null })).toMatchObject({ status: 302, location: '/signin?return=account' });
    });

    it('a manager downloads a customer’s data and closes their account at their request, audited; the warehouse may not', async () => {
      const eli = await customer('elinor');
      const params = { userId: String(eli.userId) };
      expect((await call(staffDataAction, services, `/admin/customers/${eli.userId}/data`, { staff: 'warehouse' }, { params, form: {} })).status).toBe(403);
      const { data } = await archiveOf(await call(staffDataAction, services, `/admin/customers/${eli.userId}/data`, { staff: 'manager' }, { params, form: {} }));
      expect(data.account.email).toBe(eli.email);

      const here = `/admin/customers/${eli.userId}`;
      expect((await call(customerLoader, services, `${here}?confirm=close`, { staff: 'manager' }, { params })).body).toMatchObject({ confirmClose: true });
      expect((await call(customerAction, services, here, { staff: 'warehouse' }, { params, form: { intent: 'close-account', request: 'Phoned' } })).status).toBe(403);
      const noRequest = await call(customerAction, services, here, { staff: 'manager' }, { params, form: { intent: 'close-account', request: '  ' } });
      expect(noRequest).toMatchObject({ status: 400, body: { intent: 'close-account', fields: { request: expect.stringContaining('Say how the customer asked') } } });
      const closed = await call(customerAction, services, here, { staff: 'manager' }, { params, form: { intent: 'close-account', request: 'E-mailed from her address on 27 November' } });
      expect(closed).toMatchObject({ status: 302, location: here });
      expect(await services.accounts.authenticate(eli.token)).toBeNull();

      // The notice rides in a one-time cookie (admin-notice.server.ts).
      const cookie = closed.response!.headers.get('set-cookie')!.split(';')[0]!;
      const page = (await call(customerLoader, services, here, { staff: 'manager' }, { params, cookie })).body as {
        customer: { closedAt: string | null; email: string };
        history: { who: string; what: string }[];
        notice: string;
      };
      expect(page.customer.closedAt).not.toBeNull();
      expect(page.customer.email).not.toBe(eli.email);
      expect(page.notice).toContain('The account is closed');
      expect(page.history.map((entry) => [entry.who, entry.what.split(':')[0]])).toEqual([
        ['Sam Staff', 'Account closed'],
        ['Sam Staff', 'Data downloaded (0 orders, 0 invoices, 0 credit notes)'],
      ]);
      expect(page.history[0]!.what).toContain('as asked: E-mailed from her address on 27 November');
    });
  });
}
