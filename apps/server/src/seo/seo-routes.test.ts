import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryHref, type CategoryDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { registerErrorHandling } from '../http/error-handler.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { seoRoutes, SITEMAP_URLS_PER_FILE } from './seo-routes.ts';
import { PRIVATE_PATHS, PUBLIC_PAGES, robotsTxt, sitemapIndex, urlSet, xmlEscape } from './sitemap-xml.ts';

const BASE = 'https://shop.example.com';

/** The <loc> values of a sitemap or index, unescaped. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&'));
}

/** Every `&` in the text starts one of XML's predefined entities. */
function ampersandsEscaped(xml: string): boolean {
  return !/&(?!(amp|lt|gt|quot|apos);)/.test(xml);
}

/**
 * RFC 9309 for rules without wildcards, enough for this file: the longest matching rule wins,
 * Allow on a tie; no matching rule allows.
 */
function robotsAllow(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const rule = /^(Allow|Disallow):\s*(\S*)$/.exec(line);
    if (!rule || !rule[2] || !path.startsWith(rule[2])) continue;
    const length = rule[2].length;
    const allow = rule[1] === 'Allow';
    if (length > best.length || (length === best.length && allow)) best = { length, allow };
  }
  return best.allow;
}

function allCategories(tree: CategoryDto[]): CategoryDto[] {
  return tree.flatMap((c) => [c, ...allCategories(c.subCategories)]);
}

describe('robots.txt and sitemap text', () => {
  it('escapes every URL for XML, so a query string stays well-formed', () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    const xml = urlSet([`${BASE}/products?search=tape&page=2`, `${BASE}/x?<y>`]);
    expect(xml).toContain('<loc>https://shop.example.com/products?search=tape&amp;page=2</loc>');
    expect(ampersandsEscaped(xml)).toBe(true);
    expect(locs(xml)).toEqual([`${BASE}/products?search=tape&page=2`, `${BASE}/x?<y>`]);
    expect(sitemapIndex([`${BASE}/a&b.xml`])).toContain('<sitemap><loc>https://shop.example.com/a&amp;b.xml</loc></sitemap>');
  });

  it('keeps private pages out of robots.txt without hiding the public pages whose paths start the same', () => {
    const robots = robotsTxt(BASE);
    for (const page of [...PUBLIC_PAGES, '/category?categoryCode=boxes', '/products?categoryCode=tape', '/product-detail?productCode=7', '/media/products/box.svg']) {
      expect(robotsAllow(robots, page), page).toBe(true);
    }
    for (const path of [...PRIVATE_PATHS, '/delivery?step=2', '/payment?orderId=1', '/order-detail?id=1', '/admin/orders', '/api/products?condition=']) {
      expect(robotsAllow(robots, path), path).toBe(false);
    }
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/shop\.example\.com\/sitemap\.xml$/m);
  });
});

