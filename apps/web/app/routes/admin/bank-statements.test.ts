/**
 * The bank statement import page over real core services (PGlite), the staff session stubbed as staff-session.server.ts memoises it:
 * without a session, to sign-in; the warehouse is refused (403) and records nothing; a manager
 * uploads a statement, sees the dry run (the order matched, how, what it owed, what will happen)
 * with the file carried back, confirms it with overpayments accepted and the payments are
 * recorded; confirming the same file again records nothing; a file of no known layout is
 * refused with the accepted layouts named.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, pgliteOnly } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';

/** The orders were placed before the statement's payments (a payment cannot predate its order). */
const PLACED = new Date('2025-01-02T10:00:00Z');
import type { StatementAnswer } from '~/server/admin/bank-statements.server';
import { action, loader } from './bank-statements';

type Role = 'owner' | 'manager' | 'warehouse';

async function call(services: CoreServices, role: Role | null, form?: Record<string, string | File>): Promise<{ status: number; location: string | null; body: unknown }> {
  const session = role === null ? null : { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  let request = new Request('http://shop.test/admin/bank-statements');
  if (form) {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) body.append(name, value);
    request = new Request('http://shop.test/admin/bank-statements', { method: 'POST', body });
  }
  let result: unknown;
  try {
    result = await (form ? action : loader)({ request, context, params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location'), body: null };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result };
}

for (const kind of pgliteOnly()) {
  describe(`bank statement import page [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, { shop: demoShopConfig });
      await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager')`);
    });
    afterAll(async () => drop?.());

    const paidOf = async (orderId: number) =>
      Number((await queryRows<{ paid_pence: number }>(database.db, sql`SELECT paid_pence FROM orders WHERE order_id = ${orderId}`))[0]!.paid_pence);

    it('sends a visitor without a staff session to sign-in and refuses the warehouse', async () => {
      expect(await call(services, null)).toMatchObject({ status: 302, location: '/admin/signin?return=%2Fadmin%2Fbank-statements' });
      expect((await call(services, 'warehouse')).status).toBe(403);
      const posted = await call(services, 'warehouse', { intent: 'dry-run', csv: new File(['Date,Description,Amount\n'], 's.csv') });
      expect(posted.status).toBe(403);
    });

    it('checks a statement (dry run), then records its payments when confirmed; confirming it again records nothing', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const lines = [{ productName: 'Box', size1: 'S', pricePence: 5000, qty: 10, count: 1 }]; // £60.00 due
      const { orderId: paidId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', paidPence: 0, lines, created: PLACED });
      const { orderId: overId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', paidPence: 0, lines, created: PLACED });
      await database.db.execute(sql`UPDATE orders SET payment_reference = 'BXW-7KQ4MC' WHERE order_id = ${paidId}`);
      await database.db.execute(sql`UPDATE orders SET payment_reference = 'BXW-3HTC9D' WHERE order_id = ${overId}`);
      const statement = new File(
        [
          'Date,Type,Description,Value,Balance,Account Name,Account Number\n' +
            "05/01/2025,BAC,\"'A WALKER , BXW-7KQ4MC , FP 05/01/25 1234\",60.00,1060.00,'SHOP LTD,'601234-12345678\n" +
            "05/01/2025,BAC,'BXW3HTC9D,65.00,1125.00,'SHOP LTD,'601234-12345678\n" +
            "06/01/2025,D/D,'BT GROUP PLC,-12.50,1112.50,'SHOP LTD,'601234-12345678\n",
        ],
        'natwest-january.csv',
        { type: 'text/csv' },
      );

      const dry = await call(services, 'manager', { intent: 'dry-run', csv: statement });
      expect(dry.status).toBe(200);
      const checked = dry.body as Extract<StatementAnswer, { step: 'dry-run' }>;
      expect(checked.step).toBe('dry-run');
      expect(checked.report.layout.key).toBe('natwest');
      expect(checked.report.debitsIgnored).toBe(1);
      expect(checked.report.lines.map((l) => [l.order?.orderId, l.order?.matchedBy, l.order?.duePence, l.outcome, l.records])).toEqual([
        [paidId, 'inside', 60_00, 'paid-in-full', true],
        [overId, 'exact', 60_00, 'overpaid', false],
      ]);
      expect(checked.payload).toEqual(expect.any(String));
      expect(await paidOf(paidId)).toBe(0);

      const applied = await call(services, 'manager', { intent: 'apply', payload: checked.payload!, digest: checked.digest, acceptOverpayments: 'on' });
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject({
        step: 'applied',
        importId: expect.any(Number),
        acceptedOverpayments: true,
        report: { fileName: 'natwest-january.csv', totals: { recorded: { count: 2, pence: 125_00 } } },
      });
      expect([await paidOf(paidId), await paidOf(overId)]).toEqual([60_00, 65_00]);

      const again = await call(services, 'manager', { intent: 'apply', payload: checked.payload!, digest: checked.digest, acceptOverpayments: 'on' });
      expect(again.body).toMatchObject({ step: 'applied', importId: null, report: { totals: { recorded: { count: 0 }, alreadyImported: { count: 2 } } } });
      expect([await paidOf(paidId), await paidOf(overId)]).toEqual([60_00, 65_00]);
      // A fresh dry run of it says so, and offers nothing to confirm.
      const rechecked = await call(services, 'manager', { intent: 'dry-run', csv: statement });
      expect(rechecked.body).toMatchObject({ step: 'dry-run', payload: null });
    });

    it('lists every row of a statement none of whose rows can be read, and offers nothing to confirm', async () => {
      const unreadable = new File(['Date,Description,Amount\n31/02/2026,A WALKER BXW-7KQ4MC,60.00\n05/01/2026,B ARCHER,sixty pounds\n05/01/2026\n'], 'broken.csv');
      const dry = await call(services, 'manager', { intent: 'dry-run', csv: unreadable });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({
        step: 'dry-run',
        payload: null,
        report: {
          lines: [],
          errors: [
            { line: 2, message: expect.stringContaining('"31/02/2026" is not a date') },
            { line: 3, message: expect.stringContaining('"sixty pounds" is not an amount') },
            { line: 4, message: expect.stringContaining('1 cells') },
          ],
        },
      });
    });

    it('suggests the order a payment without a reference may pay, and records it on it only when the manager chooses it', async () => {
      const userId = await insertFixtureCustomer(database.db, { firstName: 'Nina', lastName: 'North', companyName: 'Northern Crafts Ltd' });
      const lines = [{ productName: 'Tape', size1: 'M', pricePence: 7500, qty: 6, count: 1 }]; // £90.00 due
      const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account', paidPence: 0, lines, created: PLACED });
      const statement = new File(['Date,Description,Amount\n07/01/2025,NORTHERN CRAFTS LTD BACS,90.00\n'], 'remittance.csv');
      const dry = await call(services, 'manager', { intent: 'dry-run', csv: statement });
      const checked = dry.body as Extract<StatementAnswer, { step: 'dry-run' }>;
      expect(checked.report.lines.map((l) => [l.outcome, l.records, l.suggestions.map((s) => [s.orderId, s.duePence])])).toEqual([['no-match', false, [[orderId, 90_00]]]]);
      expect(checked.payload).toEqual(expect.any(String));

      // A choice that is not a line and an order is refused, recording nothing.
      const bad = await call(services, 'manager', { intent: 'apply', payload: checked.payload!, digest: checked.digest, 'choices[0]': `#${orderId}` });
      expect(bad).toMatchObject({ status: 400, body: { ok: false } });
      expect(await paidOf(orderId)).toBe(0);

      const applied = await call(services, 'manager', { intent: 'apply', payload: checked.payload!, digest: checked.digest, 'choices[0]': `2:${orderId}` });
      expect(applied.body).toMatchObject({ step: 'applied', report: { totals: { recorded: { count: 1, pence: 90_00 } } } });
      expect(await paidOf(orderId)).toBe(90_00);
    });

    it('refuses a file of no known layout, naming the accepted layouts, and a form without a file', async () => {
      const unknown = await call(services, 'manager', { intent: 'dry-run', csv: new File(['When,What,How much\n2025-01-05,x,1\n'], 'odd.csv') });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ ok: false, message: expect.stringMatching(/not a bank statement layout.*Lloyds.*NatWest/) });
      const empty = await call(services, 'manager', { intent: 'dry-run' });
      expect(empty).toMatchObject({ status: 400, body: { ok: false, message: 'Choose the CSV file of the statement.' } });
    });
  });
}
