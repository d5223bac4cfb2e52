/**
 * The owner's numbers on PGlite and PostgreSQL: each report's figures equal sums worked out here
 * from the same orders (placed in the range on London days, cancelled ones left out, ex VAT), the
 * last year's column is the same days a year before, categories roll up to their top level,
 * companies and customers add up to the sales total, stock is valued at cost with sizes without
 * a cost counted apart, slow movers are the sizes unsold in N days, and each CSV has the table's
 * figures in pounds.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, companies, orders, productPrices, productSizes, products, stockLevels, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { eq } from 'drizzle-orm';
import { insertFixtureCustomer, insertFixtureOrder, type FixtureLine } from '../documents/document-fixtures.ts';
import { londonDateOf } from '../back-office/customers/customer-directory.ts';
import { addCalendarDays } from '../quotes/quote-validity.ts';
import { Invalid } from '../errors.ts';
import { NO_CATEGORY } from './product-reports.ts';
import { NO_COMPANY } from './customer-reports.ts';
import { periodStartOf } from './sales-report.ts';
import { parseSlowDays, Reports } from './reports.ts';

const RANGE = { from: '2026-06-01', to: '2026-07-31' };
const NOW = new Date('2026-08-10T09:00:00Z');

interface SizeRef {
  productId: number;
  productPriceId: number;
  productSizeId: number;
  name: string;
  size1: string;
  pricePence: number;
  qty: number;
  top: string;
}

interface Placed {
  user: 'alice' | 'bob' | 'carol';
  at: string;
  status?: string;
  lines: [keyof typeof SIZE_NAMES, number][];
  delivery?: number;
  company?: boolean;
}

const SIZE_NAMES = { small: 'Small', large: 'Large', tape: '48mm', bags: '10x12' } as const;

/** The orders of the test: in the range, a year before (for the comparison), outside both, cancelled. */
const PLACED: Placed[] = [
  { user: 'alice', at: '2026-06-01T08:00:00Z', lines: [['small', 4], ['tape', 2]], delivery: 499, company: true },
  // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): a July sale.
  { user: 'alice', at: '2026-06-30T23:30:00Z', lines: [['large', 3]], company: true },
  { user: 'bob', at: '2026-06-15T12:00:00Z', lines: [['small', 10], ['large', 1]] },
  { user: 'bob', at: '2026-07-20T10:00:00Z', lines: [['tape', 5]], delivery: 499 },
  { user: 'carol', at: '2026-07-31T22:59:00Z', lines: [['small', 1]] }, // 23:59 London, 31 July: in
  { user: 'carol', at: '2026-07-31T23:01:00Z', lines: [['small', 7]] }, // 00:01 London, 1 August: out
  { user: 'bob', at: '2026-06-10T10:00:00Z', lines: [['large', 50]], status: 'Cancelled' },
  { user: 'alice', at: '2026-07-02T10:00:00Z', lines: [['tape', 1]], status: 'Delivered', company: true },
  { user: 'bob', at: '2026-07-03T10:00:00Z', lines: [['small', 2]], status: 'Dispatched' },
  // A year before: 52 weeks earlier for days and weeks, the same dates for months.
  { user: 'bob', at: '2025-06-02T10:00:00Z', lines: [['small', 6]] }, // 2026-06-01 less 364 days
  { user: 'bob', at: '2025-06-15T10:00:00Z', lines: [['large', 2]] },
  { user: 'alice', at: '2025-07-31T10:00:00Z', lines: [['tape', 3]] },
  { user: 'alice', at: '2025-05-31T10:00:00Z', lines: [['tape', 9]] }, // before both
];

const londonDay = (iso: string) => londonDateOf(new Date(iso));
const counts = (p: Placed) => p.status !== 'Cancelled';
const inRange = (p: Placed, range: { from: string; to: string }) => counts(p) && londonDay(p.at) >= range.from && londonDay(p.at) <= range.to;

