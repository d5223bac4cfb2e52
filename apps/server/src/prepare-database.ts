/**
 * Before a server process opens its database: migrate it and, on first start, seed the demo
 * catalogue, in a short-lived process of its own. server.ts (and the benchmark's app) run this
 * first, so the serving process only opens a database that is ready.
 *
 * Why a process of its own: seeding the embedded PGlite runs long WebAssembly statements with
 * full garbage collections between them and no I/O, and in the serving process that left
 * `process.nextTick` about five times slower for the life of the process (decision record 008).
 * On PostgreSQL the same step runs, so there is one way to start, whatever the database.
 *
 * The settings come from the server over the IPC channel: the environment is read in one place
 * (config.ts), and this process need not load the domain to parse it.
 */
import { fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { openDatabase } from '@shop/db';
import { seedDemoCatalogueIfEmpty } from '@shop/db/seed';
import type { AppConfig } from './config.ts';
import { embeddedDatabaseDir, embeddedDatabaseHolder } from './embedded-database-lock.ts';

type Settings = Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'seedDemoCatalogue' | 'logLevel'>;

/** Runs this module as a process of its own; rejects when it fails (its output says why). */
export async function prepareDatabase({ databaseUrl, dataDir, seedDemoCatalogue, logLevel }: Settings): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), { execArgv: loaderArguments(import.meta.url) });
  child.send({ databaseUrl, dataDir, seedDemoCatalogue, logLevel } satisfies Settings);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  if (code !== 0) throw new Error(`Preparing the database failed (${signal ?? `exit code ${code}`}); its log is above.`);
}

/**
 * How a child runs this very module as it was loaded here: compiled (`npm start`, the processes
 * tests start: scripts/compile-server.mjs), with the packages' compiled condition, or as
 * TypeScript (Vitest, the benchmarks), through tsx by its full path, since the server may run from
 * any working directory.
 */
function loaderArguments(moduleUrl: string): string[] {
  return moduleUrl.endsWith('.js') ? ['--conditions=compiled'] : ['--import', import.meta.resolve('tsx')];
}

async function prepare({ databaseUrl, dataDir, seedDemoCatalogue, logLevel }: Settings): Promise<void> {
  const log = pino({ level: logLevel, base: { pid: process.pid, step: 'prepare-database' } });
  if (!databaseUrl) {
    // A second process writing the embedded database beside a running server would corrupt it.
    // (The server that started this step may be named by a file its earlier run left: a container's pid 1.)
    const holder = embeddedDatabaseHolder(dataDir);
    if (holder !== null && holder !== process.ppid) {
      log.error({ pid: holder, dataDir }, 'another shop process holds the embedded database in DATA_DIR: stop it first');
      process.exitCode = 1;
      return;
    }
  }
  const database = await openDatabase({ databaseUrl, dataDir: embeddedDatabaseDir(dataDir), poolSize: 1 });
  try {
    if (seedDemoCatalogue && (await seedDemoCatalogueIfEmpty(database.db))) log.info('demo catalogue seeded');
  } finally {
    await database.close();
  }
}

if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.once('message', (settings: Settings) => {
    // Nothing more comes over the channel: it must not keep this process alive.
    process.channel?.unref();
    void prepare(settings);
  });
}
