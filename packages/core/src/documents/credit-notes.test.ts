/**
 * VAT credit notes on both databases, through the back office's cancel and refund: cancelling an
 * invoiced order credits the whole invoice line by line (an order never invoiced gets none); a
 * part refund credits its amount with the VAT in it; a refund of an overpayment credits nothing;
 * credits never pass the invoice; numbers are one gapless sequence under 50 cancellations at once;
 * an invoice is never issued beside a cancellation that saw none; the customer is e-mailed; the
 * PDF names the credited invoice and the totals; another customer cannot read it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type CreditNoteLine, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { OrderAdministration } from '../back-office/orders/order-administration.ts';
import { NotFound } from '../errors.ts';
import { PaymentProviderUnavailable } from '../payments/payment-verifier.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { OrderRepository } from '../orders/order-repository.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import type { StaffMember } from '../staff/staff-roles.ts';
import { refundCreditPence, splitCredit } from './credit-notes.ts';
import { DocumentService } from './document-service.ts';
import { FIXTURE_LINES, insertFixtureCustomer, insertFixtureOrder } from './document-fixtures.ts';
import { pdfText, pdfTextItems } from './pdf-text.ts';

const now = new Date('2025-11-26T10:00:00Z');
/** Orders were placed before the test's today (a payment cannot predate its order). */
const placed = new Date('2025-11-20T10:00:00Z');

describe('how much a refund credits, and the VAT in it', () => {
  const invoice = { netPence: 10_000, vatPence: 2_000, totalPence: 12_000 };
  const none = { netPence: 0, vatPence: 0, totalPence: 0 };

  it('a part refund of an order paid in full credits its amount; an overpayment refund nothing; never past the invoice', () => {
    expect(refundCreditPence({ invoicedTotalPence: 12_000, creditedTotalPence: 0, paidPence: 12_000, refundedPenceAfter: 3_000, refundPence: 3_000 })).toBe(3_000);
    expect(refundCreditPence({ invoicedTotalPence: 12_000, creditedTotalPence: 0, paidPence: 13_000, refundedPenceAfter: 1_000, refundPence: 1_000 })).toBe(0);
    // Overpaid by 10.00, refunded 25.00: 15.00 of it takes the shop below the invoice.
    expect(refundCreditPence({ invoicedTotalPence: 12_000, creditedTotalPence: 0, paidPence: 13_000, refundedPenceAfter: 2_500, refundPence: 2_500 })).toBe(1_500);
    // After a cancellation credited the invoice, the refund credits nothing more.
    expect(refundCreditPence({ invoicedTotalPence: 12_000, creditedTotalPence: 12_000, paidPence: 12_000, refundedPenceAfter: 12_000, refundPence: 12_000 })).toBe(0);
    // An account order part paid: a goodwill refund credits its amount, not the unpaid rest.
    expect(refundCreditPence({ invoicedTotalPence: 12_000, creditedTotalPence: 0, paidPence: 5_000, refundedPenceAfter: 1_000, refundPence: 1_000 })).toBe(1_000);
  });

  it('the VAT is the rate fraction of the running total, and the last credit lands on the invoice exactly', () => {
    expect(splitCredit(1_000, invoice, none, 20)).toEqual({ netPence: 833, vatPence: 167, totalPence: 1_000 });
    // 1,001 in three credits: the VAT of the running total, not of each note, so no penny drifts.
    const first = splitCredit(1, invoice, none, 20);
    const second = splitCredit(1, invoice, { ...first }, 20);
    expect(first.vatPence + second.vatPence).toBe(0);
    const credited = { netPence: first.netPence + second.netPence, vatPence: 0, totalPence: 2 };
    const rest = splitCredit(11_998, invoice, credited, 20);
    expect(rest).toEqual({ netPence: 9_998, vatPence: 2_000, totalPence: 11_998 });
    expect(splitCredit(500, { netPence: 500, vatPence: 0, totalPence: 500 }, none, 0)).toEqual({ netPence: 500, vatPence: 0, totalPence: 500 });
  });
});

