import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOneStatement, openDatabase, queryPreparedRows, queryRows, type DatabaseHandle } from './index.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

const sample = (label: string) =>
  sql`SELECT ${label}::text AS label, 42::int AS answer, timestamptz '2026-11-23 10:00:00+00' AS at, date '2026-11-23' AS day`;

describe('prepared queries on the embedded database (PGlite)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => database?.close());

  it('answer exactly what queryRows answers', async () => {
    expect(await queryPreparedRows(database.db, sample('a'))).toEqual(await queryRows(database.db, sample('a')));
  });
});

describe.skipIf(!adminUrl)('prepared queries on PostgreSQL', () => {
  const name = `shop_test_prepared_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let database: DatabaseHandle;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    // One connection, so the statements below all meet the same server session.
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('answer exactly what queryRows answers, with dates left as text', async () => {
    const prepared = await queryPreparedRows<{ at: unknown; day: unknown; answer: unknown }>(database.db, sample('b'));
    expect(prepared).toEqual(await queryRows(database.db, sample('b')));
    expect(prepared[0]).toMatchObject({ answer: 42, day: '2026-11-23' });
    expect(typeof prepared[0]!.at).toBe('string');
  });

  it('are parsed and planned once per connection, with new values each time', async () => {
    for (const label of ['one', 'two', 'three']) {
      expect(await queryPreparedRows<{ label: string }>(database.db, sample(label))).toMatchObject([{ label }]);
    }
    const statements = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'shop_%'`);
    expect(statements).toHaveLength(1);
  });

  it("inside a transaction run on the transaction's own connection, prepared there too", async () => {
    const { seen, prepared } = await database.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE prepared_probe (n int) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO prepared_probe VALUES (7)`);
      const seen = await queryPreparedRows<{ n: number }>(tx as never, sql`SELECT n FROM prepared_probe`);
      const prepared = await queryRows<{ statement: string }>(tx as never, sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'shop_%'`);
      return { seen, prepared: prepared.map((row) => row.statement) };
    });
    expect(seen).toEqual([{ n: 7 }]);
    expect(prepared).toContain('SELECT n FROM prepared_probe');
  });

  it('several writes in one statement all happen, or none', async () => {
    await database.db.execute(sql`CREATE TABLE one_statement_probe (n int PRIMARY KEY)`);
    await database.db.execute(inOneStatement([sql`INSERT INTO one_statement_probe VALUES (1)`, sql`INSERT INTO one_statement_probe VALUES (2)`]));
    await expect(
      database.db.execute(inOneStatement([sql`INSERT INTO one_statement_probe VALUES (3)`, sql`INSERT INTO one_statement_probe VALUES (1)`])),
    ).rejects.toThrow();
    expect(await queryRows<{ n: number }>(database.db, sql`SELECT n FROM one_statement_probe ORDER BY n`)).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
