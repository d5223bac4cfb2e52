/**
 * Reads products with their sizes and packs as the back office edits them, and writes the
 * wanted state of many products in a fixed number of statements: the product page
 * saves one product through it, a CSV import 10,000 rows, so both follow the same rules:
 *
 * - a changed product gets `version = version + 1`, checked `WHERE version = <seen>`;
 * - sizes and packs the wanted state no longer has are deleted (baskets holding such a pack
 *   lose that line, by the foreign key's cascade; placed orders keep their snapshots);
 * - every pack price or pack range added, changed or removed writes a `price_changes` row in
 *   the same transaction (who, when, old, new; append-only);
 * - the catalogue triggers of migration 0002 bump the catalogue version and NOTIFY, so every
 *   process clears its cached catalogue reads once the transaction commits.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, figuresOf, productPrices, products, productSizes, queryRows, type Executor, type Row } from '@shop/db';
import { Conflict } from '../errors.ts';
import { catalogueMessages } from './catalogue-values.ts';

export interface PackState {
  productPriceId?: number;
  pricePence: number;
  packRange: number[];
}

export interface SizeState {
  productSizeId?: number;
  size1: string;
  size2: string;
  /** What one unit costs the shop, ex VAT, in pence; null: not known; left out: keep what is stored (an import without the column). */
  unitCostPence?: number | null;
  packs: PackState[];
}

/** What a product should be. Ids of sizes and packs say which existing rows stay. */
export interface ProductState {
  productCode: string;
  name: string;
  description: string;
  categoryId: number;
  imageUrl: string;
  /** The product shown by 'View More Variations', by code (resolved after new products exist). */
  linkProductCode: string | null;
  isNew: boolean;
  isFeatured: boolean;
  /** On sale (true) or withdrawn (false): products.is_active. */
  onSale: boolean;
  sizes: SizeState[];
}

/** A product as stored, with its sizes and packs in display order. */
export type StoredPack = Pick<Row<typeof productPrices>, 'productPriceId' | 'pricePence' | 'packRange'>;

export type StoredSize = Pick<Row<typeof productSizes>, 'productSizeId' | 'size1' | 'size2' | 'unitCostPence'> & { packs: StoredPack[] };

export interface StoredProduct extends Omit<ProductState, 'sizes'> {
  productId: number;
  version: number;
  linkProductId: number | null;
  sortOrder: number;
  sizes: StoredSize[];
}

export interface ProductWrite {
  /** The product as read (null: a new product). */
  stored: StoredProduct | null;
  wanted: ProductState;
}

export type PriceChangeSource = 'editor' | 'import';

export interface WriteResult {
  /** Code (lower case) -> product id, for every product written. */
  ids: Map<string, number>;
  created: number;
  updated: number;
  priceChanges: number;
}

const PRODUCT = columnsOf(
  products,
  ['productId', 'productCode', 'name', 'description', 'categoryId', 'imageUrl', 'linkProductId', 'isNew', 'isFeatured', 'isActive', 'sortOrder', 'version'],
  'p',
);
/**
 * The linked product's code (LEFT JOIN: null without a link), read as text: columnsOf would name
 * it productCode, which the product's own code already is.
 */
const LINK_CODE = figuresOf({ linkCode: 'text?' });
const SIZE = columnsOf(productSizes, ['productSizeId', 'productId', 'size1', 'size2', 'unitCostPence']);
const PACK = columnsOf(productPrices, ['productPriceId', 'productId', 'productSizeId', 'pricePence', 'packRange']);

