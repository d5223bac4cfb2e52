/** Start-up: configuration, database (migrated and seeded by a process of its own), listen, signals. */
import { openDatabase } from '@shop/db';
import { buildApp } from './app.ts';
import { loadConfig, ownBaseUrl } from './config.ts';
import { captureProcessWarnings } from './process-warnings.ts';
import { embeddedDatabaseDir, holdEmbeddedDatabase } from './embedded-database-lock.ts';
import { prepareDatabase } from './prepare-database.ts';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from './ssr/storefront-build.ts';

const logWarningsTo = captureProcessWarnings();
const config = loadConfig();
// Migrations and the demo catalogue on first start, before this process opens the database.
await prepareDatabase(config);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: embeddedDatabaseDir(config.dataDir),
  poolSize: config.databasePoolSize,
});
// The embedded database is this process's alone: `npm run staff` reads this to say "stop the shop first".
if (database.driver === 'pglite') holdEmbeddedDatabase(config.dataDir);

const buildDir = STOREFRONT_BUILD_DIR;
// Without a storefront build (`npm run build`) the API, media and health checks still serve.
const storefrontBuilt = storefrontIsBuilt(buildDir);
const app = await buildApp({
  config,
  database,
  ...(storefrontBuilt ? { storefront: { buildDir } } : {}),
});
logWarningsTo(app.log);
if (!storefrontBuilt) app.log.warn({ buildDir }, 'the storefront is not built (run `npm run build`): serving the API and media only');

/**
 * Graceful shutdown: stop accepting connections, let in-flight requests finish (new requests on
 * open keep-alive connections get 503 and `Connection: close`), wait for pending confirmation
 * e-mails, then close the database. Exit 0 when all of that succeeded, 1 on an error or when it
 * takes longer than SHUTDOWN_TIMEOUT_MS.
 */
const SHUTDOWN_TIMEOUT_MS = 10_000;
let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  const forceExit = setTimeout(() => {
    app.log.error(`shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  forceExit.unref();
  // A keep-alive connection left idle after its last answer would hold server.close() open until
  // it times out (72 s): close each one as soon as it is idle.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  closeIdle.unref();
  let exitCode = 0;
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'closing the HTTP server failed');
    exitCode = 1;
  } finally {
    clearInterval(closeIdle);
  }
  try {
    await database.close();
    app.log.info('database closed');
  } catch (error) {
    app.log.error({ err: error }, 'closing the database failed');
    exitCode = 1;
  }
  process.exit(exitCode);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // A port taken or not allowed is the operator's to fix: one clear line, not a stack.
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EADDRINUSE'
      ? `port ${config.port} on ${config.host} is already in use (another shop or program is listening there): stop it or set PORT to a free port`
      : code === 'EACCES'
        ? `port ${config.port} on ${config.host} may not be used by this user: set PORT to 1024 or above`
        : null;
  if (!reason) throw error;
  process.stderr.write(`The shop cannot start: ${reason}.\n`);
  await database.close().catch(() => {});
  process.exit(1);
}
app.log.info(`${config.shop.tradingName} is serving ${ownBaseUrl(config.host, config.port)} (${database.driver})`);
