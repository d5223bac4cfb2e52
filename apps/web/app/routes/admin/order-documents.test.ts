/**
 * Staff downloads of an order's documents over real core services on PGlite, the staff session
 * stubbed as staff-session.server.ts memoises it: without a session, to sign-in (coming back);
 * the picking list for every role that sees orders, warehouse included; the VAT invoice only for
 * roles with 'invoices' (the warehouse gets 403); no such order 404; no invoice yet 409.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { DocumentService, OrderRepository, demoShopConfig } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { pdfText } from '../../../../../packages/core/src/documents/pdf-text.ts';
import { loader as invoiceLoader } from './order-invoice-pdf';
import { loader as pickingListLoader } from './order-picking-list-pdf';
import { loader as creditNoteLoader } from './order-credit-note-pdf';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let documents: DocumentService;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'http://shop.test' });
});
afterAll(async () => drop?.());

type Role = 'owner' | 'manager' | 'warehouse';

type DocumentLoader = (args: never) => Promise<Response>;

function get(loader: DocumentLoader, document: 'invoice.pdf' | 'picking-list.pdf', orderId: string | number, role: Role | null) {
  const session = role === null ? null : { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services: { documents }, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  const request = new Request(`http://shop.test/admin/orders/${orderId}/${document}`);
  return loader({ request, context, params: { orderId: String(orderId) } } as never).catch((thrown: unknown) => thrown as Response);
}
const invoice = (orderId: string | number, role: Role | null) => get(invoiceLoader, 'invoice.pdf', orderId, role);
const pickingList = (orderId: string | number, role: Role | null) => get(pickingListLoader, 'picking-list.pdf', orderId, role);

describe("staff downloads of an order's documents", () => {
  it('sends a visitor without a staff session to the back office sign-in, coming back after', async () => {
    for (const response of [await invoice(7, null), await pickingList(7, null)]) {
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toMatch(/^\/admin\/signin\?return=%2Fadmin%2Forders%2F7%2F(invoice|picking-list)\.pdf$/);
    }
  });

  it('gives the warehouse the picking list (no prices) but not the invoice', async () => {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId, note: 'Ring the bell' });
    const list = await pickingList(orderId, 'warehouse');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('application/pdf');
    expect(list.headers.get('content-disposition')).toBe(`inline; filename="picking-list-order-${orderId}.pdf"`);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    const text = (await pdfText(new Uint8Array(await list.arrayBuffer()))).join(' ');
    expect(text).toContain("Customer's note: Ring the bell");
    expect(text).not.toContain('£');

    const refused = await invoice(orderId, 'warehouse');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('You do not have access to this page.\n');
  });

  it('gives owners and managers the VAT invoice, one number for both', async () => {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId });
    const [byManager, byOwner] = [await invoice(orderId, 'manager'), await invoice(orderId, 'owner')];
    expect(byManager.status).toBe(200);
    expect(byManager.headers.get('content-type')).toBe('application/pdf');
    expect(byManager.headers.get('content-disposition')).toMatch(/^inline; filename="invoice-INV-\d{6}\.pdf"$/);
    expect(byOwner.headers.get('content-disposition')).toBe(byManager.headers.get('content-disposition'));
    expect((await pdfText(new Uint8Array(await byOwner.arrayBuffer()))).join(' ')).toContain(`Order number ${orderId}`);
  });

  it('answers 404 for no such order and 409 with the reason for an order without an invoice yet', async () => {
    expect((await invoice(999_999, 'manager')).status).toBe(404);
    expect((await pickingList(999_999, 'warehouse')).status).toBe(404);
    expect((await pickingList('x1', 'warehouse')).status).toBe(404);
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account' });
    const early = await invoice(orderId, 'manager');
    expect(early.status).toBe(409);
    expect(await early.text()).toBe('The VAT invoice for an order on account is issued when the order is dispatched.\n');
  });

  it('gives owners and managers a credit note of the order, the warehouse 403, another number 404', async () => {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId });
    const invoiceNumber = (await documents.issueInvoice(orderId)).invoiceNumber;
    const [{ n }] = (await queryRows<{ n: number }>(
      database.db,
      sql`WITH next AS (UPDATE credit_note_number_counter SET last_number = last_number + 1 WHERE id RETURNING last_number)
          INSERT INTO credit_notes (credit_note_number, invoice_number, order_id, tax_point_date, kind, reason, vat_rate_percent, net_pence, vat_pence, total_pence, lines)
          SELECT last_number, ${invoiceNumber}, ${orderId}, '2025-11-26', 'refund', 'Goodwill', 20, 1000, 200, 1200, '[]'::jsonb FROM next RETURNING credit_note_number AS n`,
    )) as [{ n: number }];
    const get = (number: number | string, role: Role) => {
      const session = { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
      const context = { services: { documents }, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
      const request = new Request(`http://shop.test/admin/orders/${orderId}/credit-notes/${number}`);
      return creditNoteLoader({ request, context, params: { orderId: String(orderId), creditNoteNumber: String(number) } } as never).catch((thrown: unknown) => thrown as Response);
    };
    const response = await get(Number(n), 'manager');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="credit-note-CN-\d{6}\.pdf"$/);
    expect((await pdfText(new Uint8Array(await response.arrayBuffer()))).join(' ')).toContain('Total credited (GBP) £12.00');
    expect((await get(Number(n), 'warehouse')).status).toBe(403);
    expect((await get(Number(n) + 1000, 'owner')).status).toBe(404);
    expect((await get('x', 'owner')).status).toBe(404);
  });
});
