/**
 * Where the rate-limit counters live (every limit: attempt limits, POST /api/session, the order
 * log). With REDIS_URL set they live in Redis, so all processes of the shop share one count per
 * key and N processes allow the configured number, not N times it. Without it each process
 * counts on its own (@fastify/rate-limit's local store), as the README says.
 *
 * Redis unreachable (down, refusing, or not answering within COMMAND_TIMEOUT_MS): every count
 * falls back to this process's own counter until Redis answers again, and one warning is logged
 * per outage. So an outage never turns into a 500 nor into no limit at all: it is the per-process
 * behaviour for a while. The shop also starts when Redis is down (it keeps reconnecting).
 */
import { createRequire } from 'node:module';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/** Waiting longer than this for Redis would hold up the request the limit guards. */
const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 500;
/** Reconnect quickly after an outage, at most every 2 s. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2_000);
/** Every counter key starts with this (after REDIS_KEY_PREFIX, which ioredis adds). */
const COUNTER_NAMESPACE = 'rate-limit:';

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
  close(): Promise<void>;
}

/** Created once in the composition root (app.ts) and closed with the app. */
export async function createRateLimitStore(redis: RedisSettings | undefined, log: FastifyBaseLogger): Promise<RateLimitStore> {
  if (!redis) {
    return {
      kind: 'process',
      register: async (app) => app.register(rateLimit, { global: false }),
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
  const store = sharedStoreClass(client, health);
  return {
    kind: 'redis',
    register: async (app) => app.register(rateLimit, { global: false, store }),
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

  failed(error: Error): void {
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

/* ---------- the store: Redis, with this process's count as the fallback ---------- */

type CountCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store contract (incr counts one more; read only looks, for `{ increment: false }`). */
interface CounterStore {
  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  read(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  child(options: StoreOptions): CounterStore;
}

/** The merged limit options @fastify/rate-limit hands a store (routeInfo is empty for createRateLimit). */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string | string[]; url?: string };
}

// The plugin's own two stores (its Lua script and its LRU), not exported by its typed entry.
const requirePackage = createRequire(import.meta.url);
const LocalStore = requirePackage('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => CounterStore;
const RedisStore = requirePackage('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  keyPrefix: string,
) => CounterStore;

/**
 * One limit's counters in Redis, and in this process while Redis does not answer. Route limits
 * (config.rateLimit) are named by method and URL, so the session limit and the order-log limit
 * keep apart on one client IP; createRateLimit's limits (attempt-limits.ts) name themselves in
 * their keys.
 */
class RedisWithLocalFallback implements CounterStore {
  private readonly shared: CounterStore;
  private readonly local: CounterStore;

  constructor(
    private readonly client: Redis,
    private readonly health: RedisHealth,
    options: StoreOptions,
  ) {
    const continueExceeding = options.continueExceeding ?? false;
    const exponentialBackoff = options.exponentialBackoff ?? false;
    const route = options.routeInfo?.url ? `${String(options.routeInfo.method)} ${options.routeInfo.url}:` : '';
    this.shared = new RedisStore(continueExceeding, exponentialBackoff, client, `${COUNTER_NAMESPACE}${route}`);
    this.local = new LocalStore(continueExceeding, exponentialBackoff, options.cache);
  }

  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.shared.incr(key, this.orLocally('incr', key, callback, timeWindow, max), timeWindow, max);
  }

  read(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.shared.read(key, this.orLocally('read', key, callback, timeWindow, max), timeWindow, max);
  }

  child(options: StoreOptions): CounterStore {
    return new RedisWithLocalFallback(this.client, this.health, options);
  }

  private orLocally(method: 'incr' | 'read', key: string, callback: CountCallback, timeWindow: number, max: number): CountCallback {
    return (error, result) => {
      if (!error) {
        this.health.answered();
        callback(null, result);
        return;
      }
      this.health.failed(error);
      this.local[method](key, callback, timeWindow, max);
    };
  }
}

/** @fastify/rate-limit builds its store with `new store(options)`. */
function sharedStoreClass(client: Redis, health: RedisHealth): NonNullable<RateLimitPluginOptions['store']> {
  class SharedStore extends RedisWithLocalFallback {
    constructor(options: StoreOptions) {
      super(client, health, options);
    }
  }
  return SharedStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}
