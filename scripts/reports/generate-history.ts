/**
 * `npm run reports:generate`: two years of order history (100,000 orders unless told) in a shop
 * database on PostgreSQL, to try the reports on (docs/reports.md). Use a database of its own:
 * the orders are made up.
 *
 *   npm run reports:generate -- --database-url postgres://postgres@127.0.0.1:5432/shop_reports [--orders 100000]
 *
 * Without --database-url it uses DATABASE_URL. The database is migrated first; an empty
 * catalogue gets the demo catalogue.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@shop/db';
import { generateReportHistory } from './report-history.ts';

const USAGE = 'Usage: npm run reports:generate -- [--database-url postgres://...] [--orders 100000]';

async function main(): Promise<number> {
  let values: { orders?: string; 'database-url'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { orders: { type: 'string', default: '100000' }, 'database-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const orders = Number(values.orders);
  if (!Number.isInteger(orders) || orders < 1 || orders > 10_000_000) {
    console.error(`--orders must be a whole number from 1 to 10,000,000\n${USAGE}`);
    return 2;
  }
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    console.error(`Give a PostgreSQL database (--database-url or DATABASE_URL): the history is for timing the reports on PostgreSQL.\n${USAGE}`);
    return 2;
  }
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const started = performance.now();
    const result = await generateReportHistory(handle.db, { orders });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Wrote ${result.orders.toLocaleString('en-GB')} orders (${result.lines.toLocaleString('en-GB')} lines) of ${result.customers.toLocaleString('en-GB')} customers and ` +
        `${result.companies} companies over two years, over ${result.sizes.toLocaleString('en-GB')} sizes, in ${seconds.toFixed(1)} s. Open /admin/reports.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
