/**
 * Test composition: a fresh app over a fresh database per suite. PGlite in memory always;
 * PostgreSQL too when TEST_DATABASE_URL is set (a uniquely named database, dropped after).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@shop/db';
import { demoCatalogue, insertCatalogue } from '@shop/db/seed';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  kind?: DatabaseKind;
  /** Seed the demo catalogue (default true). */
  seed?: boolean;
  /** Environment overrides for loadConfig (e.g. SMTP_URL). */
  env?: Record<string, string>;
}

/** The database kinds every API suite runs on: PGlite always, PostgreSQL when configured. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** `describe` once per database kind, with the kind passed to the suite body. */
export function describeOnEachDatabase(name: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds()) describe(`${name} [${kind}]`, () => body(kind));
}

export async function createTestDatabase(kind: DatabaseKind): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase(options.kind ?? 'pglite');
  if (options.seed ?? true) await insertCatalogue(database.db, demoCatalogue());
  const config = loadConfig({ DATA_DIR: '/tmp/shop-test-data', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}
