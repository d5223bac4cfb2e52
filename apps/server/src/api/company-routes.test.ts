/**
 * The company's buyers through the JSON API, on PGlite and PostgreSQL, as an integration would
 * use them: the admin lists, invites, changes and removes members; a buyer cannot manage
 * members; another company's admin cannot reach this company's members (404, nothing changed);
 * a removed member's token stops working at once; the OpenAPI document describes the paths.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '@shop/db';
import { bearer, signUp, type Customer } from '../testing/basket-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

describeOnPglite('company buyers over the API', (kind) => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
  });
  afterAll(async () => t?.close());

  /** A customer whose trade account staff opened: the admin of a company of one. */
  async function companyAdmin(): Promise<Customer> {
    const admin = await signUp(t.app);
    await t.app.services.tradeAccounts.open(null, admin.userId, 100_000);
    return admin;
  }

  async function invite(admin: Customer, role: string, extra: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/company/buyers',
      headers: bearer(admin.token),
      payload: { first_name: 'Ola', last_name: 'Nowak', email: `ola.${++n}.${Date.now()}@example.com`, role, ...extra },
    });
  }

  /** The invited member signs in with the password chosen through the e-mailed link. */
  async function signedIn(userId: number, email: string): Promise<string> {
    const payloads = (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'email.password-reset'))).map((j) => j.payload as { userId: number; token: string });
    const { token } = payloads.find((p) => p.userId === userId)!;
    expect((await t.app.inject({ method: 'PUT', url: '/api/forgotpassword', payload: { user_id: userId, token, password: 'chosen-password' } })).statusCode).toBe(200);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password: 'chosen-password' } });
    return signIn.json<{ token: string }>().token;
  }

  it('an admin invites a buyer with limits, changes their role and removes them; the buyer is signed out at once', async () => {
    const admin = await companyAdmin();
    const invited = await invite(admin, 'buyer', { order_limit: 250, monthly_limit: null });
    expect(invited.statusCode).toBe(201);
    const member = invited.json<{ user_id: number; email: string; role: string; order_limit: number | null; invitation_pending: boolean }>();
    expect(member).toMatchObject({ role: 'buyer', order_limit: 250, invitation_pending: true });

    const list = await t.app.inject({ method: 'GET', url: '/api/company/buyers', headers: bearer(admin.token) });
    expect(list.json<{ user_id: number }[]>().map((m) => m.user_id)).toEqual([admin.userId, member.user_id]);

    const buyerToken = await signedIn(member.user_id, member.email);
    const company = await t.app.inject({ method: 'GET', url: '/api/company', headers: bearer(buyerToken) });
    expect(company.json()).toMatchObject({ your_role: 'buyer' });
    // A buyer cannot manage members.
    expect((await invite({ ...admin, token: buyerToken }, 'buyer')).statusCode).toBe(403);

    const changed = await t.app.inject({ method: 'PUT', url: `/api/company/buyers/${member.user_id}`, headers: bearer(admin.token), payload: { role: 'viewer', order_limit: null } });
    expect(changed.json()).toMatchObject({ role: 'viewer', order_limit: null });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/company/buyers/${member.user_id}`, headers: bearer(admin.token) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/company', headers: bearer(buyerToken) })).statusCode).toBe(401);
  });

  it("another company's admin cannot see, change or remove this company's members", async () => {
    const a = await companyAdmin();
    const b = await companyAdmin();
    const member = (await invite(a, 'buyer')).json<{ user_id: number }>();
    const change = await t.app.inject({ method: 'PUT', url: `/api/company/buyers/${member.user_id}`, headers: bearer(b.token), payload: { role: 'admin' } });
    expect(change.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/company/buyers/${member.user_id}`, headers: bearer(b.token) })).statusCode).toBe(404);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/company/buyers', headers: bearer(b.token) });
    expect(theirs.json<{ user_id: number }[]>().map((m) => m.user_id)).toEqual([b.userId]);
    const stillBuyer = await t.app.inject({ method: 'GET', url: '/api/company/buyers', headers: bearer(a.token) });
    expect(stillBuyer.json<{ user_id: number; role: string }[]>().find((m) => m.user_id === member.user_id)?.role).toBe('buyer');
  });

  it('refuses bad input with the form messages, and a customer of no company gets 404', async () => {
    const admin = await companyAdmin();
    const bad = await invite(admin, 'owner', { order_limit: -5 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Choose a role');
    const loner = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/company', headers: bearer(loner.token) })).statusCode).toBe(404);
    expect((await invite(loner, 'buyer')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/company' })).statusCode).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(spec.paths['/api/company/buyers'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(spec.paths['/api/company/buyers/{userId}'] ?? {}).sort()).toEqual(['delete', 'put']);
  });
});
