import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { insertCatalogue, type SeedCategory } from '@shop/db/seed';
import type { CategoryDto, ProductDto } from '@shop/contract';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, createTestDatabase, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/until.ts';

const box = (name: string, size1: string, size2: string, pricePence: number) => ({
  key: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  name,
  description: `${name}: a strong corrugated box for posting and storage.`,
  imageUrl: '/media/products/box-kraft.svg',
  sizes: [{ size1, size2, packs: [{ pricePence, packRange: [25] }, { pricePence: pricePence * 3, packRange: [100] }] }],
});

const catalogue: SeedCategory[] = [
  {
    name: 'Cardboard Boxes',
    slug: 'cardboard-boxes',
    description: 'Boxes of every size.',
    imageUrl: '/media/categories/box-kraft.svg',
    children: [
      {
        name: 'Single Wall Boxes',
        slug: 'single-wall-boxes',
        description: 'Light and strong.',
        imageUrl: '/media/categories/box-kraft.svg',
        isNew: true,
        products: [
          { ...box('Single Wall Box', '12x9x6"', '305x229x152mm', 1250), isFeatured: true, isNew: true },
          box('Small Postal Box', '9x6x4"', '229x152x102mm', 899),
        ],
      },
      {
        name: 'Double Wall Boxes',
        slug: 'double-wall-boxes',
        description: 'For heavy goods.',
        imageUrl: '/media/categories/box-double-wall.svg',
        products: [{ ...box('Double Wall Box', '18x12x12"', '457x305x305mm', 2450), linkProductKey: 'single-wall-box' }],
      },
    ],
  },
  {
    name: 'Packing Tape',
    slug: 'packing-tape',
    description: 'Tape that holds.',
    imageUrl: '/media/categories/tape-brown.svg',
    products: [
      {
        key: 'brown-tape',
        name: 'Brown Polypropylene Tape',
        description: 'Low-noise parcel tape for sealing cartons.',
        imageUrl: '/media/products/tape-brown.svg',
        isFeatured: true,
        sizes: [{ size1: '48mm x 66m', size2: '48mm x 66m', packs: [{ pricePence: 1799, packRange: [36] }] }],
      },
    ],
  },
];

