/**
 * PostgreSQL (DATABASE_URL): pg_dump's custom format, taken beside the running shop from one
 * snapshot (the manifest's counts are read in the same snapshot, so they describe exactly what
 * the dump holds), and pg_restore into an empty database in one transaction.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import type { DatabaseSnapshot } from './embedded-backup.ts';
import { BackupRefused, writeOutbox } from './embedded-backup.ts';
import { schemaVersion, shopCounts, type RunQuery } from './backup-figures.ts';

/** The URL without its password (which goes in PGPASSWORD, out of the process list). */
function forTools(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || '(default)';
}

async function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupRefused(`${command} was not found: install PostgreSQL's client programs, of your server's version or newer (Debian: apt-get install postgresql-client).`)
          : error,
      );
    });
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${command} failed (exit code ${code}):\n${stderr.trim()}`);
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

const runOn =
  (client: pg.Client): RunQuery =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

async function isShopDatabase(run: RunQuery): Promise<boolean> {
  const [row] = await run(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AND to_regclass('public.orders') IS NOT NULL AS shop`);
  return row?.shop === true;
}

/** pg_dump of the database into `target`, and its figures, from one snapshot. */
export async function snapshotPostgres(databaseUrl: string, target: string): Promise<DatabaseSnapshot> {
  const client = await connect(databaseUrl);
  try {
    const run = runOn(client);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (!(await isShopDatabase(run))) throw new BackupRefused(`The database ${databaseName(databaseUrl)} (DATABASE_URL) holds no shop: nothing to back up.`);
    const [exported] = await run('SELECT pg_export_snapshot() AS snapshot, now() AS taken');
    const schema = await schemaVersion(run);
    const counts = await shopCounts(run);
    const { dbname, env } = forTools(databaseUrl);
    // The transaction stays open until pg_dump is done: its snapshot lives as long as it does.
    await runTool('pg_dump', ['--format=custom', `--snapshot=${String(exported?.snapshot)}`, `--file=${target}`, `--dbname=${dbname}`], env);
    await client.query('COMMIT');
    return { createdAt: new Date(exported?.taken as Date), schema, counts };
  } finally {
    await client.end();
  }
}

/** Relations a shop (or anyone) has made in the database; none in an empty one. */
async function relationsIn(run: RunQuery): Promise<string[]> {
  const rows = await run(`SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
    ORDER BY 1 LIMIT 3`);
  return rows.map((row) => String(row.name));
}

/**
 * pg_restore into DATABASE_URL's database, which must be empty (a restore never goes over a
 * shop's data), in one transaction: a failure leaves it empty. Answers the restored figures.
 */
export async function restorePostgres(databaseUrl: string, dump: string, dataDir: string, outbox: Map<string, Buffer>): Promise<DatabaseSnapshot> {
  const client = await connect(databaseUrl);
  try {
    const run = runOn(client);
    const found = await relationsIn(run);
    if (found.length > 0) {
      throw new BackupRefused(
        `The database ${databaseName(databaseUrl)} (DATABASE_URL) is not empty (it has ${found.join(', ')}...): ` +
          'a restore goes into an empty database and never over a shop\'s data. Create an empty one (createdb NAME), point DATABASE_URL at it and run the restore again.',
      );
    }
    const { dbname, env } = forTools(databaseUrl);
    // Owners and grants are the old server's: the restored objects belong to DATABASE_URL's user, as the shop's own migrations would.
    await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump], env);
    // No process of the restored shop holds a job yet: leases copied from the old one would only delay its e-mails.
    await client.query(`UPDATE jobs SET locked_until = NULL WHERE state = 'pending' AND locked_until IS NOT NULL`);
    const figures = { createdAt: new Date(), schema: await schemaVersion(run), counts: await shopCounts(run) };
    await writeOutbox(dataDir, outbox);
    return figures;
  } finally {
    await client.end();
  }
}
