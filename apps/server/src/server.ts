/** Start-up: configuration, database (migrated), demo catalogue on first run, listen, signals. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@shop/db';
import { seedDemoCatalogueIfEmpty } from '@shop/db/seed';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
  poolSize: config.databasePoolSize,
});
if (config.seedDemoCatalogue) await seedDemoCatalogueIfEmpty(database.db);

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/build');
const app = await buildApp({ config, database, storefront: { buildDir } });

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`${config.shop.tradingName} is serving http://localhost:${config.port} (${database.driver})`);
