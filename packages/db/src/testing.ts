/**
 * Test databases for every suite: PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL
 * is set (a uniquely named database, dropped after, so suites and runs never share one).
 *
 * Migrating an empty database costs seconds (27 migrations), so it is done once: each suite's
 * database is a copy of a migrated template. PGlite: a dump of a migrated data directory, kept
 * in the temporary directory under a name that hashes the migrations (a run after a migration
 * changed makes a new one). PostgreSQL: a template database that Vitest's global set-up
 * (vitest.global-setup.ts) migrates once per run and names in SHOP_TEST_POSTGRES_TEMPLATE; each
 * suite's database is `CREATE DATABASE ... TEMPLATE` it. The migrations' triggers and functions
 * are part of what is copied.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from './client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The database kinds every database suite runs on: PGlite always, PostgreSQL when configured. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  database: DatabaseHandle;
  /** The PostgreSQL database's URL, for a second connection (another thread or process); null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

/** The environment variable naming the migrated PostgreSQL template database of this run. */
export const POSTGRES_TEMPLATE_ENV = 'SHOP_TEST_POSTGRES_TEMPLATE';

export async function createTestDatabase(kind: DatabaseKind, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', pgliteDump: await migratedPgliteDump(), migrated: true });
    return { database, url: null, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  // Without a template (a suite run outside Vitest's global set-up) the new database is migrated.
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await adminQuery(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = databaseUrlNamed(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: options.poolSize ?? 20, migrated: Boolean(template) });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A migrated PostgreSQL template database for this run (global set-up): its name, and how to
 * drop it at the end.
 */
export async function createPostgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `shop_test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrlNamed(adminUrl, name), poolSize: 1 });
  await database.close();
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

let pgliteDump: Promise<Blob> | undefined;

/** The migrated PGlite data directory, as a dump to load: made once per set of migrations. */
function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= ensurePgliteTemplate().then(async (file) => new Blob([await readFile(file)]));
  return pgliteDump;
}

/**
 * The file holding the dump of a migrated PGlite data directory, made now if missing. Its name
 * hashes the migrations and PGlite's version, so a stale one is never used; it is written under
 * a temporary name and renamed, so a process reading it never sees half a file.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `shop-test-pglite-${templateFingerprint()}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

function templateFingerprint(): string {
  const hash = createHash('sha256');
  // PGlite's package.json (its exports hide it): a dump is only loaded by the version that made it.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  visit(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

function databaseUrlNamed(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
