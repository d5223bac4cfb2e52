/**
 * Guessing a customer's password from many addresses costs the guesser, not the customer
 * (decision record 014), on the storefront's own pages (the app in-process with the storefront
 * build): the browser they signed in with before gets in through /signin with the right password;
 * a browser the account does not know is told on the page how long to wait and why; and a
 * password reset from the e-mailed link remembers the browser it was made in.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { signUp } from '../../apps/server/src/testing/basket-fixtures.ts';
import { until } from '../../apps/server/src/testing/until.ts';
import { createSecurityApp, pgliteOnly, relaxedLimits, type SecurityApp } from './support.ts';

const buildDir = STOREFRONT_BUILD_DIR;
const storefrontBuilt = storefrontIsBuilt(buildDir);
if (!storefrontBuilt) console.warn(`sign-in-guessing: skipped: no storefront build at ${buildDir}; run \`npm run build\`.`);

const PAUSED = 'Too many wrong passwords for this account. Please wait';

for (const kind of pgliteOnly()) {
  describe.skipIf(!storefrontBuilt)(`security: guessing a customer's password [${kind}]`, () => {
    let t: SecurityApp;
    beforeAll(async () => {
      t = await createSecurityApp(kind, {
        storefront: { buildDir },
        env: { ...relaxedLimits, AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: '10', AUTH_ACCOUNT_FREE_FAILURES: '10', PUBLIC_BASE_URL: 'http://localhost' },
      });
    });
    afterAll(async () => t?.close());

    /** A form POST from the shop's own page, from `ip`, with the browser's device cookie if it has one. */
    const postForm = (url: string, form: Record<string, string>, ip: string, device?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        payload: new URLSearchParams(form).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          ...(device ? { cookie: `shop_device=${device}` } : {}),
        },
      });
    const deviceOf = (response: { headers: Record<string, unknown> }) =>
      /shop_device=([A-Za-z0-9_.-]+);/.exec([response.headers['set-cookie'] ?? []].flat().join('\n'))?.[1];

    /** 100 wrong passwords through the API from 20 addresses (5 each, under every per-address limit). */
    async function guess(email: string) {
      for (let i = 0; i < 100; i++) {
        await t.app.inject({ method: 'POST', url: '/api/account', remoteAddress: `192.0.2.${(i % 20) + 1}`, payload: { email, password: `guess ${i}` } });
      }
    }

    it('the browser a customer signed in with before still signs in on /signin; another is told to wait', async () => {
      const customer = await signUp(t.app);
      const first = await postForm('/signin', { intent: 'signin', email: customer.email, password: customer.password }, '198.51.100.7');
      expect(first.statusCode, first.body).toBe(302);
      const device = deviceOf(first);
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);

      await guess(customer.email);

      const usual = await postForm('/signin', { intent: 'signin', email: customer.email, password: customer.password }, '203.0.113.8', device);
      expect(usual.statusCode, usual.body).toBe(302);
      expect(usual.headers.location).toBe('/landing');

      // Right after one more guess was taken, so the wait has just begun.
      let late = 0;
      await until(
        async () =>
          (await t.app.inject({ method: 'POST', url: '/api/account', remoteAddress: `192.0.2.${(late++ % 20) + 1}`, payload: { email: customer.email, password: `late ${late}` } }))
            .statusCode === 401,
        30_000,
        'one more guess taken',
      );
      const stranger = await postForm('/signin', { intent: 'signin', email: customer.email, password: customer.password }, '203.0.113.9');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.body).toContain(PAUSED);
      expect(stranger.body).toContain('or sign in on a device you have signed in with before.');
    });

    it('a password reset from the e-mailed link remembers the browser, which then signs in despite the guessing', async () => {
      const customer = await signUp(t.app);
      await guess(customer.email);
      const forgot = await t.app.inject({ method: 'POST', url: '/api/forgotpassword', remoteAddress: '198.51.100.9', payload: { email: customer.email } });
      expect(forgot.statusCode).toBe(200);
      await t.app.services.jobWorker.drain();
      let resetLink: URL | null = null;
      const outbox = path.join(t.dataDir, 'outbox');
      for (const file of (await readdir(outbox)).filter((f) => f.endsWith('.eml'))) {
        const mail = await simpleParser(await readFile(path.join(outbox, file)));
        if (!mail.to || !JSON.stringify(mail.to).includes(customer.email)) continue;
        const match = /https?:\/\/\S+\/resetpassword\?\S+/.exec(mail.text ?? '');
        if (match) resetLink = new URL(match[0]);
      }
      expect(resetLink, 'no reset link in the outbox').not.toBeNull();

      const newPassword = 'a new password';
      const reset = await postForm(`/resetpassword${resetLink!.search}`, { intent: 'reset', password: newPassword, confirmPassword: newPassword }, '198.51.100.9');
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.body).toContain('Your password has been reset.');
      const device = deviceOf(reset);
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const signedIn = await postForm('/signin', { intent: 'signin', email: customer.email, password: newPassword }, '198.51.100.9', device);
      expect(signedIn.statusCode, signedIn.body).toBe(302);
    });
  });
}
