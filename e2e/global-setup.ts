/**
 * Once per run, before any spec: a shop started on a fresh embedded database (migrated, demo
 * catalogue seeded, no staff) and stopped again. Its database directory is the template every
 * own shop server copies (shop-server.ts), so each starts in the time of an ordinary restart.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startOwnShopServer } from './shop-server';

export default async function globalSetup(): Promise<() => void> {
  delete process.env.E2E_PGLITE_TEMPLATE;
  const shop = await startOwnShopServer();
  await shop.stop({ keepData: true });
  // Workers inherit the environment as it is after global set-up.
  process.env.E2E_PGLITE_TEMPLATE = path.join(shop.dataDir, 'pglite');
  return () => rmSync(shop.dataDir, { recursive: true, force: true });
}
