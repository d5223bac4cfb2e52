/**
 * What search engines read: robots.txt, the sitemaps, canonical links and JSON-LD, in the
 * server HTML (no script runs before a crawler reads it). The server's PUBLIC_BASE_URL is the
 * tests' baseURL (playwright.config.ts), so absolute addresses start with it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

interface JsonLdNode {
  '@type'?: string;
  [key: string]: unknown;
}

/** The parsed JSON-LD blocks of a page's HTML (each must parse). */
function jsonLdBlocks(html: string): JsonLdNode[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m): JsonLdNode[] => {
    const parsed = JSON.parse(m[1]!) as JsonLdNode | JsonLdNode[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
}

async function firstProductId(request: APIRequestContext): Promise<number> {
  const products = (await (await request.get('/api/products?condition=packing-tape')).json()) as Array<{ product_id: number }>;
  expect(products.length).toBeGreaterThan(0);
  return products[0]!.product_id;
}

test('a product page has one canonical address and describes the product, its packs in GBP ex-VAT', async ({ request, baseURL }) => {
  const id = await firstProductId(request);
  // Extra query keys (tracking tags) must not change the canonical address.
  const response = await request.get(`/product-detail?productCode=${id}&utm_source=newsletter`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(canonicalOf(html)).toBe(`${baseURL}/product-detail?productCode=${id}`);

  const blocks = jsonLdBlocks(html);
  const product = blocks.find((b) => b['@type'] === 'Product');
  expect(product, 'a Product block').toBeTruthy();
  expect(product!.url).toBe(`${baseURL}/product-detail?productCode=${id}`);
  expect(String(product!.image)).toMatch(/^https?:\/\//);
  const offers = product!.offers as Array<Record<string, unknown>>;
  expect(offers.length).toBeGreaterThan(0);
  for (const offer of offers) {
    expect(offer.priceCurrency).toBe('GBP');
    expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    expect(offer.availability).toBe('https://schema.org/InStock');
    expect(offer.priceSpecification).toMatchObject({ '@type': 'UnitPriceSpecification', priceCurrency: 'GBP', valueAddedTaxIncluded: false });
  }
  // The offers are the packs the API lists for the product, by price id.
  const api = (await (await request.get(`/api/products/GetById/${id}`)).json()) as { product_Sizes: Array<{ packs: Array<{ product_price_id: number }> }> };
  expect(offers.map((o) => o.sku)).toEqual(api.product_Sizes.flatMap((s) => s.packs.map((p) => String(p.product_price_id))));

  const breadcrumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
  // The whole path: Home, every category from the top one down, the product.
  const steps = breadcrumbs!.itemListElement as Array<{ name: string }>;
  expect(steps.length).toBeGreaterThanOrEqual(3);
  expect(steps[0]!.name).toBe('Home');
  expect(steps.at(-1)!.name).toBe(product!.name);
});

test('the landing page names the organisation, and listings have canonical addresses without stray keys', async ({ request, baseURL }) => {
  const landing = await (await request.get('/landing?ref=ad')).text();
  expect(canonicalOf(landing)).toBe(`${baseURL}/landing`);
  expect(jsonLdBlocks(landing).find((b) => b['@type'] === 'Organization')).toMatchObject({ url: `${baseURL}/landing` });

  const category = await (await request.get('/category?categoryCode=cardboard-boxes&sort=cheap')).text();
  expect(canonicalOf(category)).toBe(`${baseURL}/category?categoryCode=cardboard-boxes`);
  expect(jsonLdBlocks(category).some((b) => b['@type'] === 'BreadcrumbList')).toBe(true);

  const products = await (await request.get('/products?categoryCode=packing-tape&page=1&x=1')).text();
  expect(canonicalOf(products)).toBe(`${baseURL}/products?categoryCode=packing-tape`);
});

/** The content of a <meta property|name="key"> in the HTML. */
function metaOf(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');
}

test('every static page has its canonical address, and shared links show an absolute raster picture with og:url, og:type and a Twitter card', async ({ request, baseURL }) => {
  for (const path of ['/about', '/contact', '/terms', '/delivery-information', '/return-policy', '/privacy', '/payment-policy']) {
    const html = await (await request.get(`${path}?utm_source=x`)).text();
    expect(canonicalOf(html), path).toBe(`${baseURL}${path}`);
    expect(metaOf(html, 'og:url'), path).toBe(`${baseURL}${path}`);
  }
  const id = await firstProductId(request);
  const product = await (await request.get(`/product-detail?productCode=${id}`)).text();
  expect(metaOf(product, 'og:type')).toBe('product');
  expect(metaOf(product, 'twitter:card')).toBe('summary_large_image');
  const image = metaOf(product, 'og:image')!;
  expect(image).toMatch(new RegExp(`^${baseURL}/.*\\.(png|jpe?g|webp)$`));
  const picture = await request.get(image);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toMatch(/^image\/(png|jpeg|webp)/);
  expect(metaOf(await (await request.get('/landing')).text(), 'og:type')).toBe('website');
});

test('a category without sub-categories moves permanently (301) to its products list', async ({ request }) => {
  const leaf = await request.get('/category?categoryCode=small-single-wall-boxes', { maxRedirects: 0 });
  expect(leaf.status()).toBe(301);
  expect(leaf.headers()['location']).toContain('/products?categoryCode=small-single-wall-boxes');
});

test('robots.txt keeps crawlers off private pages and points at the sitemap index', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const robots = await response.text();
  expect(robots).toContain('Disallow: /checkout');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the sitemap index lists the category sitemap and product sitemaps that list the product pages', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const files = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(files[0]).toBe(`${baseURL}/sitemaps/categories.xml`);
  expect(files[1]).toBe(`${baseURL}/sitemaps/products-1.xml`);
  const id = await firstProductId(request);
  const products = await (await request.get(files[1]!)).text();
  expect(products).toContain(`<loc>${baseURL}/product-detail?productCode=${id}</loc>`);
  const categories = await (await request.get(files[0]!)).text();
  expect(categories).toContain(`<loc>${baseURL}/category?categoryCode=cardboard-boxes</loc>`);
});
