/**
 * HTTP hardening. Oversized bodies answer 413 JSON, malformed JSON
 * 400 JSON, a wrong content type a 4xx JSON; pages and API answers carry the security headers
 * (a Content-Security-Policy whose script-src allows inline script only by nonce,
 * frame-ancestors 'none', X-Content-Type-Options, Referrer-Policy), and HSTS is sent over HTTPS
 * only (the app trusts X-Forwarded-Proto from its proxy).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, signUp, type Customer } from '../../apps/server/src/testing/basket-fixtures.ts';
import { createSecurityApp, describeOnPglite, type SecurityApp } from './support.ts';

const buildDir = STOREFRONT_BUILD_DIR;
const storefrontBuilt = storefrontIsBuilt();
const noBuild = storefrontBuilt ? '' : ' (SKIPPED: no storefront build at apps/web/build; run `npm run build` first)';
if (!storefrontBuilt) console.warn(`http-hardening: page header checks skipped: no storefront build at ${buildDir}; run \`npm run build\`.`);

const BODY_LIMIT = 100 * 1024;

type Method = 'POST' | 'PUT';
/** Every API route that takes a body. */
const bodyRoutes: [Method, string][] = [
  ['POST', '/api/session'],
  ['POST', '/api/users'],
  ['POST', '/api/account'],
  ['POST', '/api/forgotpassword'],
  ['PUT', '/api/forgotpassword'],
  ['POST', '/api/cart'],
  ['PUT', '/api/cart'],
  ['PUT', '/api/cart/ModifyCart'],
  ['POST', '/api/cart/remove'],
  ['PUT', '/api/cart/AssignAddress'],
  ['POST', '/api/address'],
  ['PUT', '/api/address'],
  ['PUT', '/api/address/MarkAsBilling'],
  ['POST', '/api/order'],
  ['POST', '/api/OrderLog'],
  ['POST', '/api/payments/test-order'],
];

const malformedBodies: [string, string][] = [
  ['truncated object', '{"email": "a@example.com", '],
  ['single quotes', "{'email': 'a@example.com'}"],
  ['trailing comma', '{"a": 1,}'],
  ['bare word', 'undefined'],
  ['NaN', '{"count": NaN}'],
  ['__proto__ key (prototype pollution)', '{"__proto__": {"isAdmin": true}, "email": "a@example.com"}'],
  ['constructor.prototype (prototype pollution)', '{"constructor": {"prototype": {"isAdmin": true}}}'],
  ['lone surrogate escapes and junk after the value', '{"a": "\\ud800"} trailing'],
];

const wrongContentTypes: [string, string][] = [
  ['text/plain', '{"email":"a@example.com"}'],
  ['application/x-www-form-urlencoded', 'email=a%40example.com&password=x'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--xyz--'],
  ['application/xml', '<user><email>a@example.com</email></user>'],
];

function expectJsonError(response: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number | number[]) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, response.body).toContain(response.statusCode);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { error?: unknown; message?: unknown; stack?: unknown };
  expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
}

