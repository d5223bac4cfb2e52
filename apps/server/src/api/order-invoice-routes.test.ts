/**
 * GET /api/order/{id}/invoice: the signed-in customer's VAT invoice as a PDF (Bearer token). A
 * bank-transfer order placed through the API has none until it is paid (409 saying so), then
 * answers the invoice; the same number every time; another customer's order is a 404; no token a 401.
 * GET /api/order/{id}/credit-notes/{number}: a cancelled invoiced order's credit note, the owner's only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartDto } from '@shop/contract';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture } from '../testing/basket-fixtures.ts';
import { addToBasket, createAddress, orderBodyFrom, placeOrder } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { queryRows } from '@shop/db';
import { insertFixtureOrder } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { pdfText } from '../../../../packages/core/src/documents/pdf-text.ts';

describeOnPglite('order invoice API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-invoices-'));
    t = await createTestApp({ kind, seed: false, env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const getInvoice = (id: number | string, token: string | null) =>
    t.app.inject({ method: 'GET', url: `/api/order/${id}/invoice`, headers: token ? bearer(token) : {} });

  it('a bank transfer order placed through the API: 409 until paid, then its VAT invoice, the same one every time', async () => {
    const customer = await signUp(t.app, { first_name: 'Ian', last_name: 'Lee' });
    await addToBasket(t.app, customer.token, packs.box25, 2);
    const saved = await createAddress(t.app, customer.token);
    const assigned = await t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: bearer(customer.token), payload: { addressId: saved.address_id, cartId: null } });
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(assigned.json<CartDto>()));
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json<number>();

    const early = await getInvoice(orderId, customer.token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'conflict', message: 'The VAT invoice is issued when the order is dispatched, or before that once it is paid in full.' });

    await t.database.db.execute(sql`UPDATE orders SET paid_pence = total_pence WHERE order_id = ${orderId}`);
    const response = await getInvoice(orderId, customer.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="invoice-INV-\d{6}\.pdf"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = (await pdfText(response.rawPayload)).join('\n');
    expect(text).toContain('VAT INVOICE');
    expect(text).toContain(`Order number ${orderId}`);
    expect(text).toContain('Cardboard Box 12x9x6 2 x pack of 25 (50 units) £25.00 20% £50.00');
    // Invoiced to the billing address the order was placed with (its company and contact).
    expect(text).toContain('Invoice to Walker Crafts Ltd Alice Walker 12 Boar Lane Leeds LS1 4AP');

    const again = await getInvoice(orderId, customer.token);
    expect(again.headers['content-disposition']).toBe(response.headers['content-disposition']);
  });

  it("another customer's order is a 404, an unknown one too, and no token is a 401", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { orderId } = await insertFixtureOrder(t.database.db, { userId: owner.userId });
    expect((await getInvoice(orderId, owner.token)).statusCode).toBe(200);
    const refused = await getInvoice(orderId, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: 'not_found' });
    expect((await getInvoice(999_999, owner.token)).statusCode).toBe(404);
    expect((await getInvoice(orderId, null)).statusCode).toBe(401);
    expect((await getInvoice('abc', owner.token)).statusCode).toBe(400);
  });

  it("a cancelled invoiced order's credit note is the owner's to download, with the e-mail recorded; others get 404", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { orderId } = await insertFixtureOrder(t.database.db, { userId: owner.userId });
    expect((await getInvoice(orderId, owner.token)).statusCode).toBe(200);
    const [staff] = await queryRows<{ staff_id: number }>(t.database.db, sql`INSERT INTO staff (email, name, role) VALUES ('cn@example.com', 'Cass', 'manager') RETURNING staff_id`);
    const manager = { staffId: Number(staff!.staff_id), email: 'cn@example.com', name: 'Cass', role: 'manager' as const, totpEnabled: false };
    const admin = t.app.services.orderAdministration;
    await admin.cancel(manager, orderId, (await admin.detail(orderId, manager)).version, 'Out of stock');
    const [note] = await t.app.services.documents.staffCreditNotes(orderId);
    const url = `/api/order/${orderId}/credit-notes/${note!.creditNoteNumber}`;

    const response = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`inline; filename="credit-note-${note!.number}.pdf"`);
    expect((await pdfText(response.rawPayload)).join('\n')).toContain(`Credits invoice ${note!.invoiceNumber}`);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(stranger.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${orderId}/credit-notes/999999`, headers: bearer(owner.token) })).statusCode).toBe(404);
    const jobs = await queryRows<{ kind: string }>(t.database.db, sql`SELECT kind FROM jobs WHERE dedupe_key = ${`credit-note:${note!.creditNoteNumber}`}`);
    expect(jobs).toEqual([{ kind: 'email.credit-note' }]);
  });
});
