/**
 * Fill an empty database with a large generated catalogue for benchmarks.
 *
 *   npx tsx scripts/generate-catalogue.ts [--count 50000] [--data-dir DIR | --database-url URL]
 *
 * Without --data-dir or --database-url it uses DATA_DIR/DATABASE_URL from the environment,
 * else ./data (the shop's default PGlite directory). Refuses to touch a non-empty catalogue.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@shop/db';
import { catalogueIsEmpty, insertCatalogue, largeCatalogue } from '@shop/db/seed';

const USAGE = 'Usage: npx tsx scripts/generate-catalogue.ts [--count 50000] [--data-dir DIR | --database-url URL]';

async function main(): Promise<number> {
  let values: { count?: string; 'data-dir'?: string; 'database-url'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        count: { type: 'string', default: '50000' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`--count must be a positive whole number\n${USAGE}`);
    return 2;
  }
  if (values['data-dir'] && values['database-url']) {
    console.error(`Give either --data-dir or --database-url, not both\n${USAGE}`);
    return 2;
  }
  const databaseUrl = values['database-url'] ?? (values['data-dir'] ? undefined : process.env.DATABASE_URL || undefined);
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';

  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    if (!(await catalogueIsEmpty(handle.db))) {
      console.error('The catalogue is not empty: refusing to add a generated catalogue. Use a fresh data directory or database.');
      return 1;
    }
    const started = performance.now();
    const tree = largeCatalogue(count);
    const result = await insertCatalogue(handle.db, tree);
    const seconds = (performance.now() - started) / 1000;
    console.log(`Inserted ${result.categories} categories and ${result.products} products in ${seconds.toFixed(1)} s (${databaseUrl ? 'PostgreSQL' : `PGlite at ${dataDir}`}).`);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
