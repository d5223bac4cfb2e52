/**
 * The customer's VAT credit note download (/order-credit-note?orderId=N&number=M) over real core
 * services on PGlite, the page session stubbed as session.server.ts memoises it: the customer's
 * own cancelled invoiced order answers the PDF naming the credited invoice; another customer gets
 * 404, as do a number of another order and malformed ids; a signed-out visitor goes to sign-in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { DocumentService, JobQueue, OrderAdministration, OrderRepository, demoShopConfig, type StaffMember } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { pdfText } from '../../../../packages/core/src/documents/pdf-text.ts';
import { loader } from './order-credit-note';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let documents: DocumentService;
let admin: OrderAdministration;
let manager: StaffMember;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'http://shop.test' });
  admin = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => new Date() });
  const [row] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('m@example.com', 'Mona', 'manager') RETURNING staff_id`);
  manager = { staffId: Number(row!.staff_id), email: 'm@example.com', name: 'Mona', role: 'manager', totpEnabled: false };
});
afterAll(async () => drop?.());

function download(query: string, userId: number | null) {
  const context = {
    services: { documents },
    secure: false,
    memo: new Map<string, unknown>([['visitor', Promise.resolve({ sessionId: null, token: userId === null ? null : 'T'.repeat(43), userId })]]),
  };
  return loader({ request: new Request(`http://shop.test/order-credit-note?${query}`), context, params: {} } as never).catch((thrown: unknown) => thrown as Response);
}

async function cancelledInvoicedOrder(userId: number) {
  const { orderId } = await insertFixtureOrder(database.db, { userId });
  const invoice = await documents.invoice(orderId);
  await admin.cancel(manager, orderId, (await admin.detail(orderId, manager)).version, 'Out of stock');
  const [note] = await documents.customerCreditNotes(userId, orderId);
  return { orderId, invoice, note: note! };
}

describe('downloading a VAT credit note from order detail', () => {
  it("answers the customer's own credit note as an inline PDF naming the credited invoice", async () => {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId, invoice, note } = await cancelledInvoicedOrder(userId);
    const response = await download(`orderId=${orderId}&number=${note.creditNoteNumber}`, userId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="credit-note-${note.number}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).join(' ');
    expect(text).toContain(`Credits invoice ${invoice.invoiceNumber}`);
  });

  it("answers 404 to another customer, for another order's credit note and for malformed ids", async () => {
    const owner = await insertFixtureCustomer(database.db);
    const stranger = await insertFixtureCustomer(database.db);
    const { orderId, note } = await cancelledInvoicedOrder(owner);
    const other = await cancelledInvoicedOrder(owner);
    const refused = await download(`orderId=${orderId}&number=${note.creditNoteNumber}`, stranger);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe('Document not found.\n');
    expect((await download(`orderId=${orderId}&number=${other.note.creditNoteNumber}`, owner)).status).toBe(404);
    expect((await download(`orderId=${orderId}&number=x`, owner)).status).toBe(404);
    expect((await download(`orderId=${orderId}`, owner)).status).toBe(404);
  });

  it('sends a signed-out visitor to sign in', async () => {
    const response = await download('orderId=1&number=1', null);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/signin');
  });
});
