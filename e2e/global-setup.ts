/**
 * Once per run, before any spec: a shop started on a fresh database (migrated, demo catalogue
 * seeded, no staff) and stopped again, the template every own shop's database is copied from
 * (shop-server.ts), so each starts in the time of an ordinary restart. When PostgreSQL answers it
 * is a PostgreSQL database (every own database is `CREATE DATABASE ... TEMPLATE` it), dropped at
 * the end; else an embedded database's directory, which each own shop copies.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createOwnDatabase, postgresAnswers, startOwnShopServer } from './shop-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  delete process.env.E2E_PGLITE_TEMPLATE;
  delete process.env.E2E_POSTGRES_TEMPLATE;
  // Workers inherit the environment as it is after global set-up.
  if (await postgresAnswers()) {
    const template = await createOwnDatabase('template');
    // No scheduler: a copy must not find today's daily runs (credit control) taken already, as
    // a database the spec's own shop migrates itself would not.
    const onTemplate = await startOwnShopServer({ DATABASE_URL: template.databaseUrl, SCHEDULED_JOBS: '0' });
    await onTemplate.stop();
    process.env.E2E_POSTGRES_TEMPLATE = template.name;
    return () => template.drop();
  }
  const shop = await startOwnShopServer();
  await shop.stop({ keepData: true });
  process.env.E2E_PGLITE_TEMPLATE = path.join(shop.dataDir, 'pglite');
  return async () => rmSync(shop.dataDir, { recursive: true, force: true });
}
