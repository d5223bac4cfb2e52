/**
 * The real server as a child process, for the resilience suites: start it on a free port on
 * 127.0.0.1 (PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL), wait until /readyz
 * answers, signal it, and make sure none outlives the suite (stopAllServers in afterAll).
 * Also a fresh PostgreSQL database or data directory per suite, a small JSON client over fetch,
 * and customers made through the HTTP API as the storefront makes them.
 *
 * A suite whose servers may start as on any later day (the database migrated and seeded already)
 * asks for a copy of the `shop` template (`{ seeded: true }`): Vitest's global set-up migrated
 * and seeded it once for the run, so no server spends its first start doing that again. A suite
 * about the first start itself (two processes migrating one empty database, `npm start` on a new
 * machine) asks for an empty one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresTemplateEnv, writeShopPgliteDir } from '@shop/db/testing';
import { embeddedDatabaseDir } from '../../apps/server/src/embedded-database-lock.ts';
import { until } from '../../apps/server/src/testing/until.ts';
import { COMPILED_SERVER_ARGS } from '../../scripts/compile-server.mjs';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  label: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** stdout lines (the JSON log), newest last (bounded). */
  logs: string[];
  /** stderr lines (bounded). */
  errors: string[];
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
}

const running = new Set<ServerProcess>();
const MAX_LOG_LINES = 5_000;

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StartOptions {
  label: string;
  /** DATA_DIR (always) and DATABASE_URL (PostgreSQL), rate limits, LOG_LEVEL... */
  env: Record<string, string>;
  readyTimeoutMs?: number;
}

/** Environment variables of the test runner that must not leak into the server under test. */
export const NOT_INHERITED = ['DATABASE_URL', 'PORT', 'HOST', 'DATA_DIR', 'LOG_LEVEL', 'NODE_OPTIONS', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST'];

// A first start migrates and seeds a fresh database: about 10-20 s, but one CI run on a contended
// machine (every suite 2-5 times slower than usual) did not see it ready within 90 s.
export async function startServer({ label, env, readyTimeoutMs = 180_000 }: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !NOT_INHERITED.includes(key)) childEnv[key] = value;
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_CATALOGUE: '1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // The suites sign many customers up, and make many sessions, from one IP.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: '100000',
    SESSION_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const child = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    cwd: repositoryRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const errors: string[] = [];
  const collect = (into: string[]) => {
    let partial = '';
    return (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line) continue;
        into.push(line);
        if (into.length > MAX_LOG_LINES) into.shift();
      }
    };
  };
  child.stdout!.on('data', collect(logs));
  child.stderr!.on('data', collect(errors));
  let exitedFlag = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedFlag = true;
      resolve({ code, signal });
    });
  });
  const server: ServerProcess = { label, port, baseUrl: `http://127.0.0.1:${port}`, child, logs, errors, exited, hasExited: () => exitedFlag };
  const recentOutput = () => [...logs.slice(-30), ...errors.slice(-30)].join('\n');
  running.add(server);
  void exited.then(() => running.delete(server));

  const ready = async () => {
    if (exitedFlag) throw new Error(`${label} exited before it was ready`);
    try {
      return (await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 200;
    } catch {
      return false; // not listening yet
    }
  };
  try {
    await until(ready, readyTimeoutMs, `${label} to be ready`);
  } catch (error) {
    await stopServer(server, 'SIGKILL');
    throw new Error(`${(error as Error).message}:\n${recentOutput()}`);
  }
  return server;
}

/** Sends the signal (unless it has exited) and waits for the exit, SIGKILL after `graceMs`. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) {
  if (!server.hasExited()) server.child.kill(signal);
  const timer = setTimeout(() => {
    if (!server.hasExited()) server.child.kill('SIGKILL');
  }, graceMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** For afterAll: kills every server this file started that is still running. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => stopServer(server, 'SIGKILL', 5_000)));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/* ---------- PostgreSQL ---------- */

