/**
 * Test composition: a fresh app over a fresh database per suite. PGlite in memory always;
 * PostgreSQL too when TEST_DATABASE_URL is set (a uniquely named database, dropped after).
 */
import { describe } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds, pgliteOnly, type DatabaseKind } from '@shop/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';

export { createTestDatabase, databaseKinds, pgliteOnly, type DatabaseKind };

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
  /** A fixed clock for dispatch promises and placed orders (default: the system clock). */
  clock?: () => Date;
}

/** `describe` once per database kind, with the kind passed to the suite body. */
export function describeOnEachDatabase(name: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds()) describe(`${name} [${kind}]`, () => body(kind));
}

/** `describe` on PGlite only (see pgliteOnly), with the kind passed to the suite body. */
export function describeOnPglite(name: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of pgliteOnly()) describe(`${name} [${kind}]`, () => body(kind));
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // The demo catalogue comes with the database (a copy of a seeded template).
  const { database, drop } = await createTestDatabase(options.kind ?? 'pglite', { demoCatalogue: options.seed ?? true });
  // Suites make many sessions from one address; session-routes.test.ts sets its own limit. The
  // scheduler stays off: a suite's jobs are its own (api/credit-stop.test.ts turns it on).
  const config = loadConfig({ DATA_DIR: '/tmp/shop-test-data', LOG_LEVEL: 'silent', SESSION_RATE_LIMIT_PER_MINUTE: '100000', SCHEDULED_JOBS: '0', ...options.env });
  const app = await buildApp({ config, database, logger: false, clock: options.clock });
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
