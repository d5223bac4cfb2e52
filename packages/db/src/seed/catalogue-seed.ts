/**
 * The shape of a catalogue to seed (a category tree holding products, sizes and packs) and a
 * bulk inserter that writes a whole tree in one transaction with multi-row inserts.
 * Used by the demo seed on first start and by the large-catalogue generator for benchmarks.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { categories, productPrices, productSizes, products } from '../schema.ts';

/** One pack a customer can buy: the price of ONE pack ex-VAT, in pence, and the units in it. */
export interface SeedPack {
  pricePence: number;
  /** Units in the pack, e.g. [25]. The first value is the pack's quantity. */
  packRange: number[];
}

export interface SeedSize {
  /** Imperial size as sold, e.g. `12x9x6"`, or a plain size such as `A4` or `48mm x 66m`. */
  size1: string;
  /** Metric size, e.g. `305x229x152mm`. */
  size2: string;
  packs: SeedPack[];
}

export interface SeedProduct {
  /** Unique within the tree; only used to resolve `linkProductKey`. */
  key: string;
  name: string;
  description: string;
  imageUrl: string;
  isNew?: boolean;
  isFeatured?: boolean;
  /** Key of the product shown by 'View More Variations'. */
  linkProductKey?: string;
  sizes: SeedSize[];
}

export interface SeedCategory {
  name: string;
  slug: string;
  description: string;
  imageUrl: string;
  isNew?: boolean;
  children?: SeedCategory[];
  products?: SeedProduct[];
}

/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters for every table here. */
const BATCH_ROWS = 1000;
const PACK_BATCH_ROWS = 5000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Insert a catalogue tree in one transaction. Sort orders follow array positions; linked
 * products are resolved by key once every product has its id.
 * Relies on PostgreSQL returning the rows of a multi-row `INSERT ... VALUES ... RETURNING`
 * in the order of the VALUES list (as Drizzle, Django and others do for bulk inserts).
 */
