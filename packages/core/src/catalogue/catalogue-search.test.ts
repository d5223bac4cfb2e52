/**
 * Search SQL against a real database: tiers, the cap on matches, pagination, correction only of
 * words that match nothing, sizes, and the trigger-maintained spelling vocabulary. PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL is set (a uniquely named database, dropped after).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, type DatabaseKind } from '@shop/db/testing';
import { insertCatalogue, type SeedProduct } from '@shop/db/seed';
import { CatalogueRepository, SEARCH_MAX_RESULTS } from './catalogue-repository.ts';
import { planSearch } from './search-plan.ts';
import { parseSearch } from './search-query.ts';

const createDatabase = (kind: DatabaseKind) => createTestDatabase(kind);

let keys = 0;
function product(name: string, description: string, size1 = 'One size'): SeedProduct {
  keys += 1;
  return { key: `p${keys}`, name, description, imageUrl: '', sizes: [{ size1, size2: '', packs: [{ pricePence: 100, packRange: [1] }] }] };
}

const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(kinds)('search SQL [%s]', (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let repository: CatalogueRepository;
  const search = async (text: string, limit = 48, offset = 0) => {
    const vocabulary = new Set(await repository.nameVocabulary());
    const plan = await planSearch(parseSearch(text), vocabulary, (words) => repository.wordStatuses(words));
    return repository.searchProducts(plan, limit, offset);
  };

  beforeAll(async () => {
    ({ database, drop } = await createDatabase(kind));
    repository = new CatalogueRepository(database.db);
    const widgets = Array.from({ length: SEARCH_MAX_RESULTS + 100 }, (_, i) => product(`Widget Tray ${i + 1}`, 'A plain tray.'));
    const cartons = Array.from({ length: 110 }, (_, i) => product(`Carton ${i + 1}`, 'A carton.'));
    await insertCatalogue(database.db, [
      {
        name: 'Everything',
        slug: 'everything',
        description: '',
        imageUrl: '',
        products: [
          // Listed first, so ahead in index order: the name match must still win.
          product('Void Fill Chips', 'Loose fill. Kraft paper, kraft paper and more kraft paper wrapping.'),
          product('Kraft Paper Roll', 'A roll for wrapping.'),
          product('Mailing Tube', 'Sturdy tube for posters.', '12x9x6"'),
          product('Cartonnage Sheets', 'Stiff sheets.'),
          product('Gummed Tape', 'Water-activated tape.', '48mm x 200m'),
          product('Board Backed Envelopes', 'Stiff envelopes.', 'C4'),
          ...widgets,
          ...cartons,
        ],
      },
    ]);
  });

  afterAll(async () => {
    await drop?.();
  });

  it('ranks products whose name has the words before those that have them only in the description', async () => {
    const found = await search('kraft paper');
    expect(found.products.map((p) => p.name)).toEqual(['Kraft Paper Roll', 'Void Fill Chips']);
    expect(found.total).toBe(2);
  });

  it('puts a size match first and returns products with their category', async () => {
    const found = await search('12x9x6');
    expect(found.products[0]).toMatchObject({ name: 'Mailing Tube', categorySlug: 'everything', categoryName: 'Everything', isActive: true });
  });

  it('ranks and counts at most SEARCH_MAX_RESULTS matches, and pages continue one another', async () => {
    const whole = await search('widget', 300, 0);
    expect(whole.total).toBe(SEARCH_MAX_RESULTS);
    const paged: number[] = [];
    for (let page = 0; page < 6; page++) {
      const found = await search('widget', 50, page * 50);
      expect(found.total).toBe(SEARCH_MAX_RESULTS);
      paged.push(...found.products.map((p) => p.productId));
    }
    expect(paged).toEqual(whole.products.map((p) => p.productId));
    expect(new Set(paged).size).toBe(300);
    const beyond = await search('widget', 48, SEARCH_MAX_RESULTS);
    expect(beyond).toEqual({ products: [], total: SEARCH_MAX_RESULTS });
  });

  it('corrects a word only when it matches nothing as typed, and finds nothing for words that match nothing', async () => {
    // 'carton' matches as typed: 'Cartonnage Sheets' only looks like it.
    const all = await search('carton', 200);
    expect(all.total).toBe(110);
    expect(all.products.some((p) => p.name === 'Cartonnage Sheets')).toBe(false);
    // 'cartonage' matches nothing: it is read as the name word 'cartonnage'.
    expect((await search('cartonage')).products.map((p) => p.name)).toEqual(['Cartonnage Sheets']);
    expect(await search('zzzzqqqq')).toEqual({ products: [], total: 0 });
    expect(await search('zzzzqqqq tray')).toEqual({ products: [], total: 0 });
  });

  it('finds trade sizes written in a size, and a product by its code', async () => {
    expect((await search('C4')).products.map((p) => p.name)).toEqual(['Board Backed Envelopes']);
    expect((await search('48mm gummed')).products.map((p) => p.name)).toEqual(['Gummed Tape']);
    expect((await search('C5')).total).toBe(0);
    const [row] = await queryRows<{ code: string }>(database.db, sql`SELECT product_code AS code FROM products WHERE name = 'Mailing Tube'`);
    expect((await search(row!.code.toLowerCase())).products.map((p) => p.name)).toEqual(['Mailing Tube']);
  });

  it('keeps the spelling vocabulary in step with product inserts, renames, deactivations and deletes', async () => {
    const words = async () => new Set(await repository.nameVocabulary());
    let vocabulary = await words();
    expect(vocabulary.has('gummed')).toBe(true);
    expect(vocabulary.has('widget')).toBe(true);
    expect(vocabulary.has('tray')).toBe(true);

    await database.db.execute(sql`UPDATE products SET name = 'Gummed Paper Ribbon' WHERE name = 'Gummed Tape'`);
    vocabulary = await words();
    expect(vocabulary.has('ribbon')).toBe(true);
    expect(vocabulary.has('gummed')).toBe(true);

    await database.db.execute(sql`UPDATE products SET is_active = false WHERE name = 'Gummed Paper Ribbon'`);
    vocabulary = await words();
    expect(vocabulary.has('ribbon')).toBe(false);
    expect(vocabulary.has('gummed')).toBe(false);

    await database.db.execute(sql`UPDATE products SET is_active = true WHERE name = 'Gummed Paper Ribbon'`);
    expect((await words()).has('ribbon')).toBe(true);

    // One of many trays goes: the word stays; the only tube goes: its word goes too.
    await database.db.execute(sql`DELETE FROM products WHERE name IN ('Widget Tray 1', 'Mailing Tube')`);
    vocabulary = await words();
    expect(vocabulary.has('tray')).toBe(true);
    expect(vocabulary.has('tube')).toBe(false);

    const [left] = await queryRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM search_words WHERE occurrences <= 0`);
    expect(left?.count).toBe(0);
  });
});
