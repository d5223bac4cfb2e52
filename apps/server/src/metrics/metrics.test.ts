import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@shop/db';
import { insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };

/** The value of one sample of the text format, e.g. `shop_orders_placed` or `x{kind="refund"}`. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

describeOnEachDatabase('metrics behind a token', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { ...relaxedLimits, METRICS_TOKEN: TOKEN } });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  it('answers 404 to anyone without the token, as for a page that does not exist', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-the-same-size-01' } })).statusCode).toBe(404);
  });

  it('takes the scheme in any letter case, as RFC 7235 says ("bearer", "BEARER")', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: `${scheme} ${TOKEN}` } })).statusCode, scheme).toBe(200);
    }
  });

  it('times requests by route pattern and status class, never by the URL a client typed', async () => {
    await t.app.inject({ url: '/api/products/GetById/987654' });
    await t.app.inject({ url: '/api/products/GetById/987655' });
    const text = await scrape();
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/products/GetById/:id",status_class="4xx"} 2');
    expect(text).not.toContain('987654');
  });

  it('counts cached catalogue reads as hits and misses', async () => {
    const before = await scrape();
    const hits = sample(before, 'shop_catalogue_cache_lookups_total{result="hit"}') ?? 0;
    const misses = sample(before, 'shop_catalogue_cache_lookups_total{result="miss"}') ?? 0;
    await t.app.inject({ url: `/api/products/Search?filter=metrics-${kind}` });
    await t.app.inject({ url: `/api/products/Search?filter=metrics-${kind}` });
    await t.app.inject({ url: `/api/products/Search?filter=metrics-${kind}` });
    const after = await scrape();
    expect(sample(after, 'shop_catalogue_cache_lookups_total{result="miss"}')).toBe(misses + 1);
    expect(sample(after, 'shop_catalogue_cache_lookups_total{result="hit"}')).toBe(hits + 2);
    // Hits are answered before the route's handler, and still timed.
    const searches = (text: string) => sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/Search",status_class="2xx"}') ?? 0;
    expect(searches(after)).toBe(searches(before) + 3);
  });

  it('reports the orders placed and their value, and the e-mail waiting to be sent', async () => {
    const before = await scrape();
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
    expect(placed.statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'shop_orders_placed')).toBe(sample(before, 'shop_orders_placed')! + 1);
    expect(sample(after, 'shop_orders_value_pounds')).toBeCloseTo(sample(before, 'shop_orders_value_pounds')! + cart.total, 2);
    // The confirmation e-mail is a job; the worker may have sent it already, else it is waiting.
    expect(sample(after, 'shop_jobs_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'shop_jobs_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'shop_jobs_failed')).toBe(0);
    expect(sample(after, 'shop_money_recorded{kind="payment"}')).toBe(0);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    if (kind === 'postgres') expect(sample(after, 'shop_database_pool_waiting')).toBe(0);
  });

  it('says how old the oldest waiting job is', async () => {
    // Recorded ten minutes ago, due in an hour: the worker leaves it waiting.
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await t.database.db.insert(jobs).values({ kind: 'metrics-test', payload: {}, createdAt: tenMinutesAgo, runAt: new Date(Date.now() + 3_600_000) });
    const text = await scrape();
    expect(sample(text, 'shop_jobs_pending')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_jobs_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'shop_jobs_oldest_pending_age_seconds')).toBeLessThan(700);
  });
});

describe('metrics on a port of their own', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ seed: false, env: { METRICS_PORT: String(port) } });
  });
  afterAll(async () => t?.close());

  it('serves /metrics there (loopback by default) and not on the shop port', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('metrics on a port of their own: the documentation and dashboard name what is served', () => {
  it('every metric docs/metrics.md and docs/grafana-dashboard.json use exists', async () => {
    const port = await freePort();
    const t = await createTestApp({ seed: false, env: { METRICS_PORT: String(port) } });
    try {
      const served = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const names = new Set([...served.matchAll(/^# TYPE (\w+) /gm)].map((m) => m[1]!));
      const root = new URL('../../../../', import.meta.url);
      const documented = [
        ...readFileSync(new URL('docs/metrics.md', root), 'utf8').matchAll(/`((?:shop|http|nodejs|process)_\w+)`/g),
        ...readFileSync(new URL('docs/grafana-dashboard.json', root), 'utf8').matchAll(/\b((?:shop|http|nodejs|process)_[a-z0-9_]+)/g),
      ].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, ''));
      expect(documented.length).toBeGreaterThan(10);
      // PostgreSQL's pool gauges exist only on PostgreSQL (this app is on PGlite).
      const missing = [...new Set(documented)].filter((name) => !names.has(name) && !name.startsWith('shop_database_pool'));
      expect(missing).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('metrics not configured', () => {
  it('keeps none and serves none', async () => {
    const t = await createTestApp({ seed: false });
    try {
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
