/**
 * Failed sign-ins are throttled per (e-mail, client IP) pair, so an attacker's wrong passwords
 * cannot lock the customer out at their own address, with a higher per-e-mail ceiling over all
 * addresses against guessing from many (http/attempt-limits.ts). Only refused passwords count
 * against the e-mail.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, type Customer } from '../testing/basket-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

const PER_EMAIL_AND_IP = 10;
const PER_EMAIL = 25;

describeOnEachDatabase('sign-in limits per e-mail and address', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      kind,
      seed: false,
      env: {
        AUTH_RATE_LIMIT_PER_IP: '1000',
        AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: String(PER_EMAIL_AND_IP),
        AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
      },
    });
  });
  afterAll(async () => t?.close());

  const signIn = (ip: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password }, remoteAddress: ip });

  const expectTooMany = (response: Awaited<ReturnType<typeof signIn>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: 'too_many_requests', message: 'Too many attempts, please wait a minute and try again.' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  let customer: Customer;
  beforeAll(async () => {
    customer = await signUp(t.app);
  });

  it('10 wrong passwords from address A do not stop the right password from address B', async () => {
    const target = await signUp(t.app);
    for (let i = 0; i < PER_EMAIL_AND_IP; i++) {
      expect((await signIn('203.0.113.10', target.email, `guess ${i}`)).statusCode).toBe(401);
    }
    // Address A is now refused for this account, even with the right password...
    expectTooMany(await signIn('203.0.113.10', target.email, target.password));
    // ...while the customer signs in from their own address.
    const fromB = await signIn('198.51.100.20', target.email, target.password);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json()).toMatchObject({ userId: target.userId, token: expect.any(String) });
    // And address A may still sign in to other accounts.
    expect((await signIn('203.0.113.10', customer.email, customer.password)).statusCode).toBe(200);
  });

  it('successful sign-ins are not counted against the e-mail', async () => {
    for (let i = 0; i < PER_EMAIL_AND_IP + 5; i++) {
      expect((await signIn('198.51.100.30', customer.email, customer.password)).statusCode).toBe(200);
    }
  });

  it('the per-e-mail ceiling holds across many addresses (in any letter case)', async () => {
    const target = await signUp(t.app);
    // Fewer than the pair limit from each address, the ceiling in all.
    for (let i = 0; i < PER_EMAIL; i++) {
      const email = i % 2 ? target.email.toUpperCase() : target.email;
      expect((await signIn(`192.0.2.${i + 1}`, email, `guess ${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await signIn('192.0.2.200', target.email, target.password));
    // Other customers are not affected.
    expect((await signIn('192.0.2.200', customer.email, customer.password)).statusCode).toBe(200);
  });

  it('IPv6 clients are counted by their /64, so new addresses in one network buy no more guesses', async () => {
    const target = await signUp(t.app);
    for (let i = 0; i < PER_EMAIL_AND_IP; i++) {
      expect((await signIn(`2001:db8:0:1::${(i + 1).toString(16)}`, target.email, `guess ${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await signIn('2001:db8:0:1::ffff', target.email, `guess again`));
    expect((await signIn('2001:db8:0:2::1', target.email, target.password)).statusCode).toBe(200);
  });
});
