/**
 * Every request checks its token in the database (decision record 010, superseded), so whatever
 * ends a sign-in holds from the next request: over HTTP on PGlite and PostgreSQL, a token ended
 * in this process, or in the database by someone else (another process, an operator).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, signUp, type Customer } from '../testing/basket-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

describeOnEachDatabase('sign-ins that end', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
  });
  afterAll(async () => t?.close());

  const myOrders = async (customer: Customer, token = customer.token) =>
    (await t.app.inject({ method: 'GET', url: '/api/order/GetMine', headers: bearer(token) })).statusCode;

  it('a token revoked in the database by another process is refused by the next request', async () => {
    const customer = await signUp(t.app);
    const other = await signUp(t.app);
    expect(await myOrders(customer)).toBe(200);
    expect(await myOrders(other)).toBe(200);

    await t.database.db.execute(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${customer.userId}`);
    expect(await myOrders(customer)).toBe(401);
    // Another customer's sign-in is untouched.
    expect(await myOrders(other)).toBe(200);
  });

  it('a customer disabled in the database by another process is refused by the next request', async () => {
    const customer = await signUp(t.app);
    expect(await myOrders(customer)).toBe(200);
    await t.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE user_id = ${customer.userId}`);
    expect(await myOrders(customer)).toBe(401);
  });

  it('after logout the very next request with the token is refused', async () => {
    const customer = await signUp(t.app);
    expect(await myOrders(customer)).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(customer.token) });
    expect(logout.statusCode).toBe(204);
    expect(await myOrders(customer)).toBe(401);
  });

  it('a password change ends the other sign-ins at once and the new token works', async () => {
    const customer = await signUp(t.app);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account', payload: { email: customer.email, password: customer.password } });
    const secondDevice = (signIn.json() as { token: string }).token;
    expect(await myOrders(customer, secondDevice)).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: bearer(customer.token),
      payload: { current_password: customer.password, new_password: 'a-new-password-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await myOrders(customer, secondDevice)).toBe(401);
    expect(await myOrders(customer, (changed.json() as { token: string }).token)).toBe(200);
  });

  it('a token ends at its own expiry', async () => {
    const customer = await signUp(t.app);
    await t.database.db.execute(sql`UPDATE auth_tokens SET expires_at = now() + interval '1500 milliseconds' WHERE user_id = ${customer.userId}`);
    expect(await myOrders(customer)).toBe(200);
    expect(await myOrders(customer)).toBe(200);
    // Waiting out the token's life is the behaviour under test.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await myOrders(customer)).toBe(401);
  });
});