describeOnPglite('search engine routes', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A trailing slash in the configuration must not double the slashes of the URLs.
    t = await createTestApp({ kind, env: { PUBLIC_BASE_URL: `${BASE}/` } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const activeProductIds = async () =>
    (await queryRows<{ product_id: number }>(t.database.db, sql`SELECT product_id FROM products WHERE is_active ORDER BY product_id`)).map((r) => Number(r.product_id));

  it('answers /robots.txt as plain text for an hour, pointing at the absolute sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toContain('Disallow: /checkout\n');
    expect(response.body).toContain('Disallow: /api/\n');
    expect(response.body).toContain(`Sitemap: ${BASE}/sitemap.xml\n`);
  });

  it('indexes the category sitemap and the product sitemaps, every one of them served', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const files = locs(response.body);
    const productFiles = Math.ceil((await activeProductIds()).length / SITEMAP_URLS_PER_FILE);
    expect(productFiles).toBeGreaterThan(0);
    expect(files).toEqual([`${BASE}/sitemaps/categories.xml`, ...Array.from({ length: productFiles }, (_, i) => `${BASE}/sitemaps/products-${i + 1}.xml`)]);
    for (const file of files) {
      const answer = await get(file.slice(BASE.length));
      expect(answer.statusCode, file).toBe(200);
      expect(answer.body, file).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    }
  });

  it('lists the landing and static pages and every active category at the address its menu link uses', async () => {
    const response = await get('/sitemaps/categories.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(ampersandsEscaped(response.body)).toBe(true);
    const tree = (await get('/api/categories')).json<CategoryDto[]>();
    const categories = allCategories(tree);
    expect(categories.length).toBeGreaterThan(5);
    const urls = locs(response.body);
    expect(urls).toEqual([...PUBLIC_PAGES.map((page) => `${BASE}${page}`), ...categories.map((c) => `${BASE}${categoryHref(c)}`)]);
    // Both kinds of category page are there: with sub-categories and leaves.
    expect(urls.some((u) => u.startsWith(`${BASE}/category?categoryCode=`))).toBe(true);
    expect(urls.some((u) => u.startsWith(`${BASE}/products?categoryCode=`))).toBe(true);
  });

  it('lists every active product once across the product sitemaps, by id', async () => {
    const index = locs((await get('/sitemap.xml')).body).filter((u) => u.includes('/products-'));
    const listed: string[] = [];
    for (const file of index) listed.push(...locs((await get(file.slice(BASE.length))).body));
    expect(listed).toEqual((await activeProductIds()).map((id) => `${BASE}/product-detail?productCode=${id}`));
  });

  it('sends gzip to a client that accepts it, the same XML once unpacked', async () => {
    const plain = await get('/sitemaps/products-1.xml');
    const packed = await get('/sitemaps/products-1.xml', { 'accept-encoding': 'gzip, deflate, br' });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(packed.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A client that refuses gzip (q=0) gets the XML as it is.
    const refused = await get('/sitemaps/products-1.xml', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('answers an unknown sitemap with the JSON 404 of the API', async () => {
    for (const url of ['/sitemaps/products-0.xml', '/sitemaps/products-999.xml', '/sitemaps/products-1.txt', '/sitemaps/pages.xml', '/sitemaps/products-01.xml']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({ error: 'not_found', message: expect.any(String) });
    }
  });

  it('splits the products into files of at most the given size, and drops a product once it is withdrawn', async () => {
    const ids = await activeProductIds();
    const perFile = Math.ceil(ids.length / 3) + 1; // three files, the last one shorter
    const small = Fastify({ logger: false });
    registerErrorHandling(small);
    await small.register(seoRoutes, { catalogue: t.app.services.catalogue, publicBaseUrl: BASE, urlsPerFile: perFile });
    try {
      const read = async (url: string) => (await small.inject({ method: 'GET', url })).body;
      const readAll = async () => {
        const files = locs(await read('/sitemap.xml')).filter((u) => u.includes('/products-'));
        const perFileUrls = await Promise.all(files.map(async (f) => locs(await read(f.slice(BASE.length)))));
        return { files, perFileUrls };
      };
      const { files, perFileUrls } = await readAll();
      expect(files).toEqual([1, 2, 3].map((n) => `${BASE}/sitemaps/products-${n}.xml`));
      for (const urls of perFileUrls) expect(urls.length).toBeLessThanOrEqual(perFile);
      expect(perFileUrls.flat()).toEqual(ids.map((id) => `${BASE}/product-detail?productCode=${id}`));
      expect((await small.inject({ method: 'GET', url: '/sitemaps/products-4.xml' })).statusCode).toBe(404);

      const withdrawn = ids[0]!;
      await t.database.db.execute(sql`UPDATE products SET is_active = false WHERE product_id = ${withdrawn}`);
      await expect.poll(async () => (await readAll()).perFileUrls.flat()).not.toContain(`${BASE}/product-detail?productCode=${withdrawn}`);
      expect((await readAll()).perFileUrls.flat()).toHaveLength(ids.length - 1);
    } finally {
      await small.close();
    }
  });
});