export async function insertCatalogue(
  db: Database,
  tree: SeedCategory[],
): Promise<{ categories: number; products: number }> {
  return db.transaction(async (executor) => {

    // Categories, one tree level at a time so every parent id is known before its children.
    const productsByCategory: { categoryId: number; items: SeedProduct[] }[] = [];
    let categoryCount = 0;
    let level: { node: SeedCategory; parentId: number | null; sortOrder: number }[] = tree.map((node, i) => ({
      node,
      parentId: null,
      sortOrder: i,
    }));
    while (level.length > 0) {
      const next: typeof level = [];
      for (const batch of chunks(level, BATCH_ROWS)) {
        const rows = await executor
          .insert(categories)
          .values(
            batch.map(({ node, parentId, sortOrder }) => ({
              name: node.name,
              slug: node.slug,
              description: node.description,
              imageUrl: node.imageUrl,
              parentId,
              sortOrder,
              isNew: node.isNew ?? false,
            })),
          )
          .returning({ categoryId: categories.categoryId });
        if (rows.length !== batch.length) throw new Error('Category insert returned an unexpected row count');
        batch.forEach(({ node }, i) => {
          const categoryId = rows[i]!.categoryId;
          (node.children ?? []).forEach((child, j) => next.push({ node: child, parentId: categoryId, sortOrder: j }));
          if (node.products?.length) productsByCategory.push({ categoryId, items: node.products });
        });
      }
      categoryCount += level.length;
      level = next;
    }

    // Products.
    const flatProducts: { product: SeedProduct; categoryId: number; sortOrder: number }[] = [];
    for (const { categoryId, items } of productsByCategory) {
      items.forEach((product, i) => flatProducts.push({ product, categoryId, sortOrder: i }));
    }
    const productIds: number[] = [];
    for (const batch of chunks(flatProducts, BATCH_ROWS)) {
      const rows = await executor
        .insert(products)
        .values(
          batch.map(({ product, categoryId, sortOrder }) => ({
            name: product.name,
            description: product.description,
            imageUrl: product.imageUrl,
            categoryId,
            isNew: product.isNew ?? false,
            isFeatured: product.isFeatured ?? false,
            sortOrder,
          })),
        )
        .returning({ productId: products.productId });
      if (rows.length !== batch.length) throw new Error('Product insert returned an unexpected row count');
      for (const row of rows) productIds.push(row.productId);
    }

    // Sizes.
    const flatSizes: { size: SeedSize; productId: number; sortOrder: number }[] = [];
    flatProducts.forEach(({ product }, i) => {
      const productId = productIds[i]!;
      product.sizes.forEach((size, j) => flatSizes.push({ size, productId, sortOrder: j }));
    });
    const sizeIds: number[] = [];
    for (const batch of chunks(flatSizes, BATCH_ROWS)) {
      const rows = await executor
        .insert(productSizes)
        .values(batch.map(({ size, productId, sortOrder }) => ({ productId, size1: size.size1, size2: size.size2, sortOrder })))
        .returning({ productSizeId: productSizes.productSizeId });
      if (rows.length !== batch.length) throw new Error('Size insert returned an unexpected row count');
      for (const row of rows) sizeIds.push(row.productSizeId);
    }

    // Packs (no ids needed back).
    const flatPacks: { productSizeId: number; productId: number; pricePence: number; packRange: number[]; sortOrder: number }[] = [];
    flatSizes.forEach(({ size, productId }, i) => {
      const productSizeId = sizeIds[i]!;
      size.packs.forEach((pack, j) =>
        flatPacks.push({ productSizeId, productId, pricePence: pack.pricePence, packRange: pack.packRange, sortOrder: j }),
      );
    });
    // Packs need no ids back, so they go in larger statements that pass whole columns as
    // array parameters (five parameters per statement instead of five per row).
    for (const batch of chunks(flatPacks, PACK_BATCH_ROWS)) {
      const column = (pick: (pack: (typeof flatPacks)[number]) => number) => `{${batch.map(pick).join(',')}}`;
      const ranges = `{${batch.map((pack) => `"{${pack.packRange.join(',')}}"`).join(',')}}`;
      await executor.execute(sql`
        INSERT INTO ${productPrices} (product_size_id, product_id, price_pence, pack_range, sort_order)
        SELECT size_id, product_id, price, range::integer[], sort_order
        FROM unnest(${column((p) => p.productSizeId)}::integer[], ${column((p) => p.productId)}::integer[],
                    ${column((p) => p.pricePence)}::integer[], ${ranges}::text[], ${column((p) => p.sortOrder)}::integer[])
          AS t(size_id, product_id, price, range, sort_order)`);
    }

    // Links ('View More Variations'), grouped by target so there is one UPDATE per target.
    const idByKey = new Map<string, number>();
    flatProducts.forEach(({ product }, i) => {
      if (idByKey.has(product.key)) throw new Error(`Duplicate product key: ${product.key}`);
      idByKey.set(product.key, productIds[i]!);
    });
    const sourcesByTarget = new Map<number, number[]>();
    flatProducts.forEach(({ product }, i) => {
      if (!product.linkProductKey) return;
      const target = idByKey.get(product.linkProductKey);
      if (target === undefined) throw new Error(`Unknown linkProductKey ${product.linkProductKey} on ${product.key}`);
      const sources = sourcesByTarget.get(target) ?? [];
      sources.push(productIds[i]!);
      sourcesByTarget.set(target, sources);
    });
    for (const [target, sources] of sourcesByTarget) {
      for (const batch of chunks(sources, BATCH_ROWS)) {
        await executor
          .update(products)
          .set({ linkProductId: target })
          .where(batch.length === 1 ? eq(products.productId, batch[0]!) : inArray(products.productId, batch));
      }
    }

    return { categories: categoryCount, products: flatProducts.length };
  });
}

/** True when no category exists yet (products cannot exist without one). */
export async function catalogueIsEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: categories.categoryId }).from(categories).limit(1);
  return rows.length === 0;
}
