/**
 * VAT by tax point (HMRC VAT Notice 700 section 14) on PGlite and PostgreSQL, through the real
 * services (payments, refunds, dispatch with a made-to-order line, cancellations, credit notes, a
 * return settled by the returns desk): two quarters and the start of a third, with the boxes
 * worked out BY HAND below from the payments and documents by their tax points and compared with
 * the VAT return. Then the owner files a quarter: a payment or refund dated in it (by hand or from
 * a bank statement) is refused and its figures stay identical; an invoice for goods supplied in it
 * counts on the first open day and says so. A payment dated before its order was placed is
 * refused. A part-paid dispatched order has its invoice, with the balance due.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../../services.ts';
import { demoShopConfig } from '../../shop/shop-config.ts';
import type { StaffMember } from '../../staff/staff-roles.ts';
import { insertFixtureCustomer, insertFixtureOrder, type FixtureLine } from '../../documents/document-fixtures.ts';
import { pdfText } from '../../documents/pdf-text.ts';
import { quarterPeriod, type VatReturnFigures } from './vat-return.ts';
import { vatInGrossPence, vatInGrossSql } from '../../pricing/money.ts';

/** The VAT in a VAT-inclusive amount at 20%, by hand: amount / 6, to the nearest penny. */
const vat20 = (gross: number) => Math.round(gross / 6);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One entry of the return as worked out by hand: its tax point, net and VAT (export: zero-rated). */
interface Expected {
  what: string;
  taxPoint: string;
  net: number;
  vat: number;
  export?: boolean;
}

/** Money received (or, negative, paid back) before the tax point: its VAT is in it. */
function advance(what: string, taxPoint: string, gross: number): Expected {
  const vat = gross < 0 ? -vat20(-gross) : vat20(gross);
  return { what, taxPoint, net: gross - vat, vat };
}

/** Box 1, Box 6 and the exports figure of the entries whose tax point falls in the quarter. */
function boxesByHand(entries: Expected[], quarter: string) {
  const { from, to } = quarterPeriod(quarter);
  const inside = entries.filter((e) => e.taxPoint >= from && e.taxPoint <= to);
  return {
    box1VatDuePence: sum(inside.map((e) => e.vat)),
    box6NetSalesPence: sum(inside.map((e) => e.net)),
    exportSalesPence: sum(inside.filter((e) => e.export).map((e) => e.net)),
    entries: inside.length,
  };
}

const boxesOf = (f: VatReturnFigures) => ({ box1VatDuePence: f.box1VatDuePence, box6NetSalesPence: f.box6NetSalesPence, exportSalesPence: f.exportSalesPence, entries: f.entries.length });

