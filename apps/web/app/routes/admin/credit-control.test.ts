/**
 * The credit control page and its CSV over real core services on PGlite, the staff session
 * stubbed as staff-session.server.ts memoises it: the warehouse is refused both (403); a manager
 * sees each customer's aged debt with its stop; the CSV downloads as aged-debt-<date>.csv.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { AGED_DEBT_COLUMNS, createCoreServices, demoShopConfig, type AgedDebtReport, type CoreServices } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { loader as pageLoader } from './credit-control';
import { loader as csvLoader } from './credit-control-csv';

type Role = 'owner' | 'manager' | 'warehouse';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  services = createCoreServices(database, { shop: demoShopConfig, clock: () => new Date('2025-06-30T12:00:00Z') });
  const userId = await insertFixtureCustomer(database.db, { firstName: 'Lena', lastName: 'Late', companyName: 'Late Payers Ltd' });
  await database.db.execute(sql`INSERT INTO trade_accounts (user_id, credit_limit_pence) VALUES (${userId}, 1000000)`);
  const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account', status: 'Dispatched' });
  await database.db.execute(sql`UPDATE orders SET payment_due_date = '2025-06-10' WHERE order_id = ${orderId}`);
});
afterAll(async () => drop?.());

async function call(loader: (args: never) => unknown, url: string, role: Role): Promise<unknown> {
  const session = { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  try {
    return await loader({ request: new Request(`http://shop.test${url}`), context, params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe('the credit control page and its CSV', () => {
  it('is refused to the warehouse', async () => {
    expect(((await call(pageLoader, '/admin/credit-control', 'warehouse')) as { init?: { status?: number } }).init?.status).toBe(403);
    expect(((await call(csvLoader, '/admin/credit-control.csv', 'warehouse')) as Response).status).toBe(403);
  });

  it('shows a manager each customer aged on today, with the stop, and downloads the CSV', async () => {
    const page = (await call(pageLoader, '/admin/credit-control', 'manager')) as { report: AgedDebtReport; csvPath: string };
    expect(page.report.date).toBe('2025-06-30');
    expect(page.report.rows).toEqual([expect.objectContaining({ companyName: 'Late Payers Ltd', days1To30Pence: page.report.totals.totalPence, oldestDaysOverdue: 20 })]);
    expect(page.report.rows[0]!.stop).toMatch(/^Order #\d+ is 20 days overdue/);
    expect(page.csvPath).toBe('/admin/credit-control.csv');
    const csv = (await call(csvLoader, page.csvPath, 'owner')) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="aged-debt-2025-06-30.csv"');
    expect((await csv.text()).split('\n')[0]).toBe(AGED_DEBT_COLUMNS.join(','));
  });
});
