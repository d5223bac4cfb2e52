/**
 * One factory for both drivers: PGlite (embedded, persisted under a directory, the default)
 * and node-postgres (when a DATABASE_URL is given). Both run the same schema, migrations and SQL.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The database or a transaction: Drizzle's transaction handle is a PgDatabase of the same schema,
 * so `db.transaction(async (tx) => work(tx))` passes `tx` on as an Executor with no cast.
 */
export type Executor = Database;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Subscribe to a NOTIFY channel; returns an unsubscribe function. On PostgreSQL a lost
   * listening connection (server restart, failover, terminated session) is re-established,
   * and then `onMessage('')` is called once, since notifications may have been missed.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL: the connection pool's connections and the queries waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Tests only: the database is a copy of an already migrated template (testing.ts), so the
   * migrations are not read and run again.
   */
  migrated?: boolean;
  /** Tests only: PGlite starts from this dump of a data directory (PGlite's dumpDataDir), not an empty one. */
  pgliteDump?: Blob;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

// Search tolerates a transposed or missing letter: the default word-similarity threshold (0.6)
// is too strict for short words such as "tpae" -> "tape".
const SESSION_SETUP_SQL = `SET pg_trgm.word_similarity_threshold = 0.45; SET pg_trgm.similarity_threshold = 0.3;`;
const SEARCH_THRESHOLD_OPTIONS = '-c pg_trgm.word_similarity_threshold=0.45 -c pg_trgm.similarity_threshold=0.3';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.migrated ?? false);
  return openPglite(options.dataDir ?? 'memory://', options);
}

async function openPglite(dataDir: string, options: Pick<DatabaseOptions, 'migrated' | 'pgliteDump'>): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // Loaded only here: a process (or thread) on PostgreSQL never pays for PGlite's engine.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    serializers: { [BYTEA_OID]: byteaToText },
    parsers: { [BYTEA_OID]: byteaFromText },
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  if (!options.migrated) await migratePglite(db as never, { migrationsFolder });
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

/**
 * PGlite passes bytea as `\x` hex text. Its own conversion goes through a JavaScript array of
 * one string per byte: seconds of blocked event loop and hundreds of MB for a catalogue image.
 * Buffer's native hex is the same text at a fraction of the cost.
 */
const BYTEA_OID = 17;

function byteaToText(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

function byteaFromText(text: string): Buffer {
  return Buffer.from(text.slice(2), 'hex');
}

async function openPostgres(databaseUrl: string, poolSize: number, migrated: boolean): Promise<DatabaseHandle> {
  if (!migrated) await migratePostgres(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: SEARCH_THRESHOLD_OPTIONS });
  // An idle client error (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one on a checked-out client between its queries (the pool listens only while a client
  // is idle): the lost connection fails that client's next query, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const subscriptions = new Set<() => Promise<void>>();
  return {
    db,
    driver: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onMessage) {
      const stop = await listenWithReconnect(databaseUrl, channel, onMessage);
      subscriptions.add(stop);
      return async () => {
        subscriptions.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...subscriptions].map((stop) => stop()));
      subscriptions.clear();
      await pool.end();
    },
  };
}

async function migratePostgres(databaseUrl: string): Promise<void> {
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
}

const LISTEN_RETRY_FIRST_MS = 100;
const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * A LISTEN that survives its connection: when the dedicated connection ends unexpectedly it is
 * opened again (backing off up to 5 s), and `onMessage('')`, when it is lost and again when it
 * is back, tells the subscriber that it may have missed notifications (the catalogue caches and
 * the checked sign-ins clear on it). Without this, one lost session would leave a process serving
 * stale cached prices, or trusting a revoked token, until it restarts.
 */
async function listenWithReconnect(databaseUrl: string, channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
  const statement = `LISTEN "${channel.replace(/"/g, '')}"`;
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    // An 'error' is followed by 'end', which reconnects; it must never crash the process.
    client.on('error', () => {});
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(statement);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    client.once('end', () => {
      if (current === client) current = null;
      if (stopped) return;
      // From now until the connection is back, notifications are missed: say so at once too.
      onMessage('');
      scheduleReconnect(LISTEN_RETRY_FIRST_MS);
    });
    return client;
  };

  const scheduleReconnect = (delayMs: number) => {
    const reconnect = async () => {
      retry = null;
      if (stopped) return;
      try {
        const client = await connect();
        if (stopped) {
          await client.end().catch(() => {});
          return;
        }
        current = client;
        onMessage('');
      } catch {
        if (!stopped) scheduleReconnect(Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS));
      }
    };
    // reconnect() catches every failure itself.
    retry = setTimeout(() => void reconnect(), delayMs);
    retry.unref();
  };

  current = await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

const dialect = new PgDialect();
const preparedStatementNames = new Map<string, string>();
/** Date, time and interval values (and their arrays) stay strings, as Drizzle's execute leaves them. */
const TEXT_TYPE_IDS = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const drizzleCompatibleTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPE_IDS.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format as 'text'),
};

/**
 * queryRows for the hot paths (adding to the basket, reading it, the token check): on
 * PostgreSQL a named prepared statement, so each connection parses and plans it once, not on
 * every call (planning a basket statement costs about 1 ms of server CPU, more than running
 * it). Inside a transaction, and on PGlite, the same as queryRows.
 */
export async function queryPreparedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const client = postgresClientOf(db);
  if (client === null) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = preparedStatementNames.get(text);
  if (name === undefined) {
    name = `shop_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    preparedStatementNames.set(text, name);
  }
  const result = await client.query({ name, text, values: params as unknown[], types: drizzleCompatibleTypes });
  return result.rows as T[];
}

/**
 * The node-postgres pool of a database handle, or the connection a transaction holds (Drizzle's
 * transaction keeps its pooled client on its session), so a named statement inside a transaction
 * runs on that transaction's connection. Null on PGlite.
 */
function postgresClientOf(db: Executor): pg.Pool | pg.Client | null {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return pool;
  const connection = (db as { session?: { client?: unknown } }).session?.client;
  return connection instanceof pg.Client ? connection : null;
}

/**
 * Several data-modifying statements (INSERT, UPDATE, DELETE, none writing the same rows) as one
 * statement, so one round trip: `WITH s0 AS (...), s1 AS (...) SELECT 1`. PostgreSQL runs every
 * part to completion on one snapshot.
 */
export function inOneStatement(statements: readonly SQL[]): SQL {
  if (statements.length === 0) throw new Error('inOneStatement needs at least one statement');
  const parts = statements.map((statement, i) => sql`${sql.raw(`s${i}`)} AS (${statement})`);
  return sql`WITH ${sql.join(parts, sql`, `)} SELECT 1`;
}

/**
 * Whole numbers as one int[] parameter, in PostgreSQL's array text ('{1,2}'): one parameter
 * whatever their number, so the statement's text stays the same and is prepared once.
 */
export function intArrayParam(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/**
 * Run a statement that yields rows on either driver. Values come as the driver gives them
 * (times as text): read a table's columns with columnsOf (rows.ts) for the schema's types.
 */
export async function queryRows<T>(db: Executor, query: Parameters<Database['execute']>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One number a statement computes (a count or a sum), as column `value` of its first row; 0 when
 * there is no row or the value is null. A sum of integers is a bigint, which node-postgres gives as
 * text: read here once rather than typed by hand at each call.
 */
export async function queryNumber(db: Executor, query: Parameters<Database['execute']>[0]): Promise<number> {
  // The row is the statement's own (no table's): its one column is read as whatever the driver gives.
  const [row] = await queryRows<Record<string, unknown>>(db, query);
  return Number(row?.['value'] ?? 0);
}
