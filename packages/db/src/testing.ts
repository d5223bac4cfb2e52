/**
 * Test databases for every suite: PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL
 * is set (a uniquely named database, dropped after, so suites and runs never share one).
 *
 * Migrating an empty database costs seconds (30 and more migrations), and seeding the demo catalogue
 * seconds more, so each is done once: a suite's database is a copy of a template, migrated, with
 * or without the demo catalogue. PGlite: a dump of a data directory, kept in the temporary
 * directory under a name that hashes the migrations and the seed (a run after either changed
 * makes a new one). PostgreSQL: template databases that Vitest's global set-up
 * (vitest.global-setup.ts) makes once per run and names in the environment; each suite's
 * database is `CREATE DATABASE ... TEMPLATE` one. The migrations' triggers and functions are
 * part of what is copied.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from './client.ts';
import { demoCatalogue, insertCatalogue, seedDemoCatalogueIfEmpty } from './seed/index.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The database kinds a suite whose SQL may behave differently on PostgreSQL runs on: PGlite
 * always, PostgreSQL when configured (db and core suites, API suites, resilience, the security
 * suites about data; tests/README.md says which and why).
 */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * PGlite only: for a suite whose SQL other suites already run on PostgreSQL (the pages, over the
 * same core services as the API suites) or that does not depend on the database engine (HTTP
 * headers, logs, limits).
 */
export function pgliteOnly(): DatabaseKind[] {
  return ['pglite'];
}

export interface TestDatabase {
  database: DatabaseHandle;
  /** The PostgreSQL database's URL, for a second connection (another thread or process); null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * What a template holds: the migrated schema only, or the demo catalogue too (createTestApp's
 * suites), or the database as a shop's first start leaves it (`shop`: the demo catalogue with
 * its stock, as prepare-database.ts seeds it), for suites that start server processes.
 */
export type TemplateContent = 'migrated' | 'demo-catalogue' | 'shop';

/** The environment variable naming this run's PostgreSQL template database of that content. */
export function postgresTemplateEnv(content: TemplateContent): string {
  return `SHOP_TEST_POSTGRES_TEMPLATE_${content.toUpperCase().replace('-', '_')}`;
}

export interface TestDatabaseOptions {
  poolSize?: number;
  /** Start with the demo catalogue (as createTestApp's suites do): copied, not seeded again. */
  demoCatalogue?: boolean;
}

export async function createTestDatabase(kind: DatabaseKind, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const content: TemplateContent = options.demoCatalogue ? 'demo-catalogue' : 'migrated';
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', pgliteDump: await pgliteTemplateDump(content), migrated: true });
    return { database, url: null, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  // Without a template (a suite run outside Vitest's global set-up) the new database is migrated and seeded.
  const template = process.env[postgresTemplateEnv(content)];
  await adminQuery(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = databaseUrlNamed(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: options.poolSize ?? 20, migrated: Boolean(template) });
  if (!template) await fill(database, content);
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
 * A PostgreSQL template database for this run (global set-up): its name, and how to drop it at
 * the end. No session may stay connected to it, or copying it fails.
 */
export async function createPostgresTemplate(adminUrl: string, content: TemplateContent): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `shop_test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrlNamed(adminUrl, name), poolSize: 1 });
  try {
    await fill(database, content);
  } finally {
    await database.close();
  }
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const pgliteDumps = new Map<TemplateContent, Promise<Blob>>();

/** The PGlite data directory of a template, as a dump to load (read once per test file). */
function pgliteTemplateDump(content: TemplateContent): Promise<Blob> {
  let dump = pgliteDumps.get(content);
  if (!dump) {
    dump = ensurePgliteTemplate(content).then(async (file) => new Blob([await readFile(file)]));
    pgliteDumps.set(content, dump);
  }
  return dump;
}

/**
 * The file holding the dump of a template's PGlite data directory, made now if missing. Its name
 * hashes the migrations, the seed and PGlite's version, so a stale one is never used; it is
 * written under a temporary name and renamed, so a process reading it never sees half a file.
 */
export async function ensurePgliteTemplate(content: TemplateContent): Promise<string> {
  const file = path.join(tmpdir(), `shop-test-pglite-${content}-${templateFingerprint()}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await fill(database, content);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // A shop's data directory is kept whole: a server process opens it as its own.
    if (content !== 'shop') await dropUnusedDatabases(client);
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/**
 * A copy holds only the database the shop uses: PGlite's data directory also has the two template
 * databases `CREATE DATABASE` copies from, which no test on PGlite runs. Without them the dump has
 * 777 files, not 1,394, and loading it (one file at a time into PGlite's in-memory file system)
 * took a fifth less CPU per suite: 0.8 s, not 1.0 (tests/README.md). (DROP DATABASE also
 * makes a checkpoint, so a load has no WAL to replay; that alone was worth a few per cent.)
 */
async function dropUnusedDatabases(client: PGlite): Promise<void> {
  await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await client.exec('DROP DATABASE template0');
  await client.exec('DROP DATABASE template1');
}

/** A migrated database's rows for the content. */
async function fill(database: DatabaseHandle, content: TemplateContent): Promise<void> {
  if (content === 'demo-catalogue') await insertCatalogue(database.db, demoCatalogue());
  if (content === 'shop') await seedDemoCatalogueIfEmpty(database.db);
}

/**
 * An embedded database directory (a server's `DATA_DIR/pglite`) as a shop's first start leaves
 * it, copied from the `shop` template instead of migrated and seeded by the server: a server
 * process then starts as on any later day. On this machine a first start took 12.9 CPU-seconds
 * and a later one 7.5 (tests/README.md).
 */
export async function writeShopPgliteDir(dir: string): Promise<void> {
  const database = await openDatabase({ dataDir: dir, pgliteDump: await pgliteTemplateDump('shop'), migrated: true });
  await database.close();
}

const seedFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed');

function templateFingerprint(): string {
  const hash = createHash('sha256');
  // PGlite's package.json (its exports hide it): a dump is only loaded by the version that made it.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  // And this file, which says how a template is made.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (!entry.name.endsWith('.test.ts')) hash.update(entry.name).update(readFileSync(full));
    }
  };
  visit(migrationsFolder);
  visit(seedFolder);
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
