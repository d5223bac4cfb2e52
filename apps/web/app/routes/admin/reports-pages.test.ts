/**
 * The report pages and their CSV over real core services on PGlite, the staff session stubbed as
 * staff-session.server.ts memoises it: the warehouse is refused every page and the CSV (403); a
 * manager reads sales and best sellers for a range, a bad range is said beside the form (never a
 * 500) and refused by the CSV with a plain 400; the CSV names its range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { loader as indexLoader } from './reports';
import { loader as salesLoader } from './reports-sales';
import { loader as bestSellersLoader } from './reports-best-sellers';
import { loader as categoriesLoader } from './reports-categories';
import { loader as buyersLoader } from './reports-buyers';
import { loader as marginLoader } from './reports-margin';
import { loader as stockValueLoader } from './reports-stock-value';
import { loader as slowMoversLoader } from './reports-slow-movers';
import { loader as csvLoader } from './reports-csv';

type Role = 'owner' | 'manager' | 'warehouse';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
const line = { productName: 'Box', size1: 'S', pricePence: 12_50, qty: 10, count: 4 };

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  services = createCoreServices(database, { shop: demoShopConfig, clock: () => new Date('2026-07-15T12:00:00Z') });
  const userId = await insertFixtureCustomer(database.db);
  await insertFixtureOrder(database.db, { userId, created: new Date('2026-07-01T10:00:00Z'), lines: [line] });
  await insertFixtureOrder(database.db, { userId, created: new Date('2026-07-02T10:00:00Z'), lines: [line], status: 'Cancelled' });
});
afterAll(async () => drop?.());

async function call(loader: (args: never) => unknown, url: string, role: Role, params: Record<string, string> = {}): Promise<unknown> {
  const session = { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  try {
    return await loader({ request: new Request(`http://shop.test${url}`), context, params } as never);
  } catch (thrown) {
    return thrown;
  }
}

const status = (answer: unknown) => (answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status);

describe('the report pages and their CSV', () => {
  it('are refused to the warehouse, pages and CSV alike', async () => {
    const pages: [string, (args: never) => unknown][] = [
      ['/admin/reports', indexLoader],
      ['/admin/reports/sales', salesLoader],
      ['/admin/reports/best-sellers', bestSellersLoader],
      ['/admin/reports/categories', categoriesLoader],
      ['/admin/reports/customers', buyersLoader],
      ['/admin/reports/margin', marginLoader],
      ['/admin/reports/stock-value', stockValueLoader],
      ['/admin/reports/slow-movers', slowMoversLoader],
    ];
    for (const [url, loader] of pages) expect(status(await call(loader, url, 'warehouse')), url).toBe(403);
    expect(status(await call(csvLoader, '/admin/reports/csv/sales', 'warehouse', { report: 'sales' }))).toBe(403);
  });

  it('show a manager the sales of a range without cancelled orders, and its CSV path', async () => {
    const page = (await call(salesLoader, '/admin/reports/sales?from=2026-07-01&to=2026-07-14&group=day', 'manager')) as {
      report: { totals: { salesPence: number; orders: number } };
      csvPath: string;
    };
    expect(page.report.totals).toMatchObject({ salesPence: 50_00, orders: 1 });
    expect(page.csvPath).toBe('/admin/reports/csv/sales?from=2026-07-01&to=2026-07-14&group=day');
    const best = (await call(bestSellersLoader, '/admin/reports/best-sellers?from=2026-07-01&to=2026-07-14&by=value', 'manager')) as { report: { rows: { units: number }[] } };
    expect(best.report.rows).toEqual([expect.objectContaining({ units: 40, valuePence: 50_00 })]);
  });

  it('say a bad range beside the form, and the CSV refuses it with a plain 400', async () => {
    const page = (await call(salesLoader, '/admin/reports/sales?from=2026-07-14&to=2026-07-01', 'manager')) as { report: unknown; failure: string };
    expect(page.report).toBeNull();
    expect(page.failure).toBe('The first day must not be after the last day.');
    const byDay = (await call(salesLoader, '/admin/reports/sales?from=2024-01-01&to=2026-07-01&group=day', 'manager')) as { failure: string };
    expect(byDay.failure).toBe('Show a range over 366 days by week or by month.');
    const refused = (await call(csvLoader, '/admin/reports/csv/sales?from=2026-07-14&to=2026-07-01', 'owner', { report: 'sales' })) as Response;
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The first day must not be after the last day.');
    expect(status(await call(csvLoader, '/admin/reports/csv/nonsense', 'owner', { report: 'nonsense' }))).toBe(404);
  });

  it('download the CSV named for its range', async () => {
    const csv = (await call(csvLoader, '/admin/reports/csv/best-sellers?from=2026-07-01&to=2026-07-14', 'owner', { report: 'best-sellers' })) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="best-sellers-2026-07-01-to-2026-07-14.csv"');
    expect((await csv.text()).split('\n').slice(0, 2)).toEqual(['product_code,product,size,units,sales_ex_vat', ',Box,S,40,50.00']);
  });
});