describeOnPglite('catalogue API', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    await insertCatalogue(t.database.db, catalogue);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('lists the category tree with SPEC field names, nested sub-categories and order', async () => {
    const response = await get('/api/categories');
    expect(response.statusCode).toBe(200);
    const tree = response.json<CategoryDto[]>();
    expect(tree.map((c) => c.slug)).toEqual(['cardboard-boxes', 'packing-tape']);
    const boxes = tree[0]!;
    expect(Object.keys(boxes).sort()).toEqual(
      ['category_id', 'description', 'external_id', 'external_parent_id', 'image_url', 'is_active', 'is_new', 'name', 'order', 'parent_id', 'slug', 'subCategories'].sort(),
    );
    expect(boxes.subCategories.map((c) => c.slug)).toEqual(['single-wall-boxes', 'double-wall-boxes']);
    expect(boxes.subCategories[0]!.parent_id).toBe(boxes.category_id);
    expect(boxes.subCategories[0]!.is_new).toBe(true);
  });

  it('answers a category by slug with its sub-categories, and 404 JSON for an unknown slug', async () => {
    const found = await get('/api/categories/GetBySlug/cardboard-boxes');
    expect(found.statusCode).toBe(200);
    expect(found.json<CategoryDto>().subCategories).toHaveLength(2);
    const missing = await get('/api/categories/GetBySlug/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
  });

  it('refuses a malformed slug with 400 JSON', async () => {
    const response = await get('/api/categories/GetBySlug/Bad%20Slug!');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('gives product detail with category, sizes and packs in pounds ex-VAT', async () => {
    const list = (await get('/api/products?condition=single-wall-boxes')).json<ProductDto[]>();
    const id = list.find((p) => p.name === 'Single Wall Box')!.product_id;
    const response = await get(`/api/products/GetById/${id}`);
    expect(response.statusCode).toBe(200);
    const product = response.json<ProductDto>();
    expect(product).toMatchObject({ name: 'Single Wall Box', is_new: true, category: { name: 'Single Wall Boxes', slug: 'single-wall-boxes' } });
    expect(product.product_Sizes).toHaveLength(1);
    expect(product.product_Sizes[0]).toMatchObject({ size1: '12x9x6"', size2: '305x229x152mm' });
    expect(product.product_Sizes[0]!.packs.map((p) => [p.price, p.pack_range, p.unit_price])).toEqual([
      [12.5, [25], 0.5],
      [37.5, [100], 0.375],
    ]);
  });

  it('links a product to its variation', async () => {
    const list = (await get('/api/products?condition=double-wall-boxes')).json<ProductDto[]>();
    const single = (await get('/api/products?condition=single-wall-boxes')).json<ProductDto[]>().find((p) => p.name === 'Single Wall Box')!;
    expect(list[0]!.link_product_id).toBe(single.product_id);
  });

  it('answers 404 JSON for an unknown product and 400 JSON for a malformed id', async () => {
    expect((await get('/api/products/GetById/999999')).statusCode).toBe(404);
    const malformed = await get('/api/products/GetById/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('lists the products of a category including its sub-categories, with the total in a header', async () => {
    const response = await get('/api/products?condition=cardboard-boxes');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.json<ProductDto[]>().map((p) => p.name).sort()).toEqual(['Double Wall Box', 'Single Wall Box', 'Small Postal Box']);
    const page2 = await get('/api/products?condition=cardboard-boxes&pageSize=2&page=2');
    expect(page2.json<ProductDto[]>()).toHaveLength(1);
  });

  it('gives the featured products for the landing page', async () => {
    const response = await get('/api/products/GetLanding?condition=');
    expect(response.statusCode).toBe(200);
    expect(response.json<ProductDto[]>().map((p) => p.name).sort()).toEqual(['Brown Polypropylene Tape', 'Single Wall Box']);
  });

  it.each([
    ['postal box', 'Small Postal Box'],
    ['tape', 'Brown Polypropylene Tape'],
    ['tpae', 'Brown Polypropylene Tape'], // transposed letters
    ['postl box', 'Small Postal Box'], // a missing letter
    ['12x9x6', 'Single Wall Box'],
    ['12 X 9 X 6"', 'Single Wall Box'],
    ['457x305', 'Double Wall Box'],
  ])('search %j finds %j first', async (filter, expected) => {
    const response = await get(`/api/products/Search?filter=${encodeURIComponent(filter)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ProductDto[]>()[0]?.name).toBe(expected);
  });

  it('an empty search or one with no match answers an empty list', async () => {
    expect((await get('/api/products/Search?filter=')).json()).toEqual([]);
    expect((await get('/api/products/Search?filter=zzzzqqqq')).json()).toEqual([]);
  });

  it('serves catalogue reads with Cache-Control and an ETag, and 304 when unchanged', async () => {
    const first = await get('/api/categories');
    expect(first.headers['cache-control']).toContain('max-age');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/categories', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('over a real connection, a cached read answers the same bytes and headers as the first, HSTS only when a trusted proxy says HTTPS', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const computed = vi.spyOn(t.app.services.catalogue, 'landingProducts');
    try {
      // A URL no other test reads, so the first read is a miss (computed) and the second a hit.
      const read = (headers: Record<string, string> = {}) => fetch(`${url}/api/products/GetLanding?condition=packing-tape`, { headers });
      const first = await read();
      const cached = await read();
      expect(computed).toHaveBeenCalledTimes(1);
      expect(cached.status).toBe(200);
      expect(await cached.text()).toBe(await first.text());
      const headersOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
      expect(headersOf(cached)).toEqual(headersOf(first));
      for (const name of ['etag', 'cache-control', 'content-type', 'content-security-policy', 'x-content-type-options', 'referrer-policy']) {
        expect(cached.headers.get(name), name).toBeTruthy();
      }
      expect(cached.headers.get('strict-transport-security')).toBeNull();
      // The test connects from loopback, which TRUST_PROXY trusts by default.
      expect((await read({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      const unchanged = await read({ 'if-none-match': first.headers.get('etag')! });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe('');
      expect(computed).toHaveBeenCalledTimes(1);
    } finally {
      computed.mockRestore();
      await t.app.server.close();
    }
  });

  it('keys cached reads by route and validated parameters: query keys the route does not know add no entries', async () => {
    const computed = vi.spyOn(t.app.services.catalogue, 'productsInCategory');
    try {
      const first = await get('/api/products?condition=single-wall-boxes&pageSize=1');
      for (let j = 1; j <= 400; j++) {
        const response = await get(`/api/products?condition=single-wall-boxes&pageSize=1&j=${j}`);
        expect(response.body).toBe(first.body);
      }
      // Key order, an explicit default and a number written differently name the same answer.
      for (const url of ['/api/products?pageSize=1&condition=single-wall-boxes', '/api/products?condition=single-wall-boxes&pageSize=01&page=1']) {
        expect((await get(url)).body).toBe(first.body);
      }
      expect(computed).toHaveBeenCalledTimes(1);
      // A NUL character, even in a key the route ignores, is still refused.
      expect((await get('/api/products?condition=single-wall-boxes&pageSize=1&j=%00')).statusCode).toBe(400);
    } finally {
      computed.mockRestore();
    }
  });

  it('never serves a stale price after the catalogue changes', async () => {
    const list = (await get('/api/products?condition=packing-tape')).json<ProductDto[]>();
    const id = list[0]!.product_id;
    const before = (await get(`/api/products/GetById/${id}`)).json<ProductDto>();
    expect(before.product_Sizes[0]!.packs[0]!.price).toBe(17.99);
    await t.database.db.execute(sql`UPDATE product_prices SET price_pence = 1899 WHERE product_id = ${id}`);
    await expect.poll(async () => (await get(`/api/products/GetById/${id}`)).json<ProductDto>().product_Sizes[0]!.packs[0]!.price).toBe(18.99);
    await expect.poll(async () => (await get('/api/products?condition=packing-tape')).json<ProductDto[]>()[0]!.product_Sizes[0]!.packs[0]!.price).toBe(18.99);
  });

  it('creates a new anonymous session id (UUID v4 as a JSON string)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/session', payload: { ip: '' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('answers an unknown API path with 404 JSON and malformed JSON with 400 JSON', async () => {
    const unknown = await get('/api/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    const malformed = await t.app.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'application/json' }, payload: '{"ip":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('publishes the OpenAPI document of the API', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/categories', '/api/products/GetById/{id}', '/api/products/Search', '/api/session']));
  });
});

describeOnPglite('cached catalogue reads in the request pipeline', (kind) => {
  let app: App;
  let drop: () => Promise<void>;
  let baseUrl: string;
  const logs: Array<{ level?: number; msg?: string; reqId?: string; route?: string; req?: { url?: string }; res?: { statusCode?: number } }> = [];

  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    drop = created.drop;
    await insertCatalogue(created.database.db, catalogue);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as (typeof logs)[number]);
        done();
      },
    });
    app = await buildApp({ config: loadConfig({ DATA_DIR: '/tmp/shop-test-data' }), database: created.database, logger: { level: 'debug', stream } });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('logs one line per request: a miss at info, a cache hit at debug, under the request id the caller sent', async () => {
    const url = `${baseUrl}/api/products/Search?filter=log-line-${kind}`;
    const computed = vi.spyOn(app.services.catalogue, 'search');
    const miss = await fetch(url, { headers: { 'x-request-id': 'lb-cached-read-0' } });
    expect(miss.status).toBe(200);
    const hit = await fetch(url, { headers: { 'x-request-id': 'lb-cached-read-1' } });
    expect(hit.status).toBe(200);
    expect(computed).toHaveBeenCalledTimes(1);
    computed.mockRestore();
    const INFO = 30;
    const DEBUG = 20;
    const ofMiss = logs.filter((line) => line.reqId === 'lb-cached-read-0' && line.level! >= INFO);
    expect(ofMiss.map((line) => line.msg)).toEqual(['request completed']);
    expect(ofMiss[0]).toMatchObject({ route: '/api/products/Search', req: { url: `/api/products/Search?filter=log-line-${kind}` }, res: { statusCode: 200 } });
    const ofHit = logs.filter((line) => line.reqId === 'lb-cached-read-1');
    expect(ofHit.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', DEBUG],
      ['request completed', DEBUG],
    ]);
    expect(ofHit[0]!.req!.url).toBe(`/api/products/Search?filter=log-line-${kind}`);
    expect(ofHit[1]!.res!.statusCode).toBe(200);
  });

  it('while shutting down, a cached URL answers as every other route does: 503 and connection: close', async () => {
    await fetch(`${baseUrl}/api/categories`);
    expect((await fetch(`${baseUrl}/api/categories`)).status).toBe(200);
    // Requests whose headers have started to arrive keep their connections open through
    // server.close(); they are completed once the app is closing.
    const started = ['/api/categories', '/api/products/Search?filter=box', '/healthz'].map((path) => startRequest(baseUrl, path));
    await Promise.all(started.map((request) => request.ready));
    const closed = app.close();
    // Closing has begun once the port takes no new connection.
    await until(() => refusesConnections(baseUrl), 5_000, 'the app to stop accepting connections');
    const answers = await Promise.all(started.map((request) => request.finish()));
    for (const answer of answers) {
      expect(answer.status, answer.head).toBe(503);
      expect(answer.head).toMatch(/^connection: close$/im);
    }
    await closed;
  });
});

function refusesConnections(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const probe = connect({ host: hostname, port: Number(port) });
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });
}

/** A GET whose headers are sent without their final blank line; finish() sends it and reads the answer. */
function startRequest(baseUrl: string, path: string): { ready: Promise<void>; finish(): Promise<{ status: number; head: string }> } {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    // Written, then a moment for the bytes to reach the server's parser (nothing outside shows it).
    socket.once('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n`, () => setTimeout(resolve, 50)));
  });
  return {
    ready,
    async finish() {
      socket.write('\r\n');
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      socket.destroy();
      const head = received.split('\r\n\r\n')[0] ?? '';
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head };
    },
  };
}
