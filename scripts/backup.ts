/**
 * `npm run backup [-- --out PATH]`: one file holding the shop's database (with its images,
 * invoices and the e-mails waiting to be sent) and a manifest, written with the shop's own
 * configuration (the same environment as `npm start`):
 *
 *  - the embedded database (DATA_DIR): PGlite's dump of its data directory. The running shop
 *    holds it, so the command refuses until the shop is stopped (decision record 013);
 *  - PostgreSQL (DATABASE_URL): pg_dump's custom format, beside the running shop.
 *
 * PATH is the file to write, or a directory to write `shop-backup-<time>.tar` into (default
 * ./backups). `npm run restore -- FILE` restores it.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, writeArchive, type ArchiveEntry, type BackupManifest } from './backup/backup-archive.ts';
import { BackupRefused, snapshotEmbedded } from './backup/embedded-backup.ts';
import { snapshotPostgres } from './backup/postgres-backup.ts';
import { describeCounts } from './backup/backup-figures.ts';

const USAGE = `Usage: npm run backup [-- --out PATH]
  PATH: the backup file to write, or a directory to write shop-backup-<time>.tar into (default ./backups).
  The shop's configuration (DATA_DIR, DATABASE_URL) says which database is backed up.`;

function usage(problem?: string): number {
  if (problem) console.error(`${problem}\n`);
  (problem ? console.error : console.log)(USAGE);
  return problem ? 2 : 0;
}

/** 2026-11-27T06-05-09Z: sortable, and safe in a file name everywhere. */
function stamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}

function targetFile(out: string | undefined, now: Date): string {
  const wanted = path.resolve(out ?? 'backups');
  const isDirectory = out === undefined || out.endsWith('/') || (existsSync(wanted) && statSync(wanted).isDirectory());
  return isDirectory ? path.join(wanted, `shop-backup-${stamp(now)}.tar`) : wanted;
}

async function outboxEntries(dataDir: string): Promise<ArchiveEntry[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => ({ name: `outbox/${name}`, content: await readFile(path.join(dir, name)) })));
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return usage((error as Error).message);
  }
  if (parsed.values.help) return usage();

  const { loadConfig } = await import('../apps/server/src/config.ts');
  const config = loadConfig();
  const target = targetFile(parsed.values.out, new Date());
  if (existsSync(target)) return usage(`${target} exists already: a backup never overwrites a file.`);
  await mkdir(path.dirname(target), { recursive: true });
  // Beside the target, not in /tmp: the same disk, which has room for the backup anyway.
  const work = await mkdtemp(path.join(path.dirname(target), '.shop-backup-'));
  const partial = `${target}.partial`;
  try {
    const databaseFile = config.databaseUrl ? 'database.pgdump' : 'database.tar.gz';
    const dump = path.join(work, databaseFile);
    const snapshot = config.databaseUrl ? await snapshotPostgres(config.databaseUrl, dump) : await snapshotEmbedded(config.dataDir, dump);
    const outbox = await outboxEntries(config.dataDir);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: snapshot.createdAt.toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      databaseFile,
      schemaVersion: snapshot.schema.tag,
      migrationsApplied: snapshot.schema.applied,
      counts: snapshot.counts,
      outboxFiles: outbox.length,
    };
    await writeArchive(partial, [
      { name: 'manifest.json', content: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: databaseFile, content: { file: dump } },
      ...outbox,
    ]);
    // Only a complete file gets the backup's name.
    await rename(partial, target);
    const megabytes = ((await stat(target)).size / 1024 / 1024).toFixed(1);
    console.log(`Backup written: ${target} (${megabytes} MB)`);
    console.log(`  ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded database'} as of ${manifest.createdAt}, schema ${manifest.schemaVersion}`);
    console.log(`  ${describeCounts(manifest.counts)}${outbox.length ? `, ${outbox.length} e-mails in the outbox` : ''}`);
    console.log('Copy it off this machine. Restore it with: npm run restore -- FILE');
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof BackupRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
