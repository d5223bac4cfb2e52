/**
 * Once per run, before any spec: the database every own shop's database is copied from
 * (shop-server.ts), as a shop's first start leaves it (migrated, demo catalogue and its stock, no
 * staff): packages/db's `shop` template, the one the Vitest suites' server processes start from.
 * When PostgreSQL answers it is a PostgreSQL database (every own database is `CREATE DATABASE ...
 * TEMPLATE` it), dropped at the end; else an embedded database's directory, which each own shop
 * copies. Made here rather than by starting a shop and stopping it: no scheduler ever ran on it
 * (a copy must not find today's daily runs, credit control, taken already), and a shop process's
 * start is saved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresTemplate, writeShopPgliteDir } from '../packages/db/src/testing.ts';
import { POSTGRES_URL, postgresAnswers } from './shop-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  delete process.env.E2E_PGLITE_TEMPLATE;
  delete process.env.E2E_POSTGRES_TEMPLATE;
  // Workers inherit the environment as it is after global set-up.
  if (await postgresAnswers()) {
    const template = await createPostgresTemplate(POSTGRES_URL, 'shop');
    process.env.E2E_POSTGRES_TEMPLATE = template.name;
    return () => template.drop();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-template-'));
  const pgliteDir = path.join(dir, 'pglite');
  await writeShopPgliteDir(pgliteDir);
  process.env.E2E_PGLITE_TEMPLATE = pgliteDir;
  return async () => rmSync(dir, { recursive: true, force: true });
}
