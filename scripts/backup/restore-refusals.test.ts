/**
 * `npm run restore` refuses, with a message an operator can act on and without touching
 * DATA_DIR, a file that is not a backup (or is cut short), a backup of the other kind of
 * database, and one made by a newer version of the shop. (Restoring a real backup, and refusing a
 * place that holds a shop: tests/resilience/backup-restore.test.ts.) A database that does not load
 * leaves DATA_DIR as empty as it was.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, writeArchive, type BackupManifest } from './backup-archive.ts';
import { knownMigrations } from './backup-figures.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function restore(file: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', file], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 180_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function manifest(overrides: Partial<BackupManifest> = {}): BackupManifest {
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: '2026-11-27T02:00:00.000Z',
    database: 'pglite',
    databaseFile: 'database.tar.gz',
    schemaVersion: knownMigrations().at(-1)!.tag,
    migrationsApplied: knownMigrations().length,
    counts: { orders: 1, invoices: 1, creditNotes: 0, products: 1, images: 0, customers: 1, pendingJobs: 0 },
    outboxFiles: 0,
    ...overrides,
  };
}

describe('npm run restore refuses what it cannot restore', { timeout: 400_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-restore-refusals-'));
  const dataDir = path.join(work, 'data');
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function backupWith(name: string, content: BackupManifest): Promise<string> {
    const file = path.join(work, name);
    await writeArchive(file, [
      { name: 'manifest.json', content: Buffer.from(JSON.stringify(content)) },
      { name: content.databaseFile, content: Buffer.from('not really a database') },
    ]);
    return file;
  }

  it('says a file that is not a backup, or one cut short, is not one, and leaves DATA_DIR alone', async () => {
    const notABackup = path.join(work, 'notes.txt');
    writeFileSync(notABackup, 'shopping list\n');
    const refused = await restore(notABackup, { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not a shop backup');

    const whole = await backupWith('whole.tar', manifest());
    const cut = path.join(work, 'cut.tar');
    writeFileSync(cut, readFileSync(whole).subarray(0, 700));
    const cutShort = await restore(cut, { DATA_DIR: dataDir });
    expect(cutShort.code).toBe(1);
    expect(cutShort.stderr).toMatch(/damaged|incomplete/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses a backup of the embedded database into PostgreSQL, and of PostgreSQL without DATABASE_URL', async () => {
    const embedded = await backupWith('embedded.tar', manifest());
    const intoPostgres = await restore(embedded, { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(intoPostgres.code).toBe(1);
    expect(intoPostgres.stderr).toContain('This is a backup of the embedded database');

    const postgres = await backupWith('postgres.tar', manifest({ database: 'postgres', databaseFile: 'database.pgdump' }));
    const intoEmbedded = await restore(postgres, { DATA_DIR: dataDir });
    expect(intoEmbedded.code).toBe(1);
    expect(intoEmbedded.stderr).toContain('set DATABASE_URL to an empty database');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses a backup made by a newer version of the shop', async () => {
    const newer = await backupWith('newer.tar', manifest({ schemaVersion: 'unknown-1999999999999' }));
    const refused = await restore(newer, { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('made by a newer version of the shop');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('leaves an empty DATA_DIR empty when the database in the backup does not load', async () => {
    const broken = await backupWith('broken.tar', manifest());
    const emptyDir = path.join(work, 'empty');
    mkdirSync(emptyDir);
    const failed = await restore(broken, { DATA_DIR: emptyDir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('The restore failed');
    expect(readdirSync(emptyDir)).toEqual([]);
  });
});
