import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsOf, figuresOf, jobs, orders, productPrices, queryPreparedRows, queryRows, users } from './index.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './testing.ts';

const ORDER = columnsOf(orders, ['orderId', 'status', 'deliveryAddress', 'billingAddress', 'created', 'dispatchedAt', 'promisedDispatchDate', 'totalPence'], 'o');
const PACK = columnsOf(productPrices, ['productPriceId', 'packRange']);
const JOB = columnsOf(jobs, ['jobId', 'payload', 'createdAt']);
const DISABLED = columnsOf(users, ['disabledAt'], 'u', { leftJoined: true });

const snapshot = {
  reference: 'Warehouse',
  contact_name: 'Ann Smith',
  region: '1',
  company_name: '',
  address: 'High Street',
  town: 'Leeds',
  country: 'United Kingdom',
  post_code: 'LS1 4AP',
  phone: '0113 496 0000',
};

describe.each(databaseKinds())('rows read with raw SQL in the schema types (%s)', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const db = test.database.db;
    await db.execute(sql`INSERT INTO users (first_name, last_name, email, password_hash, phone) VALUES ('Ann', 'Smith', 'ann@example.com', 'x', '0113')`);
    await db.execute(
      sql`INSERT INTO orders (user_id, delivery_address, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, created, promised_dispatch_date)
          VALUES (1, ${JSON.stringify(snapshot)}::jsonb, 'bank', 'REF', 'PendingDelivery', 1000, 0, 200, 1200, '2026-06-01 10:00:00.123456+00', '2026-06-02')`,
    );
    await db.execute(sql`INSERT INTO categories (name, slug) VALUES ('Boxes', 'boxes')`);
    await db.execute(sql`INSERT INTO products (name, category_id) VALUES ('Box', 1)`);
    await db.execute(sql`INSERT INTO product_sizes (product_id, size1) VALUES (1, '12x9x6"')`);
    await db.execute(sql`INSERT INTO product_prices (product_size_id, product_id, price_pence, pack_range) VALUES (1, 1, 500, '{25,50}')`);
    await db.execute(sql`INSERT INTO jobs (kind, payload) VALUES ('test', '{"orderId": 1}')`);
  });
  afterAll(async () => test?.drop());

  const expectedOrder = {
    orderId: 1,
    status: 'PendingDelivery',
    deliveryAddress: snapshot,
    billingAddress: null,
    created: new Date('2026-06-01T10:00:00.123Z'),
    dispatchedAt: null,
    promisedDispatchDate: '2026-06-02',
    totalPence: 1200,
  };

  it('reads columns as Drizzle would: timestamps as Dates, jsonb parsed, dates as YYYY-MM-DD, on both query paths', async () => {
    const statement = sql`SELECT ${ORDER.list} FROM orders o WHERE o.order_id = 1`;
    const [plain] = (await queryRows<object>(test.database.db, statement)).map(ORDER.read);
    const [prepared] = (await queryPreparedRows<object>(test.database.db, statement)).map(ORDER.read);
    expect(plain).toEqual(expectedOrder);
    expect(prepared).toEqual(expectedOrder);
  });

  it('reads the same row nested in JSON alike', async () => {
    const [row] = await queryRows<{ nested: object }>(test.database.db, sql`SELECT json_build_object(${ORDER.json}) AS nested FROM orders o`);
    expect(ORDER.read(row!.nested)).toEqual(expectedOrder);
  });

  it('reads int[] as numbers and a bigserial id as a number', async () => {
    const [pack] = (await queryRows<object>(test.database.db, sql`SELECT ${PACK.list} FROM product_prices`)).map(PACK.read);
    expect(pack).toEqual({ productPriceId: 1, packRange: [25, 50] });
    const [job] = (await queryRows<object>(test.database.db, sql`SELECT ${JOB.list} FROM jobs`)).map(JOB.read);
    expect(job).toMatchObject({ jobId: 1, payload: { orderId: 1 } });
    expect(job!.createdAt).toBeInstanceOf(Date);
  });

  it('reads computed figures beside the columns: a bigint count and a sum as numbers, EXISTS as a boolean, text or null', async () => {
    const FIGURES = figuresOf({ lines: 'number', owed: 'number', paid: 'boolean', names: 'text', none: 'text?' });
    const [row] = await queryRows<object>(
      test.database.db,
      sql`SELECT ${ORDER.list}, (SELECT count(*) FROM product_prices) AS lines, sum(o.total_pence) AS owed,
                 EXISTS (SELECT 1 FROM jobs) AS paid, string_agg(o.status, ', ') AS names, NULL::text AS none
          FROM orders o GROUP BY o.order_id`,
    );
    expect(ORDER.read(row!)).toEqual(expectedOrder);
    expect(FIGURES.read(row!)).toEqual({ lines: 1, owed: 1200, paid: true, names: 'PendingDelivery', none: null });
  });

  it('keeps null where a figure may have none (a min() over no row, a JSON field), and reads a text the statement always gives as text', async () => {
    const FIGURES = figuresOf({ none: 'number?', lowest: 'number?', field: 'text?', status: 'text' });
    const [row] = await queryRows<object>(
      test.database.db,
      sql`SELECT (SELECT min(total_pence) FROM orders WHERE false) AS none, (SELECT min(total_pence) FROM orders) AS lowest,
                 '{}'::jsonb ->> 'absent' AS field, coalesce(NULL, (SELECT status FROM orders LIMIT 1)) AS status`,
    );
    expect(FIGURES.read(row!)).toEqual({ none: null, lowest: 1200, field: null, status: 'PendingDelivery' });
    expect(figuresOf({ status: 'text' }).read({ status: null })).toEqual({ status: '' });
  });

  it('reads a missing LEFT JOIN row as nulls', async () => {
    const [row] = (
      await queryRows<object>(test.database.db, sql`SELECT ${DISABLED.list} FROM orders o LEFT JOIN users u ON u.user_id = o.user_id + 1`)
    ).map(DISABLED.read);
    expect(row).toEqual({ disabledAt: null });
  });
});
