/**
 * The customer's VAT invoice download (/order-invoice?orderId=N) over real core services on
 * PGlite, with the page session stubbed as session.server.ts memoises it: the customer's own paid
 * order answers the PDF; another customer's order and a malformed id answer 404; an unpaid order
 * 409 saying why; a signed-out visitor goes to sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { DocumentService, OrderRepository, demoShopConfig } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { pdfText } from '../../../../packages/core/src/documents/pdf-text.ts';
import { loader } from './order-invoice';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let documents: DocumentService;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'http://shop.test' });
});
afterAll(async () => drop?.());

function download(orderId: string | number, userId: number | null) {
  const context = {
    services: { documents },
    secure: false,
    memo: new Map<string, unknown>([['visitor', Promise.resolve({ sessionId: null, token: userId === null ? null : 'T'.repeat(43), userId })]]),
  };
  return loader({ request: new Request(`http://shop.test/order-invoice?orderId=${orderId}`), context, params: {} } as never).catch((thrown: unknown) => thrown as Response);
}

describe('downloading a VAT invoice from order detail', () => {
  it("answers the customer's own paid order as an inline PDF, never cached by others", async () => {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId });
    const response = await download(orderId, userId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="invoice-INV-\d{6}\.pdf"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).join(' ');
    expect(text).toContain(`Order number ${orderId}`);
  });

  it("answers 404 for another customer's order and for a malformed id", async () => {
    const owner = await insertFixtureCustomer(database.db);
    const stranger = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId: owner });
    const refused = await download(orderId, stranger);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe('Document not found.\n');
    expect((await download('12abc', owner)).status).toBe(404);
    expect((await download('', owner)).status).toBe(404);
  });

  it('answers 409 with the reason when the order has no invoice yet', async () => {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank' });
    const response = await download(orderId, userId);
    expect(response.status).toBe(409);
    expect(await response.text()).toBe('The VAT invoice is issued when the order is dispatched, or before that once it is paid in full.\n');
  });

  it('sends a signed-out visitor to sign in', async () => {
    const response = await download(1, null);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/signin');
  });
});
