/**
 * Staff notes are for staff only: a note on an order and one on its customer, written before
 * anything is sent, appear in no answer of the JSON API (the order list and the order), in none of
 * the order's e-mails (confirmation, dispatch, credit note), in neither PDF the customer can
 * download (VAT invoice, credit note), nor in the customer's data download (every file of the ZIP).
 * The back office reads them back, newest first, with who wrote them.
 */
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffMember } from '@shop/core';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { pdfText } from '../../../../packages/core/src/documents/pdf-text.ts';

const ORDER_NOTE = 'Loading bay at rear, ORDERNOTE7731';
const CUSTOMER_NOTE = 'Slow payer, chase early, CUSTOMERNOTE4402';

describeOnPglite('staff notes never reach the customer', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let smtp: SmtpInbox;
  let manager: StaffMember;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await createTestApp({ kind, seed: false, env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    const [row] = await queryRows<{ staff_id: number }>(t.database.db, sql`INSERT INTO staff (email, name, role) VALUES ('mandy@example.com', 'Mandy Manager', 'manager') RETURNING staff_id`);
    manager = { staffId: Number(row!.staff_id), email: 'mandy@example.com', name: 'Mandy Manager', role: 'manager', totpEnabled: false };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const hasNote = (text: string) => text.includes('ORDERNOTE7731') || text.includes('CUSTOMERNOTE4402');

  it('an order and its customer with notes: no API answer, e-mail, PDF or data download holds them', async () => {
    const { services } = t.app;
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json<number>();

    // Written before any e-mail is sent: the e-mails read the order after these.
    await services.staffNotes.add(manager.staffId, { orderId }, ORDER_NOTE);
    await services.staffNotes.add(manager.staffId, { userId: customer.userId }, CUSTOMER_NOTE);
    const today = new Date().toISOString().slice(0, 10);
    const versionOf = async () => (await services.orderAdministration.detail(orderId, manager)).version;
    const order = await services.orderAdministration.detail(orderId, manager);
    await services.orderAdministration.recordPayment(manager, orderId, order.version, { amountPence: order.totals.totalPence, receivedOn: today, bankReference: 'BANK' });
    await services.orderAdministration.dispatch(manager, orderId, await versionOf(), { carrier: 'DPD', trackingNumber: '15501234567890' });
    await services.orderAdministration.recordRefund(manager, orderId, await versionOf(), { amountPence: 500, receivedOn: today, bankReference: 'REFUND', reason: 'One box crushed' });
    await services.jobWorker.drain();

    // The back office sees both, with who wrote them.
    expect(await services.staffNotes.of({ orderId })).toMatchObject([{ body: ORDER_NOTE, staffName: 'Mandy Manager' }]);
    expect(await services.staffNotes.of({ userId: customer.userId })).toMatchObject([{ body: CUSTOMER_NOTE, staffName: 'Mandy Manager' }]);

    // The JSON API: the order list and the order.
    const list = await t.app.inject({ method: 'GET', url: '/api/order/GetMine', headers: bearer(customer.token) });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`${orderId}`);
    expect(hasNote(list.body)).toBe(false);
    const detail = await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(customer.token) });
    expect(detail.statusCode).toBe(200);
    expect(hasNote(detail.body)).toBe(false);

    // The e-mails: confirmation, dispatch and credit note all reached the customer, without the notes.
    const mails = smtp.received.filter((m) => m.recipients.includes(customer.email));
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const { mail } of mails) {
      expect(hasNote(`${mail.subject ?? ''}\n${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`)).toBe(false);
    }

    // The VAT invoice and the credit note the customer downloads.
    const invoice = await t.app.inject({ method: 'GET', url: `/api/order/${orderId}/invoice`, headers: bearer(customer.token) });
    expect(invoice.statusCode).toBe(200);
    const invoiceText = (await pdfText(invoice.rawPayload)).join('\n');
    expect(invoiceText).toContain('VAT INVOICE');
    expect(hasNote(invoiceText)).toBe(false);
    const [note] = await services.documents.customerCreditNotes(customer.userId, orderId);
    expect(note).toBeDefined();
    const creditNote = await t.app.inject({ method: 'GET', url: `/api/order/${orderId}/credit-notes/${note!.creditNoteNumber}`, headers: bearer(customer.token) });
    expect(creditNote.statusCode).toBe(200);
    const creditText = (await pdfText(creditNote.rawPayload)).join('\n');
    expect(creditText).toContain('CREDIT NOTE');
    expect(hasNote(creditText)).toBe(false);

    // The customer's data download: every file in the ZIP, PDFs as their text.
    const archive = await services.customerData.archive(customer.userId, { kind: 'customer' });
    const files = unzipSync(new Uint8Array(archive.content));
    expect(Object.keys(files).length).toBeGreaterThan(1);
    for (const [name, bytes] of Object.entries(files)) {
      const text = name.endsWith('.pdf') ? (await pdfText(Buffer.from(bytes))).join('\n') : strFromU8(bytes);
      expect(hasNote(text), name).toBe(false);
    }
  });

  it('a note must say something, and at most 2,000 characters; an unknown order is refused', async () => {
    const { customer } = await readyCustomer(t, [[packs.box25, 1]]);
    await expect(t.app.services.staffNotes.add(manager.staffId, { userId: customer.userId }, '   ')).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(t.app.services.staffNotes.add(manager.staffId, { userId: customer.userId }, 'x'.repeat(2001))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(t.app.services.staffNotes.add(manager.staffId, { orderId: 999_999 }, 'Hello')).rejects.toMatchObject({ code: 'not_found' });
    await t.app.services.staffNotes.add(manager.staffId, { userId: customer.userId }, 'First');
    await t.app.services.staffNotes.add(manager.staffId, { userId: customer.userId }, 'Second');
    expect((await t.app.services.staffNotes.of({ userId: customer.userId })).map((n) => n.body)).toEqual(['Second', 'First']);
  });
});
