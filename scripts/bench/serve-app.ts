/**
 * Benchmark target: the real app (API only) in its own process, on PGlite or on the (scratch)
 * PostgreSQL database given in BENCH_DATABASE_URL, seeded with the demo catalogue.
 * Prints `READY <port>` when listening.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@shop/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { embeddedDatabaseDir } from '../../apps/server/src/embedded-database-lock.ts';
import { prepareDatabase } from '../../apps/server/src/prepare-database.ts';
import { STOREFRONT_BUILD_DIR } from '../../apps/server/src/ssr/storefront-build.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
// E-mails (no SMTP_URL: .eml files in DATA_DIR/outbox) go to a folder of this run, removed after.
const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-bench-'));
// Logging as `npm start` logs (LOG_LEVEL's default, one line per request to stdout): DESIGN section 8
// measures the shop nobody silenced. The bench reads the lines and drops them (processes.ts).
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir, SEED_DEMO_CATALOGUE: '1' });
// As `npm start` does: migrated and seeded by a process of its own, the embedded database on disk.
await prepareDatabase(config);
// The pool is the app's (DATABASE_POOL_SIZE, default 10), as `npm start` would open it.
const database = await openDatabase({ databaseUrl, dataDir: embeddedDatabaseDir(dataDir), poolSize: config.databasePoolSize });
// BENCH_STOREFRONT=1 also serves the server-rendered pages (needs `npm run build` first).
const storefront = process.env.BENCH_STOREFRONT === '1' ? { buildDir: STOREFRONT_BUILD_DIR } : undefined;
// The job worker runs in this process, as under `npm start`.
const app = await buildApp({ config, database, storefront });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
