/**
 * The forgot-password form on the sign-in page says the same for a customer's address and for
 * an address no one signed up with (DESIGN section 4): no one learns who is a customer from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shop/contract';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { signUp } from '../../apps/server/src/testing/basket-fixtures.ts';
import { createSecurityApp, databaseKinds, type SecurityApp } from './support.ts';

const storefrontBuilt = storefrontIsBuilt();

for (const kind of databaseKinds()) {
  describe.skipIf(!storefrontBuilt)(`security: the forgot-password form answers every address alike [${kind}]`, () => {
    let t: SecurityApp;
    beforeAll(async () => {
      t = await createSecurityApp(kind, { storefront: { buildDir: STOREFRONT_BUILD_DIR } });
    }, 240_000);
    afterAll(async () => t?.close());

    /** The page's answer to the form, as a hydrated page's fetch (.data) and as a plain form post. */
    async function ask(email: string, url: string) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams({ intent: 'forgot', email }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
      // The page's nonce differs per answer; nothing else may.
      const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
      return { status: response.statusCode, body: nonce ? response.body.replaceAll(nonce, 'NONCE') : response.body };
    }

    it('a registered and an unknown address get the same status and message', async () => {
      const customer = await signUp(t.app);
      for (const url of ['/signin.data', '/signin']) {
        const registered = await ask(customer.email, url);
        const unknown = await ask(`nobody.${Date.now()}@example.com`, url);
        expect(registered.status, url).toBe(200);
        expect(unknown.status, url).toBe(registered.status);
        expect(unknown.body, url).toContain(messages.forgotPasswordSent.slice(0, 40));
        expect(registered.body, url).toContain(messages.forgotPasswordSent.slice(0, 40));
        expect(unknown.body.replace(/nobody\.\d+@example\.com/g, 'E'), url).toBe(registered.body.replaceAll(customer.email, 'E'));
      }
    }, 120_000);
  });
}
