/**
 * The back office's customer, dashboard and export routes over real core services (PGlite), the staff session stubbed as
 * staff-session.server.ts memoises it: without a session every loader and action sends to
 * sign-in (coming back); the warehouse is refused customers and exports (403) and sees no money
 * on the dashboard; a manager searches, disables (with its confirm step) and enables a customer,
 * opens and changes a trade account; the CSV downloads refuse bad dates with a 400 and stream a
 * large export with every row.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, pgliteOnly } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { loader as customersLoader } from './customers';
import { action as customerAction, loader as customerLoader } from './customer';
import { loader as dashboardLoader } from './dashboard';
import { loader as exportsLoader } from './exports';
import { loader as ordersCsvLoader } from './export-orders-csv';
import { loader as invoicesCsvLoader } from './export-invoices-csv';

type Role = 'owner' | 'manager' | 'warehouse';
type Handler = (args: never) => unknown;

interface Answer {
  status: number;
  location: string | null;
  body: unknown;
  response: Response | null;
}

/** What a loader or action answered or threw: a Response, `data(...)`, or plain loader data. */
async function call(
  handler: Handler,
  services: CoreServices,
  url: string,
  role: Role | null,
  options: { params?: Record<string, string>; form?: Record<string, string>; cookie?: string } = {},
): Promise<Answer> {
  const session = role === null ? null : { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
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
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data, response: null };
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result, response: null };
}