/** Loads products (with sizes and packs) by id or by code; `lock` takes FOR UPDATE on the products. */
export async function loadProducts(db: Executor, by: { ids?: number[]; codes?: string[] }, lock = false): Promise<StoredProduct[]> {
  const ids = by.ids ?? [];
  const codes = (by.codes ?? []).map((c) => c.toLowerCase());
  if (ids.length === 0 && codes.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${PRODUCT.list}, l.product_code AS "linkCode"
        FROM products p LEFT JOIN products l ON l.product_id = p.link_product_id
        WHERE p.product_id = ANY (${`{${ids.join(',')}}`}::int[]) OR lower(p.product_code) = ANY (${pgTextArray(codes)}::text[])
        ORDER BY p.product_id
        ${lock ? sql`FOR UPDATE OF p` : sql``}`,
  );
  if (rows.length === 0) return [];
  const stored = rows.map((row) => ({ ...PRODUCT.read(row), linkProductCode: LINK_CODE.read(row).linkCode }));
  const productIds = `{${stored.map((p) => p.productId).join(',')}}`;
  const [sizes, packs] = await Promise.all([
    queryRows<object>(
      db,
      sql`SELECT ${SIZE.list} FROM product_sizes
          WHERE product_id = ANY (${productIds}::int[]) ORDER BY product_id, sort_order, product_size_id`,
    ),
    queryRows<object>(
      db,
      sql`SELECT ${PACK.list} FROM product_prices
          WHERE product_id = ANY (${productIds}::int[]) ORDER BY product_size_id, sort_order, product_price_id`,
    ),
  ]);
  const packsBySize = new Map<number, StoredPack[]>();
  for (const { productSizeId, productPriceId, pricePence, packRange } of packs.map(PACK.read)) {
    const list = packsBySize.get(productSizeId) ?? [];
    list.push({ productPriceId, pricePence, packRange });
    packsBySize.set(productSizeId, list);
  }
  const sizesByProduct = new Map<number, StoredProduct['sizes']>();
  for (const { productId, productSizeId, size1, size2, unitCostPence } of sizes.map(SIZE.read)) {
    const list = sizesByProduct.get(productId) ?? [];
    list.push({ productSizeId, size1, size2, unitCostPence, packs: packsBySize.get(productSizeId) ?? [] });
    sizesByProduct.set(productId, list);
  }
  return stored.map(({ isActive, ...product }) => ({ ...product, onSale: isActive, sizes: sizesByProduct.get(product.productId) ?? [] }));
}

/** A text[] literal for a parameter: every element quoted and escaped. */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const sameRange = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether the product's own fields (not sizes or packs) differ. */
export function productFieldsDiffer(stored: StoredProduct, wanted: ProductState): boolean {
  return (
    stored.productCode !== wanted.productCode ||
    stored.name !== wanted.name ||
    stored.description !== wanted.description ||
    stored.categoryId !== wanted.categoryId ||
    stored.imageUrl !== wanted.imageUrl ||
    (stored.linkProductCode ?? '').toLowerCase() !== (wanted.linkProductCode ?? '').toLowerCase() ||
    stored.isNew !== wanted.isNew ||
    stored.isFeatured !== wanted.isFeatured ||
    stored.onSale !== wanted.onSale
  );
}

/** Whether sizes or packs differ (values or order). */
export function sizesDiffer(stored: StoredProduct, wanted: ProductState): boolean {
  if (stored.sizes.length !== wanted.sizes.length) return true;
  return stored.sizes.some((size, i) => {
    const other = wanted.sizes[i]!;
    if (other.productSizeId !== size.productSizeId || other.size1 !== size.size1 || other.size2 !== size.size2) return true;
    if (other.unitCostPence !== undefined && other.unitCostPence !== size.unitCostPence) return true;
    if (other.packs.length !== size.packs.length) return true;
    return size.packs.some((pack, j) => {
      const o = other.packs[j]!;
      return o.productPriceId !== pack.productPriceId || o.pricePence !== pack.pricePence || !sameRange(o.packRange, pack.packRange);
    });
  });
}

/**
 * Writes the wanted state of each product in one transaction the caller holds (`tx`), in a
 * fixed number of statements whatever the count. Products whose state equals what is stored
 * are not touched. A stored product's version is checked in the UPDATE: a product changed by
 * someone else since it was read is a Conflict, and the caller's transaction rolls back.
 */
export async function writeProducts(tx: Executor, writes: ProductWrite[], staffId: number | null, source: PriceChangeSource): Promise<WriteResult> {
  const ids = new Map<string, number>();
  const priceChanges: { productPriceId: number; productId: number; oldPrice: number | null; newPrice: number | null; oldRange: number[] | null; newRange: number[] | null }[] = [];
  const creates = writes.filter((w) => w.stored === null);
  const updates = writes.filter((w): w is ProductWrite & { stored: StoredProduct } => w.stored !== null && (productFieldsDiffer(w.stored, w.wanted) || sizesDiffer(w.stored, w.wanted)));
  for (const w of writes) if (w.stored) ids.set(w.stored.productCode.toLowerCase(), w.stored.productId);

  // 1. New products (links later, once every id is known).
  if (creates.length > 0) {
    const created = await queryRows<Pick<Row<typeof products>, 'productId' | 'productCode'>>(
      tx,
      sql`INSERT INTO products (product_code, name, description, category_id, image_url, is_new, is_featured, is_active, sort_order)
          SELECT product_code, name, description, category_id, image_url, is_new, is_featured, is_active, sort_order
          FROM jsonb_to_recordset(${JSON.stringify(
            creates.map((w, i) => ({
              product_code: w.wanted.productCode,
              name: w.wanted.name,
              description: w.wanted.description,
              category_id: w.wanted.categoryId,
              image_url: w.wanted.imageUrl,
              is_new: w.wanted.isNew,
              is_featured: w.wanted.isFeatured,
              is_active: w.wanted.onSale,
              sort_order: 0,
              ord: i,
            })),
          )}::jsonb) AS v(product_code text, name text, description text, category_id int, image_url text, is_new boolean, is_featured boolean, is_active boolean, sort_order int, ord int)
          ORDER BY ord
          RETURNING product_id AS "productId", product_code AS "productCode"`,
    );
    for (const row of created) ids.set(row.productCode.toLowerCase(), row.productId);
  }

  // 2. Changed products: fields and version, checked against the version read.
  if (updates.length > 0) {
    const updated = await queryRows<Pick<Row<typeof products>, 'productId'>>(
      tx,
      sql`UPDATE products p SET product_code = v.product_code, name = v.name, description = v.description, category_id = v.category_id,
            image_url = v.image_url, is_new = v.is_new, is_featured = v.is_featured, is_active = v.is_active, version = p.version + 1
          FROM jsonb_to_recordset(${JSON.stringify(
            updates.map((w) => ({
              product_id: w.stored.productId,
              version: w.stored.version,
              product_code: w.wanted.productCode,
              name: w.wanted.name,
              description: w.wanted.description,
              category_id: w.wanted.categoryId,
              image_url: w.wanted.imageUrl,
              is_new: w.wanted.isNew,
              is_featured: w.wanted.isFeatured,
              is_active: w.wanted.onSale,
            })),
          )}::jsonb) AS v(product_id int, version int, product_code text, name text, description text, category_id int, image_url text, is_new boolean, is_featured boolean, is_active boolean)
          WHERE p.product_id = v.product_id AND p.version = v.version
          RETURNING p.product_id AS "productId"`,
    );
    if (updated.length !== updates.length) throw new Conflict(catalogueMessages.changedMeanwhile);
    for (const w of updates) ids.set(w.wanted.productCode.toLowerCase(), w.stored.productId);
  }

  // 3. Sizes and packs: what goes, what changes, what is new.
  const touched = [...creates, ...updates];
  const deleteSizeIds: number[] = [];
  const deletePackIds: number[] = [];
  const sizeUpdates: { id: number; size1: string; size2: string; unit_cost_pence: number | null; sort_order: number }[] = [];
  const sizeInserts: { key: string; product_id: number; size1: string; size2: string; unit_cost_pence: number | null; sort_order: number }[] = [];
  const packUpdates: { id: number; size_id: number; price_pence: number; pack_range: number[]; sort_order: number }[] = [];
  const packInserts: { sizeKey: string | null; size_id: number | null; product_id: number; price_pence: number; pack_range: number[]; sort_order: number }[] = [];
  for (const w of touched) {
    const productId = ids.get(w.wanted.productCode.toLowerCase())!;
    const storedSizes = new Map((w.stored?.sizes ?? []).map((s) => [s.productSizeId, s]));
    const storedPacks = new Map((w.stored?.sizes ?? []).flatMap((s) => s.packs.map((p) => [p.productPriceId, p] as const)));
    const keptSizes = new Set<number>();
    const keptPacks = new Set<number>();
    w.wanted.sizes.forEach((size, i) => {
      const storedSize = size.productSizeId !== undefined ? storedSizes.get(size.productSizeId) : undefined;
      const sizeKey = `${productId}:${i}`;
      if (storedSize) {
        keptSizes.add(storedSize.productSizeId);
        const unitCost = size.unitCostPence === undefined ? storedSize.unitCostPence : size.unitCostPence;
        sizeUpdates.push({ id: storedSize.productSizeId, size1: size.size1, size2: size.size2, unit_cost_pence: unitCost, sort_order: i });
      } else sizeInserts.push({ key: sizeKey, product_id: productId, size1: size.size1, size2: size.size2, unit_cost_pence: size.unitCostPence ?? null, sort_order: i });
      size.packs.forEach((pack, j) => {
        const storedPack = pack.productPriceId !== undefined ? storedPacks.get(pack.productPriceId) : undefined;
        if (storedPack) {
          keptPacks.add(storedPack.productPriceId);
          packUpdates.push({ id: storedPack.productPriceId, size_id: storedSize?.productSizeId ?? -1, price_pence: pack.pricePence, pack_range: pack.packRange, sort_order: j });
          // A pack that moves to a new size keeps its id; the size id is filled in once inserted.
          if (!storedSize) packUpdates[packUpdates.length - 1]!.size_id = -sizeInserts.length;
          if (storedPack.pricePence !== pack.pricePence || !sameRange(storedPack.packRange, pack.packRange)) {
            priceChanges.push({
              productPriceId: storedPack.productPriceId,
              productId,
              oldPrice: storedPack.pricePence,
              newPrice: pack.pricePence,
              oldRange: storedPack.packRange,
              newRange: pack.packRange,
            });
          }
        } else {
          packInserts.push({
            sizeKey: storedSize ? null : sizeKey,
            size_id: storedSize ? storedSize.productSizeId : null,
            product_id: productId,
            price_pence: pack.pricePence,
            pack_range: pack.packRange,
            sort_order: j,
          });
        }
      });
    });
    for (const size of w.stored?.sizes ?? []) {
      if (!keptSizes.has(size.productSizeId)) deleteSizeIds.push(size.productSizeId);
      for (const pack of size.packs) {
        if (keptPacks.has(pack.productPriceId)) continue;
        deletePackIds.push(pack.productPriceId);
        priceChanges.push({ productPriceId: pack.productPriceId, productId, oldPrice: pack.pricePence, newPrice: null, oldRange: pack.packRange, newRange: null });
      }
    }
  }

  if (deletePackIds.length > 0) {
    await tx.execute(sql`DELETE FROM product_prices WHERE product_price_id = ANY (${`{${deletePackIds.join(',')}}`}::int[])`);
  }
  const newSizeIds = new Map<string, number>();
  if (sizeInserts.length > 0) {
    const rows = await queryRows<Pick<Row<typeof productSizes>, 'productSizeId'> & { ord: number }>(
      tx,
      sql`WITH v AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(sizeInserts.map((s, i) => ({ ...s, ord: i })))}::jsonb)
              AS v(product_id int, size1 text, size2 text, unit_cost_pence int, sort_order int, ord int)
          ), inserted AS (
            INSERT INTO product_sizes (product_id, size1, size2, unit_cost_pence, sort_order)
            SELECT product_id, size1, size2, unit_cost_pence, sort_order FROM v ORDER BY ord
            RETURNING product_size_id, product_id, sort_order
          )
          SELECT i.product_size_id AS "productSizeId", v.ord FROM inserted i JOIN v ON v.product_id = i.product_id AND v.sort_order = i.sort_order`,
    );
    for (const row of rows) newSizeIds.set(sizeInserts[Number(row.ord)]!.key, row.productSizeId);
  }
  if (sizeUpdates.length > 0) {
    await tx.execute(
      sql`UPDATE product_sizes s SET size1 = v.size1, size2 = v.size2, unit_cost_pence = v.unit_cost_pence, sort_order = v.sort_order
          FROM jsonb_to_recordset(${JSON.stringify(sizeUpdates)}::jsonb) AS v(id int, size1 text, size2 text, unit_cost_pence int, sort_order int)
          WHERE s.product_size_id = v.id
            AND (s.size1, s.size2, s.unit_cost_pence, s.sort_order) IS DISTINCT FROM (v.size1, v.size2, v.unit_cost_pence, v.sort_order)`,
    );
  }
  if (packUpdates.length > 0) {
    for (const pack of packUpdates) {
      if (pack.size_id < 0) pack.size_id = newSizeIds.get(sizeInserts[-pack.size_id - 1]!.key)!;
    }
    await tx.execute(
      sql`UPDATE product_prices p SET product_size_id = v.size_id, price_pence = v.price_pence, pack_range = v.pack_range, sort_order = v.sort_order
          FROM (SELECT id, size_id, price_pence, sort_order, ARRAY(SELECT jsonb_array_elements_text(pack_range)::int) AS pack_range
                FROM jsonb_to_recordset(${JSON.stringify(packUpdates)}::jsonb) AS r(id int, size_id int, price_pence int, pack_range jsonb, sort_order int)) AS v
          WHERE p.product_price_id = v.id
            AND (p.product_size_id, p.price_pence, p.pack_range, p.sort_order) IS DISTINCT FROM (v.size_id, v.price_pence, v.pack_range, v.sort_order)`,
    );
  }
  if (packInserts.length > 0) {
    const rows = await queryRows<object>(
      tx,
      sql`INSERT INTO product_prices (product_size_id, product_id, price_pence, pack_range, sort_order)
          SELECT size_id, product_id, price_pence, ARRAY(SELECT jsonb_array_elements_text(pack_range)::int), sort_order
          FROM jsonb_to_recordset(${JSON.stringify(
            packInserts.map((p, i) => ({
              size_id: p.size_id ?? newSizeIds.get(p.sizeKey!)!,
              product_id: p.product_id,
              price_pence: p.price_pence,
              pack_range: p.pack_range,
              sort_order: p.sort_order,
              ord: i,
            })),
          )}::jsonb) AS v(size_id int, product_id int, price_pence int, pack_range jsonb, sort_order int, ord int)
          ORDER BY ord
          RETURNING ${PACK.list}`,
    );
    for (const { productPriceId, productId, pricePence, packRange } of rows.map(PACK.read)) {
      priceChanges.push({ productPriceId, productId, oldPrice: null, newPrice: pricePence, oldRange: null, newRange: packRange });
    }
  }
  if (deleteSizeIds.length > 0) {
    await tx.execute(sql`DELETE FROM product_sizes WHERE product_size_id = ANY (${`{${deleteSizeIds.join(',')}}`}::int[])`);
  }

  // 4. Links by code, now that every product has its id.
  const links = touched
    .map((w) => ({ id: ids.get(w.wanted.productCode.toLowerCase())!, code: w.wanted.linkProductCode?.toLowerCase() ?? null, stored: w.stored?.linkProductCode?.toLowerCase() ?? null }))
    .filter((l) => l.code !== l.stored);
  if (links.length > 0) {
    await tx.execute(
      sql`UPDATE products p SET link_product_id = l.product_id
          FROM jsonb_to_recordset(${JSON.stringify(links.map((l) => ({ id: l.id, code: l.code })))}::jsonb) AS v(id int, code text)
          LEFT JOIN products l ON lower(l.product_code) = v.code
          WHERE p.product_id = v.id`,
    );
  }

  // 5. The price history, in the same transaction.
  if (priceChanges.length > 0) {
    await tx.execute(
      sql`INSERT INTO price_changes (product_price_id, product_id, staff_id, source, old_price_pence, new_price_pence, old_pack_range, new_pack_range)
          SELECT product_price_id, product_id, ${staffId}::int, ${source}, old_price, new_price,
            CASE WHEN old_range IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(old_range)::int) END,
            CASE WHEN new_range IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(new_range)::int) END
          FROM jsonb_to_recordset(${JSON.stringify(
            priceChanges.map((c) => ({
              product_price_id: c.productPriceId,
              product_id: c.productId,
              old_price: c.oldPrice,
              new_price: c.newPrice,
              old_range: c.oldRange,
              new_range: c.newRange,
            })),
          )}::jsonb) AS v(product_price_id int, product_id int, old_price int, new_price int, old_range jsonb, new_range jsonb)`,
    );
  }
  return { ids, created: creates.length, updated: updates.length, priceChanges: priceChanges.length };
}
