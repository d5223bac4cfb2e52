/**
 * One factory for both drivers: PGlite (embedded, persisted under a directory, the default)
 * and node-postgres (when a DATABASE_URL is given). Both run the same schema, migrations and SQL.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Executor = Database;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

// Search tolerates a transposed or missing letter: the default word-similarity threshold (0.6)
// is too strict for short words such as "tpae" -> "tape".
const SESSION_SETUP_SQL = `SET pg_trgm.word_similarity_threshold = 0.45; SET pg_trgm.similarity_threshold = 0.3;`;
const SEARCH_THRESHOLD_OPTIONS = '-c pg_trgm.word_similarity_threshold=0.45 -c pg_trgm.similarity_threshold=0.3';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  await client.exec(SESSION_SETUP_SQL);
  return {
    db,
    driver: 'pglite',
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseHandle> {
  // Several processes may start together on one database: migrate under an advisory lock.
  const migrationClient = new pg.Client({ connectionString: databaseUrl });
  await migrationClient.connect();
  try {
    await migrationClient.query(`SELECT pg_advisory_lock(hashtext('shop:migrations'))`);
    await migratePg(drizzlePg(migrationClient, { schema }), { migrationsFolder });
    await migrationClient.query(`SELECT pg_advisory_unlock(hashtext('shop:migrations'))`);
  } finally {
    await migrationClient.end();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: SEARCH_THRESHOLD_OPTIONS });
  // An idle client error (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const listeners: pg.Client[] = [];
  return {
    db,
    driver: 'postgres',
    async listen(channel, onMessage) {
      const listener = new pg.Client({ connectionString: databaseUrl });
      listener.on('error', () => {});
      await listener.connect();
      listener.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      listeners.push(listener);
      return async () => {
        await listener.end().catch(() => {});
      };
    },
    async close() {
      await Promise.all(listeners.map((l) => l.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** Run a statement that yields rows on either driver. */
export async function queryRows<T>(db: Executor, query: Parameters<Database['execute']>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
