/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` back, with the shop's own
 * configuration (the same environment as `npm start`), into an empty place only:
 *
 *  - the embedded database: DATA_DIR must be empty or not exist yet;
 *  - PostgreSQL: DATABASE_URL's database must be empty (createdb NAME first).
 *
 * It refuses anything else, so a restore never mixes with or overwrites a shop's data. It then
 * checks the restored database against the manifest's counts. Starting the shop applies any
 * newer migrations and sends the e-mails that were waiting when the backup was taken.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readArchive, type ShopCounts } from './backup/backup-archive.ts';
import { BackupRefused, restoreEmbedded } from './backup/embedded-backup.ts';
import { restorePostgres } from './backup/postgres-backup.ts';
import { describeCounts, knownMigrations } from './backup/backup-figures.ts';

const USAGE = `Usage: npm run restore -- FILE
  FILE: a backup written by npm run backup. It is restored into an empty DATA_DIR (the embedded
  database) or an empty PostgreSQL database (DATABASE_URL), never over a shop's data.`;

function usage(problem?: string): number {
  if (problem) console.error(`${problem}\n`);
  (problem ? console.error : console.log)(USAGE);
  return problem ? 2 : 0;
}

function sameCounts(a: ShopCounts, b: ShopCounts): boolean {
  return (Object.keys(a) as (keyof ShopCounts)[]).every((key) => a[key] === b[key]);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return usage((error as Error).message);
  }
  if (parsed.values.help) return usage();
  if (parsed.positionals.length !== 1) return usage('Name the one backup file to restore.');
  const file = path.resolve(parsed.positionals[0]!);
  if (!existsSync(file)) return usage(`${file} does not exist.`);

  const { loadConfig } = await import('../apps/server/src/config.ts');
  const config = loadConfig();
  const work = await mkdtemp(path.join(tmpdir(), 'shop-restore-'));
  try {
    let archive;
    try {
      archive = await readArchive(file, path.join(work, 'database'));
    } catch (error) {
      throw new BackupRefused(`${file}: ${(error as Error).message}`);
    }
    const { manifest, files } = archive;
    if (manifest.database === 'pglite' && config.databaseUrl) {
      throw new BackupRefused('This is a backup of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR.');
    }
    if (manifest.database === 'postgres' && !config.databaseUrl) {
      throw new BackupRefused('This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database and run the restore again.');
    }
    if (!knownMigrations().some((migration) => migration.tag === manifest.schemaVersion)) {
      throw new BackupRefused(`This backup was made by a newer version of the shop (schema ${manifest.schemaVersion}): restore it with that version or a later one.`);
    }
    const outbox = new Map([...files].filter(([name]) => name.startsWith('outbox/')));
    const restored = config.databaseUrl
      ? await restorePostgres(config.databaseUrl, path.join(work, 'database'), config.dataDir, outbox)
      : await restoreEmbedded(config.dataDir, path.join(work, 'database'), outbox);
    if (!sameCounts(restored.counts, manifest.counts)) {
      console.error(`The restored database does not hold what the backup's manifest says:\n  manifest: ${describeCounts(manifest.counts)}\n  restored: ${describeCounts(restored.counts)}`);
      return 1;
    }
    const where = config.databaseUrl ? `the PostgreSQL database ${new URL(config.databaseUrl).pathname.slice(1)}` : config.dataDir;
    console.log(`Restored the backup of ${manifest.createdAt} into ${where}:`);
    console.log(`  ${describeCounts(restored.counts)}${outbox.size ? `, ${outbox.size} e-mails in the outbox` : ''}`);
    console.log(`Start the shop (npm start) with this configuration${restored.counts.pendingJobs ? ': it sends the e-mails that were waiting' : ''}.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused) {
      console.error(error.message);
      return 1;
    }
    // The embedded restore removes what it wrote, and pg_restore runs in one transaction.
    console.error(`The restore failed and left ${config.databaseUrl ? 'the database' : config.dataDir} as it was: ${(error as Error).message}`);
    return 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
