/**
 * passwords, tokens and reset links never appear in the logs. The
 * app is built with its production logger options at level 'trace', writing to memory; a
 * customer signs up, signs in (also with a wrong password), uses the basket with a Bearer token,
 * asks for a password reset (the outbox mailer logs the links of each e-mail), opens the link,
 * resets the password, places an order and signs out. The captured log text holds none of the
 * secrets, while the e-mail in the outbox keeps its working link.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import type { CartDto } from '@shop/contract';
import { bearer, insertBasketCatalogue, type BasketFixture } from '../../apps/server/src/testing/basket-fixtures.ts';
import { orderBodyFrom, validAddress } from '../../apps/server/src/testing/checkout-fixtures.ts';
import { createSecurityApp, describeOnPglite, type SecurityApp } from './support.ts';

const buildDir = STOREFRONT_BUILD_DIR;
const storefrontBuilt = storefrontIsBuilt();

describeOnPglite('security: no secrets in the logs', (kind) => {
  let t: SecurityApp;
  let packs: BasketFixture;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });

  beforeAll(async () => {
    t = await createSecurityApp(kind, {
      env: { PUBLIC_BASE_URL: 'https://shop.example.test' },
      logger: { level: 'trace', stream },
      ...(storefrontBuilt ? { storefront: { buildDir } } : {}),
    });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  it('a customer\'s whole journey leaves no password, token or reset link in the log', async () => {
    const secrets: Record<string, string> = {};
    const email = `log.${randomUUID().slice(0, 8)}@example.com`;
    secrets.signUpPassword = `Sign-up ${randomUUID()}`.slice(0, 40);
    secrets.newPassword = `Reset ${randomUUID()}`.slice(0, 40);
    secrets.wrongPassword = `Wrong ${randomUUID()}`.slice(0, 40);
    secrets.invalidSignUpPassword = `Refused ${randomUUID()}`.slice(0, 40);

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { first_name: 'Logan', last_name: 'Secret', email, password: secrets.signUpPassword, phone: '0113 496 0999' },
    });
    expect(signUp.statusCode).toBe(200);
    const { userId, token: signUpToken } = signUp.json<{ userId: number; token: string }>();
    secrets.signUpToken = signUpToken;

    // A refused sign-up (bad e-mail) still carries a password.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { first_name: 'Logan', last_name: 'Secret', email: 'NOT AN EMAIL', password: secrets.invalidSignUpPassword, phone: '0113 496 0999' },
    });
    expect(refused.statusCode).toBe(400);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password: secrets.wrongPassword } });
    expect(wrong.statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password: secrets.signUpPassword } });
    expect(signIn.statusCode).toBe(200);
    secrets.signInToken = signIn.json<{ token: string }>().token;

    // Basket and address calls with the Bearer token (also in odd places: a query string, a bad route).
    const auth = bearer(secrets.signInToken);
    expect((await t.app.inject({ method: 'GET', url: `/api/cart/${userId}`, headers: auth })).statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: auth,
      payload: { user_id: 1, product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId, qty: packs.box25.qty, count: 1 },
    });
    expect(added.statusCode).toBe(200);
    const address = await t.app.inject({ method: 'POST', url: '/api/address', headers: auth, payload: validAddress() });
    const cart = await t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: auth, payload: { addressId: address.json().address_id } });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...auth, 'idempotency-key': randomUUID() },
      payload: orderBodyFrom(cart.json<CartDto>()),
    });
    expect(order.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/nothing-here?token=${secrets.signInToken}`, headers: auth });
    await t.app.inject({ method: 'GET', url: `/api/cart/${userId}`, headers: { authorization: `bearer   ${secrets.signInToken}` } });
    await t.app.inject({ method: 'GET', url: `/api/cart/${userId}`, headers: { cookie: `token=${secrets.signInToken}` } });

    // Forgot password: the link is e-mailed (written to the outbox, whose adapter logs links).
    const forgot = await t.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email } });
    await t.app.services.jobWorker.drain(); // the e-mail is a durable job, sent just after the answer
    expect(forgot.json()).toEqual({ userId: 0 });
    const outbox = path.join(t.dataDir, 'outbox');
    let resetLink: URL | null = null;
    for (const file of (await readdir(outbox)).filter((f) => f.endsWith('.eml'))) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const match = /https?:\/\/\S+\/resetpassword\?\S+/.exec(mail.text ?? '');
      if (match) resetLink = new URL(match[0]);
    }
    // The e-mail itself keeps the working link.
    expect(resetLink, 'no reset link in the outbox').not.toBeNull();
    secrets.resetToken = resetLink!.searchParams.get('token')!;
    expect(secrets.resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.resetLink = resetLink!.toString();

    // The customer opens the link (the page, and the data request of client navigation).
    const pagePath = `${resetLink!.pathname}${resetLink!.search}`;
    await t.app.inject({ method: 'GET', url: pagePath });
    await t.app.inject({ method: 'GET', url: `/resetpassword.data${resetLink!.search}` });
    await t.app.inject({ method: 'GET', url: `/resetpassword?token=${secrets.resetToken}&users=${userId}` });

    // A wrong reset attempt, then the real one.
    const badReset = await t.app.inject({ method: 'PUT', url: '/api/forgotpassword', payload: { password: secrets.wrongPassword, user_id: userId, token: `${secrets.resetToken.slice(0, -2)}xx` } });
    expect(badReset.statusCode).toBe(400);
    const reset = await t.app.inject({ method: 'PUT', url: '/api/forgotpassword', payload: { password: secrets.newPassword, user_id: userId, token: secrets.resetToken } });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password: secrets.newPassword } });
    expect(again.statusCode).toBe(200);
    secrets.afterResetToken = again.json<{ token: string }>().token;
    expect((await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(secrets.afterResetToken) })).statusCode).toBe(204);

    // Let the confirmation e-mail of the order go out (it is sent after the answer).
    await new Promise((resolve) => setTimeout(resolve, 200));

    const log = lines.join('');
    // The capture works: requests, the outbox e-mails and their (redacted) links are in it.
    expect(log).toContain('incoming request');
    expect(log).toContain('e-mail written to the outbox');
    expect(log).toMatch(/resetpassword\?users=\d+&token=\[redacted\]/);

    for (const [name, secret] of Object.entries(secrets)) {
      expect(log.includes(secret), `the log contains the ${name}`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `the log contains the ${name} (URL-encoded)`).toBe(false);
      expect(log.includes(JSON.stringify(secret).slice(1, -1)), `the log contains the ${name} (JSON-escaped)`).toBe(false);
    }
  });
});