for (const kind of databaseKinds()) {
  describe(`VAT credit notes [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let documents: DocumentService;
    let admin: OrderAdministration;
    let manager: StaffMember;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 20 }));
      documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'https://shop.example.com', now: () => now, jobs: new JobQueue(database.db) });
      admin = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => now });
      const [row] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('mona@example.com', 'Mona Manager', 'manager') RETURNING staff_id`);
      manager = { staffId: Number(row!.staff_id), email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
    });
    afterAll(async () => drop?.());

    const versionOf = async (orderId: number) => (await admin.detail(orderId, manager)).version;
    const notesOf = (orderId: number) => documents.staffCreditNotes(orderId);
    const refund = async (orderId: number, amountPence: number) =>
      admin.recordRefund(manager, orderId, await versionOf(orderId), { amountPence, receivedOn: '2025-11-26', bankReference: 'REFUND' });
    const storedLines = async (orderId: number) =>
      (await queryRows<{ lines: CreditNoteLine[] }>(database.db, sql`SELECT lines FROM credit_notes WHERE order_id = ${orderId} ORDER BY credit_note_number`)).map((r) => r.lines);
    const orderLineIds = async (orderId: number) =>
      (await queryRows<{ id: number }>(database.db, sql`SELECT order_line_id AS id FROM order_lines WHERE order_id = ${orderId} ORDER BY order_line_id`)).map((r) => Number(r.id));
    const creditNoteNumbers = async () =>
      (await queryRows<{ n: number }>(database.db, sql`SELECT credit_note_number AS n FROM credit_notes ORDER BY 1`)).map((r) => Number(r.n));

    it('cancelling an invoiced order credits the whole invoice, line by line with delivery, and e-mails the customer', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId, deliveryFeePence: 499 });
      const invoice = await documents.invoice(order.orderId);
      await admin.cancel(manager, order.orderId, await versionOf(order.orderId), 'Out of stock');

      const [note, ...more] = await notesOf(order.orderId);
      expect(more).toEqual([]);
      expect(note).toMatchObject({
        invoiceNumber: invoice.invoiceNumber,
        kind: 'cancellation',
        reason: 'Out of stock',
        date: '2025-11-26',
        netPence: order.subTotalPence + order.deliveryFeePence,
        vatPence: order.totalTaxPence,
        totalPence: order.totalPence,
      });
      const [stored] = await queryRows<{ lines: unknown; staff_id: number }>(database.db, sql`SELECT lines, staff_id FROM credit_notes WHERE order_id = ${order.orderId}`);
      const lines = stored!.lines as CreditNoteLine[];
      expect(lines).toEqual([
        ...FIXTURE_LINES.map((l) => ({ description: expect.any(String), qty: l.qty, count: l.count, unitNetPence: l.pricePence, netPence: l.pricePence * l.count, vatPence: expect.any(Number) })),
        { description: 'Delivery', qty: null, count: null, unitNetPence: null, netPence: 499, vatPence: 1_00 },
      ]);
      // Each line's VAT, adding up to the note's.
      expect(lines.reduce((sum, l) => sum + l.vatPence!, 0)).toBe(order.totalTaxPence);
      expect(Number(stored!.staff_id)).toBe(manager.staffId);
      const jobs = await queryRows<{ kind: string; payload: object }>(database.db, sql`SELECT kind, payload FROM jobs WHERE dedupe_key = ${`credit-note:${note!.creditNoteNumber}`}`);
      expect(jobs).toEqual([{ kind: 'email.credit-note', payload: { userId, orderId: order.orderId, creditNoteNumber: note!.creditNoteNumber } }]);

      // The order's audit entry names it.
      const [event] = (await admin.detail(order.orderId, manager)).timeline.filter((e) => e.kind === 'cancelled');
      expect(event!.after).toMatchObject({ status: 'Cancelled', credit_note: note!.number });

      // The refund that follows credits nothing more.
      await refund(order.orderId, order.totalPence);
      expect(await notesOf(order.orderId)).toHaveLength(1);
    });

    it('cancelling an order that was never invoiced issues no credit note', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId });
      await admin.cancel(manager, order.orderId, await versionOf(order.orderId), 'Customer asked');
      await refund(order.orderId, order.totalPence);
      expect(await notesOf(order.orderId)).toEqual([]);
    });

    it('a part refund credits its amount with the VAT in it; cancelling later credits the balance; the two add up to the invoice', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId });
      const invoice = await documents.invoice(order.orderId);
      await refund(order.orderId, 30_00);
      const [partial] = await notesOf(order.orderId);
      expect(partial).toMatchObject({ kind: 'refund', invoiceNumber: invoice.invoiceNumber, totalPence: 30_00, vatPence: 5_00, netPence: 25_00, reason: 'Money paid back to you on 26 November 2025.' });
      const [{ order_payment_id }] = (await queryRows<{ order_payment_id: number }>(
        database.db,
        sql`SELECT order_payment_id FROM credit_notes WHERE credit_note_number = ${partial!.creditNoteNumber}`,
      )) as [{ order_payment_id: number }];
      expect(order_payment_id).not.toBeNull();

      await admin.cancel(manager, order.orderId, await versionOf(order.orderId), 'Rest not wanted');
      const notes = await notesOf(order.orderId);
      expect(notes).toHaveLength(2);
      expect(notes[1]).toMatchObject({ kind: 'cancellation', totalPence: order.totalPence - 30_00 });
      expect(notes.reduce((s, n) => s + n.netPence, 0)).toBe(order.subTotalPence + order.deliveryFeePence);
      expect(notes.reduce((s, n) => s + n.vatPence, 0)).toBe(order.totalTaxPence);
    });

    it("a refund's reason, when staff give one, is the credit note's reason", async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId });
      await documents.invoice(order.orderId);
      await admin.recordRefund(manager, order.orderId, await versionOf(order.orderId), { amountPence: 5_00, receivedOn: '2025-11-26', bankReference: 'RF', reason: 'One carton arrived crushed' });
      expect(await notesOf(order.orderId)).toMatchObject([{ kind: 'refund', reason: 'One carton arrived crushed', totalPence: 5_00 }]);
      // No goods named: one line saying what it is.
      expect(await storedLines(order.orderId)).toEqual([[{ description: 'Refund, no goods returned', qty: null, count: null, unitNetPence: null, netPence: 4_17, vatPence: 83 }]]);
    });

    it('a refund for goods lists each line refunded with its packs, price per pack and VAT; what the amount leaves out is a line of its own', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId });
      await documents.invoice(order.orderId);
      const [box, tape] = await orderLineIds(order.orderId);
      // One pack of boxes (£25.00 + VAT): exactly its value.
      await admin.recordRefund(manager, order.orderId, await versionOf(order.orderId), { amountPence: 30_00, receivedOn: '2025-11-26', bankReference: 'RF', reason: 'Return 7: damaged in transit', goods: [{ orderLineId: box!, count: 1 }] });
      // One pack of tape (£74.99 + VAT) refunded at £60.00 only.
      await admin.recordRefund(manager, order.orderId, await versionOf(order.orderId), { amountPence: 60_00, receivedOn: '2025-11-26', bankReference: 'RF', goods: [{ orderLineId: tape!, count: 1 }] });
      const [first, second] = await storedLines(order.orderId);
      expect(first).toEqual([{ description: 'Cardboard Box 12x9x6', qty: 25, count: 1, unitNetPence: 25_00, netPence: 25_00, vatPence: 5_00 }]);
      expect(second).toEqual([
        { description: 'Brown Packing Tape 48mm x 66m', qty: 36, count: 1, unitNetPence: 74_99, netPence: 74_99, vatPence: 15_00 },
        { description: 'Less: part of the goods above not refunded', qty: null, count: null, unitNetPence: null, netPence: 50_00 - 74_99, vatPence: 10_00 - 15_00 },
      ]);
      const [, secondNote] = await notesOf(order.orderId);
      expect(secondNote).toMatchObject({ netPence: 50_00, vatPence: 10_00, totalPence: 60_00 });
    });

    it('a card refund through the provider keeps the staff\'s note as its credit note\'s reason, also when it is retried', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId });
      await database.db.execute(sql`UPDATE orders SET provider_capture_id = 'CAPTURE-1' WHERE order_id = ${order.orderId}`);
      await documents.invoice(order.orderId);
      const [box] = await orderLineIds(order.orderId);
      // The provider does not answer the first time; staff retry from the order page.
      let answers = false;
      const providerAdmin = new OrderAdministration(database.db, {
        jobs: new JobQueue(database.db),
        now: () => now,
        refunds: {
          paypal: {
            provider: 'paypal',
            refund: async () => {
              if (!answers) throw new PaymentProviderUnavailable('timeout');
              return { state: 'completed', refundId: 'REFUND-1' };
            },
            captureIdOf: async () => 'CAPTURE-1',
          },
        },
      });
      const pending = await providerAdmin.refundThroughProvider(manager, order.orderId, await versionOf(order.orderId), {
        amountPence: 30_00,
        note: 'Return 9: damaged in transit',
        goods: [{ orderLineId: box!, count: 1 }],
      });
      expect(pending.state).toBe('pending');
      expect(await notesOf(order.orderId)).toEqual([]);
      answers = true;
      const result = await providerAdmin.retryProviderRefund(manager, order.orderId, pending.orderPaymentId);
      expect(result.state).toBe('completed');
      expect(await notesOf(order.orderId)).toMatchObject([{ kind: 'refund', reason: 'Return 9: damaged in transit', totalPence: 30_00 }]);
      expect(await storedLines(order.orderId)).toEqual([[{ description: 'Cardboard Box 12x9x6', qty: 25, count: 1, unitNetPence: 25_00, netPence: 25_00, vatPence: 5_00 }]]);
    });

    it('money paid back before the invoice was issued is credited by a credit note issued with the invoice', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId });
      await refund(order.orderId, 12_00);
      expect(await notesOf(order.orderId)).toEqual([]);
      const invoice = await documents.invoice(order.orderId);
      const [note, ...more] = await notesOf(order.orderId);
      expect(more).toEqual([]);
      expect(note).toMatchObject({ kind: 'refund', invoiceNumber: invoice.invoiceNumber, totalPence: 12_00, vatPence: 2_00, netPence: 10_00 });
      // Downloading the invoice again issues nothing more.
      await documents.invoice(order.orderId);
      expect(await notesOf(order.orderId)).toHaveLength(1);
    });

    it('refunding an overpayment credits nothing: the shop still keeps the whole invoice', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId, paymentMethod: 'bank', paidPence: 0 });
      await database.db.execute(sql`UPDATE orders SET paid_pence = total_pence + 1000 WHERE order_id = ${order.orderId}`);
      await documents.invoice(order.orderId);
      await refund(order.orderId, 10_00);
      expect(await notesOf(order.orderId)).toEqual([]);
      // Refunding 5.00 more does take it below the invoice.
      await refund(order.orderId, 5_00);
      expect((await notesOf(order.orderId)).map((n) => n.totalPence)).toEqual([5_00]);
    });

    it('50 invoiced orders cancelled at once get the next 50 credit note numbers, none skipped or repeated', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const orders: number[] = [];
      for (let i = 0; i < 50; i++) orders.push((await insertFixtureOrder(database.db, { created: placed, userId, lines: [FIXTURE_LINES[0]!] })).orderId);
      for (const orderId of orders) await documents.issueInvoice(orderId);
      const before = await creditNoteNumbers();
      const versions = await Promise.all(orders.map(versionOf));

      await Promise.all(orders.map((orderId, i) => admin.cancel(manager, orderId, versions[i]!, 'Bulk cancellation')));

      const all = await creditNoteNumbers();
      expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
      expect(all.length).toBe(before.length + 50);
      const perOrder = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM credit_notes WHERE order_id = ANY (${`{${orders.join(',')}}`}::int[]) GROUP BY order_id`);
      expect(perOrder.map((r) => Number(r.n))).toEqual(Array(50).fill(1));
    });

    it('an invoice downloaded while the order is being cancelled: either both invoice and credit note, or neither', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const orders: number[] = [];
      for (let i = 0; i < 10; i++) orders.push((await insertFixtureOrder(database.db, { created: placed, userId, lines: [FIXTURE_LINES[0]!] })).orderId);
      const versions = await Promise.all(orders.map(versionOf));
      await Promise.allSettled(orders.flatMap((orderId, i) => [documents.issueInvoice(orderId), admin.cancel(manager, orderId, versions[i]!, 'Race')]));
      const rows = await queryRows<{ invoiced: boolean; credited: boolean }>(
        database.db,
        sql`SELECT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.order_id) AS invoiced,
                   EXISTS (SELECT 1 FROM credit_notes c WHERE c.order_id = o.order_id) AS credited
            FROM orders o WHERE o.order_id = ANY (${`{${orders.join(',')}}`}::int[])`,
      );
      for (const row of rows) expect(row.credited).toBe(row.invoiced);
    });

    it('the PDF of a refund for returned goods shows every line of the address above the table, each goods line, and the reason', async () => {
      const userId = await insertFixtureCustomer(database.db, { companyName: 'Northern Crafts and Packaging Supplies Ltd', vatNumber: 'GB123456789' });
      const order = await insertFixtureOrder(database.db, {
        created: placed,
        userId,
        billing: { contact_name: 'Nina North', company_name: 'Northern Crafts', region: 'Unit 14, The Old Mill Business Park', address: 'Longbottom Road, off the Wakefield Road roundabout', town: 'Huddersfield', post_code: 'HD1 6QT' },
      });
      await documents.invoice(order.orderId);
      const [box, , single] = await orderLineIds(order.orderId);
      await admin.recordRefund(manager, order.orderId, await versionOf(order.orderId), {
        amountPence: 30_00 + 22_79,
        receivedOn: '2025-11-26',
        bankReference: 'RF',
        reason: 'Return 12: damaged in transit',
        goods: [
          { orderLineId: box!, count: 1 },
          { orderLineId: single!, count: 1 },
        ],
      });
      const [note] = await notesOf(order.orderId);
      const file = await documents.staffCreditNotePdf(order.orderId, note!.creditNoteNumber);
      const text = (await pdfText(file.content)).join('\n');
      for (const expected of [
        'Refund: Return 12: damaged in transit',
        'Cardboard Box 12x9x6 1 x pack of 25 (25 units) £25.00 20% £5.00 £25.00',
        'Single Wall Cardboard Boxes Small 1 x pack of 10 (10 units) £18.99 20% £3.80 £18.99',
        'Credited ex-VAT £43.99',
        'VAT at 20% £8.80',
        'Total credited (GBP) £52.79',
      ]) {
        expect(text).toContain(expected);
      }
      // Every line of the "Credit to" block is drawn, and above the table's header band.
      const items = await pdfTextItems(file.content);
      const header = items.find((i) => i.text === 'Description')!;
      const creditTo = items.find((i) => i.text === 'Credit to')!;
      const block = items.filter((i) => i.page === 1 && i.top >= creditTo.top && i.x < header.x + 250 && i.top < header.top + 200);
      const blockText = block.map((i) => i.text).join(' ');
      for (const line of ['Northern Crafts and Packaging Supplies Ltd', 'Nina North', 'Unit 14, The Old Mill Business Park', 'Huddersfield', 'HD1 6QT', 'United Kingdom', 'VAT number: GB 123 4567 89']) {
        expect(blockText.replace(/\s+/g, ' ')).toContain(line);
      }
      const postcode = items.find((i) => i.text.includes('HD1 6QT'))!;
      const vatNumber = items.find((i) => i.text.startsWith('VAT number:'))!;
      // The header band starts 4 points above its text.
      for (const above of [postcode, vatNumber]) expect(above.top + above.height).toBeLessThan(header.top - 4);
    });

    it("the PDF names the credited invoice, its date, the reason and the totals; the customer downloads their own, another customer's is not found", async () => {
      const userId = await insertFixtureCustomer(database.db, { companyName: 'Lee Logistics Ltd' });
      const stranger = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { created: placed, userId, deliveryFeePence: 499 });
      const invoice = await documents.invoice(order.orderId);
      await admin.cancel(manager, order.orderId, await versionOf(order.orderId), 'Damaged in the warehouse');
      const [summary] = await documents.customerCreditNotes(userId, order.orderId);
      expect(summary!.path).toBe(`/order-credit-note?orderId=${order.orderId}&number=${summary!.creditNoteNumber}`);

      const file = await documents.customerCreditNotePdf(userId, order.orderId, summary!.creditNoteNumber);
      expect(file.filename).toBe(`credit-note-${summary!.number}.pdf`);
      const text = (await pdfText(file.content)).join('\n');
      for (const expected of [
        'CREDIT NOTE',
        `Credit note number ${summary!.number}`,
        'Credit note date (tax point) 26 November 2025',
        `Credits invoice ${invoice.invoiceNumber}`,
        'Invoice date 26 November 2025',
        `Order number ${order.orderId}`,
        'Order cancelled: Damaged in the warehouse',
        'Lee Logistics Ltd',
        demoShopConfig.companyName,
        `VAT registration number: ${demoShopConfig.vatNumber}`,
        'Description Quantity Unit price ex-VAT VAT rate VAT Credited ex-VAT',
        'Cardboard Box 12x9x6 2 x pack of 25 (50 units) £25.00 20% £10.00 £50.00',
        'Brown Packing Tape 48mm x 66m 1 x pack of 36 (36 units) £74.99 20% £15.00 £74.99',
        'Delivery 20% £1.00 £4.99',
        'Credited ex-VAT £186.95',
        'VAT at 20% £37.39',
        'Total credited (GBP) £224.34',
      ]) {
        expect(text).toContain(expected);
      }
      await expect(documents.customerCreditNotePdf(stranger, order.orderId, summary!.creditNoteNumber)).rejects.toThrow(NotFound);
      await expect(documents.customerCreditNotes(stranger, order.orderId)).rejects.toThrow(NotFound);
      await expect(documents.customerCreditNotePdf(userId, order.orderId, summary!.creditNoteNumber + 1000)).rejects.toThrow(NotFound);
    });
  });
}