for (const kind of databaseKinds()) {
  describe(`VAT by tax point [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let clock = new Date('2025-09-20T10:00:00Z');
    let owner: StaffMember;
    let manager: StaffMember;
    let warehouse: StaffMember;
    let userId: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, { shop: demoShopConfig, clock: () => clock });
      const rows = await queryRows<{ staff_id: number; role: string }>(
        database.db,
        sql`INSERT INTO staff (email, name, role) VALUES ('olive@example.com', 'Olive Owner', 'owner'), ('mona@example.com', 'Mona Manager', 'manager'),
                                                           ('will@example.com', 'Will Warehouse', 'warehouse')
            RETURNING staff_id, role`,
      );
      const member = (role: 'owner' | 'manager' | 'warehouse', name: string): StaffMember => ({
        staffId: Number(rows.find((r) => r.role === role)!.staff_id),
        email: `${name.toLowerCase()}@example.com`,
        name,
        role,
        totpEnabled: false,
      });
      owner = member('owner', 'Olive Owner');
      manager = member('manager', 'Mona Manager');
      warehouse = member('warehouse', 'Will Warehouse');
      userId = await insertFixtureCustomer(database.db);
    });
    afterAll(async () => drop?.());

    const at = (day: string) => {
      clock = new Date(`${day}T11:00:00Z`);
    };
    const admin = () => services.orderAdministration;
    const version = async (orderId: number) => (await admin().detail(orderId, manager)).version;
    const pay = async (orderId: number, pence: number, on: string) =>
      admin().recordPayment(manager, orderId, await version(orderId), { amountPence: pence, receivedOn: on, bankReference: `PAY-${orderId}` });
    const refund = async (orderId: number, pence: number, on: string) =>
      admin().recordRefund(manager, orderId, await version(orderId), { amountPence: pence, receivedOn: on, bankReference: `BACK-${orderId}` });
    const ship = async (orderId: number, lines: 'rest' | { orderLineId: number; count: number; deliveredUnits?: number }[] = 'rest') =>
      admin().shipments.ship(warehouse, orderId, await version(orderId), { carrier: 'DPD', trackingNumber: `T${orderId}`, lines });
    const order = async (placedOn: string, paymentMethod: 'paypal' | 'bank' | 'account', extra: { lines?: FixtureLine[]; postCode?: string } = {}) =>
      insertFixtureOrder(database.db, {
        userId,
        paymentMethod,
        deliveryFeePence: 499,
        created: new Date(`${placedOn}T09:00:00Z`),
        ...(extra.lines ? { lines: extra.lines } : {}),
        ...(extra.postCode ? { delivery: { post_code: extra.postCode, country: 'Jersey' } } : {}),
      });
    const invoiceOf = async (orderId: number) => (await queryRows<{ tax_point_date: string }>(database.db, sql`SELECT tax_point_date::text FROM invoices WHERE order_id = ${orderId}`))[0];
    const stored = async (orderId: number) =>
      (await queryRows<{ net: number; vat: number; total: number }>(
        database.db,
        sql`SELECT sub_total_pence + delivery_fee_pence AS net, total_tax_pence AS vat, total_pence AS total FROM orders WHERE order_id = ${orderId}`,
      ))[0]!;
    /** The invoice of an order, for the rest: its value less what was counted before its tax point. */
    const invoiceRest = async (what: string, orderId: number, countedBefore: Expected[], options: { export?: boolean } = {}): Promise<Expected> => {
      const o = await stored(orderId);
      return {
        what,
        taxPoint: (await invoiceOf(orderId))!.tax_point_date,
        net: o.net - sum(countedBefore.map((e) => e.net)),
        vat: o.vat - sum(countedBefore.map((e) => e.vat)),
        export: options.export ?? false,
      };
    };
    /** The order's credit notes, as their documents state them, negative. */
    const creditNotes = async (what: string, orderId: number): Promise<Expected[]> =>
      (await services.documents.staffCreditNotes(orderId)).map((n) => ({ what, taxPoint: n.date, net: -n.netPence, vat: -n.vatPence }));

    const CUSTOM: FixtureLine[] = [{ productName: 'Printed Mailing Box', size1: '9x6x3"', pricePence: 250_00, qty: 1000, count: 1 }];

    it('a quarter of advance payments, part-paid dispatches, cancellations, credit notes and returns adds up by tax point, as worked out by hand', async () => {
      const expected: Expected[] = [];

      // A: a bank transfer paid half in September and the rest in October, then sent. The
      // September payment is a tax point in Q3; the invoice (paid in full on 3 October before
      // dispatch: its tax point) counts the rest in Q4.
      at('2025-09-20');
      const a = await order('2025-09-20', 'bank');
      at('2025-09-25');
      await pay(a.orderId, 50_00, '2025-09-25');
      const aAdvance = advance('A paid on account', '2025-09-25', 50_00);
      at('2025-10-03');
      await pay(a.orderId, a.totalPence - 50_00, '2025-10-03');
      at('2025-10-06');
      await ship(a.orderId);
      expect((await invoiceOf(a.orderId))!.tax_point_date).toBe('2025-10-03');
      expected.push(aAdvance, await invoiceRest('A invoice', a.orderId, [aAdvance]));

      // D: paid in full in September, cancelled and refunded in October, never invoiced: the
      // payment counts in Q3, the refund takes it back in Q4.
      at('2025-09-28');
      const d = await order('2025-09-28', 'bank');
      at('2025-09-29');
      await pay(d.orderId, d.totalPence, '2025-09-29');
      at('2025-10-15');
      await admin().cancel(manager, d.orderId, await version(d.orderId), 'Customer changed their mind');
      at('2025-10-16');
      await refund(d.orderId, d.totalPence, '2025-10-16');
      expect(await invoiceOf(d.orderId)).toBeUndefined();
      expected.push(advance('D paid', '2025-09-29', d.totalPence), advance('D refunded', '2025-10-16', -d.totalPence));

      // B: a trade account order part paid before dispatch: £40.00 on 2 October is a tax point;
      // dispatched on 10 October, still part paid, it is invoiced then for the rest. A payment
      // after the invoice changes nothing.
      at('2025-10-01');
      const b = await order('2025-10-01', 'account');
      at('2025-10-02');
      await pay(b.orderId, 40_00, '2025-10-02');
      const bAdvance = advance('B paid on account', '2025-10-02', 40_00);
      at('2025-10-10');
      await ship(b.orderId);
      expect((await invoiceOf(b.orderId))!.tax_point_date).toBe('2025-10-10');
      expected.push(bAdvance, await invoiceRest('B invoice', b.orderId, [bAdvance]));
      at('2025-11-01');
      await pay(b.orderId, b.totalPence - 40_00, '2025-11-01');

      // C: 1,000 printed boxes paid by card on 5 October, 1,100 delivered on 3 November (within
      // 10%): the order now costs more than was paid, so it leaves part paid and is invoiced at
      // dispatch for the rest; the card payment counted on 5 October.
      at('2025-10-05');
      const c = await order('2025-10-05', 'paypal', { lines: CUSTOM });
      await database.db.execute(sql`UPDATE order_lines SET custom = true WHERE order_id = ${c.orderId}`);
      const cLine = (await admin().detail(c.orderId, manager)).shipping.lines[0]!.orderLineId;
      at('2025-11-03');
      await ship(c.orderId, [{ orderLineId: cLine, count: 1, deliveredUnits: 1100 }]);
      const cAdvance = advance('C card payment', '2025-10-05', c.totalPence);
      expect((await invoiceOf(c.orderId))!.tax_point_date).toBe('2025-11-03');
      expected.push(cAdvance, await invoiceRest('C invoice', c.orderId, [cAdvance]));

      // E: paid by card and sent the next day (invoice on the payment day), delivered; one pack
      // returned (the customer keeps it, unopened and unwanted) and refunded on 15 November
      // through the returns desk: a refund credit note then.
      at('2025-10-20');
      const e = await order('2025-10-20', 'paypal');
      at('2025-10-21');
      await ship(e.orderId);
      at('2025-10-23');
      await admin().markDelivered(manager, e.orderId, await version(e.orderId));
      at('2025-11-15');
      const eLine = (await admin().detail(e.orderId, manager)).shipping.lines[0]!;
      const opened = await services.returns.open(userId, e.orderId, { reason: 'unwanted', description: 'Ordered one pack too many.', lines: [{ orderLineId: eLine.orderLineId, count: 1 }], photos: [] });
      await services.returns.approve(manager, opened.returnId, opened.version, { goodsBack: false, instructions: 'Keep it; we refund it.' });
      const approved = await services.returns.detail(manager, opened.returnId);
      await services.returns.settleByRecordedRefund(manager, opened.returnId, approved.version, {
        amountPence: approved.valuePence,
        receivedOn: '2025-11-15',
        bankReference: 'RETURN',
        orderVersion: approved.order.version,
      });
      const eReturned = approved.valuePence;
      expect(await creditNotes('E returned', e.orderId)).toHaveLength(1);
      expected.push(await invoiceRest('E invoice', e.orderId, []), ...(await creditNotes('E returned', e.orderId)));

      // F: paid by card, invoiced when the customer downloaded it, cancelled two days later: a
      // cancellation credit note for the whole invoice.
      at('2025-11-10');
      const f = await order('2025-11-10', 'paypal');
      await services.documents.invoice(f.orderId);
      at('2025-11-12');
      await admin().cancel(manager, f.orderId, await version(f.orderId), 'Duplicate order');
      expected.push(await invoiceRest('F invoice', f.orderId, []), ...(await creditNotes('F cancelled', f.orderId)));

      // G: a zero-rated export to Jersey paid in full by bank transfer, then sent: no VAT.
      at('2025-11-01');
      const g = await order('2025-11-01', 'bank', { postCode: 'JE2 3AB' });
      expect(g.totalTaxPence).toBe(0);
      at('2025-11-02');
      await pay(g.orderId, g.totalPence, '2025-11-02');
      at('2025-11-05');
      await ship(g.orderId);
      expected.push(await invoiceRest('G export invoice', g.orderId, [], { export: true }));

      // I: an account order part paid in December and sent in January: the payment counts in
      // Q4, the invoice's rest in Q1 2026.
      at('2025-12-20');
      const i = await order('2025-12-20', 'account');
      at('2025-12-22');
      await pay(i.orderId, 60_00, '2025-12-22');
      const iAdvance = advance('I paid on account', '2025-12-22', 60_00);
      at('2026-01-06');
      await ship(i.orderId);
      expected.push(iAdvance, await invoiceRest('I invoice', i.orderId, [iAdvance]));

      const returns = services.vatReturns;
      for (const quarter of ['2025-Q3', '2025-Q4', '2026-Q1']) {
        const figures = await returns.figures(quarterPeriod(quarter));
        expect(boxesOf(figures), quarter).toEqual(boxesByHand(expected, quarter));
        // And the page's list adds up to the boxes, line by line.
        expect(figures.box1VatDuePence).toBe(sum(figures.entries.map((x) => x.vatPence)));
        expect(figures.box6NetSalesPence).toBe(sum(figures.entries.map((x) => x.netPence)));
      }
      const q4 = await returns.figures(quarterPeriod('2025-Q4'));
      expect(q4).toMatchObject({ invoiceCount: 6, creditNoteCount: 2, paymentCount: 4 });
      expect(q4.entries.filter((x) => x.kind !== 'invoice' && x.kind !== 'credit_note').map((x) => [x.kind, x.taxPoint, x.orderId, x.grossPence])).toEqual([
        ['payment', '2025-10-02', b.orderId, 40_00],
        ['card_payment', '2025-10-05', c.orderId, c.totalPence],
        ['refund', '2025-10-16', d.orderId, -d.totalPence],
        ['payment', '2025-12-22', i.orderId, 60_00],
      ]);
      expect(q4.entries.find((x) => x.kind === 'invoice' && x.orderId === c.orderId)).toMatchObject({ taxPoint: '2025-11-03', countedBeforePence: c.totalPence });

      // Over all time, each order adds up to its invoice less its credit notes (D: nothing).
      const all = await returns.figures({ quarter: null, from: '2025-01-01', to: '2026-12-31' });
      const byOrder = (orderId: number) => sum(all.entries.filter((x) => x.orderId === orderId).map((x) => x.grossPence));
      expect(byOrder(d.orderId)).toBe(0);
      expect(byOrder(c.orderId)).toBe((await stored(c.orderId)).total);
      expect(byOrder(e.orderId)).toBe(e.totalPence - eReturned);
      expect(byOrder(f.orderId)).toBe(0);
    });

    it('the VAT in a payment is the same to the penny in the return (SQL) as in the money rule, refunds alike', async () => {
      const amounts = [1, 2, 3, 5, 6, 9, 11, 15, 50_00, 35_99, 12_345, 99_999_99, -3, -35_99];
      for (const rate of [20, 5, 0]) {
        const rows = await queryRows<{ vat: number | string }>(
          database.db,
          sql`SELECT ${vatInGrossSql(sql`a.amount`, sql`${rate}::int`)} AS vat FROM unnest(${`{${amounts.join(',')}}`}::int[]) WITH ORDINALITY AS a(amount, n) ORDER BY a.n`,
        );
        expect(rows.map((r) => Number(r.vat))).toEqual(amounts.map((a) => vatInGrossPence(a, rate)));
      }
      expect([vatInGrossPence(6, 20), vatInGrossPence(3, 20), vatInGrossPence(-3, 20), vatInGrossPence(35_99, 20)]).toEqual([1, 1, -1, 6_00]);
    });

    it('a part-paid dispatched order has its VAT invoice at dispatch, showing what is paid and the balance due', async () => {
      at('2026-02-02');
      const c = await order('2026-02-02', 'paypal', { lines: CUSTOM });
      await database.db.execute(sql`UPDATE order_lines SET custom = true WHERE order_id = ${c.orderId}`);
      const line = (await admin().detail(c.orderId, manager)).shipping.lines[0]!.orderLineId;
      at('2026-02-09');
      await ship(c.orderId, [{ orderLineId: line, count: 1, deliveredUnits: 1100 }]);
      const total = (await stored(c.orderId)).total;
      expect(total).toBeGreaterThan(c.totalPence);
      // Issued at dispatch (not on first download): its invoice row exists already.
      expect(await invoiceOf(c.orderId)).toEqual({ tax_point_date: '2026-02-09' });
      const invoice = await services.documents.invoice(c.orderId);
      expect(invoice).toMatchObject({ taxPointDate: '2026-02-09', paidPence: c.totalPence, balanceDuePence: total - c.totalPence });
      const due = `£${((total - c.totalPence) / 100).toFixed(2)}`;
      expect(invoice.payment).toContain(`Balance due: ${due}.`);
      const text = (await pdfText((await services.documents.staffInvoicePdf(c.orderId)).content)).join(' ');
      expect(text).toContain('Balance due');

      // A bank transfer order part paid and not yet sent has none: the words say when it comes.
      const waiting = await order('2026-02-02', 'bank');
      await pay(waiting.orderId, 10_00, '2026-02-09');
      await expect(services.documents.invoice(waiting.orderId)).rejects.toThrow('The VAT invoice is issued when the order is dispatched, or before that once it is paid in full.');
    });

    it('a payment dated before its order was placed is refused, by hand and for a refund alike', async () => {
      at('2026-03-10');
      const placed = await order('2026-03-05', 'bank');
      const seen = await version(placed.orderId);
      await expect(admin().recordPayment(manager, placed.orderId, seen, { amountPence: 10_00, receivedOn: '2026-03-04', bankReference: 'EARLY' })).rejects.toThrow(
        `A payment cannot be received before the order was placed on 5 March 2026 (order ${placed.orderId}): check the date.`,
      );
      await pay(placed.orderId, 10_00, '2026-03-05');
      await expect(refund(placed.orderId, 5_00, '2026-03-01')).rejects.toThrow(`A refund cannot be paid back before the order was placed on 5 March 2026 (order ${placed.orderId})`);
      expect((await admin().detail(placed.orderId, manager)).payment.records).toHaveLength(1);
    });

    it('a filed quarter never changes: a payment or refund dated in it is refused, an invoice for goods supplied in it counts on the first open day', async () => {
      // K: paid by card on 15 December 2025, not yet sent or invoiced: the payment counts in Q4.
      at('2025-12-15');
      const k = await order('2025-12-15', 'paypal');
      // J: a bank transfer order awaiting payment.
      at('2025-12-10');
      const j = await order('2025-12-10', 'bank');

      at('2026-01-10');
      const before = await services.vatReturns.figures(quarterPeriod('2025-Q4'));
      await expect(services.vatReturns.file(manager, '2025-Q4')).rejects.toThrow('Only the owner may mark a VAT return as filed.');
      await expect(services.vatReturns.file(owner, '2026-Q1')).rejects.toThrow('2026 Q1 is not over yet');
      const filed = await services.vatReturns.file(owner, '2025-Q4');
      expect(filed).toMatchObject({ quarter: '2025-Q4', filedBy: 'Olive Owner', box1VatDuePence: before.box1VatDuePence, box6NetSalesPence: before.box6NetSalesPence });

      // Money dated in the filed quarter is refused with the reason; dated today it is recorded.
      const refused = `2025 Q4 (1 October 2025 to 31 December 2025) has been filed with HMRC, so its figures may no longer change: a payment received on 30 December 2025 cannot be recorded (order ${j.orderId}).`;
      await expect(pay(j.orderId, j.totalPence, '2025-12-30')).rejects.toThrow(refused);
      await pay(j.orderId, 10_00, '2026-01-10');
      await expect(refund(j.orderId, 5_00, '2025-12-31')).rejects.toThrow('a refund paid back on 31 December 2025 cannot be recorded');
      // A bank statement's credit dated in the filed quarter is refused on its line, naming it; nothing is recorded.
      const reference = 'BXW-7KQ4MC';
      await database.db.execute(sql`UPDATE orders SET payment_reference = ${reference} WHERE order_id = ${j.orderId}`);
      const statement = (date: string) => ({ name: 'december.csv', bytes: new TextEncoder().encode(`Date,Description,Amount\n"${date}","${reference}","5.00"\n`) });
      const applied = await services.bankStatements.apply(manager, statement('29/12/2025'), { acceptOverpayments: false });
      expect(applied.lines.map((l) => [l.outcome, l.records])).toEqual([['date-refused', false]]);
      expect(applied.lines[0]!.note).toContain(`a payment received on 29 December 2025 cannot be recorded (order ${j.orderId})`);
      // The quarter's records cannot be rewritten behind the page either.
      await expect(database.db.execute(sql`DELETE FROM vat_periods_filed`)).rejects.toThrow();

      // K's invoice, issued now, is for goods paid for (its time of supply) in the filed quarter:
      // it counts on 1 January 2026 and says so; the Q4 card payment stays counted in Q4.
      const invoice = await services.documents.invoice(k.orderId);
      expect(invoice.taxPointDate).toBe('2026-01-01');
      expect(invoice.taxPointNote).toBe(
        'The goods were supplied on 15 December 2025, in a VAT period already filed with HMRC: the VAT on this invoice is accounted for on 1 January 2026.',
      );
      const text = (await pdfText((await services.documents.staffInvoicePdf(k.orderId)).content)).join(' ');
      expect(text).toContain('in a VAT period already filed with HMRC');

      const after = await services.vatReturns.figures(quarterPeriod('2025-Q4'));
      expect(boxesOf(after)).toEqual(boxesOf(before));
      expect(after.entries).toEqual(before.entries);
      expect(after.filed).toMatchObject({ quarter: '2025-Q4', filedBy: 'Olive Owner' });
      // K's invoice in Q1 counts nothing more: everything was paid, and counted, in Q4.
      const q1 = await services.vatReturns.figures(quarterPeriod('2026-Q1'));
      expect(q1.entries.find((x) => x.orderId === k.orderId)).toMatchObject({ kind: 'invoice', taxPoint: '2026-01-01', grossPence: 0, countedBeforePence: k.totalPence });
    });
  });
}
