/**
 * The quote request page takes an artwork file, so it alone takes a storefront body of up to
 * 6 MB, and only from a signed-in customer: anyone else keeps the usual 100 kB, refused before
 * the body is read when declared larger. A signed-in customer's artwork that is not a PDF, PNG or
 * JPEG is refused by its content, whatever its name says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { signUp } from '../../apps/server/src/testing/basket-fixtures.ts';
import { demoCatalogue, insertCatalogue } from '../../packages/db/src/seed/index.ts';
import { createSecurityApp, pgliteOnly, type SecurityApp } from './support.ts';

const storefrontBuilt = storefrontIsBuilt();

/** A multipart form of the quote request with an artwork file of `size` bytes starting with `head`. */
function quoteForm(productPriceId: number, head: Buffer, size: number): { body: Buffer; contentType: string } {
  const boundary = '----quote-form';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
  const body = Buffer.concat([
    Buffer.from(field('items[0].productPriceId', String(productPriceId)) + field('items[0].quantity', '2500')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="logo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

for (const kind of pgliteOnly()) {
  describe.skipIf(!storefrontBuilt)(`security: the quote request's upload [${kind}]`, () => {
    let t: SecurityApp;
    let pack: number;
    beforeAll(async () => {
      t = await createSecurityApp(kind, { storefront: { buildDir: STOREFRONT_BUILD_DIR } });
      await insertCatalogue(t.database.db, demoCatalogue());
      const landing = (await t.app.inject({ method: 'GET', url: '/api/products/GetLanding?condition=' })).json<{ product_id: number }[]>();
      const product = (await t.app.inject({ method: 'GET', url: `/api/products/GetById/${landing[0]!.product_id}` })).json<{ product_Sizes: { packs: { product_price_id: number }[] }[] }>();
      pack = product.product_Sizes[0]!.packs[0]!.product_price_id;
    }, 60_000);
    afterAll(async () => t?.close());

    async function customerCookie(): Promise<string> {
      const customer = await signUp(t.app);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/signin',
        payload: new URLSearchParams({ intent: 'signin', email: customer.email, password: customer.password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(302);
      return [signedIn.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).join('; ');
    }

    it('a visitor who is not signed in may not send more than 100 kB', async () => {
      const { body, contentType } = quoteForm(pack, Buffer.from('%PDF-1.7'), 1024 * 1024);
      const response = await t.app.inject({ method: 'POST', url: '/quote-request', payload: body, headers: { 'content-type': contentType, 'sec-fetch-site': 'same-origin' } });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'payload_too_large', message: 'The request body is too large (at most 100 kB).' });
    });

    it('a signed-in customer sends a 1 MB PDF and the request is recorded; a file that is not one of the three types is refused by its content', async () => {
      const cookie = await customerCookie();
      const pdf = quoteForm(pack, Buffer.from('%PDF-1.7\n'), 1024 * 1024);
      const sent = await t.app.inject({ method: 'POST', url: '/quote-request', payload: pdf.body, headers: { 'content-type': pdf.contentType, 'sec-fetch-site': 'same-origin', cookie } });
      expect(sent.statusCode, sent.body.slice(0, 300)).toBe(302);
      expect(sent.headers.location).toMatch(/^\/quotes\/\d+\?requested=1$/);
      const html = quoteForm(pack, Buffer.from('<html><script>alert(1)</script>'), 2000);
      const refused = await t.app.inject({ method: 'POST', url: '/quote-request', payload: html.body, headers: { 'content-type': html.contentType, 'sec-fetch-site': 'same-origin', cookie } });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('The artwork must be a PDF, PNG or JPEG file.');
    });
  });
}
