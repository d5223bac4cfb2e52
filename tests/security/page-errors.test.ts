/**
 * page requests with hostile input, and what a failed query leaves in
 * the log and in the answer (the app in-process with the storefront, its log captured).
 *  - `/products?search=%00` (also `a%00b`, the `.data` URL, a form field with NUL) is a 400 in
 *    DESIGN's shape, as the API answers; a lone surrogate or an over-long search is no 500.
 *  - A query that fails in a page loader is logged as one JSON line with the driver's message:
 *    nothing on the console, no SQL, no parameters.
 *  - A POST to a page without an action is a 405 logged at info; a form sent from another site
 *    is refused with the error page for a browser and the JSON error for other clients.
 *  - A database that cannot be reached (connection terminated, admin shutdown, refused) makes
 *    a page, its `.data` URL and the API answer 503 with Retry-After, not 500.
 */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { createSecurityApp, type SecurityApp } from './support.ts';

const buildDir = STOREFRONT_BUILD_DIR;
const storefrontBuilt = storefrontIsBuilt();
if (!storefrontBuilt) console.warn(`page-errors: skipped: no storefront build at ${buildDir}; run \`npm run build\`.`);

/** Markers that must never reach the log: the SQL of a failed query and its parameters. */
const SQL_MARKER = 'select secret_sql_marker from products';
const PARAM_MARKER = 'secret-param-marker';

function failedQuery(cause: Error): DrizzleQueryError {
  return new DrizzleQueryError(SQL_MARKER, [PARAM_MARKER, 'other'], cause);
}

