/**
 * Once per run, before any spec: a shop started on a fresh embedded database (migrated, demo
 * catalogue seeded, no staff) and stopped again. Its database directory is the template every
 * own shop server copies (shop-server.ts), so each starts in the time of an ordinary restart.
 * When PostgreSQL answers, the same is done once on a PostgreSQL database, which every spec's own
 * PostgreSQL database is then created from (CREATE DATABASE ... TEMPLATE), and dropped at the end.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createOwnDatabase, postgresAnswers, startOwnShopServer } from './shop-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  delete process.env.E2E_PGLITE_TEMPLATE;
  delete process.env.E2E_POSTGRES_TEMPLATE;
  // The two templates are made side by side, one shop start on each of the two cores.
  const [shop, template] = await Promise.all([
    (async () => {
      const shop = await startOwnShopServer();
      await shop.stop({ keepData: true });
      return shop;
    })(),
    (async () => {
      if (!(await postgresAnswers())) return null;
      const template = await createOwnDatabase('template');
      // No scheduler: a copy must not find today's daily runs (credit control) taken already, as
      // a database the spec's own shop migrates itself would not.
      const onTemplate = await startOwnShopServer({ DATABASE_URL: template.databaseUrl, SCHEDULED_JOBS: '0' });
      await onTemplate.stop();
      return template;
    })(),
  ]);
  // Workers inherit the environment as it is after global set-up.
  process.env.E2E_PGLITE_TEMPLATE = path.join(shop.dataDir, 'pglite');
  if (template) process.env.E2E_POSTGRES_TEMPLATE = template.name;
  return async () => {
    rmSync(shop.dataDir, { recursive: true, force: true });
    await template?.drop();
  };
}
