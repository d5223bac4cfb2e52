/**
 * An order with a discount code, through the documents and the VAT return (HMRC: a discount
 * given at the time of sale lowers the value VAT is charged on): its VAT invoice states each
 * line after its share of the discount and says what was taken off; a part refund of some packs
 * credits what they were charged (their share of the discount out); packs taken off before
 * dispatch take their share with them; the VAT return counts the discounted values. Every
 * figure is worked by hand in the test.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartDto } from '@shop/contract';
import { parseVatPeriod, type StaffMember } from '@shop/core';
import { categories, creditNotes, offers, orderLines, orders, staff } from '@shop/db';
import { bearer, insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

describeOnPglite('a discounted order in its documents', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let manager: StaffMember;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    const [made] = await t.database.db
      .insert(staff)
      .values({ email: 'mona.offers@example.com', name: 'Mona Manager', role: 'manager' })
      .returning({ staffId: staff.staffId });
    manager = { staffId: made!.staffId, email: 'mona.offers@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
    const [packaging] = await t.database.db.insert(categories).values({ name: 'Packaging', slug: 'packaging' }).returning({ categoryId: categories.categoryId });
    await t.database.db.execute(sql`UPDATE products SET category_id = ${packaging!.categoryId} WHERE name LIKE 'Cardboard Box%'`);
    await t.database.db.insert(offers).values({
      code: 'BOXES10',
      name: '10% off boxes',
      kind: 'percent',
      percentOff: 1000,
      appliesTo: 'categories',
      categoryIds: [packaging!.categoryId],
      startsOn: '2026-01-01',
      maxUses: 100,
    });
  });
  afterAll(async () => t?.close());

  const admin = () => t.app.services.orderAdministration;
  const versionOf = async (orderId: number) => (await admin().detail(orderId, manager)).version;

  /** Three packs of boxes at £25.00 and one roll of tape at £74.99, with BOXES10, by bank transfer. */
  async function discountedOrder(): Promise<{ orderId: number; cart: CartDto }> {
    const { customer } = await readyCustomer(t, [
      [packs.box25, 3],
      [packs.tapeBrown, 1],
    ]);
    const cart = (await t.app.inject({ method: 'PUT', url: '/api/cart/code', headers: bearer(customer.token), payload: { code: 'boxes10' } })).json<CartDto>();
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
    expect(placed.statusCode, placed.body).toBe(200);
    return { orderId: placed.json<number>(), cart };
  }

  it('the invoice states each line after its discount, says what was taken off before VAT, and adds up', async () => {
    const { orderId, cart } = await discountedOrder();
    // Goods 75.00 + 74.99 = 149.99; 10% of the boxes' 75.00 = 7.50; delivery free (over £75).
    // VAT: 20% of (149.99 - 7.50) = 20% of 142.49 = 28.498 -> 28.50. Total 142.49 + 28.50 = 170.99.
    expect(cart).toMatchObject({ subTotal: 149.99, discount: 7.5, deliveryFee: 0, totalTax: 28.5, total: 170.99 });
    await admin().recordPayment(manager, orderId, await versionOf(orderId), { amountPence: 170_99, receivedOn: today, bankReference: 'BACS' });
    const invoice = await t.app.services.documents.invoice(orderId);
    expect(invoice.lines.map((line) => [line.unitPricePence, line.amountPence])).toEqual([
      [25_00, 67_50],
      [74_99, 74_99],
      [0, 0],
    ]);
    expect(invoice.lines[0]!.description).toContain('(less £7.50 discount)');
    expect(invoice.lines[1]!.description).not.toContain('discount');
    expect(invoice.totals).toEqual({ netPence: 142_49, vatPence: 28_50, grossPence: 170_99 });
    expect(invoice.discountNote).toBe('Discount: £7.50 was taken off the goods at the time of sale, before VAT; the amounts above are after it.');

    // A part refund of one pack of boxes credits what it was charged: 25.00 less its share 2.50 = 22.50, VAT 4.50.
    const [boxLine] = await t.database.db.select({ orderLineId: orderLines.orderLineId }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.orderLineId);
    await admin().recordRefund(manager, orderId, await versionOf(orderId), {
      amountPence: 27_00,
      receivedOn: today,
      bankReference: 'REFUND',
      goods: [{ orderLineId: boxLine!.orderLineId, count: 1 }],
    });
    const [note] = await t.app.services.documents.staffCreditNotes(orderId);
    expect(note).toMatchObject({ netPence: 22_50, vatPence: 4_50, totalPence: 27_00 });
    const [stored] = await t.database.db.select({ lines: creditNotes.lines }).from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(stored!.lines.map((line) => line.netPence)).toEqual([22_50]);

    // The VAT return: the invoice's 142.49 and 28.50, less the credit note's 22.50 and 4.50.
    const figures = await t.app.services.vatReturns.figures(parseVatPeriod({ from: today, to: today }, today));
    expect(figures).toMatchObject({ box6NetSalesPence: 142_49 - 22_50, box1VatDuePence: 28_50 - 4_50, invoiceCount: 1, creditNoteCount: 1 });
  });

  it("the offers report counts the orders placed with BOXES10 and what it cost, as the orders' own figures add up", async () => {
    await discountedOrder();
    const range = t.app.services.reports.range(today, today);
    const report = await t.app.services.reports.offers(range);
    const placed = await t.database.db.select({ subTotalPence: orders.subTotalPence, discountPence: orders.discountPence }).from(orders).where(sql`${orders.discountPence} > 0`);
    const discountPence = placed.reduce((sum, order) => sum + order.discountPence, 0);
    expect(report.rows).toEqual([
      {
        offerId: expect.any(Number),
        name: '10% off boxes',
        code: 'BOXES10',
        orders: placed.length,
        salesPence: placed.reduce((sum, order) => sum + order.subTotalPence, 0),
        discountPence,
        deliverySavedPence: 0,
        costPence: discountPence,
      },
    ]);
    expect(report.totals).toEqual({ uses: placed.length, discountPence, deliverySavedPence: 0, costPence: discountPence });
  });

  it('packs taken off before dispatch take their share of the discount with them; the packs kept keep theirs', async () => {
    const { orderId } = await discountedOrder();
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.orderLineId);
    expect(lines.map((line) => [line.count, line.discountPence, line.totalPricePence])).toEqual([
      [3, 7_50, 67_50],
      [1, 0, 74_99],
    ]);
    await t.app.services.lineCancellation.cancelLines(manager, orderId, await versionOf(orderId), [{ orderLineId: lines[0]!.orderLineId, count: 1 }], 'One pack short');
    const [box] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderLineId, lines[0]!.orderLineId));
    // Two packs keep 2/3 of 7.50 = 5.00: 50.00 - 5.00 = 45.00.
    expect(box).toMatchObject({ count: 2, discountPence: 5_00, totalPricePence: 45_00 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    // Goods 45.00 + 74.99 = 119.99 (over £75: still free delivery); VAT 24.00; total 143.99.
    expect(order).toMatchObject({ subTotalPence: 119_99, discountPence: 5_00, deliveryFeePence: 0, totalTaxPence: 24_00, totalPence: 143_99 });
  });
});
