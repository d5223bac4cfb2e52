/**
 * A size's unit cost (the reports' stock value and margin, docs/reports.md) on PGlite and
 * PostgreSQL: kept by the product editor (set, changed, cleared; a bad one refused with its
 * field), exported in the catalogue CSV's last column, changed by an import (listed in the dry
 * run as old -> new), and left as it is by a file without the column.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, staff, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { Invalid } from '../errors.ts';
import { CatalogueAdmin } from './catalogue-admin.ts';
import { CATALOGUE_CSV_COLUMNS } from './catalogue-csv.ts';
import { parseUnitCostPounds } from './catalogue-values.ts';
import type { ProductState } from './product-store.ts';

async function text(pieces: AsyncGenerator<string>): Promise<string> {
  let out = '';
  for await (const piece of pieces) out += piece;
  return out;
}

const bytes = (value: string) => new TextEncoder().encode(value);

for (const kind of databaseKinds()) {
  describe(`unit cost of a size [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let admin: CatalogueAdmin;
    let staffId: number;
    let productId: number;
    let state: ProductState;

    const costs = async () => (await admin.products.product(productId)).sizes.map((s) => s.unitCostPence);

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      admin = new CatalogueAdmin(database.db);
      const [owner] = await database.db.insert(staff).values({ email: 'o@example.com', name: 'Olive', role: 'owner' }).returning({ staffId: staff.staffId });
      staffId = owner!.staffId;
      const [category] = await database.db.insert(categories).values({ name: 'Boxes', slug: 'boxes-cost' }).returning();
      state = {
        productCode: 'COST1',
        name: 'Costed Box',
        description: '',
        categoryId: category!.categoryId,
        imageUrl: '',
        linkProductCode: null,
        isNew: false,
        isFeatured: false,
        onSale: true,
        sizes: [
          { size1: 'Small', size2: '', unitCostPence: 35, packs: [{ pricePence: 1000, packRange: [25] }] },
          { size1: 'Large', size2: '', unitCostPence: null, packs: [{ pricePence: 2000, packRange: [10] }] },
        ],
      };
      productId = await admin.products.create(staffId, state);
    });
    afterAll(async () => drop?.());

    it('staff type a unit cost in pounds: empty is not known, zero is free, three decimals are refused', () => {
      expect(parseUnitCostPounds(' £0.35 ')).toEqual({ ok: true, value: 35 });
      expect(parseUnitCostPounds('')).toEqual({ ok: true, value: null });
      expect(parseUnitCostPounds('0')).toEqual({ ok: true, value: 0 });
      expect(parseUnitCostPounds('0.035').ok).toBe(false);
      expect(parseUnitCostPounds('-1').ok).toBe(false);
    });

    it('the editor keeps each size its cost, changes and clears it, and refuses a negative one', async () => {
      expect(await costs()).toEqual([35, null]);
      const stored = await admin.products.product(productId);
      const sizes = stored.sizes.map((s, i) => ({ ...state.sizes[i]!, productSizeId: s.productSizeId, packs: s.packs.map((p) => ({ ...p })) }));
      await admin.products.update(staffId, productId, stored.version, { ...state, sizes: [{ ...sizes[0]!, unitCostPence: null }, { ...sizes[1]!, unitCostPence: 120 }] });
      expect(await costs()).toEqual([null, 120]);
      const again = await admin.products.product(productId);
      await expect(admin.products.update(staffId, productId, again.version, { ...state, sizes: [{ ...sizes[0]!, unitCostPence: -5 }, sizes[1]!] })).rejects.toBeInstanceOf(Invalid);
      // Left out (a form without the input): the stored cost stays.
      await admin.products.update(staffId, productId, again.version, { ...state, name: 'Costed Box Two', sizes: sizes.map(({ unitCostPence: _unitCost, ...size }) => size) });
      expect(await costs()).toEqual([null, 120]);
    });

    it('the CSV exports the cost per size and an import changes it, or keeps it without the column', async () => {
      const rows = parse(await text(admin.csv.export()), { columns: true, bom: true }) as Record<string, string>[];
      const own = rows.filter((r) => r.product_code === 'COST1');
      expect(own.map((r) => [r.size1, r.unit_cost_ex_vat])).toEqual([
        ['Small', ''],
        ['Large', '1.20'],
      ]);
      const edited = own.map((r) => ({ ...r, unit_cost_ex_vat: r.size1 === 'Small' ? '0.40' : r.unit_cost_ex_vat }));
      const file = bytes(stringify(edited, { header: true, columns: [...CATALOGUE_CSV_COLUMNS] }));
      const dry = await admin.csv.dryRun(file);
      expect(dry.errorCount).toBe(0);
      expect(dry.changes.flatMap((c) => c.changes)).toEqual(['Small unit cost: (none) -> £0.40']);
      await admin.csv.apply(file, staffId, dry.digest);
      expect(await costs()).toEqual([40, 120]);
      const withoutCost = CATALOGUE_CSV_COLUMNS.filter((c) => c !== 'unit_cost_ex_vat');
      const blanked = own.map((r) => ({ ...r, unit_cost_ex_vat: '' }));
      const kept = await admin.csv.dryRun(bytes(stringify(blanked, { header: true, columns: [...withoutCost] })));
      expect(kept.changes).toEqual([]);
    });
  });
}
