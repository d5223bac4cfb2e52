/**
 * The dispatch desk on both databases, as the warehouse notices it: the queue holds what may go
 * (paid or on account, not cancelled, something left to send), oldest first, and filters by due
 * date and order number or postcode; the picking lists of many orders print as one PDF with each
 * order's product codes and bin locations; a carrier's CSV (its own headers, semicolons, a byte
 * order mark) dispatches the orders it names and reports every row that matches no order ready.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { OrderAdministration } from '../orders/order-administration.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import { demoShopConfig } from '../../shop/shop-config.ts';
import type { StaffMember } from '../../staff/staff-roles.ts';
import { insertFixtureCustomer, insertFixtureOrder, type FixtureOrder } from '../../documents/document-fixtures.ts';
import { DocumentService } from '../../documents/document-service.ts';
import { OrderRepository } from '../../orders/order-repository.ts';
import { pdfText } from '../../documents/pdf-text.ts';
import { DashboardQueries } from '../dashboard/dashboard-figures.ts';
import { mayDispatch, mayDispatchCondition, type OrderState, type PaymentFacts } from '../orders/order-states.ts';
import { dispatchDeskMessages, DispatchDesk, parseTrackingCsv } from './dispatch-desk.ts';

const csv = (text: string) => new TextEncoder().encode(text);

describe("a carrier's CSV of order and tracking numbers", () => {
  it('is read by the headers carriers use, in any case, with commas, semicolons or tabs and a byte order mark', () => {
    const files = [
      'Order number,Tracking number\n1042,AB123456789GB\n',
      '\uFEFFCustomer Reference;Consignment Number;Service\n#1042;15501234567890;Next day\n',
      'Shipment date\tYour ref\tTracking ID\n2026-11-27\tOrder 1042\tH00A1234567890\n',
      'REFERENCE,WEIGHT,PARCEL NO.\n1042,2.5kg,ZZ99\n',
    ];
    expect(files.map((file) => parseTrackingCsv(csv(file)).rows.map((r) => r.orderId))).toEqual([[1042], [1042], [1042], [1042]]);
    expect(parseTrackingCsv(csv(files[1]!)).rows[0]!.trackingNumber).toBe('15501234567890');
    expect(parseTrackingCsv(csv(files[1]!)).columns).toEqual({ order: 'Customer Reference', tracking: 'Consignment Number' });
  });

  it('without a header reads order number, then tracking number; rows it cannot read are reported by line', () => {
    const parsed = parseTrackingCsv(csv('1042,AB1\n\nABC,AB2\n1043,\n1044,AB4\n'));
    expect(parsed.rows).toEqual([
      { line: 1, orderId: 1042, trackingNumber: 'AB1' },
      { line: 5, orderId: 1044, trackingNumber: 'AB4' },
    ]);
    expect(parsed.problems.map((p) => [p.line, p.message])).toEqual([
      [3, dispatchDeskMessages.notAnOrder('ABC')],
      [4, dispatchDeskMessages.noTracking],
    ]);
    expect(() => parseTrackingCsv(csv('Name,Weight\nAlice,2kg\n'))).toThrow(dispatchDeskMessages.noColumns);
  });

  it('refuses a tracking number that is a formula, a tag or a link, and keeps real ones with their spaces', () => {
    const parsed = parseTrackingCsv(csv('1042,"=HYPERLINK(""http://x.example"",""Track"")"\n1043,<script>\n1044,AB 1234 5678 9GB\n1045,https://evil.example/t\n'));
    expect(parsed.rows).toEqual([{ line: 3, orderId: 1044, trackingNumber: 'AB 1234 5678 9GB' }]);
    expect(parsed.problems.map((p) => p.line)).toEqual([1, 2, 4]);
    expect(parsed.problems[0]!.message).toBe(dispatchDeskMessages.badTracking('=HYPERLINK("http://x.example","Track")'));
  });
});

for (const kind of databaseKinds()) {
  describe(`the dispatch desk [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let admin: OrderAdministration;
    let desk: DispatchDesk;
    let documents: DocumentService;
    let warehouse: StaffMember;
    let pack = { productId: 0, productPriceId: 0 };

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      admin = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => new Date() });
      desk = new DispatchDesk(database.db, admin.shipments);
      documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'https://shop.example.com' });
      const [member] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('will@example.com', 'Will Warehouse', 'warehouse') RETURNING staff_id`);
      warehouse = { staffId: Number(member!.staff_id), email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse', totpEnabled: false };
      // A real product, its code as staff know it and the shelf its size is on.
      const [category] = await queryRows<{ category_id: number }>(database.db, sql`INSERT INTO categories (name, slug) VALUES ('Boxes', 'boxes') RETURNING category_id`);
      const [product] = await queryRows<{ product_id: number }>(
        database.db,
        sql`INSERT INTO products (product_code, name, category_id) VALUES ('DW-1296', 'Double Wall Box', ${category!.category_id}) RETURNING product_id`,
      );
      const [size] = await queryRows<{ product_size_id: number }>(
        database.db,
        sql`INSERT INTO product_sizes (product_id, size1, location) VALUES (${product!.product_id}, '12x9x6"', 'B12-3') RETURNING product_size_id`,
      );
      const [price] = await queryRows<{ product_price_id: number }>(
        database.db,
        sql`INSERT INTO product_prices (product_size_id, product_id, price_pence, pack_range) VALUES (${size!.product_size_id}, ${product!.product_id}, 2500, '{25}') RETURNING product_price_id`,
      );
      pack = { productId: Number(product!.product_id), productPriceId: Number(price!.product_price_id) };
    });
    afterAll(async () => drop?.());

    async function order(details: Omit<FixtureOrder, 'userId'>, postCode = 'LS1 4AP') {
      const userId = await insertFixtureCustomer(database.db);
      const { orderId } = await insertFixtureOrder(database.db, { userId, ...details, delivery: { post_code: postCode } });
      // Every fixture line bought the real pack (so its code and location print).
      await database.db.execute(sql`UPDATE order_lines SET product_id = ${pack.productId}, product_price_id = ${pack.productPriceId} WHERE order_id = ${orderId}`);
      return orderId;
    }
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

    it('queues what may go, oldest first: paid or on account, not cancelled, something left to send; a part-dispatched order reads so', async () => {
      const paidNewer = await order({ paymentMethod: 'paypal', created: hoursAgo(2), promisedDispatchDate: '2030-01-02' });
      const accountOlder = await order({ paymentMethod: 'account', created: hoursAgo(5), promisedDispatchDate: '2000-01-03' }, 'M1 1AE');
      const unpaidBank = await order({ paymentMethod: 'bank', created: hoursAgo(6) });
      const cancelled = await order({ paymentMethod: 'paypal', status: 'Cancelled', created: hoursAgo(7) });
      const partSent = await order({ paymentMethod: 'paypal', created: hoursAgo(4) });
      const allSent = await order({ paymentMethod: 'paypal', created: hoursAgo(3) });
      const seen = await admin.detail(partSent, warehouse);
      await admin.shipments.ship(warehouse, partSent, seen.version, { carrier: 'DPD', trackingNumber: 'P1', lines: [{ orderLineId: seen.shipping.lines[0]!.orderLineId, count: 1 }] });
      await admin.dispatch(warehouse, allSent, (await admin.detail(allSent, warehouse)).version, { carrier: 'Own van', trackingNumber: '' });

      const queue = await desk.queue();
      const ids = queue.rows.map((r) => r.orderId);
      expect(ids.filter((id) => [paidNewer, accountOlder, unpaidBank, cancelled, partSent, allSent].includes(id))).toEqual([accountOlder, partSent, paidNewer]);
      const part = queue.rows.find((r) => r.orderId === partSent)!;
      expect(part).toMatchObject({ stateLabel: 'Part dispatched', partDispatched: true, packsOrdered: 6, packsLeft: 5 });
      expect(queue.rows.find((r) => r.orderId === paidNewer)).toMatchObject({ stateLabel: 'Awaiting dispatch', partDispatched: false });
      // The dashboard counts the same orders.
      expect((await new DashboardQueries(database.db).readyToDispatch()).count).toBe(queue.total);

      // Due by today: the order promised for 2030 waits.
      const due = (await desk.queue({ dueBy: new Date().toISOString().slice(0, 10) })).rows.map((r) => r.orderId);
      expect(due).toContain(accountOlder);
      expect(due).not.toContain(paidNewer);
      expect((await desk.queue({ search: `#${paidNewer}` })).rows.map((r) => r.orderId)).toEqual([paidNewer]);
      expect((await desk.queue({ search: 'm1' })).rows.map((r) => r.orderId)).toContain(accountOlder);
      expect((await desk.queue({ search: 'm1' })).rows.map((r) => r.orderId)).not.toContain(paidNewer);
    });

    it("the SQL of what may be dispatched says what mayDispatch says, refunds counted, for every mix of money and state", async () => {
      const cases: (Omit<PaymentFacts, 'totalPence' | 'paymentDueDate' | 'paymentMethod' | 'status'> & { paymentMethod: 'paypal' | 'bank' | 'account'; status: OrderState })[] = [];
      for (const status of ['PendingDelivery', 'Dispatched', 'Cancelled'] as const) {
        for (const paymentMethod of ['paypal', 'bank', 'account'] as const) {
          for (const [paidPence, refundedPence] of [[0, 0], [-1, 0], [-1, -1], [-1, 100], [-2, 0], [-2, -1], [500, 0], [500, 500]]) {
            cases.push({ status, paymentMethod, paidPence: paidPence!, refundedPence: refundedPence! });
          }
        }
      }
      const ids: number[] = [];
      const expected = new Map<number, boolean>();
      for (const c of cases) {
        const userId = await insertFixtureCustomer(database.db);
        const { orderId, totalPence } = await insertFixtureOrder(database.db, { userId, paymentMethod: c.paymentMethod, paidPence: 0, status: c.status });
        // -1: the total; -2: twice the total.
        const paid = c.paidPence === -1 ? totalPence : c.paidPence === -2 ? 2 * totalPence : c.paidPence;
        const refunded = c.refundedPence === -1 ? totalPence : c.refundedPence;
        await database.db.execute(sql`UPDATE orders SET paid_pence = ${paid}, refunded_pence = ${refunded} WHERE order_id = ${orderId}`);
        ids.push(orderId);
        expected.set(orderId, mayDispatch({ ...c, paidPence: paid, refundedPence: refunded, totalPence, paymentDueDate: null }));
      }
      const rows = await queryRows<{ order_id: number; may: boolean }>(
        database.db,
        sql`SELECT o.order_id, ${sql.raw(mayDispatchCondition('o'))} AS may FROM orders o WHERE o.order_id = ANY (${`{${ids.join(',')}}`}::int[])`,
      );
      expect(new Map(rows.map((r) => [Number(r.order_id), Boolean(r.may)]))).toEqual(expected);
      expect([...expected.values()].filter(Boolean).length).toBeGreaterThan(0);
      expect([...expected.values()].filter((may) => !may).length).toBeGreaterThan(0);
    });

    it('an order waits off the queue until the shelf holds what it still needs; made-to-order lines never hold it back', async () => {
      const waiting = await order({ paymentMethod: 'paypal', created: hoursAgo(1) });
      const [size] = await queryRows<{ product_size_id: number }>(database.db, sql`SELECT product_size_id FROM product_prices WHERE product_price_id = ${pack.productPriceId}`);
      const sizeId = Number(size!.product_size_id);
      const [need] = await queryRows<{ units: number }>(database.db, sql`SELECT sum(qty * count)::int AS units FROM order_lines WHERE order_id = ${waiting}`);
      const queued = async () => (await desk.queue()).rows.map((r) => r.orderId);
      await database.db.execute(sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${sizeId}, ${Number(need!.units) - 1})`);
      try {
        expect(await queued()).not.toContain(waiting);
        await database.db.execute(sql`UPDATE stock_levels SET on_hand = ${Number(need!.units)} WHERE product_size_id = ${sizeId}`);
        expect(await queued()).toContain(waiting);
        await database.db.execute(sql`UPDATE stock_levels SET on_hand = 0 WHERE product_size_id = ${sizeId}`);
        expect(await queued()).not.toContain(waiting);
        await database.db.execute(sql`UPDATE order_lines SET custom = true WHERE order_id = ${waiting}`);
        expect(await queued()).toContain(waiting);
      } finally {
        await database.db.execute(sql`DELETE FROM stock_levels WHERE product_size_id = ${sizeId}`);
      }
    });

    it("prints many orders' picking lists as one PDF, each with its product code, size, location, packs, address and note", async () => {
      const first = await order({ paymentMethod: 'paypal', note: 'Ring the bell' });
      const second = await order({ paymentMethod: 'account', note: 'Loading bay at rear' }, 'EH1 1YZ');
      const file = await documents.pickingListsPdf([first, second]);
      const pages = await pdfText(file.content);
      const text = pages.join('\n');
      for (const expected of [`Order ${first}`, `Order ${second}`, "Customer's note: Ring the bell", "Customer's note: Loading bay at rear", 'EH1 1YZ', 'Location']) {
        expect(text).toContain(expected);
      }
      // The line keeps the name it was bought under; the code and shelf are the catalogue's.
      expect(text).toContain('DW-1296 Cardboard Box 12x9x6 12x9x6" B12-3 of 25 2 50');
      expect(text).not.toMatch(new RegExp(`${pack.productId}-${pack.productPriceId}`));
      // One order a page: the second starts on a page of its own.
      expect(pages.findIndex((p) => p.includes(`Order ${second}`))).toBeGreaterThan(pages.findIndex((p) => p.includes(`Order ${first}`)));
    });

    it("a carrier's CSV dispatches the orders it names and reports the rows that match no order ready to go", async () => {
      const ready = await order({ paymentMethod: 'paypal' });
      const alsoReady = await order({ paymentMethod: 'account' });
      const unpaid = await order({ paymentMethod: 'bank' });
      const file = [
        '\uFEFFCustomer Reference;Consignment Number;Service',
        `${ready};15501234567890;Next day`,
        `#${alsoReady};15501234567891;Next day`,
        '99999999;15501234567892;Next day',
        `${unpaid};15501234567893;Next day`,
        'not-an-order;15501234567894;Next day',
        `${ready};15501234567895;Next day`,
      ].join('\r\n');
      const report = await desk.dispatchFromCsv(warehouse, 'DPD', csv(file));
      expect(report.dispatched.map((d) => d.orderId)).toEqual([ready, alsoReady]);
      expect(report.problems.map((p) => p.message)).toEqual([
        `Line 4: ${dispatchDeskMessages.noSuchOrder(99999999)}`,
        `Line 5: ${dispatchDeskMessages.notReady(unpaid, 'it awaits payment')}`,
        `Line 6 (not-an-order, 15501234567894, Next day): ${dispatchDeskMessages.notAnOrder('not-an-order')}`,
        `Line 7: ${dispatchDeskMessages.twice(ready, 2)}`,
      ]);
      const sent = await admin.detail(ready, warehouse);
      expect(sent.status).toBe('Dispatched');
      expect(sent.shipping.shipments[0]).toMatchObject({ carrier: 'DPD', trackingNumber: '15501234567890' });
      // Imported again: nothing is sent twice; each row says why.
      const again = await desk.dispatchFromCsv(warehouse, 'DPD', csv(file));
      expect(again.dispatched).toEqual([]);
      expect(again.problems[0]!.message).toBe(`Line 2: ${dispatchDeskMessages.notReady(ready, 'it is dispatched')}`);
    });

    it('marks many orders dispatched at once with one carrier and a tracking number each', async () => {
      const a = await order({ paymentMethod: 'paypal' });
      const b = await order({ paymentMethod: 'paypal' });
      const report = await desk.dispatchMany(warehouse, 'Royal Mail', [
        { orderId: a, trackingNumber: 'AA111111111GB' },
        { orderId: b, trackingNumber: '' },
      ]);
      expect(report.dispatched.map((d) => d.orderId)).toEqual([a]);
      expect(report.problems).toEqual([{ line: null, orderId: b, message: `Order ${b}: Enter the tracking number: 1-50 letters, digits, spaces or hyphens; only our own van has none.` }]);
      expect((await admin.detail(b, warehouse)).status).toBe('PendingDelivery');
    });
  });
}