export interface FreshDatabase {
  url: string;
  name: string;
  /** A client on the fresh database, for direct checks and catalogue changes. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/**
 * A new database next to TEST_DATABASE_URL's: empty (the servers migrate and seed it), or with
 * `seeded` a copy of the run's `shop` template, as a shop's first start leaves it (empty when the
 * suite runs without Vitest's global set-up).
 */
export async function createFreshDatabase(prefix: string, { seeded = false }: { seeded?: boolean } = {}): Promise<FreshDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = seeded ? process.env[postgresTemplateEnv('shop')] : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  pool.on('error', () => {});
  return {
    url: url.toString(),
    name,
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      return (await pool.query<T>(text, values)).rows;
    },
    async drop() {
      await pool.end().catch(() => {});
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A new DATA_DIR in the temporary directory. With `seeded` its embedded database is a copy of
 * the `shop` template (migrated, the demo catalogue and its stock), so a server on it starts as
 * on any later day; without, it is empty and the first server migrates and seeds it.
 */
export async function createDataDir(prefix: string, { seeded = false }: { seeded?: boolean } = {}): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  if (seeded) await seedDataDir(dataDir);
  return dataDir;
}

/** Puts a copy of the `shop` template's embedded database into DATA_DIR (which has none yet). */
export function seedDataDir(dataDir: string): Promise<void> {
  return writeShopPgliteDir(embeddedDatabaseDir(dataDir));
}

/* ---------- HTTP ---------- */

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One JSON API call; rejects when the connection fails (e.g. the server was killed). */
export async function call<T = unknown>(baseUrl: string, method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** Like call, but the answer must have this status. */
export async function expectStatus<T = unknown>(status: number, baseUrl: string, method: string, url: string, options: CallOptions = {}): Promise<T> {
  const answer = await call<T>(baseUrl, method, url, options);
  if (answer.status !== status) throw new Error(`${method} ${url} on ${baseUrl}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/* ---------- customers through the API ---------- */

export interface ApiCustomer {
  userId: number;
  token: string;
  email: string;
}

export async function signUpOverHttp(baseUrl: string, name = 'Crash'): Promise<ApiCustomer> {
  const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
  const body = await expectStatus<{ userId: number; token: string }>(200, baseUrl, 'POST', '/api/users', {
    body: { first_name: `${name} Tester`, last_name: 'Customer', email, password: 'correct horse', phone: '0113 496 0999' },
  });
  return { userId: body.userId, token: body.token, email };
}

export const deliveryAddress = {
  reference: 'Warehouse',
  contact_name: 'Alice Walker',
  region: '12',
  company_name: 'Walker Crafts Ltd',
  address: 'Boar Lane',
  town: 'Leeds',
  country: 'United Kingdom',
  post_code: 'LS1 4AP',
  phone: '0113 496 0123',
  user_id: 1,
};

export interface PackRef {
  productId: number;
  productPriceId: number;
  qty: number;
  pricePounds: number;
}

/** Packs of the seeded demo catalogue, read through the API (product ids 1..n). */
export async function demoPacks(baseUrl: string, wanted: number): Promise<PackRef[]> {
  const packs: PackRef[] = [];
  for (let id = 1; packs.length < wanted && id < 200; id++) {
    const answer = await call<{ product_Sizes: { packs: { product_price_id: number; price: number; pack_range: number[] }[] }[] }>(
      baseUrl,
      'GET',
      `/api/products/GetById/${id}`,
    );
    if (answer.status !== 200) continue;
    const pack = answer.body.product_Sizes[0]?.packs[0];
    if (pack) packs.push({ productId: id, productPriceId: pack.product_price_id, qty: pack.pack_range[0]!, pricePounds: pack.price });
  }
  if (packs.length < wanted) throw new Error(`only ${packs.length} packs in the demo catalogue`);
  return packs;
}

export function addToCartBody(pack: PackRef, count: number, sessionId: string | null = null) {
  return { user_id: 1, session_id: sessionId, product_id: pack.productId, product_price_id: pack.productPriceId, price: pack.pricePounds, qty: pack.qty, count };
}

export interface CartView {
  cart_id: number | null;
  address_id: number | null;
  count: number;
  subTotal: number;
  deliveryFee: number;
  totalTax: number;
  total: number;
  cartIems: { product_id: number; product_price_id: number; price: number; qty: number; count: number }[];
}

export interface OrderView {
  order_id: number;
  status: string;
  payment_reference: string;
  sub_total: number;
  delivery_fee: number;
  total_tax: number;
  total: number;
  user_id: number;
  orderLines: { product_id: number; product_price_id: number; price: number; qty: number; count: number; total_price: number }[];
}

/** The order body as the storefront sends it, from the basket the customer sees. */
export function orderBodyFor(cart: CartView) {
  return {
    sub_total: cart.subTotal,
    delivery_fee: cart.deliveryFee,
    total_tax: cart.totalTax,
    total: cart.total,
    note: 'Resilience test',
    user_id: 1,
    payment_reference: '',
    status: 'PendingDelivery',
    address_id: cart.address_id,
    is_active: true,
    payment_method: 'bank',
    orderLines: cart.cartIems.map((l) => ({ product_id: l.product_id, product_price_id: l.product_price_id, price: l.price, qty: l.qty, is_active: true, count: l.count })),
  };
}

/** Lines as comparable tuples, sorted: what was bought, at what price, how many. */
export function lineKey(lines: { product_price_id: number; price: number; qty: number; count: number }[]): string[] {
  return lines.map((l) => `${l.product_price_id}:${l.price}:${l.qty}x${l.count}`).sort();
}
