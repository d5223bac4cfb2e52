/**
 * A page's form over its size limit (a quote request's artwork over 6 MB here; statements over
 * 32 MB and carrier CSVs over 100 kB are refused the same way): a person's browser, which asks for
 * HTML, is shown the shop's page saying what was too large; an API client keeps the JSON answer.
 * Forms are read as they arrive (multipart-form.ts): more files than the page takes are refused too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { signUp } from '../../apps/server/src/testing/basket-fixtures.ts';
import { createSecurityApp, databaseKinds, type SecurityApp } from './support.ts';

const storefrontBuilt = storefrontIsBuilt();
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A multipart form of a quote request with `files` artwork files of `size` bytes each. */
function quoteForm(size: number, files = 1): { body: Buffer; contentType: string } {
  const boundary = '----quote-form';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const parts: Buffer[] = [Buffer.from(field('items[0].productPriceId', '1') + field('items[0].quantity', '2500'))];
  for (let i = 0; i < files; i++) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="logo-${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`));
    parts.push(Buffer.alloc(size, 0x20), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

for (const kind of databaseKinds()) {
  describe.skipIf(!storefrontBuilt)(`security: page forms over their limits [${kind}]`, () => {
    let t: SecurityApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createSecurityApp(kind, { storefront: { buildDir: STOREFRONT_BUILD_DIR } });
      const customer = await signUp(t.app);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/signin',
        payload: new URLSearchParams({ intent: 'signin', email: customer.email, password: customer.password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(302);
      cookie = [signedIn.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).join('; ');
    }, 300_000);
    afterAll(async () => t?.close());

    const send = (form: { body: Buffer; contentType: string }, accept?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/quote-request',
        payload: form.body,
        headers: { 'content-type': form.contentType, 'sec-fetch-site': 'same-origin', cookie, ...(accept ? { accept } : {}) },
      });

    it('shows a browser an HTML page saying the artwork was too large, and answers an API client JSON', async () => {
      const tooLarge = quoteForm(7 * 1024 * 1024);
      const page = await send(tooLarge, BROWSER_ACCEPT);
      expect(page.statusCode).toBe(413);
      expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
      expect(page.body).toContain('The form with its files is too large: this page takes at most 6 MB in all.');
      expect(page.body).not.toContain('payload_too_large');
      const api = await send(tooLarge);
      expect(api.statusCode).toBe(413);
      expect(api.json()).toEqual({ error: 'payload_too_large', message: 'The request body is too large (at most 6 MB).' });
    }, 120_000);

    it('refuses more files than the page takes while they arrive', async () => {
      const answer = await send(quoteForm(1000, 2));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: 'Send at most 1 file with this form.' });
    }, 120_000);
  });
}