const unreachableDatabaseErrors: [string, () => Error][] = [
  ['the connection terminated', () => new Error('Connection terminated unexpectedly')],
  ['admin shutdown (57P01)', () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
  ['cannot connect now (57P03)', () => Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
  ['connection refused', () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ['a database closed to connections', () => Object.assign(new Error('database "shop" is not currently accepting connections'), { code: '55000' })],
];

describe.skipIf(!storefrontBuilt)('security: page input and page errors', () => {
  let t: SecurityApp;
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  let searchCount = 0;
  /** A search text not seen before, so no cached answer hides the failure. */
  const freshSearch = () => `box${++searchCount}`;

  beforeAll(async () => {
    t = await createSecurityApp('pglite', { storefront: { buildDir }, logger: { level: 'info', stream } });
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  function expectLogClean() {
    for (const line of logLines) {
      expect(() => JSON.parse(line), line).not.toThrow();
      expect(line).not.toContain('secret_sql_marker');
      expect(line).not.toContain(PARAM_MARKER);
      expect(line).not.toContain('Failed query');
    }
  }

  describe('hostile search text', () => {
    it.each(['/products?search=%00', '/products?search=a%00b', '/products.data?search=%00', '/products?search=box&page=%00', '/%00'])(
      '%s: 400 in the JSON error shape, as the API answers',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('NUL') });
      },
    );

    it.each([
      '/products?search=%ED%A0%80',
      '/products?search=a%ED%A0%80b',
      '/products?search=%F0%9F',
      '/products.data?search=%ED%A0%80',
      `/products?search=${'a'.repeat(5_000)}`,
      `/products.data?search=${'%C3%A9'.repeat(1_000)}`,
    ])('%s: answers below 500', async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    });

    it('a page form with a NUL in a field is a 400 before its action runs', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/signin',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: 'email=a%00b%40example.com&password=secret',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('email') });
    });

    it('none of them left a non-JSON log line', () => {
      expectLogClean();
    });
  });

  describe('refused page requests', () => {
    const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

    it('a POST to a page without an action is a 405, logged at info, not as an error', async () => {
      const before = logLines.length;
      for (const url of ['/about', '/about.data']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          payload: 'a=1',
        });
        expect(response.statusCode, url).toBe(405);
      }
      const logged = logLines.slice(before).map((line) => JSON.parse(line) as { level: number; msg?: string; status?: number });
      expect(logged.filter((line) => line.level >= 50)).toEqual([]);
      expect(logged).toContainEqual(expect.objectContaining({ level: 30, msg: 'page request refused', status: 405 }));
    });

    it('a form of this site sent with "Origin: null" (a page with Referrer-Policy: no-referrer) reaches its action', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/signin',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: 'null', accept: browserAccept },
        payload: 'intent=signin&email=nobody%40example.com&password=not-the-password',
      });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).not.toContain('Aborting the action');
    });

    it('a form sent from another site shows a person the shop\'s error page (403), and an API client the JSON error', async () => {
      const before = logLines.length;
      const crossSite = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
      const person = await t.app.inject({ method: 'POST', url: '/signin', headers: { ...crossSite, accept: browserAccept }, payload: 'email=a%40example.com&password=secret' });
      expect(person.statusCode).toBe(403);
      expect(person.headers['content-type']).toMatch(/^text\/html/);
      expect(person.body).toContain('That form was not sent');
      expect(person.body).toContain('This form was sent from another site, so it was refused.');
      expect(person.body).not.toContain('"error":"forbidden"');
      for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5']) {
        const client = await t.app.inject({ method: 'POST', url: '/signin', headers: { ...crossSite, ...(accept ? { accept } : {}) }, payload: 'email=a%40example.com&password=secret' });
        expect(client.statusCode, accept).toBe(403);
        expect(client.json(), accept).toEqual({ error: 'forbidden', message: 'This form was sent from another site, so it was refused.' });
      }
      const logged = logLines.slice(before).map((line) => JSON.parse(line) as { level: number });
      expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    });
  });

  describe('a query that fails', () => {
    it('in a page loader: a 500 page, one JSON log line with the driver message, no SQL or parameters, nothing on the console', async () => {
      const consoleError = vi.spyOn(console, 'error');
      vi.spyOn(t.app.services.catalogue, 'search').mockRejectedValue(failedQuery(new Error('invalid byte sequence for encoding "UTF8": 0x00')));
      const before = logLines.length;
      const response = await t.app.inject({ method: 'GET', url: `/products?search=${freshSearch()}` });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('secret_sql_marker');
      expect(consoleError).not.toHaveBeenCalled();
      const logged = logLines.slice(before).map((line) => JSON.parse(line) as { msg?: string; error?: { message?: string } });
      expect(logged).toContainEqual(expect.objectContaining({ msg: 'page request failed', error: expect.objectContaining({ message: 'invalid byte sequence for encoding "UTF8": 0x00' }) }));
      expectLogClean();
    });

    it('in the API: a 500 JSON, logged the same way', async () => {
      vi.spyOn(t.app.services.catalogue, 'search').mockRejectedValue(failedQuery(new Error('out of memory')));
      const response = await t.app.inject({ method: 'GET', url: `/api/products/Search?filter=${freshSearch()}` });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'internal_error', message: expect.any(String) });
      expectLogClean();
    });
  });

  describe('the database cannot be reached', () => {
    it.each(unreachableDatabaseErrors)('%s: a page, its .data URL and the API answer 503 with Retry-After', async (_label, makeError) => {
      vi.spyOn(t.app.services.catalogue, 'search').mockImplementation(async () => {
        throw failedQuery(makeError());
      });
      for (const url of [`/products?search=${freshSearch()}`, `/products.data?search=${freshSearch()}`]) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(503);
        expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      }
      const api = await t.app.inject({ method: 'GET', url: `/api/products/Search?filter=${freshSearch()}` });
      expect(api.statusCode).toBe(503);
      expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
      expect(api.json()).toEqual({ error: 'service_unavailable', message: expect.any(String) });
      expectLogClean();
    });

    it('a query error that is not about the connection stays a 500', async () => {
      vi.spyOn(t.app.services.catalogue, 'search').mockRejectedValue(
        failedQuery(Object.assign(new Error('relation "products" does not exist'), { code: '42P01' })),
      );
      const api = await t.app.inject({ method: 'GET', url: `/api/products/Search?filter=${freshSearch()}` });
      expect(api.statusCode).toBe(500);
      expect(api.headers['retry-after']).toBeUndefined();
    });
  });
});
