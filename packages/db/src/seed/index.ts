/** Catalogue seeding: the demo catalogue, the large benchmark catalogue and the bulk inserter. */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { catalogueIsEmpty, insertCatalogue } from './catalogue-seed.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { seedDemoStock } from './demo-stock.ts';

export { catalogueIsEmpty, insertCatalogue } from './catalogue-seed.ts';
export type { SeedCategory, SeedPack, SeedProduct, SeedSize } from './catalogue-seed.ts';
export { demoCatalogue } from './demo-catalogue.ts';
export { largeCatalogue } from './large-catalogue.ts';
export { seedDemoStock } from './demo-stock.ts';

/**
 * Seed the demo catalogue, with its stock, on first start; true when it seeded, false when a catalogue exists.
 * Several processes may start together on one PostgreSQL: an advisory lock lets one seed.
 */
export async function seedDemoCatalogueIfEmpty(db: Database): Promise<boolean> {
  return db.transaction(async (executor) => {
    await executor.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shop:seed-catalogue'))`);
    if (!(await catalogueIsEmpty(executor))) return false;
    await insertCatalogue(executor, demoCatalogue());
    // With stock (docs/stock.md): in stock, low and out. Test catalogues inserted without it are not tracked.
    await seedDemoStock(executor);
    return true;
  });
}
