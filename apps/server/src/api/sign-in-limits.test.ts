/**
 * Failed sign-ins are throttled per (e-mail, client IP) pair, so an attacker's wrong passwords
 * cannot lock the customer out at their own address. Guessing one account from many addresses
 * slows that account down progressively for browsers it does not know, one attempt at a time,
 * while a browser that signed in to it before (the shop_device cookie) gets in with the right
 * password (http/attempt-limits.ts, decision record 014). Only refused passwords count.
 *
 * On PGlite only: the counting is the process's (or Redis's), not the database's; signing in on
 * PostgreSQL is run by account-routes.test.ts. Its waits are real seconds, and a second pass
 * spent 17 s of them on the same counters.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Customer } from '../testing/basket-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/until.ts';
import { TEST_REDIS_URL, testRedisAnswers, testRedisRequired } from '../testing/test-redis.ts';

const PER_EMAIL_AND_IP = 10;
const FREE_FAILURES = 10;
const MAX_DELAY_SECONDS = 4;
const PAUSED = /^Too many wrong passwords for this account\. Please wait a minute and try again, or sign in on a device you have signed in with before\.$/;

describeOnPglite('sign-in limits per e-mail and address', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      kind,
      seed: false,
      env: {
        AUTH_RATE_LIMIT_PER_IP: '1000',
        AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: String(PER_EMAIL_AND_IP),
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
        AUTH_ACCOUNT_FREE_FAILURES: String(FREE_FAILURES),
      },
    });
  });
  afterAll(async () => t?.close());

  const signIn = (ip: string, email: string, password: string, deviceCookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password }, remoteAddress: ip, headers: deviceCookie ? { cookie: deviceCookie } : {} });

  /** The shop_device cookie a successful sign-in set, as the browser sends it back. */
  const deviceCookieOf = (response: Awaited<ReturnType<typeof signIn>>) => {
    const line = [response.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith('shop_device='));
    expect(line).toMatch(/^shop_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    return line!.split(';')[0]!;
  };

  const expectPaused = (response: Awaited<ReturnType<typeof signIn>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: 'too_many_requests', message: expect.stringMatching(PAUSED) });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  /**
   * One more wrong password, sent again until the account takes it: the next wait has just
   * begun (2 s or more once slowed down), so the checks that follow are not racing its end.
   */
  const freshWait = (email: string, network: string) => {
    let i = 0;
    return until(async () => (await signIn(`${network}.${(i++ % 250) + 1}`, email, `one more ${i}`)).statusCode === 401, 30_000, 'the account to take a guess');
  };

  /** Wrong passwords for `email`, each from its own address (under every per-address limit). */
  const guessFromManyAddresses = async (email: string, guesses: number, network: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < guesses; i++) statuses.push((await signIn(`${network}.${(i % 250) + 1}`, email, `guess ${i}`)).statusCode);
    return statuses;
  };

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

  it('100 wrong passwords from 20 addresses do not lock the customer out of the browser they signed in with before', async () => {
    const target = await signUp(t.app);
    const usual = await signIn('198.51.100.40', target.email, target.password);
    expect(usual.statusCode).toBe(200);
    const device = deviceCookieOf(usual);

    // Five guesses from each of 20 addresses, in any letter case: under every per-address limit.
    const statuses = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 20; i++) {
        const email = i % 2 ? target.email.toUpperCase() : target.email;
        statuses.push((await signIn(`192.0.2.${i + 1}`, email, `guess ${round}-${i}`)).statusCode);
      }
    }
    // Only the free guesses and about one more per wait were checked; the rest were refused unchecked.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES);
    expect(checked).toBeLessThan(FREE_FAILURES + 10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(80);

    await freshWait(target.email, '192.0.3');
    // The customer's usual browser, from a new address, signs in with the right password...
    const fromUsualBrowser = await signIn('203.0.113.99', target.email, target.password, device);
    expect(fromUsualBrowser.statusCode, fromUsualBrowser.body).toBe(200);
    expect(fromUsualBrowser.json()).toMatchObject({ userId: target.userId, token: expect.any(String) });
    // ...while a browser the account does not know is told to wait (or use that browser).
    expectPaused(await signIn('203.0.113.98', target.email, target.password));
    // A made-up or another account's cookie buys nothing.
    expectPaused(await signIn('203.0.113.97', target.email, target.password, `shop_device=${'A'.repeat(43)}`));
    const other = await signIn('203.0.113.96', customer.email, customer.password);
    expectPaused(await signIn('203.0.113.96', target.email, target.password, deviceCookieOf(other)));
    // Other customers are not affected.
    expect(other.statusCode).toBe(200);
  });

  it('each further wrong password doubles the wait, up to the maximum; then the right password gets in', async () => {
    // Its own shop, with waits short enough to watch them grow to the maximum.
    const small = await createTestApp({
      kind,
      seed: false,
      env: { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_ACCOUNT_FREE_FAILURES: String(FREE_FAILURES), AUTH_ACCOUNT_MAX_DELAY_SECONDS: String(MAX_DELAY_SECONDS) },
    });
    try {
      const target = await signUp(small.app);
      const attempt = (ip: string, password: string) => small.app.inject({ method: 'POST', url: '/api/account', payload: { email: target.email, password }, remoteAddress: ip });
      for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt(`198.18.0.${i + 1}`, `guess ${i}`)).statusCode).toBe(401);
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        // The next guess is let through once the wait is over; it is wrong, and the wait grows.
        await until(async () => (await attempt(`198.18.1.${i + 1}`, `late guess ${i}`)).statusCode === 401, 15_000, 'the wait to end');
        const refused = await attempt(`198.18.2.${i + 1}`, `probe ${i}`);
        // (On a machine so busy that the wait ended in between, the probe was one more guess.)
        if (refused.statusCode === 429) waits.push(Number(refused.headers['retry-after']));
      }
      expect(waits.length).toBeGreaterThanOrEqual(3);
      expect(waits).toEqual([...waits].sort((a, b) => a - b));
      expect(waits[0]).toBeLessThanOrEqual(2);
      expect(waits.at(-1)).toBe(MAX_DELAY_SECONDS);
      const rightPassword = await until(
        async () => {
          const response = await attempt('198.18.3.1', target.password);
          return response.statusCode === 200 ? response : null;
        },
        15_000,
        'the right password to be let through',
      );
      expect(rightPassword.json()).toMatchObject({ userId: target.userId });
    } finally {
      await small.close();
    }
  });

  it('while an account is slowed down, guesses sent at once from many addresses are checked one at a time', async () => {
    const target = await signUp(t.app);
    await guessFromManyAddresses(target.email, FREE_FAILURES, '198.18.10');
    await until(async () => (await signIn('198.18.11.1', target.email, 'one more')).statusCode === 401, 10_000, 'the account to take a guess');
    await until(async () => {
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(`198.18.12.${i + 1}`, target.email, `burst ${i}`)));
      const statuses = burst.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(1);
      return statuses.includes(401);
    }, 10_000, 'a burst that reached the account');
  });

  it("a known browser's own wrong passwords count against it: after 10 it waits like any other", async () => {
    const target = await signUp(t.app);
    const device = deviceCookieOf(await signIn('198.51.100.50', target.email, target.password));
    await guessFromManyAddresses(target.email, FREE_FAILURES + 1, '198.18.20');
    for (let i = 0; i < 10; i++) {
      expect((await signIn(`198.18.21.${i + 1}`, target.email, `typo ${i}`, device)).statusCode).toBe(401);
    }
    await freshWait(target.email, '198.18.23');
    expectPaused(await signIn('198.18.22.1', target.email, target.password, device));
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

const REDIS_URL = TEST_REDIS_URL;
const redisReachable = await testRedisAnswers();
const redisRequired = testRedisRequired;

describe.skipIf(!redisReachable && !redisRequired)('the account guard across processes (Redis)', () => {
  const keyPrefix = `shop-test-${randomUUID()}:`;
  const env = { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_ACCOUNT_FREE_FAILURES: '5', AUTH_ACCOUNT_MAX_DELAY_SECONDS: '60' };
  let apps: TestApp[] = [];
  beforeAll(async () => {
    apps = [await createTestApp({ seed: false, env }), await createTestApp({ seed: false, env })];
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('wrong passwords sent to one process slow the account down on the other', async () => {
    const email = `shared-${randomUUID()}@example.com`;
    const signIn = (app: TestApp, ip: string) => app.app.inject({ method: 'POST', url: '/api/account', payload: { email, password: 'guess' }, remoteAddress: ip });
    for (let i = 0; i < 6; i++) expect((await signIn(apps[0]!, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    const other = await signIn(apps[1]!, '192.0.2.99');
    expect(other.statusCode).toBe(429);
    expect(other.json<{ message: string }>().message).toMatch(PAUSED);
  });
});

describe('the account guard while Redis does not answer', () => {
  it('counts in the process: guessing still slows the account down, never a 500', async () => {
    const t = await createTestApp({
      seed: false,
      env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: `shop-test-${randomUUID()}:`, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_ACCOUNT_FREE_FAILURES: '5' },
    });
    try {
      const email = `alone-${randomUUID()}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        statuses.push((await t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password: 'guess' }, remoteAddress: `192.0.2.${i + 1}` })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  }, 20_000);
});
