import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../index.ts';
import type { SeedCategory, SeedProduct } from './catalogue-seed.ts';
import { catalogueIsEmpty, demoCatalogue, insertCatalogue, largeCatalogue, seedDemoCatalogueIfEmpty } from './index.ts';

function walk(tree: SeedCategory[], visit: (node: SeedCategory, depth: number) => void, depth = 1): void {
  for (const node of tree) {
    visit(node, depth);
    walk(node.children ?? [], visit, depth + 1);
  }
}

function allProducts(tree: SeedCategory[]): SeedProduct[] {
  const out: SeedProduct[] = [];
  walk(tree, (node) => out.push(...(node.products ?? [])));
  return out;
}

describe('demoCatalogue', () => {
  const tree = demoCatalogue();
  const categories: SeedCategory[] = [];
  let maxDepth = 0;
  walk(tree, (node, depth) => {
    categories.push(node);
    maxDepth = Math.max(maxDepth, depth);
  });
  const products = allProducts(tree);

  it('has a believable size: 8+ top-level, 30+ categories, three levels, 150+ products', () => {
    expect(tree.length).toBeGreaterThanOrEqual(8);
    expect(categories.length).toBeGreaterThanOrEqual(30);
    expect(maxDepth).toBe(3);
    expect(products.length).toBeGreaterThanOrEqual(150);
  });

  it('uses unique, URL-safe slugs', () => {
    const slugs = categories.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('keeps products in leaf categories only, at least three per leaf', () => {
    for (const c of categories) {
      if (c.children?.length) expect(c.products ?? [], c.slug).toHaveLength(0);
      else expect((c.products ?? []).length, c.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('flags twelve featured products spread over several top-level categories', () => {
    expect(products.filter((p) => p.isFeatured)).toHaveLength(12);
    const topsWithFeatured = tree.filter((top) => allProducts([top]).some((p) => p.isFeatured));
    expect(topsWithFeatured.length).toBeGreaterThanOrEqual(8);
    expect(products.some((p) => p.isNew)).toBe(true);
  });

  it('links variations to products that exist, in at least ten pairs', () => {
    const keys = new Set(products.map((p) => p.key));
    expect(keys.size).toBe(products.length);
    const linked = products.filter((p) => p.linkProductKey);
    for (const p of linked) {
      expect(keys.has(p.linkProductKey!), p.key).toBe(true);
      expect(p.linkProductKey).not.toBe(p.key);
    }
    const byKey = new Map(products.map((p) => [p.key, p]));
    const pairs = linked.filter((p) => byKey.get(p.linkProductKey!)?.linkProductKey === p.key);
    expect(pairs.length / 2).toBeGreaterThanOrEqual(10);
  });

  it('gives every product 1-6 sizes of 1-4 packs, bigger packs cheaper per unit', () => {
    for (const p of products) {
      expect(p.sizes.length, p.key).toBeGreaterThanOrEqual(1);
      expect(p.sizes.length, p.key).toBeLessThanOrEqual(6);
      expect(p.description.split(/[.!?](?:\s|$)/).filter(Boolean).length, p.key).toBeGreaterThanOrEqual(2);
      for (const size of p.sizes) {
        expect(size.size1).not.toBe('');
        expect(size.size2).not.toBe('');
        expect(size.packs.length).toBeGreaterThanOrEqual(1);
        expect(size.packs.length).toBeLessThanOrEqual(4);
        size.packs.forEach((pack, i) => {
          expect(Number.isInteger(pack.pricePence) && pack.pricePence > 0).toBe(true);
          expect(pack.packRange.length).toBeGreaterThan(0);
          const previous = size.packs[i - 1];
          if (previous) {
            expect(pack.packRange[0]!).toBeGreaterThan(previous.packRange[0]!);
            expect(pack.pricePence / pack.packRange[0]!).toBeLessThan(previous.pricePence / previous.packRange[0]!);
          }
        });
      }
    }
  });

  /**
   * What one unit (a box, a bag, a label, a roll, a container) plausibly costs ex-VAT at trade
   * prices, in pence, by top-level category (1,000 small thermal labels for
   * £0.12 read as a mistake). Wide enough for the category's smallest and largest goods, narrow
   * enough to catch a misplaced decimal point:
   * - boxes: a 4" cube carton (about 15p) up to a triple wall pallet box (about £20);
   * - postal: a small grip seal bag (about 1p) up to a heavy duty postal tube (about £1.65);
   * - envelopes: a DL envelope (about 2p) up to an A3 all-board envelope (about 60p);
   * - protective: a bubble bag (about 2p) up to a 1.5m x 100m bubble wrap roll (about £35);
   * - void fill: an air pillow (about 3p) up to a 250m honeycomb paper roll (about £45);
   * - tape: a roll of 24mm tape (about 65p) up to a reinforced gummed roll or a dispenser (£9);
   * - pallet wrap: a strapping buckle (about 4p) up to a strapping kit with tensioner (£149);
   * - labels: a small thermal label (about 0.5p) up to an A4 label sheet (about 10p);
   * - food: a cup lid (about 2p) up to a 12-cupcake box (about 80p);
   * - warehouse: a trapezium blade (about 11p) up to a lidded 600mm crate (about £25);
   * - retail and gift: a sheet of tissue (about 4p) up to a large magnetic gift box (about £6).
   */
  const UNIT_PRICE_BANDS_PENCE: Record<string, [min: number, max: number]> = {
    'Cardboard Boxes': [10, 3_000],
    'Postal & Mailing': [0.8, 250],
    Envelopes: [1, 100],
    'Protective Packaging': [1, 4_000],
    'Void Fill': [2, 5_000],
    'Packing Tape': [50, 1_500],
    'Pallet Wrap & Stretch Film': [2, 15_000],
    Labels: [0.5, 20],
    'Food Packaging': [1, 100],
    'Warehouse & Storage': [10, 3_000],
    'Retail & Gift Packaging': [2, 1_000],
  };

  it('prices every unit within a plausible band for its top-level category', () => {
    expect(Object.keys(UNIT_PRICE_BANDS_PENCE).sort()).toEqual(tree.map((top) => top.name).sort());
    const outside: string[] = [];
    for (const top of tree) {
      const [min, max] = UNIT_PRICE_BANDS_PENCE[top.name]!;
      for (const p of allProducts([top])) {
        for (const size of p.sizes) {
          for (const pack of size.packs) {
            const unitPence = pack.pricePence / pack.packRange[0]!;
            if (unitPence < min || unitPence > max) {
              outside.push(`${top.name}: ${p.name} ${size.size1}, ${pack.packRange[0]} for ${pack.pricePence}p = ${unitPence.toFixed(3)}p each (band ${min}-${max}p)`);
            }
          }
        }
      }
    }
    expect(outside).toEqual([]);
  });

  it('never charges more per unit for a larger pack of the same size, nor less in all for more units', () => {
    for (const p of products) {
      for (const size of p.sizes) {
        const packs = [...size.packs].sort((a, b) => a.packRange[0]! - b.packRange[0]!);
        for (let i = 1; i < packs.length; i++) {
          const [smaller, larger] = [packs[i - 1]!, packs[i]!];
          const where = `${p.key} ${size.size1}: ${larger.packRange[0]} vs ${smaller.packRange[0]}`;
          expect(larger.pricePence / larger.packRange[0]!, where).toBeLessThanOrEqual(smaller.pricePence / smaller.packRange[0]!);
          expect(larger.pricePence, where).toBeGreaterThan(smaller.pricePence);
        }
      }
    }
  });

  it('converts box sizes from inches to millimetres consistently', () => {
    for (const p of products) {
      for (const size of p.sizes) {
        const m = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)"$/.exec(size.size1);
        if (!m) continue;
        const mm = [m[1], m[2], m[3]].map((v) => Math.round(Number(v) * 25.4)).join('x') + 'mm';
        expect(size.size2, `${p.key} ${size.size1}`).toBe(mm);
      }
    }
    expect(products.some((p) => /\d+x\d+x\d+$/.test(p.name))).toBe(true);
  });

  it('points images at generated illustrations', () => {
    for (const c of categories) expect(c.imageUrl).toMatch(/^\/media\/categories\/[a-z0-9-]+\.svg$/);
    for (const p of products) expect(p.imageUrl).toMatch(/^\/media\/products\/[a-z0-9-]+\.svg$/);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(demoCatalogue())).toBe(JSON.stringify(tree));
  });
});

describe('largeCatalogue', () => {
  it('holds exactly the requested number of products, deterministically', () => {
    const big = largeCatalogue(2_000);
    expect(allProducts(big)).toHaveLength(2_000);
    expect(JSON.stringify(largeCatalogue(2_000))).toBe(JSON.stringify(big));
    const products = allProducts(big);
    const keys = new Set(products.map((p) => p.key));
    expect(keys.size).toBe(products.length);
    for (const p of products) if (p.linkProductKey) expect(keys.has(p.linkProductKey)).toBe(true);
    const sizes = new Set(products.flatMap((p) => p.sizes.map((s) => s.size1)));
    expect(sizes.size).toBeGreaterThan(500);
  });

  it('trims the demo catalogue when asked for fewer products, keeping links valid', () => {
    const small = allProducts(largeCatalogue(60));
    expect(small).toHaveLength(60);
    const keys = new Set(small.map((p) => p.key));
    for (const p of small) if (p.linkProductKey) expect(keys.has(p.linkProductKey)).toBe(true);
  });
});

describe('insertCatalogue on PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('inserts the whole demo tree with parents, sort orders, sizes, packs and links', async () => {
    expect(await catalogueIsEmpty(handle.db)).toBe(true);
    const tree = demoCatalogue();
    const products = allProducts(tree);
    const result = await insertCatalogue(handle.db, tree);
    let categoryCount = 0;
    walk(tree, () => categoryCount++);
    expect(result).toEqual({ categories: categoryCount, products: products.length });

    const [counts] = await queryRows<Record<string, number>>(
      handle.db,
      sql`SELECT
        (SELECT count(*)::int FROM categories) AS categories,
        (SELECT count(*)::int FROM categories WHERE parent_id IS NULL) AS top,
        (SELECT count(*)::int FROM products) AS products,
        (SELECT count(*)::int FROM products WHERE is_featured) AS featured,
        (SELECT count(*)::int FROM products WHERE link_product_id IS NOT NULL) AS linked,
        (SELECT count(*)::int FROM product_sizes) AS sizes,
        (SELECT count(*)::int FROM product_prices) AS packs`,
    );
    const sizeCount = products.reduce((n, p) => n + p.sizes.length, 0);
    const packCount = products.reduce((n, p) => n + p.sizes.reduce((m, s) => m + s.packs.length, 0), 0);
    expect(counts).toEqual({
      categories: categoryCount,
      top: tree.length,
      products: products.length,
      featured: 12,
      linked: products.filter((p) => p.linkProductKey).length,
      sizes: sizeCount,
      packs: packCount,
    });

    // Tree shape and order survive: the second child of the first top-level category.
    const [child] = await queryRows<{ slug: string; parent: string; sort_order: number }>(
      handle.db,
      sql`SELECT c.slug, p.slug AS parent, c.sort_order FROM categories c JOIN categories p ON p.category_id = c.parent_id
          WHERE c.slug = ${tree[0]!.children![1]!.slug}`,
    );
    expect(child).toEqual({ slug: tree[0]!.children![1]!.slug, parent: tree[0]!.slug, sort_order: 1 });

    // A link resolves to the intended product, and a pack keeps its price and range.
    const [link] = await queryRows<{ name: string; target: string }>(
      handle.db,
      sql`SELECT p.name, t.name AS target FROM products p JOIN products t ON t.product_id = p.link_product_id
          WHERE p.name = 'Single Wall Box 12x9x6'`,
    );
    expect(link).toEqual({ name: 'Single Wall Box 12x9x6', target: 'Double Wall Box 12x9x6' });
    const source = products.find((p) => p.key === 'sw-box-12x9x6')!;
    const packs = await queryRows<{ price_pence: number; pack_range: number[] }>(
      handle.db,
      sql`SELECT pp.price_pence, pp.pack_range FROM product_prices pp JOIN products p USING (product_id)
          WHERE p.name = 'Single Wall Box 12x9x6' ORDER BY pp.sort_order`,
    );
    expect(packs.map((p) => ({ pricePence: p.price_pence, packRange: p.pack_range }))).toEqual(source.sizes[0]!.packs);

    expect(await catalogueIsEmpty(handle.db)).toBe(false);
    expect(await seedDemoCatalogueIfEmpty(handle.db)).toBe(false);
  });
});

describe('seedDemoCatalogueIfEmpty', () => {
  it('seeds an empty database once', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await seedDemoCatalogueIfEmpty(handle.db)).toBe(true);
      expect(await seedDemoCatalogueIfEmpty(handle.db)).toBe(false);
      const [row] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM products`);
      expect(row!.n).toBe(allProducts(demoCatalogue()).length);
    } finally {
      await handle.close();
    }
  });

  it('gives every demo size stock: most in stock, some low, some out, featured products always in stock', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedDemoCatalogueIfEmpty(handle.db);
      const [mix] = await queryRows<{ sizes: number; tracked: number; out: number; low: number; featured_short: number; backordered: number; expected: number }>(
        handle.db,
        sql`SELECT (SELECT count(*) FROM product_sizes)::int AS sizes,
                   count(*)::int AS tracked,
                   (count(*) FILTER (WHERE s.on_hand - s.allocated <= 0))::int AS out,
                   (count(*) FILTER (WHERE s.on_hand > 0 AND s.on_hand < s.low_threshold))::int AS low,
                   (count(*) FILTER (WHERE p.is_featured AND s.on_hand < s.low_threshold))::int AS featured_short,
                   (SELECT count(*) FROM product_stock_settings WHERE backorders_allowed)::int AS backordered,
                   (SELECT count(*) FROM product_stock_settings WHERE expected_date IS NOT NULL)::int AS expected
            FROM stock_levels s JOIN product_sizes z USING (product_size_id) JOIN products p USING (product_id)`,
      );
      expect(mix!.tracked).toBe(mix!.sizes);
      expect(mix!.out).toBeGreaterThan(0);
      expect(mix!.low).toBeGreaterThan(0);
      expect(mix!.out + mix!.low).toBeLessThan(mix!.sizes / 2);
      expect(mix!.featured_short).toBe(0);
      expect(mix!.backordered).toBeGreaterThan(0);
      expect(mix!.expected).toBeGreaterThan(mix!.backordered);
    } finally {
      await handle.close();
    }
  });
});
