/**
 * The embedded database (PGlite under DATA_DIR/pglite): backed up with PGlite's own dump of its
 * data directory, restored by PGlite loading that dump into an empty directory. PGlite is one
 * process's alone and only that process can dump it, so both refuse while the shop holds the
 * directory: stop the shop for the seconds it takes (decision record 013).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { embeddedDatabaseDir, embeddedDatabaseHolder, holdEmbeddedDatabase } from '../../apps/server/src/embedded-database-lock.ts';
import type { ShopCounts } from './backup-archive.ts';
import { schemaVersion, shopCounts, type RunQuery, type SchemaVersion } from './backup-figures.ts';

const gunzipAsync = promisify(gunzip);

/** A problem the operator can fix; the command prints its message alone, without a stack. */
export class BackupRefused extends Error {}

export const STOP_THE_SHOP =
  'Stop the shop first: the embedded database is open in one process at a time, and the running shop holds it. ' +
  'A backup takes a few seconds; start the shop again afterwards. (On PostgreSQL, DATABASE_URL, backups run beside the running shop.)';

export interface DatabaseSnapshot {
  createdAt: Date;
  schema: SchemaVersion;
  counts: ShopCounts;
}

async function openEmbedded(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  // Opened as the shop opens it (with pg_trgm), but never migrated: a backup takes the database as it is.
  return PGlite.create(embeddedDatabaseDir(dataDir), { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

const runOn =
  (client: PGlite): RunQuery =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

/** Writes the embedded database's dump (a gzipped tar of its data directory) to `target`. */
export async function snapshotEmbedded(dataDir: string, target: string): Promise<DatabaseSnapshot> {
  if (embeddedDatabaseHolder(dataDir) !== null) throw new BackupRefused(STOP_THE_SHOP);
  if (!existsSync(`${embeddedDatabaseDir(dataDir)}/PG_VERSION`)) {
    throw new BackupRefused(`There is no shop database in ${dataDir} (DATA_DIR): nothing to back up.`);
  }
  // Held while the backup reads it: a shop started meanwhile refuses to open it.
  const release = holdEmbeddedDatabase(dataDir);
  try {
    const client = await openEmbedded(dataDir);
    try {
      const run = runOn(client);
      const schema = await schemaVersion(run);
      const counts = await shopCounts(run);
      // One connection: nothing writes between the counts and the dump.
      const createdAt = new Date();
      const dump = await client.dumpDataDir('gzip');
      await writeFile(target, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      return { createdAt, schema, counts };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** True when the directory does not exist or holds nothing. */
export function isEmptyDirectory(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Loads a dump into DATA_DIR, which must be empty: a restore never mixes with, or overwrites, a
 * shop's data. Answers the restored database's figures; on failure leaves DATA_DIR as it found it.
 */
export async function restoreEmbedded(dataDir: string, dump: string, outbox: Map<string, Buffer>): Promise<DatabaseSnapshot> {
  if (!isEmptyDirectory(dataDir)) {
    throw new BackupRefused(
      `${dataDir} (DATA_DIR) is not empty: a restore goes into an empty directory and never over a shop's data. ` +
        'Move the old directory aside (or point DATA_DIR at a new one) and run the restore again.',
    );
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const release = holdEmbeddedDatabase(dataDir);
  try {
    // Unpacked here, not by PGlite: a damaged file is then an error of this restore, which cleans
    // up after it, and not one PGlite leaves unhandled.
    const tar = await gunzipAsync(await readFile(dump)).catch((error: Error) => {
      throw new Error(`the database in the backup is damaged (${error.message})`);
    });
    const client = await openEmbedded(dataDir, new Blob([tar], { type: 'application/x-tar' }));
    let figures: DatabaseSnapshot;
    try {
      const run = runOn(client);
      figures = { createdAt: new Date(), schema: await schemaVersion(run), counts: await shopCounts(run) };
    } finally {
      await client.close();
    }
    await writeOutbox(dataDir, outbox);
    return figures;
  } catch (error) {
    await rm(embeddedDatabaseDir(dataDir), { recursive: true, force: true }).catch(() => {});
    await rm(`${dataDir}/outbox`, { recursive: true, force: true }).catch(() => {});
    throw error;
  } finally {
    release();
  }
}

/** The e-mails the shop wrote instead of sending them (no SMTP_URL), never over one already there. */
export async function writeOutbox(dataDir: string, outbox: Map<string, Buffer>): Promise<void> {
  if (outbox.size === 0) return;
  await mkdir(`${dataDir}/outbox`, { recursive: true });
  for (const [name, bytes] of outbox) {
    const file = name.replace(/^outbox\//, '');
    if (!/^[\w.@+=-]+$/.test(file)) continue; // only plain file names: nothing written outside the outbox
    await writeFile(`${dataDir}/outbox/${file}`, bytes, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}