/** The directives of a Content-Security-Policy header by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>, https: boolean) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  const policy = directives(String(headers['content-security-policy'] ?? ''));
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  if (https) expect(String(headers['strict-transport-security'])).toMatch(/max-age=(\d{8,}|[3-9]\d{6,})/);
  else expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['x-powered-by']).toBeUndefined();
}

describeOnPglite('security: HTTP hardening', (kind) => {
  let t: SecurityApp;
  let customer: Customer;

  beforeAll(async () => {
    t = await createSecurityApp(kind, storefrontBuilt ? { storefront: { buildDir } } : {});
    await insertBasketCatalogue(t.database);
    customer = await signUp(t.app);
  });
  afterAll(async () => t?.close());

  describe('request bodies', () => {
    it.each(bodyRoutes)('%s %s: a body over 100 kB answers 413 JSON', async (method, url) => {
      const big = JSON.stringify({ email: 'a@example.com', error: 'x'.repeat(BODY_LIMIT + 10) });
      const response = await t.app.inject({ method, url, headers: { ...bearer(customer.token), 'content-type': 'application/json' }, payload: big });
      expectJsonError(response, 413);
      expect(response.json()).toMatchObject({ error: 'payload_too_large' });
    });

    it('a body just under 100 kB is read (answered by validation, not refused as too large)', async () => {
      const body = JSON.stringify({ error: 'x'.repeat(3_000), request: 'y'.repeat(3_000), extra_info: 'z', external_id: 'a', pad: 'p'.repeat(BODY_LIMIT - 7_000) });
      expect(body.length).toBeLessThan(BODY_LIMIT);
      const response = await t.app.inject({ method: 'POST', url: '/api/OrderLog', headers: { 'content-type': 'application/json' }, payload: body });
      expect(response.statusCode).toBe(204);
    });

    it('an oversized body sent in chunks without a content-length is still refused with 413', async () => {
      const { Readable } = await import('node:stream');
      const chunks = Array.from({ length: 30 }, () => Buffer.from('x'.repeat(5_000)));
      const payload = Readable.from([Buffer.from('{"error":"'), ...chunks, Buffer.from('"}')]);
      const response = await t.app.inject({ method: 'POST', url: '/api/OrderLog', headers: { 'content-type': 'application/json' }, payload });
      expectJsonError(response, 413);
    });

    it.each(bodyRoutes.flatMap(([method, url]) => malformedBodies.map(([label, body]) => [method, url, label, body] as const)))(
      '%s %s: malformed JSON (%s) answers 400 JSON',
      async (method, url, _label, body) => {
        const response = await t.app.inject({ method, url, headers: { ...bearer(customer.token), 'content-type': 'application/json' }, payload: body });
        expectJsonError(response, 400);
      },
    );

    it.each(bodyRoutes)('%s %s: deeply nested JSON within the size limit answers 400 JSON, not 500', async (method, url) => {
      const nestedArrays = `${'['.repeat(45_000)}${']'.repeat(45_000)}`;
      // The order log keeps JSON values as text: turning this back into text overflowed the stack (500).
      const nestedObject = `{"error":${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)},"request":"","extra_info":"","external_id":""}`;
      for (const body of [nestedArrays, nestedObject]) {
        const response = await t.app.inject({ method, url, headers: { ...bearer(customer.token), 'content-type': 'application/json' }, payload: body });
        expectJsonError(response, 400);
        expect(response.json().message).toMatch(/nested too deeply/);
      }
    });

    it('ordinary nesting is still accepted (an error object in the order log is kept as JSON text)', async () => {
      const error = { name: 'PayPalError', details: [{ issue: 'INSTRUMENT_DECLINED', links: [{ rel: 'help', nested: { a: { b: { c: '"quoted" [brackets] {braces}' } } } }] }] };
      const response = await t.app.inject({ method: 'POST', url: '/api/OrderLog', payload: { error, request: '', extra_info: '', external_id: 'nesting-ok' } });
      expect(response.statusCode).toBe(204);
      const [row] = await queryRows<{ error: string }>(t.database.db, sql`SELECT error FROM order_logs WHERE external_id = 'nesting-ok'`);
      expect(JSON.parse(row!.error)).toEqual(error);
    });

    it('an empty body declared as JSON answers 400 JSON', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/users', headers: { 'content-type': 'application/json' }, payload: '' });
      expectJsonError(response, 400);
    });

    it.each(bodyRoutes.flatMap(([method, url]) => wrongContentTypes.map(([type, body]) => [method, url, type, body] as const)))(
      '%s %s: content type %s answers a 4xx JSON',
      async (method, url, type, body) => {
        const response = await t.app.inject({ method, url, headers: { ...bearer(customer.token), 'content-type': type }, payload: body });
        expectJsonError(response, [400, 415]);
      },
    );

    it('a JSON body in UTF-16 (declared as such) answers 400 JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { 'content-type': 'application/json; charset=utf-16' },
        payload: Buffer.from('\ufeff{"email":"a@example.com"}', 'utf16le'),
      });
      expectJsonError(response, [400, 415]);
    });

    it('a body with no content type at all answers a 4xx JSON', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/users', payload: Buffer.from('{"email":"a@example.com"}') });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });
  });

  describe('API headers', () => {
    type ApiRequest = () => { method: 'GET' | 'POST'; url: string; headers?: Record<string, string> };
    const apiRequests: [string, ApiRequest][] = [
      ['a catalogue read', () => ({ method: 'GET', url: '/api/categories' })],
      ['a catalogue read answered from the cache', () => ({ method: 'GET', url: '/api/categories' })],
      ['a personal read', () => ({ method: 'GET', url: `/api/users/${customer.userId}`, headers: bearer(customer.token) })],
      ['a 401', () => ({ method: 'GET', url: '/api/order/GetMine' })],
      ['an unknown API route (404)', () => ({ method: 'GET', url: '/api/nothing-here' })],
      ['a validation error (400)', () => ({ method: 'GET', url: '/api/products/GetById/abc' })],
      ['the health check', () => ({ method: 'GET', url: '/healthz' })],
    ];

    it.each(apiRequests.flatMap(([label, request]) => [[label, false, request] as const, [label, true, request] as const]))(
      '%s: security headers (over HTTPS: %s)',
      async (_label, https, request) => {
        const { headers, ...rest } = request();
        const response = await t.app.inject({ ...rest, headers: { ...headers, ...(https ? { 'x-forwarded-proto': 'https' } : {}) } });
        expect(response.statusCode).toBeLessThan(500);
        expectCommonHeaders(response.headers, https);
        // The API runs no script at all.
        const policy = directives(String(response.headers['content-security-policy']));
        expect(policy.get('default-src')).toEqual(["'none'"]);
        expect(policy.has('script-src')).toBe(false);
      },
    );

    it('media (generated SVG): nosniff, a policy that runs no script, HSTS only over HTTPS', async () => {
      for (const https of [false, true]) {
        const response = await t.app.inject({ method: 'GET', url: '/media/products/box-kraft.svg', headers: https ? { 'x-forwarded-proto': 'https' } : {} });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(directives(String(response.headers['content-security-policy'])).get('default-src')).toEqual(["'none'"]);
        if (https) expect(response.headers['strict-transport-security']).toBeDefined();
        else expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('personal answers are never cached by browsers or proxies', async () => {
      for (const url of [`/api/users/${customer.userId}`, `/api/cart/${customer.userId}`, `/api/address/GetBy/${customer.userId}`, '/api/order/GetMine']) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(customer.token) });
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
    });

    it('413 and 400 answers carry the security headers too', async () => {
      const big = await t.app.inject({ method: 'POST', url: '/api/OrderLog', headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' }, payload: `{"error":"${'x'.repeat(BODY_LIMIT)}"}` });
      expect(big.statusCode).toBe(413);
      expectCommonHeaders(big.headers, true);
      const malformed = await t.app.inject({ method: 'POST', url: '/api/OrderLog', headers: { 'content-type': 'application/json' }, payload: '{' });
      expect(malformed.statusCode).toBe(400);
      expectCommonHeaders(malformed.headers, false);
    });
  });

  describe('page headers', () => {
    const pages = ['/landing', '/about', '/products?search=box', '/signin', '/no-such-page'];

    it.skipIf(!storefrontBuilt).each(pages.flatMap((url) => [[url, false] as const, [url, true] as const]))(
      `%s: nonce-only script-src, frame-ancestors, nosniff, Referrer-Policy, HSTS only over HTTPS (%s)${noBuild}`,
      async (url, https) => {
        const response = await t.app.inject({ method: 'GET', url, headers: https ? { 'x-forwarded-proto': 'https' } : {} });
        expect(response.statusCode).toBeLessThan(500);
        expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
        expectCommonHeaders(response.headers, https);
        const policy = directives(String(response.headers['content-security-policy']));
        const scriptSrc = policy.get('script-src') ?? policy.get('default-src') ?? [];
        expect(scriptSrc).not.toContain("'unsafe-inline'");
        expect(scriptSrc).not.toContain("'unsafe-eval'");
        expect(scriptSrc).not.toContain('*');
        expect(scriptSrc.filter((s) => /^(https?:|data:|blob:)$/.test(s))).toEqual([]);
        const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-"));
        expect(nonces).toHaveLength(1);
        const nonce = nonces[0]!.slice("'nonce-".length, -1);
        expect(nonce.length).toBeGreaterThanOrEqual(16);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('base-uri')).toBeDefined();

        // Every inline script of the page carries that nonce (else the browser would block it).
        const scripts = [...response.body.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!);
        expect(scripts.length).toBeGreaterThan(0);
        for (const attributes of scripts) {
          if (/\bsrc=/i.test(attributes) || /type="application\/(ld\+)?json"/i.test(attributes)) continue;
          expect(attributes, `inline <script${attributes}> without the nonce`).toContain(`nonce="${nonce}"`);
        }
      },
    );

    it.skipIf(!storefrontBuilt)(`the home redirect carries the headers too${noBuild}`, async () => {
      for (const https of [false, true]) {
        const response = await t.app.inject({ method: 'GET', url: '/', headers: https ? { 'x-forwarded-proto': 'https' } : {} });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBeDefined();
        if (https) expect(response.headers['strict-transport-security']).toBeDefined();
        else expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it.skipIf(!storefrontBuilt)(`every page gets a fresh nonce${noBuild}`, async () => {
      const nonceOf = async () =>
        /'nonce-([^']+)'/.exec(String((await t.app.inject({ method: 'GET', url: '/about' })).headers['content-security-policy']))?.[1];
      const [first, second] = [await nonceOf(), await nonceOf()];
      expect(first).toBeDefined();
      expect(first).not.toBe(second);
    });

    it.skipIf(!storefrontBuilt)(`built assets carry nosniff and HSTS only over HTTPS${noBuild}`, async () => {
      for (const https of [false, true]) {
        const response = await t.app.inject({ method: 'GET', url: '/favicon.svg', headers: https ? { 'x-forwarded-proto': 'https' } : {} });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        if (https) expect(response.headers['strict-transport-security']).toBeDefined();
        else expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it.skipIf(!storefrontBuilt)(`a form post to a page with a wrong content type answers a 4xx, never 500${noBuild}`, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/signin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40example.com&password=secret',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });
    it.skipIf(!storefrontBuilt)(`with PayPal configured, pages allow PayPal's SDK script and API and nothing else new${noBuild}`, async () => {
      const withPayPal = await createSecurityApp(kind, {
        storefront: { buildDir },
        env: { PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'client-secret' },
      });
      try {
        const response = await withPayPal.app.inject({ method: 'GET', url: '/checkout' });
        const policy = directives(String(response.headers['content-security-policy']));
        expect(policy.get('script-src')).toContain('https://www.paypal.com');
        expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
        expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://www.paypal.com']));
        expect(policy.get('frame-src')).toEqual(expect.arrayContaining(['https://*.paypal.com']));
      } finally {
        await withPayPal.close();
      }
      // Without PayPal the page policy names no outside script host.
      const plain = directives(String((await t.app.inject({ method: 'GET', url: '/checkout' })).headers['content-security-policy']));
      expect(plain.get('script-src')?.filter((s) => s.startsWith('https:'))).toEqual([]);
    });
  });
});
