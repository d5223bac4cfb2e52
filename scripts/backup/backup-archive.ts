/**
 * The backup file: one tar holding `manifest.json` first, then the database (`database.tar.gz`,
 * the embedded database's data directory as PGlite dumps it, or `database.pgdump`, pg_dump's
 * custom format), then the e-mails the shop wrote to `DATA_DIR/outbox` (`outbox/*.eml`).
 * Images and invoices are rows of the database, so the database holds them (DESIGN section 10).
 * A plain tar, so an operator can look inside (`tar tf`) or take the pg_dump file out for
 * pg_restore by hand; decision record 013.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { extract, pack } from 'tar-stream';

export const BACKUP_FORMAT = 'boxwell-shop-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** What an operator needs to know about a backup before restoring it: what, when, how much. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** When the database's snapshot was taken (ISO 8601, UTC). */
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The entry of the tar holding the database. */
  databaseFile: string;
  /** The latest migration applied (its tag, e.g. 0016_money_both_ways): the schema's version. */
  schemaVersion: string;
  migrationsApplied: number;
  counts: ShopCounts;
  outboxFiles: number;
}

export interface ShopCounts {
  orders: number;
  invoices: number;
  creditNotes: number;
  products: number;
  images: number;
  customers: number;
  /** Jobs (e-mails) recorded but not done yet: the restored shop does them. */
  pendingJobs: number;
}

export interface ArchiveEntry {
  name: string;
  /** Small entries in memory, large ones (the database) from a file. */
  content: Buffer | { file: string };
}

/** Writes the archive to `target`; entries go in the order given (the manifest first). */
export async function writeArchive(target: string, entries: ArchiveEntry[]): Promise<void> {
  const archive = pack();
  const written = pipeline(archive, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  for (const entry of entries) {
    if (Buffer.isBuffer(entry.content)) {
      const content = entry.content;
      await new Promise<void>((resolve, reject) => archive.entry({ name: entry.name, mode: 0o600 }, content, (error) => (error ? reject(error) : resolve())));
    } else {
      const { size } = await stat(entry.content.file);
      await pipeline(createReadStream(entry.content.file), archive.entry({ name: entry.name, size, mode: 0o600 }));
    }
  }
  archive.finalize();
  await written;
}

export interface ReadArchive {
  manifest: BackupManifest;
  /** The other entries, by name; the database entry is written to `databaseTo`. */
  files: Map<string, Buffer>;
}

/**
 * Reads a backup file: the manifest (checked), the database entry streamed into `databaseTo`,
 * the rest in memory. Throws a message an operator can act on when the file is not a backup.
 */
export async function readArchive(source: string, databaseTo: string): Promise<ReadArchive> {
  const reader = extract();
  const input = createReadStream(source);
  const fed = pipeline(input, reader);
  // Its failure also ends the loop below, which reports it: never an unhandled rejection.
  fed.catch(() => {});
  let manifest: BackupManifest | null = null;
  let databaseWritten = false;
  const files = new Map<string, Buffer>();
  try {
    for await (const entry of reader) {
      const name = entry.header.name;
      if (manifest === null) {
        if (name !== 'manifest.json') throw new Error('not a shop backup: it does not start with manifest.json');
        manifest = parseManifest(await bufferOf(entry));
      } else if (name === manifest.databaseFile) {
        await pipeline(entry, createWriteStream(databaseTo, { mode: 0o600 }));
        databaseWritten = true;
      } else {
        files.set(name, await bufferOf(entry));
      }
    }
    await fed;
  } catch (error) {
    input.destroy();
    const message = (error as Error).message;
    throw new Error(message.startsWith('not a shop backup') ? message : `not a shop backup, or a damaged one (${message})`);
  }
  if (manifest === null) throw new Error('not a shop backup: it is empty');
  if (!databaseWritten) throw new Error(`the backup has no ${manifest.databaseFile}: it is incomplete`);
  return { manifest, files };
}

async function bufferOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function parseManifest(bytes: Buffer): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new Error('not a shop backup: its manifest.json is not JSON');
  }
  if (value.format !== BACKUP_FORMAT) throw new Error('not a shop backup: its manifest.json is of another format');
  if (value.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new Error(`the backup is of format version ${String(value.formatVersion)}; this version of the shop reads version ${BACKUP_FORMAT_VERSION}`);
  }
  if ((value.database !== 'pglite' && value.database !== 'postgres') || !value.databaseFile || !value.schemaVersion || !value.counts) {
    throw new Error('not a shop backup: its manifest.json lacks the database, its file, the schema version or the counts');
  }
  return value as BackupManifest;
}
