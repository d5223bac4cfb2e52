/**
 * The CSV price list at scale on PostgreSQL (a 10,000-row import applies in under
 * 10 s). In a scratch database with the demo catalogue, a file of BENCH_IMPORT_ROWS rows (new
 * products, two sizes of two packs each, spread over the demo's leaf categories) goes through
 * what a manager does: the dry run, then apply (adds); then the same file with every price
 * changed (dry run, apply: one audited price change per row); then the export of the result
 * imported again (nothing to change). Each apply is the whole CatalogueCsv.apply call: parse,
 * lock, plan against the stored catalogue, write, audit, commit.
 *
 *   BENCH_IMPORT_ROWS=10000   rows in the file (a multiple of 4)
 */
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import { CatalogueAdmin, CATALOGUE_CSV_COLUMNS, flattenCategories, readCategoryTree } from '@shop/core';
import { openDatabase, type Database } from '@shop/db';
import { seedDemoCatalogueIfEmpty } from '@shop/db/seed';
import { createScratchDatabase } from './scratch-database.ts';

export interface CatalogueImportBenchResult {
  rows: number;
  megabytes: number;
  add: { dryRunMs: number; applyMs: number; adds: number };
  reprice: { dryRunMs: number; applyMs: number; changes: number; priceChanges: number };
  unchanged: { applyMs: number; unchanged: number };
}

/** The leaf categories' paths, as the export writes them ("Top > Middle > Name"). */
async function leafCategoryPaths(db: Database): Promise<string[]> {
  return flattenCategories(await readCategoryTree(db))
    .filter((category) => category.children.length === 0)
    .map((category) => category.path);
}

function priceListFile(rows: number, categories: string[], priceOf: (n: number) => number): Buffer {
  const lines: string[][] = [[...CATALOGUE_CSV_COLUMNS]];
  const products = rows / 4;
  for (let p = 0; p < products; p++) {
    const code = `BENCH-${String(p).padStart(5, '0')}`;
    for (let s = 0; s < 2; s++) {
      for (let k = 0; k < 2; k++) {
        const n = p * 4 + s * 2 + k;
        const cells: Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string> = {
          product_code: code,
          name: `Bench Double Wall Box ${p}`,
          category: categories[p % categories.length]!,
          description: 'Strong double wall board, for heavy items, shipped flat.',
          size1: `${6 + s * 3}x${4 + s * 2}x${4 + s}"`,
          size2: `${152 + s * 76}x${102 + s * 51}x${102 + s * 25}mm`,
          pack_quantities: k === 0 ? '25' : '50|100',
          price_ex_vat: (priceOf(n) / 100).toFixed(2),
          on_sale: 'yes',
          new: p % 7 === 0 ? 'yes' : 'no',
          featured: 'no',
          linked_product_code: '',
          image_url: '',
          // Stock left as it is (docs/catalogue-csv.md): the benchmark measures prices.
          stock_on_hand: '',
          low_stock_threshold: '',
          backorders: '',
          expected_date: '',
          unit_cost_ex_vat: '',
        };
        lines.push(CATALOGUE_CSV_COLUMNS.map((column) => cells[column]));
      }
    }
  }
  return Buffer.from(stringify(lines));
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await work();
  return [value, performance.now() - t0];
}

export async function measureCatalogueImport(postgresUrl: string, rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000)): Promise<CatalogueImportBenchResult> {
  const scratch = await createScratchDatabase(postgresUrl, 'shop_bench_import');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    await seedDemoCatalogueIfEmpty(database.db);
    const admin = new CatalogueAdmin(database.db);
    const categories = await leafCategoryPaths(database.db);
    const first = priceListFile(rows, categories, (n) => 500 + ((n * 37) % 9000));
    const repriced = priceListFile(rows, categories, (n) => 505 + ((n * 37) % 9000));

    const [addPlan, addDryRunMs] = await timed(() => admin.csv.dryRun(first));
    if (addPlan.errorCount > 0) throw new Error(`bench file has errors: ${JSON.stringify(addPlan.errors.slice(0, 3))}`);
    const [added, addApplyMs] = await timed(() => admin.csv.apply(first, null, addPlan.digest));

    const [repricePlan, repriceDryRunMs] = await timed(() => admin.csv.dryRun(repriced));
    const [repricedResult, repriceApplyMs] = await timed(() => admin.csv.apply(repriced, null, repricePlan.digest));

    let exported = '';
    for await (const piece of admin.csv.export()) exported += piece;
    const [again, unchangedApplyMs] = await timed(() => admin.csv.apply(Buffer.from(exported), null));
    if (again.adds.length + again.changes.length > 0) throw new Error('export -> import changed the catalogue');

    return {
      rows,
      megabytes: first.byteLength / 1024 / 1024,
      add: { dryRunMs: addDryRunMs, applyMs: addApplyMs, adds: added.adds.length },
      reprice: { dryRunMs: repriceDryRunMs, applyMs: repriceApplyMs, changes: repricedResult.changes.length, priceChanges: repricedResult.priceChanges },
      unchanged: { applyMs: unchangedApplyMs, unchanged: again.unchanged },
    };
  } finally {
    await database.close();
    await scratch.drop();
  }
}
