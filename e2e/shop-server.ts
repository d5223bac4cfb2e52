/**
 * A shop server of a test's own (its own port and fresh embedded database), for journeys that
 * need what the shared server (playwright.config.ts) cannot give: its log. The back office's
 * setup link is printed once, at start, as one JSON log line; this reads it from the server's
 * output as an operator reads it from the terminal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { COMPILED_SERVER_ARGS } from '../scripts/compile-server.mjs';

export interface OwnShopServer {
  baseURL: string;
  dataDir: string;
  /** The back office's setup link from the log, or null if none was printed (an owner exists). */
  setupLink: string | null;
  /** Every log line so far. */
  log: string[];
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The embedded database every own shop starts from: migrated and seeded once per run by
 * e2e/global-setup.ts (E2E_PGLITE_TEMPLATE), copied here in well under a second, where migrating
 * and seeding a fresh one took each server 10 s of its start.
 */
function copyTemplateDatabase(dataDir: string): void {
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (template && existsSync(template)) cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
}

/**
 * A shop server of the test's own. With no DATABASE_URL in `env` it gets a fresh database: on
 * PostgreSQL when the run has a template there (global-setup.ts makes one when PostgreSQL
 * answers), else on the embedded database, a copy of its template. PostgreSQL first because an own
 * shop on the embedded database opened it twice at each start (the prepare step, then the server)
 * and ran every query in WebAssembly: on PostgreSQL the stage's shop processes, their prepare
 * steps and PostgreSQL itself used about 50 CPU-seconds less, of about 730 (tests/README.md). The
 * shared server (playwright.config.ts) stays on the embedded database, as `npm start` runs.
 */
export async function startOwnShopServer(env: Record<string, string> = {}): Promise<OwnShopServer> {
  if (env.DATABASE_URL || !process.env.E2E_POSTGRES_TEMPLATE) return startShopProcess(env);
  return startShopOnOwnDatabase('own', env);
}

async function startShopProcess(env: Record<string, string>): Promise<OwnShopServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-own-'));
  if (!env.DATABASE_URL) copyTemplateDatabase(dataDir);
  const log: string[] = [];
  const child: ChildProcess = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_BASE_URL: baseURL, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  const collect = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    log.push(...lines.filter(Boolean));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop server exited (${child.exitCode}):\n${log.join('\n')}`);
    const ready = await fetch(`${baseURL}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the shop server did not start:\n${log.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The setup link is logged when the server is ready (onReady), before it listens; its line can
  // still be in the pipe when /readyz answers, so it is waited for a moment (no line: an owner exists).
  const findSetupLine = () => log.find((line) => line.includes('/admin/setup?token='));
  for (let waited = 0; !findSetupLine() && waited < 2_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const setupLine = findSetupLine();
  const setupLink = setupLine ? (JSON.parse(setupLine) as { setupLink: string }).setupLink : null;
  return {
    baseURL,
    dataDir,
    setupLink,
    log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ShopOnOwnDatabase extends OwnShopServer {
  /** Runs `body` on a connection to the shop's database (seeding orders, reading what pages did). */
  sql<T>(body: (client: pg.Client) => Promise<T>): Promise<T>;
}

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onConnection<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

export interface OwnDatabase {
  name: string;
  databaseUrl: string;
  /** Runs `body` on a connection to the database. */
  sql<T>(body: (client: pg.Client) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** Whether the PostgreSQL server the own databases are made on answers. */
export async function postgresAnswers(): Promise<boolean> {
  return onConnection(POSTGRES_URL, async () => true).catch(() => false);
}

/**
 * A PostgreSQL database of the test's own, uniquely named (`label` in it); `drop` removes it. It
 * is a copy of the run's template (global-setup.ts: migrated, demo catalogue and stock, no staff), as a
 * shop's first start would leave it; empty when there is none, and the shop migrates and seeds it.
 */
export async function createOwnDatabase(label: string): Promise<OwnDatabase> {
  const name = `shop_e2e_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const template = process.env.E2E_POSTGRES_TEMPLATE;
  await onConnection(POSTGRES_URL, (c) => c.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const databaseUrl = Object.assign(new URL(POSTGRES_URL), { pathname: `/${name}` }).toString();
  return {
    name,
    databaseUrl,
    sql: (body) => onConnection(databaseUrl, body),
    drop: () => onConnection(POSTGRES_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * A shop server of the test's own on a PostgreSQL database of its own, created here and dropped
 * by `stop`: for journeys that seed orders with SQL.
 */
export async function startShopOnOwnDatabase(label: string, env: Record<string, string> = {}): Promise<ShopOnOwnDatabase> {
  const database = await createOwnDatabase(label);
  const shop = await startShopProcess({ ...env, DATABASE_URL: database.databaseUrl });
  return {
    ...shop,
    sql: database.sql,
    async stop() {
      await shop.stop();
      await database.drop();
    },
  };
}
