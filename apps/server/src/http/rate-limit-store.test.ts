/**
 * The rate-limit store: shared through Redis when it answers, this process's own count when it
 * does not (down, or accepting connections and never answering), never an error for the request.
 * The Redis cases need a Redis at REDIS_TEST_URL (default redis://127.0.0.1:6379): they fail
 * without one in CI, and are skipped with a message elsewhere.
 */
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../testing/until.ts';
import { createRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';
import { TEST_REDIS_URL, testRedisAnswers, testRedisRequired } from '../testing/test-redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const redisRequired = testRedisRequired;

/** A logger that keeps its warnings and its information lines. */
function recordingLogger(): FastifyBaseLogger & { warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  const noop = () => {};
  const log = {
    level: 'info',
    warnings,
    infos,
    fatal: noop,
    error: noop,
    info: (_object: unknown, message?: string) => infos.push(message ?? String(_object)),
    debug: noop,
    trace: noop,
    silent: noop,
    warn: (_object: unknown, message?: string) => warnings.push(message ?? String(_object)),
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { warnings: string[]; infos: string[] };
}

/** An app with one route limited to `max` per minute per client IP on the given store. */
async function limitedApp(store: RateLimitStore, max: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(async (scope) => {
    await store.register(scope);
    scope.post('/limited', { config: { rateLimit: { max, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  });
  await app.ready();
  return app;
}

const statusesOf = async (apps: FastifyInstance[], requests: number, remoteAddress = '10.9.8.7') => {
  const statuses: number[] = [];
  for (let i = 0; i < requests; i++) {
    statuses.push((await apps[i % apps.length]!.inject({ method: 'POST', url: '/limited', remoteAddress })).statusCode);
  }
  return statuses;
};

describe('rate-limit store, Redis unreachable', () => {
  let blackHole: Server;
  const sockets = new Set<Socket>();
  let closedPort: number;

  beforeAll(async () => {
    // Accepts connections and never answers: Redis hung, or a firewall that swallows packets.
    blackHole = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => blackHole.close(() => resolve()));
  });

  for (const [name, url] of [
    ['refusing connections', () => `redis://127.0.0.1:${closedPort}`],
    ['accepting connections and never answering', () => `redis://127.0.0.1:${(blackHole.address() as AddressInfo).port}`],
  ] as const) {
    it(`${name}: starts within a few seconds, counts per process, one warning, no 500`, async () => {
      const log = recordingLogger();
      const started = Date.now();
      const store = await createRateLimitStore({ url: url(), keyPrefix: `test-${randomUUID()}:` }, log);
      expect(Date.now() - started).toBeLessThan(3_000);
      const app = await limitedApp(store, 2);
      try {
        expect(await statusesOf([app], 4)).toEqual([200, 200, 429, 429]);
        expect(log.warnings.filter((w) => w.includes('rate limits are counted per process'))).toHaveLength(1);
      } finally {
        await app.close();
        await store.close();
      }
    }, 15_000);
  }
});


const redisReachable = await testRedisAnswers();
if (!redisReachable && !redisRequired) {
  console.log(`rate-limit store: the Redis cases are skipped, no Redis answers at ${REDIS_URL} (start one, or set REDIS_TEST_URL).`);
}

describe.skipIf(!redisReachable && !redisRequired)('rate-limit store on Redis', () => {
  const keyPrefix = `shop-test-${randomUUID()}:`;
  let admin: Redis;

  beforeAll(async () => {
    if (!redisReachable) throw new Error(`No Redis answers at ${REDIS_URL}; CI must start one (.ci/run does).`);
    admin = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    if (!admin) return;
    // Only this run's keys.
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('two stores (two processes) on one Redis share one count', async () => {
    const stores = [await createRateLimitStore({ url: REDIS_URL, keyPrefix }, recordingLogger()), await createRateLimitStore({ url: REDIS_URL, keyPrefix }, recordingLogger())];
    const apps = await Promise.all(stores.map((store) => limitedApp(store, 3)));
    try {
      expect(stores.map((s) => s.kind)).toEqual(['redis', 'redis']);
      expect(await statusesOf(apps, 6)).toEqual([200, 200, 200, 429, 429, 429]);
      // The counter is one key under this run's prefix, named by the route.
      expect(await admin.keys(`${keyPrefix}*`)).toEqual([`${keyPrefix}rate-limit:POST /limited:10.9.8.7`]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('Redis lost while serving: each process counts on its own, one warning, no 500; shared again once it is back', async () => {
    // The store reaches Redis through a relay the test can cut and restore on the same port.
    const relayed = new Set<Socket>();
    const relay = createServer((socket) => {
      const upstream = connect(new URL(REDIS_URL).port ? Number(new URL(REDIS_URL).port) : 6379, new URL(REDIS_URL).hostname);
      for (const end of [socket, upstream]) {
        relayed.add(end);
        end.on('error', () => end.destroy());
        end.on('close', () => relayed.delete(end));
      }
      socket.pipe(upstream).pipe(socket);
    });
    const listen = (port = 0) => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
    await listen();
    const port = (relay.address() as AddressInfo).port;
    const log = recordingLogger();
    const store = await createRateLimitStore({ url: `redis://127.0.0.1:${port}`, keyPrefix: `${keyPrefix}outage:` }, log);
    const app = await limitedApp(store, 3);
    try {
      expect(await statusesOf([app], 2)).toEqual([200, 200]);
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of relayed) socket.destroy();
      });
      // Redis's count (2) is out of reach: this process counts anew, up to the limit, never a 500.
      expect(await statusesOf([app], 4)).toEqual([200, 200, 200, 429]);
      expect(log.warnings.filter((w) => w.includes('rate limits are counted per process'))).toHaveLength(1);
      await listen(port);
      await until(async () => log.infos.some((i) => i.includes('Redis answers again')), 10_000, 'the store to reconnect');
      // Back on Redis's count: one more (3), then the limit.
      expect(await statusesOf([app], 2)).toEqual([200, 429]);
    } finally {
      await app.close();
      await store.close();
      for (const socket of relayed) socket.destroy();
      if (relay.listening) await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  }, 30_000);
});
