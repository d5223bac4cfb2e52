/**
 * The VAT return page and CSV, and the credit notes CSV, over real core services on PGlite, the
 * staff session stubbed as staff-session.server.ts memoises it: the warehouse is refused (403);
 * a manager sees the last complete quarter by default with Box 1 and Box 6 as the sum of the
 * documents listed, chooses a quarter or days, downloads the CSV (a bad quarter is a 400); the
 * credit notes CSV has the documented columns. Only the owner marks a quarter filed, after a
 * confirm step and once it is over; the page then says who filed it and when.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { CREDIT_NOTE_EXPORT_COLUMNS, createCoreServices, demoShopConfig, VAT_RETURN_COLUMNS, type CoreServices, type VatReturnFigures } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { action as pageAction, loader as pageLoader } from './vat-return';
import { loader as csvLoader } from './vat-return-csv';
import { loader as creditNotesCsvLoader } from './export-credit-notes-csv';

type Role = 'owner' | 'manager' | 'warehouse';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  services = createCoreServices(database, { shop: demoShopConfig, clock: () => new Date('2026-01-15T12:00:00Z') });
  await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager')`);
});
afterAll(async () => drop?.());

async function call(loader: (args: never) => unknown, url: string, role: Role): Promise<unknown> {
  const session = { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  try {
    const answer = (await loader({ request: new Request(`http://shop.test${url}`), context, params: {} } as never)) as { type?: string; data?: unknown; init?: { status?: number } | null };
    // The page answers data() (its notice's cookie rides in the headers): its data is what the page reads.
    return answer?.type === 'DataWithResponseInit' && !(answer.init?.status && answer.init.status >= 400) ? answer.data : answer;
  } catch (thrown) {
    return thrown;
  }
}

describe('the VAT return page and its CSV', () => {
  it('is refused to the warehouse', async () => {
    const page = (await call(pageLoader, '/admin/vat-return', 'warehouse')) as { init?: { status?: number } };
    expect(page.init?.status).toBe(403);
    expect(((await call(csvLoader, '/admin/vat-return.csv', 'warehouse')) as Response).status).toBe(403);
    expect(((await call(creditNotesCsvLoader, '/admin/exports/credit-notes.csv?from=2025-10-01&to=2025-12-31', 'warehouse')) as Response).status).toBe(403);
  });

  it('shows the last complete quarter by default, the figures adding up the documents; a quarter or days may be chosen', async () => {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId, totalTaxPence } = await insertFixtureOrder(database.db, { userId });
    await services.documents.invoiceNumbers.issue(orderId, async () => '2025-11-03', new Date('2025-11-03T10:00:00Z'));
    const staff = { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role: 'manager' as const, totpEnabled: false };
    await services.orderAdministration.cancel(staff, orderId, (await services.orderAdministration.detail(orderId, staff)).version, 'Out of stock');

    const page = (await call(pageLoader, '/admin/vat-return', 'manager')) as { figures: VatReturnFigures; csvPath: string; quarters: string[] };
    expect(page.figures.period).toEqual({ quarter: '2025-Q4', from: '2025-10-01', to: '2025-12-31' });
    expect(page.figures.entries.map((d) => d.kind)).toEqual(['invoice']);
    expect(page.figures.box1VatDuePence).toBe(totalTaxPence);
    expect(page.csvPath).toBe('/admin/vat-return.csv?quarter=2025-Q4');
    expect(page.quarters[0]).toBe('2026-Q1');

    // The cancellation is dated 15 January 2026: it reduces the next quarter.
    const q1 = (await call(pageLoader, '/admin/vat-return?quarter=2026-Q1', 'manager')) as { figures: VatReturnFigures };
    expect(q1.figures.box1VatDuePence).toBe(-totalTaxPence);
    const days = (await call(pageLoader, '/admin/vat-return?from=2025-11-01&to=2026-01-31', 'manager')) as { figures: VatReturnFigures; csvPath: string };
    expect(days.figures.box1VatDuePence).toBe(0);
    expect(days.figures.entries).toHaveLength(2);
    expect(days.csvPath).toBe('/admin/vat-return.csv?from=2025-11-01&to=2026-01-31');
    const bad = (await call(pageLoader, '/admin/vat-return?quarter=2025-Q9', 'manager')) as { problem: string };
    expect(bad.problem).toBe('Choose a quarter such as 2025-Q4.');

    const csv = (await call(csvLoader, '/admin/vat-return.csv?quarter=2025-Q4', 'owner')) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="vat-return-2025-Q4.csv"');
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...VAT_RETURN_COLUMNS]);
    expect(rows.map((r) => r.entry)).toEqual(['invoice', 'box_1_vat_due_on_sales', 'box_6_total_sales_ex_vat', 'sales_of_goods_outside_the_uk']);
    expect(((await call(csvLoader, '/admin/vat-return.csv?quarter=nope', 'owner')) as Response).status).toBe(400);

    const notes = (await call(creditNotesCsvLoader, '/admin/exports/credit-notes.csv?from=2026-01-01&to=2026-01-31', 'manager')) as Response;
    expect(notes.headers.get('content-disposition')).toBe('attachment; filename="credit-notes-2026-01-01-to-2026-01-31.csv"');
    const noteRows = parse(await notes.text(), { columns: true }) as Record<string, string>[];
    expect(Object.keys(noteRows[0]!)).toEqual([...CREDIT_NOTE_EXPORT_COLUMNS]);
    expect(noteRows).toHaveLength(1);
    expect(noteRows[0]).toMatchObject({ kind: 'cancellation', order_number: String(orderId), credit_note_date: '2026-01-15' });
  });

  it('only the owner marks a finished quarter filed, after confirming; the page then says by whom', async () => {
    const manager = (await call(pageLoader, '/admin/vat-return?quarter=2025-Q4&confirm=file', 'manager')) as { canFile: boolean; confirmFile: boolean };
    expect(manager).toMatchObject({ canFile: false, confirmFile: false });
    const refused = (await post('/admin/vat-return?quarter=2025-Q4', { intent: 'file', quarter: '2025-Q4' }, 'manager')) as { init?: { status?: number } };
    expect(refused.init?.status).toBe(403);

    const owner = (await call(pageLoader, '/admin/vat-return?quarter=2025-Q4', 'owner')) as { canFile: boolean; confirmFile: boolean };
    expect(owner).toMatchObject({ canFile: true, confirmFile: false });
    expect(await call(pageLoader, '/admin/vat-return?quarter=2025-Q4&confirm=file', 'owner')).toMatchObject({ confirmFile: true });
    // The current quarter is not over: refused with the reason.
    const early = (await post('/admin/vat-return?quarter=2026-Q1', { intent: 'file', quarter: '2026-Q1' }, 'owner')) as { data: { message: string }; init: { status: number } };
    expect(early.init.status).toBe(400);
    expect(early.data.message).toBe('2026 Q1 is not over yet: it can be marked filed from 1 April 2026 onwards, once it has ended.');

    const before = (await call(pageLoader, '/admin/vat-return?quarter=2025-Q4', 'owner')) as { figures: VatReturnFigures };
    const done = (await post('/admin/vat-return?quarter=2025-Q4', { intent: 'file', quarter: '2025-Q4' }, 'owner')) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin/vat-return?quarter=2025-Q4');
    const after = (await call(pageLoader, '/admin/vat-return?quarter=2025-Q4', 'owner')) as { figures: VatReturnFigures; canFile: boolean };
    expect(after.canFile).toBe(false);
    expect(after.figures.filed).toMatchObject({ quarter: '2025-Q4', filedBy: 'Sam Staff', box1VatDuePence: before.figures.box1VatDuePence, box6NetSalesPence: before.figures.box6NetSalesPence });
    const again = (await post('/admin/vat-return?quarter=2025-Q4', { intent: 'file', quarter: '2025-Q4' }, 'owner')) as { data: { message: string }; init: { status: number } };
    expect(again.init.status).toBe(409);
    expect(again.data.message).toMatch(/^2025 Q4 was already marked filed on 15 January 2026 by Sam Staff\.$/);
  });
});

async function post(url: string, fields: Record<string, string>, role: Role): Promise<unknown> {
  const session = { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  const request = new Request(`http://shop.test${url}`, { method: 'POST', body: new URLSearchParams(fields) });
  try {
    return await pageAction({ request, context, params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}
