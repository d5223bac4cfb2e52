/**
 * Where the rate-limit counters live (every limit: attempt limits, POST /api/session, the order
 * log). With REDIS_URL set they live in Redis, so all processes of the shop share one count per
 * key and N processes allow the configured number, not N times it. Without it each process
 * counts on its own (@fastify/rate-limit's local store), as the README says.
 *
 * The Redis counters are rate-limiter-flexible's, given to @fastify/rate-limit through its
 * documented `store` option. Redis unreachable (down, refusing, or not answering within
 * COMMAND_TIMEOUT_MS): every count falls back to this process's own counter (rate-limiter-
 * flexible's insurance limiter) until Redis answers again, and one warning is logged per outage.
 * So an outage never turns into a 500 nor into no limit at all: it is the per-process behaviour
 * for a while. The shop also starts when Redis is down (it keeps reconnecting).
 */
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Waiting longer than this for Redis would hold up the request the limit guards. */
const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 500;
/** Reconnect quickly after an outage, at most every 2 s. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2_000);
/** Every counter key starts with this and a colon (after REDIS_KEY_PREFIX, which ioredis adds). */
const COUNTER_NAMESPACE = 'rate-limit';

export interface RedisSettings {
  url: string;
  /** Prepended to every key, so shops (or test runs) can share one Redis. */
  keyPrefix: string;
}

export interface RateLimitStore {
  /** 'redis' when the counters are shared through Redis, 'process' when each process counts alone. */
  readonly kind: 'redis' | 'process';
  /** Registers @fastify/rate-limit in this (encapsulated) context on these counters; once per plugin. */
  register(app: FastifyInstance): Promise<void>;
  /**
   * A counter of its own (rate-limiter-flexible's), for limits that are more than a count per
   * window (the progressive account guard of attempt-limits.ts): in Redis with this process's
   * count as the insurance, or in this process. One per name; `points` per `durationSeconds`.
   */
  counter(name: string, points: number, durationSeconds: number): RateLimiterAbstract;
  close(): Promise<void>;
}

/** Created once in the composition root (app.ts) and closed with the app. */
export async function createRateLimitStore(redis: RedisSettings | undefined, log: FastifyBaseLogger): Promise<RateLimitStore> {
  if (!redis) {
    return {
      kind: 'process',
      register: async (app) => app.register(rateLimit, { global: false }),
      counter: (name, points, duration) => new RateLimiterMemory({ keyPrefix: `${COUNTER_NAMESPACE}:${name}`, points, duration }),
      close: async () => {},
    };
  }
  const client = new Redis(redis.url, {
    keyPrefix: redis.keyPrefix,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // While disconnected a count fails at once (and falls back) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelay,
  });
  const health = new RedisHealth(log);
  client.on('error', (error: Error) => health.failed(error));
  client.on('ready', () => health.answered());
  // Wait for Redis at start, but not longer than a request would: a server that accepts the
  // connection and never answers must not stop the shop from starting.
  const connected = client.connect().then(
    () => true,
    (error: Error) => (health.failed(error), false),
  );
  const gaveUp = new Promise<false>((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS, false).unref());
  if (!(await Promise.race([connected, gaveUp]))) health.failed(new Error(`Redis did not answer within ${CONNECT_TIMEOUT_MS} ms`));
  const store = sharedCountersClass(client, health);
  return {
    kind: 'redis',
    register: async (app) => app.register(rateLimit, { global: false, store }),
    counter(name, points, duration) {
      const options = { keyPrefix: `${COUNTER_NAMESPACE}:${name}`, points, duration };
      return new RateLimiterRedis({ ...options, storeClient: client, rejectIfRedisNotReady: true, insuranceLimiter: new CountedHere(options, health) });
    },
    async close() {
      // quit() waits for the replies still due; a client that is not connected has none.
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** Logs the start and the end of a Redis outage once each, not once per request. */
class RedisHealth {
  private down = false;
  constructor(private readonly log: FastifyBaseLogger) {}

  failed(error: Error = new Error('Redis did not answer')): void {
    if (this.down) return;
    this.down = true;
    this.log.warn({ err: error }, 'Redis is unreachable: rate limits are counted per process until it answers again');
  }

  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis answers again: rate limits are shared by every process');
  }
}

/* ---------- the store: Redis, with this process's count as the insurance ---------- */

type CountCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's `child` (routeInfo is empty for createRateLimit). */
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * One limit's counters in Redis, and in this process while Redis does not answer. Route limits
 * (config.rateLimit) are named by method and URL, so the session limit and the order-log limit
 * keep apart on one client IP; createRateLimit's limits (attempt-limits.ts) name themselves in
 * their keys. The plugin's store contract: `incr` counts one more, `read` only looks (for
 * `{ increment: false }`), `child` makes a route's store.
 */
class SharedCounters {
  /** One limiter per window and maximum, as the plugin passes them with every count. */
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly client: Redis,
    private readonly health: RedisHealth,
    private readonly keyPrefix: string,
  ) {}

  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.limiter(timeWindow, max)
      .consume(key)
      .then(
        (allowed) => callback(null, counted(allowed)),
        // Over the limit is a RateLimiterRes too; anything else is an error of both stores.
        (refused: unknown) => (refused instanceof RateLimiterRes ? callback(null, counted(refused)) : callback(refused as Error)),
      );
  }

  read(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.limiter(timeWindow, max)
      .get(key)
      .then(
        (found) => callback(null, found ? counted(found) : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
  }

  child(options: RouteOptions): SharedCounters {
    const route = options.routeInfo?.url ? `:${String(options.routeInfo.method)} ${options.routeInfo.url}` : '';
    return new SharedCounters(this.client, this.health, `${COUNTER_NAMESPACE}${route}`);
  }

  private limiter(timeWindow: number, max: number): RateLimiterRedis {
    const name = `${timeWindow}:${max}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      // Whole seconds, as the Redis counters expire; the plugin's windows are whole seconds anyway.
      const options = { keyPrefix: this.keyPrefix, points: max, duration: Math.ceil(timeWindow / 1000) };
      limiter = new RateLimiterRedis({
        ...options,
        storeClient: this.client,
        // While disconnected, count here at once instead of waiting for the command to fail.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new CountedHere(options, this.health),
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

/** The insurance limiter: asked only when Redis did not answer, so it also says so (once per outage). */
class CountedHere extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly health: RedisHealth,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>): Promise<RateLimiterRes> {
    this.health.failed();
    return super.consume(...args);
  }

  override get(...args: Parameters<RateLimiterMemory['get']>): Promise<RateLimiterRes | null> {
    this.health.failed();
    return super.get(...args);
  }
}

/** A count as @fastify/rate-limit reads it: how many so far in the window, and the milliseconds it has left. */
function counted(result: RateLimiterRes): { current: number; ttl: number } {
  return { current: result.consumedPoints, ttl: Math.max(0, result.msBeforeNext) };
}

/** @fastify/rate-limit builds its store with `new store(options)`, then a child per limit. */
function sharedCountersClass(client: Redis, health: RedisHealth): NonNullable<RateLimitPluginOptions['store']> {
  class PluginStore extends SharedCounters {
    constructor() {
      super(client, health, COUNTER_NAMESPACE);
    }
  }
  return PluginStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}
