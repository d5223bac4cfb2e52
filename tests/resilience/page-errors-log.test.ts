/**
 * What the real server process prints when pages meet hostile input or a failing query (issue
 * 13, item 3): `/products?search=%00` once answered 500 and printed the PostgreSQL error with
 * its SQL and parameters as many non-JSON lines. Now
 *  - hostile search text (NUL, a lone surrogate, over-long, the `.data` URL) answers below 500;
 *  - with PostgreSQL, a query that really fails in a page loader (its table renamed away) is a
 *    500 page logged as one JSON line, without the SQL or the search text it was given;
 *  - every line the process wrote to stdout and stderr is JSON.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../apps/server/src/testing/until.ts';
import { call, createDataDir, createFreshDatabase, type FreshDatabase, type ServerProcess, sleep, startServer, stopAllServers } from './server-process.ts';

const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const hostileSearches = [
  '/products?search=%00',
  '/products?search=a%00b',
  '/products.data?search=%00',
  '/products.data?search=a%00b',
  '/products?search=%ED%A0%80',
  '/products.data?search=%ED%A0%80',
  '/products?search=%F0%9F',
  `/products?search=${'b'.repeat(3_000)}`,
  `/products.data?search=${'b'.repeat(3_000)}`,
];

/** Text of a failed query that must never reach the log. */
const SQL_TEXTS = ['Failed query', 'params:', 'SELECT ', 'select ', 'FROM "', 'from "'];

function expectJsonLinesWithout(server: ServerProcess, forbidden: string[]) {
  const lines = [...server.logs, ...server.errors];
  for (const line of lines) {
    expect(() => JSON.parse(line), `a non-JSON line: ${line.slice(0, 300)}`).not.toThrow();
    for (const text of forbidden) expect(line, `a log line holds "${text}"`).not.toContain(text);
  }
}

for (const kind of kinds) {
  describe(`page errors in the process log [${kind}]`, () => {
    let dataDir: string;
    let database: FreshDatabase | null = null;
    let server: ServerProcess;

    beforeAll(async () => {
      dataDir = await createDataDir('shop-page-log', { seeded: kind === 'pglite' });
      if (kind === 'postgres') database = await createFreshDatabase('shop_page_log', { seeded: true });
      server = await startServer({ label: `page-log ${kind}`, env: { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) } });
    });

    afterAll(async () => {
      await stopAllServers();
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('hostile search text answers below 500 (NUL: 400), and every log line is JSON', async () => {
      for (const url of hostileSearches) {
        const answer = await call(server.baseUrl, 'GET', url);
        expect(answer.status, `${url}: ${String(JSON.stringify(answer.body)).slice(0, 200)}`).toBeLessThan(500);
        if (url.includes('%00')) expect(answer.status, url).toBe(400);
      }
      // Nothing marks the last line at this log level: give any late line time to reach the pipe.
      await sleep(200);
      expectJsonLinesWithout(server, SQL_TEXTS);
    });

    it.skipIf(kind !== 'postgres')('a query that fails in a page loader is one JSON log line, without its SQL or parameters', async () => {
      const searchText = `needle${Date.now()}`;
      await database!.query('ALTER TABLE products RENAME TO products_away');
      try {
        for (const url of [`/products?search=${searchText}`, `/products.data?search=${searchText}2`]) {
          const answer = await call(server.baseUrl, 'GET', url);
          expect(answer.status, url).toBe(500);
        }
      } finally {
        await database!.query('ALTER TABLE products_away RENAME TO products');
      }
      await until(async () => server.logs.some((line) => line.includes('page request failed')), 5_000, 'the failed page request in the log');
      const failures = server.logs.filter((line) => line.includes('page request failed'));
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.join('\n')).toContain('products');
      expectJsonLinesWithout(server, [...SQL_TEXTS, searchText]);
    });
  });
}
