/**
 * Search SQL against a real database: tiers, the cap on matches, pagination, the similar-name
 * fallback and the trigger-maintained spelling vocabulary. PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL is set (a uniquely named database, dropped after).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, type DatabaseKind } from '@shop/db/testing';
import { insertCatalogue, type SeedProduct } from '@shop/db/seed';
import { CatalogueRepository, SEARCH_FUZZY_BELOW, SEARCH_MAX_RESULTS } from './catalogue-repository.ts';
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
  const search = (text: string, limit = 48, offset = 0) => repository.searchProducts(parseSearch(text), limit, offset);

  beforeAll(async () => {
    ({ database, drop } = await createDatabase(kind));
    repository = new CatalogueRepository(database.db);
    const widgets = Array.from({ length: SEARCH_MAX_RESULTS + 100 }, (_, i) => product(`Widget Tray ${i + 1}`, 'A plain tray.'));
    const cartons = Array.from({ length: SEARCH_FUZZY_BELOW + 10 }, (_, i) => product(`Carton ${i + 1}`, 'A carton.'));
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
          product('Gummed Tape', 'Water-activated tape.'),
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

  it('adds similar names only when few products match the words', async () => {
    // 'cartonnage' is not a word match for 'carton', only a similar name.
    const plenty = await search('carton');
    expect(plenty.total).toBe(SEARCH_FUZZY_BELOW + 10);
    const all = await search('carton', 200);
    expect(all.products.some((p) => p.name === 'Cartonnage Sheets')).toBe(false);
    const few = await search('cartonage');
    expect(few.products.map((p) => p.name)).toContain('Cartonnage Sheets');
    expect(await search('zzzzqqqq')).toEqual({ products: [], total: 0 });
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
