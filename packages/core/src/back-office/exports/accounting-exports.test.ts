/**
 * Accounting exports on PGlite and PostgreSQL: the orders and invoices of London days as CSV
 * with a header row and the documented columns; a cell a spreadsheet would run as a formula is
 * defused; bad dates are refused with a clear message; a large export comes in keyset pages and
 * holds every row once.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer, insertFixtureOrder } from '../../documents/document-fixtures.ts';
import { AccountingExports, INVOICE_EXPORT_COLUMNS, ORDER_EXPORT_COLUMNS, parseExportRange, safeCell } from './accounting-exports.ts';

async function collect(chunks: AsyncIterable<string>): Promise<{ text: string; pieces: number }> {
  let text = '';
  let pieces = 0;
  for await (const chunk of chunks) {
    text += chunk;
    pieces++;
  }
  return { text, pieces };
}

const csv = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe('export ranges and cells', () => {
  it('takes two calendar days, first not after last', () => {
    expect(parseExportRange('2025-04-01', '2025-04-30')).toEqual({ from: '2025-04-01', to: '2025-04-30' });
    expect(parseExportRange('2025-04-01', '2025-04-01')).toEqual({ from: '2025-04-01', to: '2025-04-01' });
  });

  it('refuses a bad date or a first day after the last, naming the field', () => {
    for (const [from, to, field] of [
      ['', '2025-04-01', 'from'],
      ['2025-02-30', '2025-04-01', 'from'],
      ['2025-04-01', '01/05/2025', 'to'],
      ["2025-04-01'; --", '2025-04-02', 'from'],
      ['2025-05-01', '2025-04-01', 'from'],
    ] as const) {
      let error: unknown;
      try {
        parseExportRange(from, to);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'invalid_request', details: { fields: [expect.objectContaining({ field })] } });
    }
  });

  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    for (const bad of ['=SUM(A1)', '+44 1', '-2+3', '@cmd', '\tx', '\rx']) expect(safeCell(bad)).toBe(`'${bad}`);
    for (const fine of ['Acme Ltd', 'GB123456789', '', "O'Neil"]) expect(safeCell(fine)).toBe(fine);
    expect(safeCell(null)).toBe('');
  });
});

for (const kind of databaseKinds()) {
  describe(`accounting exports [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let exports: AccountingExports;
    let userId: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      exports = new AccountingExports(database.db, { now: () => new Date('2025-06-10T12:00:00Z'), pageSize: 50 });
      userId = await insertFixtureCustomer(database.db, { firstName: '=HYPERLINK("http://evil")', lastName: 'Smith', companyName: '@Evil Ltd', vatNumber: 'GB123456789' });
    });
    afterAll(async () => drop?.());

    it('exports the orders of London days with the documented columns, formulas defused', async () => {
      const lines = [{ productName: 'Box', size1: 'S', pricePence: 1050, qty: 10, count: 2 }]; // net 21.00, VAT 4.20
      const inRange = await insertFixtureOrder(database.db, { userId, lines, paymentMethod: 'bank', paidPence: 1000, created: new Date('2025-03-31T23:30:00Z'), purchaseOrderNumber: '-PO7' }); // 1 April 00:30 BST
      await insertFixtureOrder(database.db, { userId, lines, created: new Date('2025-03-31T22:30:00Z') }); // 31 March 23:30 BST: out
      await insertFixtureOrder(database.db, { userId, lines, created: new Date('2025-04-02T23:00:00Z') }); // 3 April 00:00 BST: out
      const { text } = await collect(exports.ordersCsv({ from: '2025-04-01', to: '2025-04-02' }));
      expect(text.split('\n')[0]).toBe(ORDER_EXPORT_COLUMNS.join(','));
      const rows = csv(text);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual({
        order_number: String(inRange.orderId),
        date_placed: '2025-04-01',
        customer: '\'=HYPERLINK("http://evil") Smith',
        customer_email: expect.stringMatching(/@example\.com$/),
        company: "'@Evil Ltd",
        vat_number: 'GB123456789',
        payment_method: 'bank_transfer',
        payment_reference: `BXW${userId}`,
        po_number: "'-PO7",
        state: 'PendingDelivery',
        payment_status: 'Part paid',
        net: '21.00',
        vat_treatment: 'standard',
        vat_rate: '20',
        vat: '4.20',
        gross: '25.20',
        currency: 'GBP',
        paid: '10.00',
        refunded: '0.00',
        credited: '0.00',
        due_date: '',
        test_payment: '',
      });
    });

    it('an order paid and then partly refunded shows what was paid, what went back, and what the shop keeps', async () => {
      const lines = [{ productName: 'Box', size1: 'S', pricePence: 1050, qty: 10, count: 2 }]; // gross 25.20
      const order = await insertFixtureOrder(database.db, { userId, lines, paymentMethod: 'bank', paidPence: 'total', created: new Date('2025-05-06T10:00:00Z') });
      await database.db.execute(sql`UPDATE orders SET refunded_pence = 520 WHERE order_id = ${order.orderId}`);
      const rows = csv((await collect(exports.ordersCsv({ from: '2025-05-06', to: '2025-05-06' }))).text);
      expect(rows).toEqual([expect.objectContaining({ order_number: String(order.orderId), paid: '25.20', refunded: '5.20', credited: '0.00' })]);
    });

    it('exports an order delivered to Jersey, and its invoice, as a zero-rated export at 0% with no VAT', async () => {
      const lines = [{ productName: 'Box', size1: 'S', pricePence: 1050, qty: 10, count: 2 }];
      const order = await insertFixtureOrder(database.db, { userId, lines, created: new Date('2025-07-01T09:00:00Z'), delivery: { post_code: 'JE2 3AB', town: 'St Helier' } });
      await database.db.execute(sql`UPDATE invoice_number_counter SET last_number = last_number + 1`);
      await database.db.execute(
        sql`INSERT INTO invoices (invoice_number, order_id, issued_at, tax_point_date)
            SELECT last_number, ${order.orderId}, '2025-07-01T10:00:00Z'::timestamptz, '2025-07-01' FROM invoice_number_counter`,
      );
      const [orderRow] = csv((await collect(exports.ordersCsv({ from: '2025-07-01', to: '2025-07-01' }))).text);
      expect(orderRow).toMatchObject({ order_number: String(order.orderId), net: '21.00', vat_treatment: 'export', vat_rate: '0', vat: '0.00', gross: '21.00' });
      const [invoiceRow] = csv((await collect(exports.invoicesCsv({ from: '2025-07-01', to: '2025-07-01' }))).text);
      expect(invoiceRow).toMatchObject({ order_number: String(order.orderId), vat_treatment: 'export', vat_rate: '0', vat: '0.00', gross: '21.00' });
    });

    it('exports the invoices dated in the range with their formatted numbers', async () => {
      const order = await insertFixtureOrder(database.db, { userId, created: new Date('2025-05-01T09:00:00Z'), billing: { post_code: 'M1 1AE' } });
      await database.db.execute(sql`UPDATE invoice_number_counter SET last_number = last_number + 1`);
      await database.db.execute(
        sql`INSERT INTO invoices (invoice_number, order_id, issued_at, tax_point_date)
            SELECT last_number, ${order.orderId}, '2025-05-01T23:15:00Z'::timestamptz, '2025-05-01' FROM invoice_number_counter`,
      );
      const { text } = await collect(exports.invoicesCsv({ from: '2025-05-02', to: '2025-05-02' }));
      expect(text.split('\n')[0]).toBe(INVOICE_EXPORT_COLUMNS.join(','));
      const rows = csv(text);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        invoice_number: expect.stringMatching(/^INV-\d{6}$/),
        invoice_date: '2025-05-02', // 00:15 BST
        tax_point: '2025-05-01',
        order_number: String(order.orderId),
        customer: 'Alice Walker',
        company: "'@Evil Ltd",
        vat_number: 'GB123456789',
        billing_postcode: 'M1 1AE',
        currency: 'GBP',
      });
      expect(csv((await collect(exports.invoicesCsv({ from: '2025-05-01', to: '2025-05-01' }))).text)).toHaveLength(0);
    });

    it('streams a large export in keyset pages, every order once', async () => {
      const day = '2024-02-01';
      // 1,234 orders in one statement (many share one instant: the keyset's order id breaks ties).
      await database.db.execute(sql`
        INSERT INTO orders (user_id, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, created, paid_pence)
        SELECT ${userId}, 'paypal', 'BULK-' || g, 'Delivered', 1000, 0, 200, 1200, ${`${day}T10:00:00Z`}::timestamptz + ((g % 100) || ' seconds')::interval, 1200
        FROM generate_series(1, 1234) AS g`);
      const { text, pieces } = await collect(exports.ordersCsv({ from: day, to: day }));
      const rows = csv(text);
      expect(rows).toHaveLength(1234);
      expect(new Set(rows.map((r) => r.order_number)).size).toBe(1234);
      expect(pieces).toBe(1 + Math.ceil(1234 / 50));
    });
  });
}
