/**
 * A customer disabled in the back office, over HTTP on PGlite and PostgreSQL: the Bearer token
 * they held answers 401 right after; signing in is refused with the one generic message; the
 * storefront's cookie session (the same token) no longer signs them in. Enabled again, they
 * can sign in (old tokens stay revoked).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@shop/contract';
import { bearer, signUp } from '../testing/basket-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { visitorOf, commitSession } from '../../../web/app/session.server.ts';

describeOnPglite('a disabled customer', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
  });
  afterAll(async () => t?.close());

  it('is signed out at once everywhere and cannot sign in until enabled', async () => {
    const customer = await signUp(t.app);
    const me = () => t.app.inject({ method: 'GET', url: `/api/users/${customer.userId}`, headers: bearer(customer.token) });
    expect((await me()).statusCode).toBe(200);

    const context = { services: t.app.services, secure: false, memo: new Map<string, unknown>() };
    const cookie = (await commitSession(context as never, { sessionId: null, token: customer.token })).split(';')[0]!;
    const request = new Request('http://shop.test/account', { headers: { cookie } });
    expect((await visitorOf(request, context as never)).userId).toBe(customer.userId);

    await t.app.services.customerDirectory.disable(null, customer.userId);

    expect((await me()).statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account', payload: { email: customer.email, password: customer.password } });
    expect(signIn.statusCode).toBe(401);
    expect(JSON.stringify(signIn.json())).toContain(messages.loginFailed);
    const later = { ...context, memo: new Map<string, unknown>() };
    expect((await visitorOf(request, later as never)).userId).toBeNull();

    await t.app.services.customerDirectory.enable(null, customer.userId);
    expect((await me()).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/account', payload: { email: customer.email, password: customer.password } });
    expect(again.statusCode).toBe(200);
  });
});
