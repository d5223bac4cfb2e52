/**
 * The VAT return figures and the credit notes CSV on PGlite and PostgreSQL: a quarter of invoices
 * (one a zero-rated export), a cancellation of an invoice from the quarter before, and a part
 * refund; each box equals the sum over the documents listed, the documents are exactly the
 * invoices and credit notes whose tax points fall in the quarter, and the CSV's totals rows agree
 * with its lines. The credit notes CSV has the documented columns, negative amounts, and each
 * credit note linked to its invoice.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { DocumentService } from '../../documents/document-service.ts';
import { insertFixtureCustomer, insertFixtureOrder } from '../../documents/document-fixtures.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import { OrderRepository } from '../../orders/order-repository.ts';
import { demoShopConfig } from '../../shop/shop-config.ts';
import type { StaffMember } from '../../staff/staff-roles.ts';
import { OrderAdministration } from '../orders/order-administration.ts';
import { AccountingExports, CREDIT_NOTE_EXPORT_COLUMNS } from './accounting-exports.ts';
import { parseVatPeriod, quarterPeriod, recentQuarters, VAT_RETURN_COLUMNS, VatReturns, type VatReturnFigures } from './vat-return.ts';

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}
const csv = (text: string) => parse(text, { columns: true }) as Record<string, string>[];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('VAT periods', () => {
  it('a quarter is its three calendar months; from/to any days; by default the last complete quarter', () => {
    expect(quarterPeriod('2025-Q4')).toEqual({ quarter: '2025-Q4', from: '2025-10-01', to: '2025-12-31' });
    expect(quarterPeriod('2024-Q1')).toEqual({ quarter: '2024-Q1', from: '2024-01-01', to: '2024-03-31' });
    expect(parseVatPeriod({}, '2026-01-15')).toEqual({ quarter: '2025-Q4', from: '2025-10-01', to: '2025-12-31' });
    expect(parseVatPeriod({ quarter: '2026-Q1' }, '2026-01-15')).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
    expect(parseVatPeriod({ from: '2025-11-01', to: '2025-11-30' }, '2026-01-15')).toEqual({ quarter: null, from: '2025-11-01', to: '2025-11-30' });
    expect(parseVatPeriod({ from: '2025-07-01', to: '2025-09-30' }, '2026-01-15').quarter).toBe('2025-Q3');
    expect(() => parseVatPeriod({ quarter: '2025-Q5' }, '2026-01-15')).toThrow('Choose a quarter such as 2025-Q4.');
    expect(recentQuarters('2026-02-01', 3)).toEqual(['2026-Q1', '2025-Q4', '2025-Q3']);
  });
});

for (const kind of databaseKinds()) {
  describe(`VAT return figures and credit notes CSV [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let documents: DocumentService;
    let admin: OrderAdministration;
    let manager: StaffMember;
    let clock = new Date('2025-11-20T10:00:00Z');

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'https://shop.example.com', now: () => clock });
      admin = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => clock });
      const [row] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('mona@example.com', 'Mona Manager', 'manager') RETURNING staff_id`);
      manager = { staffId: Number(row!.staff_id), email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
    });
    afterAll(async () => drop?.());

    /** A paid order invoiced with its time of supply on `taxPoint`. */
    async function invoicedOrder(userId: number, taxPoint: string, options: { export?: boolean } = {}) {
      const order = await insertFixtureOrder(database.db, { userId, deliveryFeePence: 499, created: new Date(`${taxPoint}T09:00:00Z`) });
      if (options.export) {
        // As VAT by destination stores a zero-rated export: no VAT charged.
        await database.db.execute(
          sql`UPDATE orders SET vat_treatment = 'export', vat_rate_percent = 0, total_tax_pence = 0, total_pence = sub_total_pence + delivery_fee_pence, paid_pence = sub_total_pence + delivery_fee_pence
              WHERE order_id = ${order.orderId}`,
        );
      }
      const invoice = await documents.invoiceNumbers.issue(order.orderId, async () => taxPoint, new Date(`${taxPoint}T12:00:00Z`));
      return { ...order, invoiceNumber: `INV-${String(invoice.invoiceNumber).padStart(6, '0')}` };
    }
    const version = async (orderId: number) => (await admin.detail(orderId, manager)).version;

    it('a test-payment order is listed and marked, but left out of every box: no money was taken', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const real = await invoicedOrder(userId, '2025-05-12');
      const test = await invoicedOrder(userId, '2025-05-13');
      await database.db.execute(sql`UPDATE orders SET payment_is_test = true WHERE order_id = ${test.orderId}`);
      const returns = new VatReturns(database.db, { now: () => clock });
      const figures = await returns.figures(quarterPeriod('2025-Q2'));
      expect(figures.entries.map((d) => [d.orderId, d.testPayment])).toEqual([
        [real.orderId, false],
        [test.orderId, true],
      ]);
      expect(figures).toMatchObject({ box1VatDuePence: real.totalTaxPence, box6NetSalesPence: real.subTotalPence + real.deliveryFeePence, invoiceCount: 1 });
      expect(figures).toMatchObject({ testPaymentEntryCount: 1, testPaymentGrossPence: test.totalPence });

      const rows = csv(await collect(returns.csv(quarterPeriod('2025-Q2'))));
      expect(rows.filter((r) => r.entry === 'invoice').map((r) => [r.order_number, r.test_payment])).toEqual([
        [String(real.orderId), ''],
        [String(test.orderId), 'yes'],
      ]);
      expect(Math.round(Number(rows.find((r) => r.entry === 'box_1_vat_due_on_sales')!.vat) * 100)).toBe(real.totalTaxPence);
    });

    it('a quarter of invoices, a cancellation and a part refund: every box is the sum over the documents listed', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const september = await invoicedOrder(userId, '2025-09-30');
      const october = await invoicedOrder(userId, '2025-10-01');
      const november = await invoicedOrder(userId, '2025-11-14');
      const exported = await invoicedOrder(userId, '2025-11-18', { export: true });
      const december = await invoicedOrder(userId, '2025-12-31');
      await invoicedOrder(userId, '2026-01-01');

      // September's invoice cancelled in November: its credit note counts in Q4, the invoice in Q3.
      clock = new Date('2025-11-20T10:00:00Z');
      await admin.cancel(manager, september.orderId, await version(september.orderId), 'Never collected');
      // A part refund on November's invoice.
      await admin.recordRefund(manager, november.orderId, await version(november.orderId), { amountPence: 60_00, receivedOn: '2025-11-20', bankReference: 'PART' });
      // A cancellation in January counts in the next quarter.
      clock = new Date('2026-01-05T10:00:00Z');
      await admin.cancel(manager, december.orderId, await version(december.orderId), 'Lost in transit');

      const returns = new VatReturns(database.db, { now: () => clock, pageSize: 2 });
      const figures: VatReturnFigures = await returns.figures(quarterPeriod('2025-Q4'));

      expect(figures.entries.map((d) => [d.kind, d.taxPoint])).toEqual([
        ['invoice', '2025-10-01'],
        ['invoice', '2025-11-14'],
        ['invoice', '2025-11-18'],
        ['credit_note', '2025-11-20'],
        ['credit_note', '2025-11-20'],
        ['invoice', '2025-12-31'],
      ]);
      expect(figures.entries.filter((d) => d.kind === 'invoice').map((d) => d.number)).toEqual([october, november, exported, december].map((o) => o.invoiceNumber));
      expect(figures).toMatchObject({ invoiceCount: 4, creditNoteCount: 2 });

      // Each box is the sum over the documents listed, line by line.
      expect(figures.box1VatDuePence).toBe(sum(figures.entries.map((d) => d.vatPence)));
      expect(figures.box6NetSalesPence).toBe(sum(figures.entries.map((d) => d.netPence)));
      expect(figures.exportSalesPence).toBe(sum(figures.entries.filter((d) => d.vatTreatment === 'export').map((d) => d.netPence)));
      // And those sums are the invoices less the credit notes, from the orders' own figures.
      const net = (o: { subTotalPence: number; deliveryFeePence: number }) => o.subTotalPence + o.deliveryFeePence;
      const refundVat = 10_00; // 60.00 at 20%: 50.00 + 10.00 VAT
      expect(figures.box1VatDuePence).toBe(october.totalTaxPence + november.totalTaxPence + 0 + december.totalTaxPence - september.totalTaxPence - refundVat);
      expect(figures.box6NetSalesPence).toBe(net(october) + net(november) + net(exported) + net(december) - net(september) - 50_00);
      expect(figures.exportSalesPence).toBe(net(exported));
      expect(figures.box6WholePounds).toBe(Math.trunc(figures.box6NetSalesPence / 100));

      // The CSV: the same documents in keyset pages, then the figures, which its lines add up to.
      const rows = csv(await collect(returns.csv(quarterPeriod('2025-Q4'))));
      expect(Object.keys(rows[0]!)).toEqual([...VAT_RETURN_COLUMNS]);
      const lines = rows.filter((r) => r.entry === 'invoice' || r.entry === 'credit_note');
      expect(lines).toHaveLength(6);
      const pence = (value: string) => Math.round(Number(value) * 100);
      const total = (name: string) => rows.find((r) => r.entry === name)!;
      expect(pence(total('box_1_vat_due_on_sales').vat!)).toBe(sum(lines.map((r) => pence(r.vat!))));
      expect(pence(total('box_1_vat_due_on_sales').vat!)).toBe(figures.box1VatDuePence);
      expect(pence(total('box_6_total_sales_ex_vat').net!)).toBe(sum(lines.map((r) => pence(r.net!))));
      expect(pence(total('sales_of_goods_outside_the_uk').net!)).toBe(sum(lines.filter((r) => r.destination === 'outside_uk').map((r) => pence(r.net!))));
      expect(lines.filter((r) => r.entry === 'credit_note').every((r) => r.net!.startsWith('-'))).toBe(true);

      // The next quarter holds January's invoice and December's cancellation.
      const q1 = await returns.figures(quarterPeriod('2026-Q1'));
      expect(q1.entries.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
      expect(q1.box1VatDuePence).toBe(sum(q1.entries.map((d) => d.vatPence)));

      // The credit notes CSV of the quarter: both credit notes, linked to their invoices, amounts negative.
      const notes = csv(await collect(new AccountingExports(database.db).creditNotesCsv({ from: '2025-10-01', to: '2025-12-31' })));
      expect(Object.keys(notes[0]!)).toEqual([...CREDIT_NOTE_EXPORT_COLUMNS]);
      expect(notes.map((n) => [n.invoice_number, n.kind, n.credit_note_date, n.reason])).toEqual([
        [september.invoiceNumber, 'cancellation', '2025-11-20', 'Never collected'],
        [november.invoiceNumber, 'refund', '2025-11-20', 'Money paid back to you on 20 November 2025.'],
      ]);
      expect(notes[0]).toMatchObject({ invoice_date: '2025-09-30', order_number: String(september.orderId), vat_rate: '20', currency: 'GBP', gross: `-${(september.totalPence / 100).toFixed(2)}` });
      expect(notes[1]).toMatchObject({ net: '-50.00', vat: '-10.00', gross: '-60.00' });
      expect(notes[0]!.credit_note_number).toMatch(/^CN-\d{6}$/);
    });
  });
}