for (const kind of pgliteOnly()) {
  describe(`back office customers, dashboard and exports routes [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let userId: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, { shop: demoShopConfig, clock: () => new Date('2025-06-10T12:00:00Z') });
      // The stubbed session's staff member (id 1) exists: trade accounts record who opened them.
      await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager')`);
      userId = await insertFixtureCustomer(database.db, { firstName: 'Rita', lastName: 'Routes', companyName: 'Routes Ltd' });
      await insertFixtureOrder(database.db, { userId, created: new Date('2025-06-10T08:00:00Z') });
    });
    afterAll(async () => drop?.());

    const pages: [string, Handler, string, Record<string, string>?][] = [
      ['customers', customersLoader, '/admin/customers?q=rita'],
      ['customer', customerLoader, '/admin/customers/7', { userId: '7' }],
      ['exports', exportsLoader, '/admin/exports'],
      ['orders.csv', ordersCsvLoader, '/admin/exports/orders.csv?from=2025-06-01&to=2025-06-30'],
      ['invoices.csv', invoicesCsvLoader, '/admin/exports/invoices.csv?from=2025-06-01&to=2025-06-30'],
      ['dashboard', dashboardLoader, '/admin'],
    ];

    it('sends a visitor without a staff session to sign-in, coming back after', async () => {
      for (const [, handler, url, params] of pages) {
        const answer = await call(handler, services, url, null, { params });
        expect(answer.status, url).toBe(302);
        expect(answer.location, url).toBe(url === '/admin' ? '/admin/signin' : `/admin/signin?return=${encodeURIComponent(url)}`);
      }
      for (const intent of ['disable', 'enable', 'open', 'change', 'close']) {
        const answer = await call(customerAction, services, `/admin/customers/${userId}`, null, { params: { userId: String(userId) }, form: { intent, limit: '100', terms: '7' } });
        expect(answer.status).toBe(302);
        expect(answer.location).toMatch(/^\/admin\/signin\?return=/);
      }
      expect((await services.customerDirectory.detail(userId)).disabledAt).toBeNull();
    });

    it('refuses the warehouse customers, their changes and the exports', async () => {
      for (const [name, handler, url, params] of pages.filter(([name]) => name !== 'dashboard')) {
        expect((await call(handler, services, url, 'warehouse', { params })).status, name).toBe(403);
      }
      for (const intent of ['disable', 'enable', 'open', 'change', 'close']) {
        const answer = await call(customerAction, services, `/admin/customers/${userId}`, 'warehouse', { params: { userId: String(userId) }, form: { intent, limit: '100', terms: '7' } });
        expect(answer.status, intent).toBe(403);
      }
      expect((await services.customerDirectory.detail(userId)).disabledAt).toBeNull();
      expect(await services.tradeAccounts.accountOf(userId)).toBeNull();
    });

    it('shows the warehouse only what is ready to dispatch, a manager the money too', async () => {
      const warehouse = (await call(dashboardLoader, services, '/admin', 'warehouse')).body as { figures: { money: unknown; readyToDispatch: { count: number } } };
      expect(warehouse.figures.money).toBeNull();
      expect(warehouse.figures.readyToDispatch.count).toBe(1);
      const manager = (await call(dashboardLoader, services, '/admin', 'manager')).body as { figures: { money: { today: { count: number } } } };
      expect(manager.figures.money.today.count).toBe(1);
    });

    it('lets a manager find a customer and open their page; an unknown customer is a 404', async () => {
      const found = (await call(customersLoader, services, '/admin/customers?q=routes+ltd', 'manager')).body as { customers: { userId: number }[] };
      expect(found.customers.map((c) => c.userId)).toEqual([userId]);
      const page = (await call(customerLoader, services, `/admin/customers/${userId}`, 'manager', { params: { userId: String(userId) } })).body as {
        customer: { recentOrders: unknown[] };
        canManage: boolean;
      };
      expect(page.customer.recentOrders).toHaveLength(1);
      expect(page.canManage).toBe(true);
      expect((await call(customerLoader, services, '/admin/customers/999999', 'manager', { params: { userId: '999999' } })).status).toBe(404);
      expect((await call(customerLoader, services, '/admin/customers/x', 'manager', { params: { userId: 'x' } })).status).toBe(404);
    });

    it('disables a customer after a confirm step, and enables them again', async () => {
      const params = { userId: String(userId) };
      const confirm = (await call(customerLoader, services, `/admin/customers/${userId}?confirm=disable`, 'manager', { params })).body as { confirmDisable: boolean };
      expect(confirm.confirmDisable).toBe(true);
      const disabled = await call(customerAction, services, `/admin/customers/${userId}`, 'manager', { params, form: { intent: 'disable' } });
      expect(disabled.status).toBe(302);
      expect(disabled.location).toBe(`/admin/customers/${userId}`);
      expect((await services.customerDirectory.detail(userId)).disabledAt).not.toBeNull();
      // The notice rides in a cookie the page reads once: a reload does not say it again.
      const cookie = disabled.response!.headers.get('set-cookie')!.split(';')[0]!;
      const after = (await call(customerLoader, services, `/admin/customers/${userId}`, 'manager', { params, cookie })).body as { notice: string };
      expect(after.notice).toMatch(/signed out everywhere/);
      expect((await call(customerLoader, services, `/admin/customers/${userId}`, 'manager', { params })).body).toMatchObject({ notice: null });
      const enabled = await call(customerAction, services, `/admin/customers/${userId}`, 'manager', { params, form: { intent: 'enable' } });
      expect(enabled.location).toBe(`/admin/customers/${userId}`);
      expect((await services.customerDirectory.detail(userId)).disabledAt).toBeNull();
    });

    it('opens, changes and closes a trade account; a bad limit is a 400 saying why', async () => {
      const params = { userId: String(userId) };
      const post = (form: Record<string, string>) => call(customerAction, services, `/admin/customers/${userId}`, 'manager', { params, form });
      expect((await post({ intent: 'open', limit: '£1,500', terms: '14' })).location).toBe(`/admin/customers/${userId}`);
      expect(await services.tradeAccounts.accountOf(userId)).toMatchObject({ creditLimitPence: 150_000, termsDays: 14 });
      expect((await post({ intent: 'change', limit: '2000.50', terms: '30' })).location).toBe(`/admin/customers/${userId}`);
      expect(await services.tradeAccounts.accountOf(userId)).toMatchObject({ creditLimitPence: 200_050, termsDays: 30 });
      const bad = await post({ intent: 'change', limit: 'lots', terms: '30' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ fields: { limit: expect.stringContaining('credit limit') } });
      const tooLong = await post({ intent: 'change', limit: '100', terms: '365' });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({ message: 'Payment terms must be 1 to 90 days.' });
      expect((await post({ intent: 'close' })).location).toBe(`/admin/customers/${userId}`);
      expect(await services.tradeAccounts.accountOf(userId)).toBeNull();
    });

    it('refuses bad export dates with a 400 saying what is wrong', async () => {
      for (const query of ['', '?from=2025-06-01', '?from=2025-13-01&to=2025-06-30', '?from=2025-06-30&to=2025-06-01', '?from=yesterday&to=today']) {
        for (const [handler, path] of [
          [ordersCsvLoader, 'orders.csv'],
          [invoicesCsvLoader, 'invoices.csv'],
        ] as const) {
          const answer = await call(handler, services, `/admin/exports/${path}${query}`, 'manager');
          expect(answer.status, query).toBe(400);
          expect(await answer.response!.text()).toMatch(/^(Give the (first|last) day as a date|The first day must not be after the last day)/);
        }
      }
    });

    it('streams a large orders export as an attachment, every row present', async () => {
      await database.db.execute(sql`
        INSERT INTO orders (user_id, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, created, paid_pence)
        SELECT ${userId}, 'bank', '=cmd|' || g, 'PendingDelivery', 1000, 0, 200, 1200, '2024-03-01T00:00:00Z'::timestamptz + (g || ' minutes')::interval, 0
        FROM generate_series(1, 5000) AS g`);
      const answer = await call(ordersCsvLoader, services, '/admin/exports/orders.csv?from=2024-03-01&to=2024-03-31', 'manager');
      expect(answer.status).toBe(200);
      const response = answer.response!;
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="orders-2024-03-01-to-2024-03-31.csv"');
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let chunks = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks++;
        text += decoder.decode(value, { stream: true });
      }
      expect(chunks).toBeGreaterThanOrEqual(6); // the header and five pages of 1,000
      const rows = parse(text, { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(5000);
      expect(new Set(rows.map((r) => r.order_number)).size).toBe(5000);
      expect(rows.every((r) => r.payment_reference!.startsWith("'=cmd|"))).toBe(true);
    });

    it('gives the invoices export its header row even when no invoice is dated in the range', async () => {
      const answer = await call(invoicesCsvLoader, services, '/admin/exports/invoices.csv?from=2020-01-01&to=2020-01-31', 'owner');
      expect(answer.status).toBe(200);
      expect(answer.response!.headers.get('content-disposition')).toBe('attachment; filename="invoices-2020-01-01-to-2020-01-31.csv"');
      expect(await answer.response!.text()).toBe('invoice_number,invoice_date,tax_point,order_number,customer,company,vat_number,billing_postcode,net,vat_treatment,vat_rate,vat,gross,currency,test_payment\n');
    });
  });
}
