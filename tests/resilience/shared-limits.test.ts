/**
 * Limits shared by every process: two real server processes on one Redis
 * (REDIS_URL, each run under its own key prefix, only its own keys deleted after). Requests
 * alternate between the two ports, and each limit must refuse after its configured number in
 * total, not twice it:
 *  - failed sign-ins for one e-mail from one address (the per e-mail and address pair);
 *  - failed sign-ins for one account from many addresses (the account slows down after its free
 *    failures, decision record 014);
 *  - sign-in attempts from one address on many e-mails (per IP);
 *  - new sessions from one address (POST /api/session).
 * Client addresses are set with X-Forwarded-For, which the servers trust from loopback.
 * Each process has its own PGlite database: the limits do not depend on the database, and the
 * e-mails tried belong to no account, so every attempt the limits let through fails.
 *
 * Needs Redis at REDIS_TEST_URL (default redis://127.0.0.1:6379): fails without it when CI or
 * REQUIRE_BROWSER_TESTS is set (.ci/run starts one), else skipped with a message.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDataDir, type ServerProcess, startServer, stopAllServers } from './server-process.ts';
import { TEST_REDIS_URL, testRedisAnswers, testRedisRequired } from '../../apps/server/src/testing/test-redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const redisRequired = testRedisRequired;

const LIMITS = { perEmailAndIp: 5, perEmail: 8, accountFreeFailures: 8, perIp: 12, sessionsPerMinute: 4 };

const redisReachable = await testRedisAnswers();
if (!redisReachable && !redisRequired) {
  console.log(`shared-limits suite skipped: no Redis answers at ${REDIS_URL} (start one, or set REDIS_TEST_URL; required when CI is set).`);
}

describe.skipIf(!redisReachable && !redisRequired)('limits shared by two server processes on one Redis', () => {
  const keyPrefix = `shop-test-${randomUUID()}:`;
  let admin: Redis;
  const dataDirs: string[] = [];
  let servers: ServerProcess[] = [];
  /** Request n goes to process n % 2. */
  const base = (n: number) => servers[n % 2]!.baseUrl;

  beforeAll(async () => {
    if (!redisReachable) throw new Error(`No Redis answers at ${REDIS_URL}; with CI set it is required (.ci/run starts one).`);
    admin = new Redis(REDIS_URL);
    for (let i = 0; i < 2; i++) dataDirs.push(await createDataDir('shop-shared-limits', { seeded: true }));
    servers = await Promise.all(
      dataDirs.map((dataDir, i) =>
        startServer({
          label: `process ${'AB'[i]}`,
          env: {
            DATA_DIR: dataDir,
            SEED_DEMO_CATALOGUE: '0',
            REDIS_URL,
            REDIS_KEY_PREFIX: keyPrefix,
            AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: String(LIMITS.perEmailAndIp),
            AUTH_RATE_LIMIT_PER_EMAIL: String(LIMITS.perEmail),
            AUTH_ACCOUNT_FREE_FAILURES: String(LIMITS.accountFreeFailures),
            AUTH_RATE_LIMIT_PER_IP: String(LIMITS.perIp),
            SESSION_RATE_LIMIT_PER_MINUTE: String(LIMITS.sessionsPerMinute),
          },
        }),
      ),
    );
  }, 180_000);

  afterAll(async () => {
    await stopAllServers();
    if (admin) {
      const keys = await admin.keys(`${keyPrefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** Statuses of `count` requests alternated between the processes. */
  async function alternate(count: number, request: (n: number) => { method: string; url: string; body?: unknown; from: string }): Promise<number[]> {
    const statuses: number[] = [];
    for (let n = 0; n < count; n++) {
      const { method, url, body, from } = request(n);
      const answer = await call(base(n), method, url, { body, headers: { 'x-forwarded-for': from } });
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      statuses.push(answer.status);
    }
    return statuses;
  }

  const signIn = (email: string, from: string) => ({ method: 'POST', url: '/api/account', body: { email, password: 'not the password' }, from });
  const allowedThen429 = (allowed: number, status: number, total: number) => [
    ...Array<number>(allowed).fill(status),
    ...Array<number>(total - allowed).fill(429),
  ];

  it('failed sign-ins for one e-mail from one address: the pair limit in total', async () => {
    const email = `target-${randomUUID()}@example.com`;
    const statuses = await alternate(LIMITS.perEmailAndIp * 2 + 2, () => signIn(email, '198.51.100.7'));
    console.log(`attempts allowed across two processes: ${statuses.filter((s) => s === 401).length} (configured limit ${LIMITS.perEmailAndIp})`);
    expect(statuses).toEqual(allowedThen429(LIMITS.perEmailAndIp, 401, LIMITS.perEmailAndIp * 2 + 2));
  });

  it('failed sign-ins for one account from many addresses: the account slows down after its free failures in total', async () => {
    const email = `target-${randomUUID()}@example.com`;
    // Two attempts per address, under the pair limit, from a new address every other request.
    // The free failures are checked, then one more (it starts the first wait, 1 s), then the
    // account waits: the next attempt, sent at once to either process, is refused.
    const statuses = await alternate(LIMITS.accountFreeFailures + 2, (n) => signIn(email, `203.0.113.${Math.floor(n / 2) + 1}`));
    expect(statuses).toEqual(allowedThen429(LIMITS.accountFreeFailures + 1, 401, LIMITS.accountFreeFailures + 2));
  });

  it('sign-in attempts from one address on many e-mails: the per-IP limit in total', async () => {
    const statuses = await alternate(LIMITS.perIp * 2, () => signIn(`someone-${randomUUID()}@example.com`, '192.0.2.77'));
    expect(statuses).toEqual(allowedThen429(LIMITS.perIp, 401, LIMITS.perIp * 2));
  });

  it('new sessions from one address: the session limit in total', async () => {
    const statuses = await alternate(LIMITS.sessionsPerMinute * 2 + 2, () => ({ method: 'POST', url: '/api/session', from: '192.0.2.88' }));
    expect(statuses).toEqual(allowedThen429(LIMITS.sessionsPerMinute, 200, LIMITS.sessionsPerMinute * 2 + 2));
  });

  it('the counters are in Redis under this run\'s prefix, with no e-mail address in a key', async () => {
    const keys = await admin.keys(`${keyPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key.startsWith(`${keyPrefix}rate-limit:`))).toBe(true);
    expect(keys.some((key) => key.includes('@'))).toBe(false);
  });
});
