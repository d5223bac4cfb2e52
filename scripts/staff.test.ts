/**
 * `npm run staff` as the operator runs it (a child process with the shop's environment): add
 * prints a set-password link that works, list shows the staff, disable ends their sessions;
 * on the embedded database while the shop holds it, a clear "stop the shop first" that points
 * to the Staff page; a DATA_DIR without the shop's database is refused, naming the folder, and
 * left as it was; on PostgreSQL it works beside a running server.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@shop/db';
import { writeShopPgliteDir } from '@shop/db/testing';
import { StaffRepository, StaffService } from '@shop/core';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

async function staffCommand(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PUBLIC_BASE_URL: 'https://shop.example', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function linkIn(output: string): string {
  const match = /https:\/\/shop\.example\/admin\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(output);
  if (!match) throw new Error(`no set-password link in: ${output}`);
  return match[1]!;
}

describe('npm run staff on the embedded database', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-staff-cli-'));
  // The shop's database, as its first start leaves it (the command never creates one): a copy
  // of the run's `shop` template, not migrated and seeded again here.
  beforeAll(() => writeShopPgliteDir(path.join(dataDir, 'pglite')));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a folder without the shop database, naming it and DATA_DIR, and creates nothing there', async () => {
    const wrong = mkdtempSync(path.join(tmpdir(), 'shop-staff-cli-wrong-'));
    try {
      for (const args of [['list'], ['add', '--email', 'sam@example.com', '--name', 'Sam', '--role', 'owner']]) {
        const refused = await staffCommand({ DATA_DIR: wrong }, ...args);
        expect(refused.code).toBe(1);
        expect(refused.stdout).not.toContain('No staff yet');
        expect(refused.stderr.trim()).toBe(
          `No shop database in ${wrong} (DATA_DIR is ${wrong}). Set DATA_DIR to the folder the shop runs with (npm start creates its database there on its first start), or DATABASE_URL for PostgreSQL. Nothing was changed.`,
        );
      }
      expect(readdirSync(wrong)).toEqual([]);
      // A folder that does not exist at all is refused alike, and not made.
      const missing = path.join(wrong, 'no-such-folder');
      const refused = await staffCommand({ DATA_DIR: missing }, 'list');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`No shop database in ${missing}`);
      expect(existsSync(missing)).toBe(false);
    } finally {
      rmSync(wrong, { recursive: true, force: true });
    }
  });

  it('adds, lists and disables staff; the printed link sets the password', async () => {
    const env = { DATA_DIR: dataDir };
    const added = await staffCommand(env, 'add', '--email', 'wendy@example.com', '--name', 'Wendy Wharf', '--role', 'warehouse');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Added Wendy Wharf <wendy@example.com> as warehouse.');
    const token = linkIn(added.stdout);

    const listed = await staffCommand(env, 'list');
    expect(listed.stdout).toMatch(/wendy@example\.com\s+Wendy Wharf\s+warehouse\s+password not set/);

    const again = await staffCommand(env, 'add', '--email', 'WENDY@example.com', '--name', 'Other', '--role', 'manager');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    // The link works (the shop's own service over the same directory, the command having exited).
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const staff = new StaffService(new StaffRepository(database.db), { publicBaseUrl: 'https://shop.example', shopName: 'Shop' });
      const signedIn = await staff.setPassword(token, 'a long enough password');
      expect(signedIn.staff.email).toBe('wendy@example.com');
    } finally {
      await database.close();
    }

    const disabled = await staffCommand(env, 'disable', '--email', 'wendy@example.com');
    expect(disabled.stdout).toContain('Disabled Wendy Wharf <wendy@example.com>: they cannot sign in, and their sessions have ended.');
    expect((await staffCommand(env, 'list')).stdout).toMatch(/wendy@example\.com\s+Wendy Wharf\s+warehouse\s+disabled/);
  });

  it('refuses a bad role or a missing option with the usage', async () => {
    const bad = await staffCommand({ DATA_DIR: dataDir }, 'add', '--email', 'x@example.com', '--name', 'X', '--role', 'boss');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--role must be one of owner, manager, warehouse.');
    const missing = await staffCommand({ DATA_DIR: dataDir }, 'disable');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage:');
  });

  it('says to stop the shop first while the shop holds the database, and runs again once it stopped', async () => {
    const pidFile = path.join(dataDir, 'pglite.pid');
    // This test process stands for the running shop (a live node process named in the file).
    writeFileSync(pidFile, `${process.pid}\n`);
    try {
      const refused = await staffCommand({ DATA_DIR: dataDir }, 'list');
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        'Stop the shop (npm start) first: the embedded database is open in one process at a time. While the shop runs, manage staff on the Staff page of the back office (/admin/staff). On PostgreSQL (DATABASE_URL) this command works beside running servers.',
      );
    } finally {
      rmSync(pidFile);
    }
    // A file left by a shop that died names a pid no longer running: ignored.
    writeFileSync(pidFile, '999999999\n');
    expect((await staffCommand({ DATA_DIR: dataDir }, 'list')).code).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('npm run staff on PostgreSQL', { timeout: 180_000 }, () => {
  // Vitest runs a skipped block's body too, to collect its tests: nothing here may need the URL.
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `shop_test_cli_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let url: URL;
  let dataDir: string;

  beforeAll(async () => {
    url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-staff-cli-pg-'));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('works beside a running server: a new member added while the server is up signs in there', async () => {
    // The "server": the shop's service on an open pool of the same database, and a pid file in DATA_DIR that PostgreSQL ignores.
    const server = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    writeFileSync(path.join(dataDir, 'pglite.pid'), `${process.pid}\n`);
    try {
      const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
      const added = await staffCommand(env, 'add', '--email', 'mo@example.com', '--name', 'Mo Manager', '--role', 'manager');
      expect(added.code, added.stderr).toBe(0);
      const staff = new StaffService(new StaffRepository(server.db), { publicBaseUrl: 'https://shop.example', shopName: 'Shop' });
      const signedIn = await staff.setPassword(linkIn(added.stdout), 'a long enough password');
      expect(await staff.session(signedIn.sessionId)).not.toBeNull();

      const disabled = await staffCommand(env, 'disable', '--email', 'mo@example.com');
      expect(disabled.code, disabled.stderr).toBe(0);
      // The server sees it at once: the session it holds opens nothing any more.
      expect(await staff.session(signedIn.sessionId)).toBeNull();
      expect((await staffCommand(env, 'list')).stdout).toMatch(/mo@example\.com\s+Mo Manager\s+manager\s+disabled/);
    } finally {
      await server.close();
    }
  });
});
