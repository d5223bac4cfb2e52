/**
 * Pages and their `.data` answers (what a client navigation loads instead of the HTML) carry
 * the visitor's name, basket, account, orders, quotes and price-list prices: no shared cache may
 * keep them (DESIGN section 4). Every one answers `Cache-Control: private` with `Vary: Cookie`
 * (or `no-store`), for a signed-in customer, whether HTML or `.data`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { signUp } from '../../apps/server/src/testing/basket-fixtures.ts';
import { demoCatalogue, insertCatalogue } from '../../packages/db/src/seed/index.ts';
import { createSecurityApp, databaseKinds, type SecurityApp } from './support.ts';

const storefrontBuilt = storefrontIsBuilt();
if (!storefrontBuilt) console.warn('personal-answers-not-cached: skipped: no storefront build; run `npm run build`.');

/** A quote request form with a small PDF as its artwork. */
function quoteForm(productPriceId: number): { body: Buffer; contentType: string } {
  const boundary = '----quote-form';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('items[0].productPriceId', String(productPriceId)) + field('items[0].quantity', '2500')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="logo.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Whether a Cache-Control/Vary pair keeps an answer out of shared caches and to this cookie. */
function keptPrivate(cacheControl: string, vary: string): boolean {
  const directives = cacheControl.split(',').map((d) => d.trim().toLowerCase());
  if (!directives.includes('private') && !directives.includes('no-store')) return false;
  if (directives.includes('no-store')) return true;
  return vary.split(',').some((name) => name.trim().toLowerCase() === 'cookie');
}

for (const kind of databaseKinds()) {
  describe.skipIf(!storefrontBuilt)(`security: personal pages and their .data answers are never cached for others [${kind}]`, () => {
    let t: SecurityApp;
    let cookie: string;
    let personalPaths: string[];
    beforeAll(async () => {
      t = await createSecurityApp(kind, { storefront: { buildDir: STOREFRONT_BUILD_DIR } });
      await insertCatalogue(t.database.db, demoCatalogue());
      const landing = (await t.app.inject({ method: 'GET', url: '/api/products/GetLanding?condition=' })).json<{ product_id: number }[]>();
      const productId = landing[0]!.product_id;
      const product = (await t.app.inject({ method: 'GET', url: `/api/products/GetById/${productId}` })).json<{ product_Sizes: { packs: { product_price_id: number }[] }[] }>();
      const pack = product.product_Sizes[0]!.packs[0]!.product_price_id;
      const customer = await signUp(t.app);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/signin',
        payload: new URLSearchParams({ intent: 'signin', email: customer.email, password: customer.password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(302);
      cookie = [signedIn.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).join('; ');
      const quote = quoteForm(pack);
      const requested = await t.app.inject({ method: 'POST', url: '/quote-request', payload: quote.body, headers: { 'content-type': quote.contentType, 'sec-fetch-site': 'same-origin', cookie } });
      expect(requested.statusCode, requested.body.slice(0, 300)).toBe(302);
      const quotePath = /^(\/quotes\/\d+)/.exec(String(requested.headers.location))![1]!;
      personalPaths = ['/account', '/checkout', '/order-history', quotePath, '/landing', `/product-detail?id=${productId}`, '/delivery', '/signin'];
    }, 240_000);
    afterAll(async () => t?.close());

    it('every personal page, as HTML and as .data, answers private with Vary: Cookie', async () => {
      const answers: string[] = [];
      for (const pagePath of personalPaths) {
        const [pathname, query] = pagePath.split('?');
        for (const url of [pagePath, `${pathname}.data${query ? `?${query}` : ''}`]) {
          const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
          const cacheControl = String(response.headers['cache-control'] ?? '');
          const vary = String(response.headers.vary ?? '');
          answers.push(`${url} ${response.statusCode} cache-control="${cacheControl}" vary="${vary}" ${keptPrivate(cacheControl, vary) ? 'ok' : 'SHARED'}`);
        }
      }
      expect(answers.filter((line) => line.endsWith('SHARED')), answers.join('\n')).toEqual([]);
      expect(answers).toHaveLength(personalPaths.length * 2);
    }, 120_000);
  });
}
