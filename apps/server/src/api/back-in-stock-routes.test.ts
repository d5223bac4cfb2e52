/**
 * "Email me when it is back in stock" at the JSON API: a guest gives an e-mail and consent, a
 * signed-in caller's account e-mail is used, asking again says it is already noted, a size that
 * can be bought now is a 409, and a guest asking too often is told to wait (429), as at sign-up.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backInStockMessages } from '@shop/contract';
import { backInStockRequests, productPrices } from '@shop/db';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture } from '../testing/basket-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

const PER_EMAIL_AND_IP = 4;

describeOnPglite('back-in-stock requests at the API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let sizeId: number;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000', AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: String(PER_EMAIL_AND_IP) } });
    packs = await insertBasketCatalogue(t.database);
    const [row] = await t.database.db.select({ product_size_id: productPrices.productSizeId }).from(productPrices).where(eq(productPrices.productPriceId, packs.box25.productPriceId));
    sizeId = Number(row!.product_size_id);
    // Out: less than one pack of 25.
    await t.database.db.execute(sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${sizeId}, 3)`);
  });
  afterAll(async () => t?.close());

  const ask = (payload: Record<string, unknown>, headers: Record<string, string> = {}, ip = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url: '/api/products/BackInStock', payload, headers, remoteAddress: ip });
  const item = 'Cardboard Box 12x9x6';

  it('a guest needs a valid e-mail and consent; then the request is noted once', async () => {
    const noConsent = await ask({ product_size_id: sizeId, email: 'gus@example.com' });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fields).toEqual([{ field: 'consent', message: backInStockMessages.consentRequired }]);
    const badEmail = await ask({ product_size_id: sizeId, email: 'not an address', consent: true });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toEqual([{ field: 'email', message: backInStockMessages.email }]);

    const noted = await ask({ product_size_id: sizeId, email: 'gus@example.com', consent: true });
    expect(noted.statusCode).toBe(200);
    expect(noted.headers['cache-control']).toBe('no-store');
    expect(noted.json()).toEqual({ noted: true, message: backInStockMessages.noted(item) });
    expect((await ask({ product_size_id: sizeId, email: 'GUS@example.com', consent: true })).json()).toEqual({ noted: false, message: backInStockMessages.alreadyNoted(item) });
  });

  it("a signed-in caller asks with their account's e-mail; an ended sign-in is a 401", async () => {
    const customer = await signUp(t.app);
    const noted = await ask({ product_size_id: sizeId, email: 'ignored@example.com' }, bearer(customer.token), '198.51.100.2');
    expect(noted.json()).toEqual({ noted: true, message: backInStockMessages.noted(item) });
    const rows = await t.database.db.select({ email: backInStockRequests.email, user_id: backInStockRequests.userId }).from(backInStockRequests).where(isNotNull(backInStockRequests.userId));
    expect(rows.map((r) => [r.email, Number(r.user_id)])).toEqual([[customer.email, customer.userId]]);
    expect((await ask({ product_size_id: sizeId }, bearer('x'.repeat(43)), '198.51.100.2')).statusCode).toBe(401);
  });

  it('a size that can be bought now is a 409 with the reason, an unknown one a 404', async () => {
    const inStock = await ask({ product_size_id: sizeId + 1000, email: 'gus@example.com', consent: true }, {}, '198.51.100.3');
    expect(inStock.statusCode).toBe(404);
    await t.database.db.execute(sql`UPDATE stock_levels SET on_hand = 500 WHERE product_size_id = ${sizeId}`);
    const refused = await ask({ product_size_id: sizeId, email: 'ida@example.com', consent: true }, {}, '198.51.100.3');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'conflict', message: backInStockMessages.inStock });
    await t.database.db.execute(sql`UPDATE stock_levels SET on_hand = 3 WHERE product_size_id = ${sizeId}`);
  });

  it('a guest asking for one e-mail too often from one address is told to wait (429 with Retry-After)', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < PER_EMAIL_AND_IP; i++) expect((await ask({ product_size_id: sizeId, email: 'flood@example.com', consent: true }, {}, ip)).statusCode).toBe(200);
    const refused = await ask({ product_size_id: sizeId, email: 'flood@example.com', consent: true }, {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: 'Too many attempts, please wait a minute and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