for (const kind of databaseKinds()) {
  describe(`the owner's reports [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let reports: Reports;
    const sizes = {} as Record<keyof typeof SIZE_NAMES, SizeRef>;
    const goodsOf = (p: Placed) => p.lines.reduce((sum, [size, count]) => sum + sizes[size].pricePence * count, 0);
    const sumOf = (list: Placed[]) => list.reduce((sum, p) => sum + goodsOf(p), 0);

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      const db = database.db;
      reports = new Reports(db, () => NOW);
      const category = async (name: string, parentId: number | null) =>
        (await db.insert(categories).values({ name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 7)}`, parentId }).returning())[0]!.categoryId;
      const boxes = await category('Boxes', null);
      const singleWall = await category('Single wall', boxes);
      const smallBoxes = await category('Small single wall', singleWall);
      const tape = await category('Tape', null);
      const bags = await category('Bags', null);
      const size = async (key: keyof typeof SIZE_NAMES, name: string, categoryId: number, top: string, pricePence: number, qty: number, unitCostPence: number | null, onHand: number | null) => {
        const [product] = await db.insert(products).values({ name, categoryId }).returning();
        const [productSize] = await db.insert(productSizes).values({ productId: product!.productId, size1: SIZE_NAMES[key], unitCostPence }).returning();
        const [price] = await db
          .insert(productPrices)
          .values({ productId: product!.productId, productSizeId: productSize!.productSizeId, pricePence, packRange: [qty] })
          .returning();
        if (onHand !== null) await db.insert(stockLevels).values({ productSizeId: productSize!.productSizeId, onHand });
        sizes[key] = { productId: product!.productId, productPriceId: price!.productPriceId, productSizeId: productSize!.productSizeId, name, size1: SIZE_NAMES[key], pricePence, qty, top };
      };
      await size('small', 'Small Box', smallBoxes, 'Boxes', 250, 10, 12, 100);
      await size('large', 'Large Box', singleWall, 'Boxes', 900, 5, 60, 20);
      await size('tape', 'Packing Tape', tape, 'Tape', 499, 6, null, 50);
      await size('bags', 'Grip Bags', bags, 'Bags', 300, 100, 2, 7);
      const [company] = await db.insert(companies).values({ name: 'Acme Packing Ltd' }).returning();
      const users = {
        alice: await insertFixtureCustomer(db, { firstName: 'Alice', lastName: 'Walker' }),
        bob: await insertFixtureCustomer(db, { firstName: 'Bob', lastName: 'Stone' }),
        carol: await insertFixtureCustomer(db, { firstName: 'Carol', lastName: 'King' }),
      };
      for (const placed of PLACED) {
        const lines: FixtureLine[] = placed.lines.map(([key, count]) => {
          const s = sizes[key];
          return { productName: s.name, size1: s.size1, pricePence: s.pricePence, qty: s.qty, count, productId: s.productId, productPriceId: s.productPriceId };
        });
        const { orderId } = await insertFixtureOrder(db, { userId: users[placed.user], created: new Date(placed.at), status: placed.status, lines, deliveryFeePence: placed.delivery ?? 0 });
        if (placed.company) await db.update(orders).set({ companyId: company!.companyId }).where(eq(orders.orderId, orderId));
      }
    });
    afterAll(async () => drop?.());

    it('sales by month add the goods ex VAT of the orders placed each London month, beside the same month last year', async () => {
      const report = await reports.sales(RANGE, 'month');
      expect(report.periods.map((p) => p.start)).toEqual(['2026-06-01', '2026-07-01']);
      for (const period of report.periods) {
        const month = period.start.slice(0, 7);
        const placed = PLACED.filter((p) => inRange(p, RANGE) && londonDay(p.at).startsWith(month));
        expect(period.salesPence).toBe(sumOf(placed));
        expect(period.orders).toBe(placed.length);
        expect(period.deliveryPence).toBe(placed.reduce((sum, p) => sum + (p.delivery ?? 0), 0));
        const lastYear = PLACED.filter((p) => counts(p) && londonDay(p.at).startsWith(`2025${month.slice(4)}`));
        expect(period.lastYear.salesPence).toBe(sumOf(lastYear));
      }
      expect(report.totals.salesPence).toBe(sumOf(PLACED.filter((p) => inRange(p, RANGE))));
      expect(report.lastYearRange).toEqual({ from: '2025-06-01', to: '2025-07-31' });
    });

    it('sales by day and by week set each period beside the same weekdays 52 weeks before', async () => {
      for (const group of ['day', 'week'] as const) {
        const report = await reports.sales(RANGE, group);
        expect(report.periods[0]!.start).toBe(periodStartOf(RANGE.from, group));
        for (const period of report.periods) {
          const placed = PLACED.filter((p) => inRange(p, RANGE) && periodStartOf(londonDay(p.at), group) === period.start);
          expect(period.salesPence, `${group} ${period.start}`).toBe(sumOf(placed));
          const earlier = { from: addCalendarDays(RANGE.from, -364), to: addCalendarDays(RANGE.to, -364) };
          const lastYear = PLACED.filter((p) => inRange(p, earlier) && periodStartOf(londonDay(p.at), group) === period.lastYearStart);
          expect(period.lastYear.salesPence, `${group} ${period.start} last year`).toBe(sumOf(lastYear));
          expect(period.lastYearStart).toBe(addCalendarDays(period.start, -364));
        }
        expect(report.totals.lastYear.salesPence).toBe(sumOf(PLACED.filter((p) => inRange(p, { from: '2025-06-02', to: '2025-08-01' }))));
      }
      const days = await reports.sales(RANGE, 'day');
      expect(days.periods).toHaveLength(61);
      expect(days.periods.find((p) => p.start === '2026-07-01')!.salesPence).toBe(3 * 900);
    });

    it('a range over 366 days is not shown by day, and a bad date is refused with its field', async () => {
      await expect(reports.sales({ from: '2024-01-01', to: '2026-01-01' }, 'day')).rejects.toBeInstanceOf(Invalid);
      expect(() => reports.range('2026-13-01', '2026-12-01')).toThrow(Invalid);
      expect(reports.range(null, null)).toEqual({ from: '2026-05-13', to: '2026-08-10' });
      expect(parseSlowDays('')).toBe(90);
      expect(() => parseSlowDays('0')).toThrow(Invalid);
    });

    it('best sellers rank each size by units or by value, with units as packs times pack size', async () => {
      const expected = (['small', 'large', 'tape'] as const).map((key) => {
        const lines = PLACED.filter((p) => inRange(p, RANGE)).flatMap((p) => p.lines.filter(([size]) => size === key));
        const packs = lines.reduce((sum, [, count]) => sum + count, 0);
        return { productName: sizes[key].name, size1: sizes[key].size1, units: packs * sizes[key].qty, valuePence: packs * sizes[key].pricePence };
      });
      const byUnits = await reports.bestSellers(RANGE, 'units');
      expect(byUnits.rows.map(({ productName, size1, units, valuePence }) => ({ productName, size1, units, valuePence }))).toEqual([...expected].sort((a, b) => b.units - a.units));
      const byValue = await reports.bestSellers(RANGE, 'value');
      expect(byValue.rows.map((r) => r.productName)).toEqual([...expected].sort((a, b) => b.valuePence - a.valuePence).map((r) => r.productName));
      expect(byValue.totals.valuePence).toBe(sumOf(PLACED.filter((p) => inRange(p, RANGE))));
      expect(byValue.sizes).toBe(3);
      expect((await reports.bestSellers(RANGE, 'value', 1)).rows).toHaveLength(1);
    });

    it('sales by category roll sub-categories up to their top level and add up to the sales total', async () => {
      const rows = await reports.categories(RANGE);
      const placed = PLACED.filter((p) => inRange(p, RANGE));
      const byTop = new Map<string, number>();
      for (const p of placed) for (const [size, count] of p.lines) byTop.set(sizes[size].top, (byTop.get(sizes[size].top) ?? 0) + sizes[size].pricePence * count);
      expect(rows.map((r) => [r.name, r.valuePence])).toEqual([...byTop].sort((a, b) => b[1] - a[1]));
      expect(rows.reduce((sum, r) => sum + r.valuePence, 0)).toBe(sumOf(placed));
      expect(rows.some((r) => r.name === NO_CATEGORY)).toBe(false);
    });

    it('sales by customer and by company add up to the sales total, orders for no company in one row', async () => {
      const placed = PLACED.filter((p) => inRange(p, RANGE));
      const customers = await reports.customers(RANGE);
      for (const name of ['Alice Walker', 'Bob Stone', 'Carol King']) {
        const own = placed.filter((p) => name.toLowerCase().startsWith(p.user));
        expect(customers.rows.find((r) => r.customerName === name)).toMatchObject({ orders: own.length, salesPence: sumOf(own) });
      }
      expect(customers.rows.map((r) => r.salesPence)).toEqual([...customers.rows.map((r) => r.salesPence)].sort((a, b) => b - a));
      expect(customers.totals).toEqual({ orders: placed.length, salesPence: sumOf(placed), customers: 3 });
      const companyRows = await reports.companies(RANGE);
      expect(companyRows.rows.map((r) => [r.name, r.orders, r.salesPence]).sort()).toEqual(
        [
          ['Acme Packing Ltd', placed.filter((p) => p.company).length, sumOf(placed.filter((p) => p.company))],
          [NO_COMPANY, placed.filter((p) => !p.company).length, sumOf(placed.filter((p) => !p.company))],
        ].sort(),
      );
      expect(companyRows.count).toBe(1);
    });

    it('margin is the goods sold less their units at unit cost, per top-level category, sales without a cost counted apart', async () => {
      const unitCost = { small: 12, large: 60, tape: null, bags: 2 } as const;
      const placed = PLACED.filter((p) => inRange(p, RANGE));
      const expected = new Map<string, { sales: number; costed: number; cost: number }>();
      for (const p of placed) {
        for (const [size, count] of p.lines) {
          const s = sizes[size];
          const row = expected.get(s.top) ?? { sales: 0, costed: 0, cost: 0 };
          row.sales += s.pricePence * count;
          const cost = unitCost[size];
          if (cost !== null) {
            row.costed += s.pricePence * count;
            row.cost += count * s.qty * cost;
          }
          expected.set(s.top, row);
        }
      }
      const margin = await reports.margin(RANGE);
      expect(margin.rows.map((r) => [r.name, r.salesPence, r.costedSalesPence, r.costPence, r.marginPence])).toEqual(
        [...expected].sort((a, b) => b[1].sales - a[1].sales).map(([name, e]) => [name, e.sales, e.costed, e.cost, e.costed - e.cost]),
      );
      expect(margin.totals.salesPence).toBe(sumOf(placed));
      // Tape has no cost: its sales are in the total but not in the costed sales.
      const tape = margin.rows.find((r) => r.name === 'Tape')!;
      expect(tape.costedSalesPence).toBe(0);
      expect(margin.totals.salesPence - margin.totals.costedSalesPence).toBe(tape.salesPence);
    });

    it('stock is valued on hand at unit cost, sizes without a cost counted apart', async () => {
      const stock = await reports.stockValue();
      expect(stock.totals).toEqual({ valuePence: 100 * 12 + 20 * 60 + 7 * 2, unitsOnHand: 177, sizesWithoutCost: 1, unitsWithoutCost: 50 });
      expect(stock.rows.map((r) => [r.productName, r.valuePence])).toEqual([
        ['Small Box', 1200],
        ['Large Box', 1200],
        ['Grip Bags', 14],
        ['Packing Tape', null],
      ]);
    });

    it('slow movers are the sizes with no sale in the last N London days, never sold first', async () => {
      // Today is 10 August 2026. Last sales (London days): small boxes 1 August (after the range, still a sale),
      // large boxes 1 July (the cancelled order of 10 June is no sale), tape 20 July, bags never.
      const ten = await reports.slowMovers(10);
      expect(ten.since).toBe('2026-08-01');
      expect(ten.rows.map((r) => [r.productName, r.lastSold])).toEqual([
        ['Grip Bags', null],
        ['Large Box', '2026-07-01'],
        ['Packing Tape', '2026-07-20'],
      ]);
      expect(ten.totals.valuePence).toBe(7 * 2 + 20 * 60);
      // Over 50 days only the bags never sold.
      expect((await reports.slowMovers(50)).rows.map((r) => r.productName)).toEqual(['Grip Bags']);
    });

    it('each CSV has the table in pounds ex VAT', async () => {
      const options = { range: RANGE, group: 'month' as const, by: 'value' as const, days: 10 };
      const read = async (name: Parameters<Reports['csv']>[0]) => {
        let text = '';
        for await (const piece of reports.csv(name, options)) text += piece;
        return parse(text, { columns: true }) as Record<string, string>[];
      };
      const sales = await read('sales');
      expect(sales.map((r) => r.period_start)).toEqual(['2026-06-01', '2026-07-01']);
      const total = sales.reduce((sum, r) => sum + Math.round(Number(r.sales_ex_vat) * 100), 0);
      expect(total).toBe(sumOf(PLACED.filter((p) => inRange(p, RANGE))));
      expect(sales[0]!.last_year_period_start).toBe('2025-06-01');
      expect((await read('best-sellers'))[0]).toMatchObject({ product: 'Small Box', size: 'Small' });
      expect((await read('categories')).map((r) => r.category)).toContain('Boxes');
      expect((await read('customers')).map((r) => r.customer).sort()).toEqual(['Alice Walker', 'Bob Stone', 'Carol King']);
      expect((await read('companies')).map((r) => r.company).sort()).toEqual(['Acme Packing Ltd', NO_COMPANY]);
      const margin = await read('margin');
      expect(margin.find((r) => r.category === 'Tape')).toMatchObject({ sales_with_cost: '0.00', cost: '0.00', margin_percent: '' });
      expect((await read('stock-value')).find((r) => r.product === 'Packing Tape')).toMatchObject({ unit_cost: '', value_at_cost: '' });
      expect((await read('slow-movers'))[0]).toMatchObject({ product: 'Grip Bags', last_sold: 'never', value_at_cost: '0.14' });
    });
  });
}
