/**
 * VAT invoices and picking lists on both databases: invoice numbers are one sequence without gaps
 * or duplicates under concurrency (50 orders at once; one order asked for twice at once gets one
 * number); an order that may not have an invoice uses no number; the PDFs, read back as text,
 * hold every field HMRC asks of a full VAT invoice, and the picking list holds what the warehouse
 * needs and no prices.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { Conflict, NotFound } from '../errors.ts';
import { OrderRepository } from '../orders/order-repository.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { DocumentService } from './document-service.ts';
import { FIXTURE_LINES, insertFixtureCustomer, insertFixtureOrder, recordFixturePayment } from './document-fixtures.ts';
import { INVOICE_CANCELLED, INVOICE_NOT_YET_DISPATCHED, INVOICE_NOT_YET_PAID } from './invoice-eligibility.ts';
import { pdfText } from './pdf-text.ts';
import { MISSING_CHARACTER } from './document-format.ts';

const now = new Date('2025-11-26T10:00:00Z');

async function lastNumber(database: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ last_number: number }>(database.db, sql`SELECT last_number FROM invoice_number_counter`);
  return Number(row!.last_number);
}

async function invoiceNumbers(database: DatabaseHandle): Promise<number[]> {
  const rows = await queryRows<{ invoice_number: number }>(database.db, sql`SELECT invoice_number FROM invoices ORDER BY invoice_number`);
  return rows.map((r) => Number(r.invoice_number));
}

for (const kind of databaseKinds()) {
  describe(`order documents [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let documents: DocumentService;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 20 }));
      documents = new DocumentService(database.db, new OrderRepository(database.db), {
        shop: demoShopConfig,
        publicBaseUrl: 'https://shop.example.com/',
        now: () => now,
      });
    });
    afterAll(async () => drop?.());

    describe('the gapless invoice number sequence', () => {
      it('50 paid orders invoiced at once get exactly the next 50 numbers, one each, none skipped or repeated', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const orders = [];
        for (let i = 0; i < 50; i++) orders.push((await insertFixtureOrder(database.db, { userId, lines: [FIXTURE_LINES[0]!] })).orderId);
        const before = await lastNumber(database);

        const issued = await Promise.all(orders.map((orderId) => documents.invoiceNumbers.issue(orderId, async () => '2025-11-26', now)));

        const numbers = issued.map((i) => i.invoiceNumber).sort((a, b) => a - b);
        expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
        expect(new Set(issued.map((i) => i.orderId)).size).toBe(50);
        expect(await lastNumber(database)).toBe(before + 50);
        const all = await invoiceNumbers(database);
        expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
      });

      it('the same order asked for twice at once (customer and staff) gets one invoice with one number', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const { orderId } = await insertFixtureOrder(database.db, { userId });
        const before = await lastNumber(database);

        const [a, b, c] = await Promise.all([documents.customerInvoicePdf(userId, orderId), documents.staffInvoicePdf(orderId), documents.invoice(orderId)]);

        expect(a.filename).toBe(`invoice-INV-${String(before + 1).padStart(6, '0')}.pdf`);
        expect(b.filename).toBe(a.filename);
        expect(c.invoiceNumber).toBe(`INV-${String(before + 1).padStart(6, '0')}`);
        expect(await lastNumber(database)).toBe(before + 1);
        const [{ count }] = (await queryRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM invoices WHERE order_id = ${orderId}`)) as [{ count: number }];
        expect(count).toBe(1);
      });

      it('an order that may not have an invoice is refused and uses no number; a rollback returns the number', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const unpaid = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank' });
        const before = await lastNumber(database);

        await expect(documents.customerInvoicePdf(userId, unpaid.orderId)).rejects.toThrow(Conflict);
        await expect(documents.customerInvoicePdf(userId, unpaid.orderId)).rejects.toThrow(INVOICE_NOT_YET_PAID);
        await expect(
          documents.invoiceNumbers.issue(
            unpaid.orderId,
            async () => {
              throw new Error('the insert failed');
            },
            now,
          ),
        ).rejects.toThrow('the insert failed');
        expect(await lastNumber(database)).toBe(before);

        const paid = await insertFixtureOrder(database.db, { userId });
        const issued = await documents.invoiceNumbers.issue(paid.orderId, async () => '2025-11-26', now);
        expect(issued.invoiceNumber).toBe(before + 1);
      });
    });

    describe('who gets an invoice, and when', () => {
      it('a bank transfer gets its invoice once paid in full, dated at the last payment; a part payment is not enough', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const { orderId, totalPence } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', created: new Date('2025-11-20T09:00:00Z') });
        expect(await documents.customerInvoiceStatus(userId, orderId)).toEqual({ available: false, path: `/order-invoice?orderId=${orderId}`, reason: INVOICE_NOT_YET_PAID });

        await recordFixturePayment(database.db, orderId, 1000, '2025-11-22');
        expect((await documents.customerInvoiceStatus(userId, orderId)).available).toBe(false);

        await recordFixturePayment(database.db, orderId, totalPence - 1000, '2025-11-24');
        expect(await documents.customerInvoiceStatus(userId, orderId)).toEqual({ available: true, path: `/order-invoice?orderId=${orderId}`, reason: null });
        const invoice = await documents.invoice(orderId);
        expect(invoice).toMatchObject({ invoiceDate: '2025-11-26', taxPointDate: '2025-11-24', payment: ['Paid in full by bank transfer on 24 November 2025. Nothing is due.'] });
      });

      it('an account order gets its invoice on dispatch, with the 7-day terms; a cancelled order gets none', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const account = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account', purchaseOrderNumber: 'PO-4471' });
        await expect(documents.staffInvoicePdf(account.orderId)).rejects.toThrow(INVOICE_NOT_YET_DISPATCHED);
        await database.db.execute(sql`UPDATE orders SET status = 'Dispatched', dispatched_at = '2025-11-25T15:00:00Z' WHERE order_id = ${account.orderId}`);
        const invoice = await documents.invoice(account.orderId);
        expect(invoice).toMatchObject({ taxPointDate: '2025-11-25', purchaseOrderNumber: 'PO-4471' });
        expect(invoice.payment).toContain('On account: payment due within 7 days of the invoice date, by 3 December 2025.');

        // Issued at dispatch (the back office's dispatch calls issueInvoice): the same invoice later.
        const dispatched = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account' });
        await expect(documents.issueInvoice(dispatched.orderId)).rejects.toThrow(INVOICE_NOT_YET_DISPATCHED);
        await database.db.execute(sql`UPDATE orders SET status = 'Dispatched', dispatched_at = '2025-11-26T09:00:00Z' WHERE order_id = ${dispatched.orderId}`);
        const issued = await documents.issueInvoice(dispatched.orderId);
        expect(issued).toMatchObject({ orderId: dispatched.orderId, taxPointDate: '2025-11-26', issuedAt: now });
        expect((await documents.invoice(dispatched.orderId)).invoiceNumber).toBe(`INV-${String(issued.invoiceNumber).padStart(6, '0')}`);

        const cancelled = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', status: 'Cancelled' });
        await expect(documents.staffInvoicePdf(cancelled.orderId)).rejects.toThrow(INVOICE_CANCELLED);
      });

      it("another customer's order is not found, and an invoice once issued stays available", async () => {
        const owner = await insertFixtureCustomer(database.db);
        const stranger = await insertFixtureCustomer(database.db);
        const { orderId } = await insertFixtureOrder(database.db, { userId: owner });
        await expect(documents.customerInvoicePdf(stranger, orderId)).rejects.toThrow(NotFound);
        await expect(documents.customerInvoiceStatus(stranger, orderId)).rejects.toThrow(NotFound);

        const first = await documents.customerInvoicePdf(owner, orderId);
        await database.db.execute(sql`UPDATE orders SET status = 'Cancelled' WHERE order_id = ${orderId}`);
        expect((await documents.customerInvoiceStatus(owner, orderId)).available).toBe(true);
        expect((await documents.customerInvoicePdf(owner, orderId)).filename).toBe(first.filename);
      });
    });

    describe('the VAT invoice PDF, read back', () => {
      it('holds every field of a full VAT invoice, and the totals agree with the stored order to the penny', async () => {
        const userId = await insertFixtureCustomer(database.db, { firstName: 'Ian', lastName: 'Lee', companyName: 'Lee Logistics Ltd', vatNumber: 'GB123456789' });
        const order = await insertFixtureOrder(database.db, {
          userId,
          paymentMethod: 'bank',
          deliveryFeePence: 499,
          created: new Date('2025-11-21T11:00:00Z'),
          billing: { contact_name: 'Ian Lee', company_name: '', region: 'Aire House', address: 'Wellington Street', town: 'Leeds', post_code: 'LS1 2DE' },
        });
        await recordFixturePayment(database.db, order.orderId, order.totalPence, '2025-11-24');
        const file = await documents.staffInvoicePdf(order.orderId);
        expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
        const text = (await pdfText(file.content)).join('\n');
        const invoice = await documents.invoice(order.orderId);

        for (const expected of [
          'VAT INVOICE',
          `Invoice number ${invoice.invoiceNumber}`,
          'Invoice date 26 November 2025',
          'Time of supply (tax point) 24 November 2025',
          `Order number ${order.orderId}`,
          // Supplier: name, address, VAT registration number.
          demoShopConfig.companyName,
          demoShopConfig.address.line1,
          demoShopConfig.address.postcode,
          `VAT registration number: ${demoShopConfig.vatNumber}`,
          // Customer: company, name, billing address, VAT number.
          'Lee Logistics Ltd',
          'Ian Lee',
          'Aire House, Wellington Street',
          'LS1 2DE',
          'VAT number: GB 123 4567 89',
          // Lines: description, quantity, unit price ex-VAT, VAT rate, amount ex-VAT.
          'Cardboard Box 12x9x6 2 x pack of 25 (50 units) £25.00 20% £50.00',
          'Brown Packing Tape 48mm x 66m 1 x pack of 36 (36 units) £74.99 20% £74.99',
          'Single Wall Cardboard Boxes Small 3 x pack of 10 (30 units) £18.99 20% £56.97',
          'Delivery 1 £4.99 20% £4.99',
          // Totals: ex-VAT, VAT, gross, in GBP.
          'Total ex-VAT £186.95',
          'VAT at 20% £37.39',
          'Total (GBP) £224.34',
          'pounds sterling (GBP)',
          'Paid in full by bank transfer on 24 November 2025',
        ]) {
          expect(text).toContain(expected);
        }
        expect(order).toMatchObject({ subTotalPence: 18196, deliveryFeePence: 499, totalTaxPence: 3739, totalPence: 22434 });
        expect(invoice.totals).toEqual({ netPence: 18196 + 499, vatPence: 3739, grossPence: 22434 });
      });

      it('an order delivered to Jersey says "Zero-rated export" and why, with no VAT charged', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const order = await insertFixtureOrder(database.db, {
          userId,
          deliveryFeePence: 1499,
          delivery: { town: 'St Helier', post_code: 'JE2 3AB', country: 'Jersey' },
        });
        expect(order).toMatchObject({ subTotalPence: 18196, deliveryFeePence: 1499, totalTaxPence: 0, totalPence: 19695 });
        const text = (await pdfText((await documents.staffInvoicePdf(order.orderId)).content)).join('\n');
        for (const expected of [
          'Cardboard Box 12x9x6 2 x pack of 25 (50 units) £25.00 0% £50.00',
          'Delivery 1 £14.99 0% £14.99',
          'Total ex-VAT £196.95',
          'VAT: Zero-rated export (0%) £0.00',
          'Total (GBP) £196.95',
          'Zero-rated export: the goods are sent outside the UK VAT area, so no UK VAT is charged (HMRC VAT Notice 703',
        ]) {
          expect(text).toContain(expected);
        }
        expect(text).not.toContain('VAT at 20%');
      });

      it('an order paid by a test payment says "Test payment" at the top and that no money was taken; a real one never does', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const test = await insertFixtureOrder(database.db, { userId, paymentMethod: 'paypal' });
        await database.db.execute(sql`UPDATE orders SET payment_is_test = true WHERE order_id = ${test.orderId}`);
        const text = (await pdfText((await documents.staffInvoicePdf(test.orderId)).content)).join('\n');
        expect(text).toContain('TEST PAYMENT: NO MONEY WAS TAKEN');
        expect(text).toContain('Paid in full by test payment (simulated: no money was taken)');
        const real = await insertFixtureOrder(database.db, { userId, paymentMethod: 'paypal' });
        const realText = (await pdfText((await documents.staffInvoicePdf(real.orderId)).content)).join('\n');
        expect(realText).not.toMatch(/test payment/i);
        expect(realText).toContain('Paid in full by card / PayPal');
      });

      it('an order at the standard rate gives no reason for zero rating', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const { orderId } = await insertFixtureOrder(database.db, { userId });
        const text = (await pdfText((await documents.staffInvoicePdf(orderId)).content)).join('\n');
        expect(text).toContain('VAT at 20%');
        expect(text).not.toContain('Zero-rated');
      });

      it('prints names as typed, and a character the typeface lacks as a visible placeholder, never garbled', async () => {
        const userId = await insertFixtureCustomer(database.db, { firstName: 'Zoë', lastName: 'Łukasz' });
        const { orderId } = await insertFixtureOrder(database.db, {
          userId,
          lines: [{ productName: 'Kraft Tube 12″ ✓', size1: '12″', pricePence: 100, qty: 10, count: 1 }],
          billing: { contact_name: 'Zoë Łukasz' },
        });
        const text = (await pdfText((await documents.staffInvoicePdf(orderId)).content)).join('\n');
        expect(text).toContain('Zoë Łukasz');
        expect(text).toContain(`Kraft Tube 12″ ${MISSING_CHARACTER}`);
      });

      it('a long order runs onto a second page with the column headings again', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const lines = Array.from({ length: 45 }, (_, i) => ({ productName: `Mailing Bag Grey ${i + 1}`, size1: '10x14"', pricePence: 999, qty: 100, count: 1 }));
        const { orderId } = await insertFixtureOrder(database.db, { userId, lines });
        const pages = await pdfText((await documents.staffInvoicePdf(orderId)).content);
        expect(pages.length).toBeGreaterThan(1);
        expect(pages.at(-1)).toContain('Amount ex-VAT');
        expect(pages.join('\n')).toContain('Mailing Bag Grey 45');
        expect(pages.at(-1)).toContain('Total (GBP)');
      });
    });

    describe('the picking list / delivery note PDF, read back', () => {
      it('holds the order, dispatch date, delivery address, contact, note and every line with pack size and counts, and no prices', async () => {
        const userId = await insertFixtureCustomer(database.db);
        const { orderId } = await insertFixtureOrder(database.db, {
          userId,
          paymentMethod: 'bank',
          note: 'Leave at the back door',
          created: new Date('2025-11-21T11:00:00Z'),
          promisedDispatchDate: '2025-11-24',
        });
        const file = await documents.pickingListPdf(orderId);
        expect(file.filename).toBe(`picking-list-order-${orderId}.pdf`);
        const text = (await pdfText(file.content)).join('\n');
        for (const expected of [
          'PICKING LIST / DELIVERY NOTE',
          `Order ${orderId}`,
          'Order date: 21 November 2025',
          'Dispatch by: 24 November 2025',
          'Alice Walker',
          'Walker Crafts Ltd',
          '12 Boar Lane',
          'LS1 4AP',
          'phone 0113 496 0123',
          "Customer's note: Leave at the back door",
          // The fixture's products have no rows: their codes in the pattern products are given.
          'P000100 Cardboard Box 12x9x6 12x9x6" of 25 2 50',
          'P000101 Brown Packing Tape 48mm x 66m 48mm x 66m of 36 1 36',
          'P000102 Single Wall Cardboard Boxes Small Small of 10 3 30',
          '3 lines, 6 packs, 116 units',
          'Picked by',
        ]) {
          expect(text).toContain(expected);
        }
        expect(text).not.toContain('£');
        expect(text).not.toMatch(/\d\.\d\d\b/);
      });
    });
  });
}
