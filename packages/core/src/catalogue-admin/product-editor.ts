/**
 * Products as staff edit them: the server-paged list and search,
 * one product with its sizes, packs and price history, create and save (version checked,
 * price changes audited in the same transaction), on sale / withdrawn, and delete, which is
 * refused for a product with order history (it is withdrawn instead, never deleted).
 */
import { eq, sql } from 'drizzle-orm';
import { withoutDirectionControls } from '@shop/contract';
import { columnsOf, figuresOf, priceChanges, productSizes, products, queryNumber, queryRows, staff, type Database, type Executor, type Row } from '@shop/db';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import {
  catalogueMessages,
  parseImageUrl,
  parseProductCode,
  MAX_UNIT_COST_PENCE,
  PRODUCT_CODE_PATTERN,
} from './catalogue-values.ts';
import { loadProducts, writeProducts, type ProductState, type StoredProduct } from './product-store.ts';
import { isoSeconds } from '../iso-time.ts';

export const PRODUCT_PAGE_SIZE = 25;

export const productMessages = {
  hasOrders: 'This product has been ordered, so it cannot be deleted (the orders keep referring to it): withdraw it instead.',
} as const;

const LISTED = columnsOf(products, ['productId', 'productCode', 'name', 'isActive', 'isNew', 'isFeatured'], 'p');
/**
 * Computed beside a listed product: its category's path, how many sizes and packs it has, and the
 * lowest of its pack prices (null without packs).
 */
const LISTED_FIGURES = figuresOf({ category_path: 'text', size_count: 'number', pack_count: 'number', from_price: 'number?' });

export type ProductListEntry = Omit<ReturnType<typeof LISTED.read>, 'isActive'> & {
  categoryPath: string;
  /** On sale (is_active) or withdrawn. */
  onSale: boolean;
  sizeCount: number;
  packCount: number;
  /** The lowest pack price in pence, null without packs. */
  fromPricePence: number | null;
};

export interface ProductList {
  query: string;
  categoryId: number | null;
  status: 'all' | 'on-sale' | 'withdrawn';
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  products: ProductListEntry[];
}

const PRICE_CHANGE = columnsOf(
  priceChanges,
  ['priceChangeId', 'productPriceId', 'source', 'oldPricePence', 'newPricePence', 'oldPackRange', 'newPackRange', 'changedAt'],
  'c',
);
/** Whether the product has been ordered (EXISTS). */
const HAS_ORDERS = figuresOf({ has_orders: 'boolean' });
/** Computed by checkReferences: the category exists, the product already holding the code (null when none), the linked product (if any) exists. */
const REFERENCE_CHECKS = figuresOf({ category: 'boolean', code_owner: 'number?', link_exists: 'boolean' });
/** Who made a change (LEFT JOIN: null when the staff member is unknown). */
const BY = columnsOf(staff, ['name'], 's', { leftJoined: true });
/** The size of the changed pack (LEFT JOIN: null once the pack or its size was removed). */
const OF_SIZE = columnsOf(productSizes, ['size1', 'size2'], 'ps', { leftJoined: true });

export type PriceChangeEntry = Omit<ReturnType<typeof PRICE_CHANGE.read>, 'changedAt'> & {
  staffName: string | null;
  /**
   * The size the pack belongs to, as the editor shows it ('12x9x6" (305x229x152mm)'), so two
   * "pack of 50" rows can be told apart; null when the pack has since been removed (the
   * history keeps the pack's id, not its size).
   */
  size: string | null;
  /** ISO 8601, UTC, to the second. */
  changedAt: string;
};

export interface AdminProduct extends StoredProduct {
  hasOrders: boolean;
  priceHistory: PriceChangeEntry[];
}

/** Checks a product's values (the form's or an import's); problems named by field. */
export function checkProductState(state: ProductState): ProductState {
  const fields: { field: string; message: string }[] = [];
  const code = parseProductCode(state.productCode);
  if (!code.ok) fields.push({ field: 'productCode', message: code.message });
  const name = withoutDirectionControls(state.name).trim();
  if (!name) fields.push({ field: 'name', message: catalogueMessages.nameRequired });
  else if (name.length > 200) fields.push({ field: 'name', message: catalogueMessages.nameTooLong });
  if (state.description.length > 10_000) fields.push({ field: 'description', message: catalogueMessages.descriptionTooLong });
  const image = parseImageUrl(state.imageUrl);
  if (!image.ok) fields.push({ field: 'imageUrl', message: image.message });
  const link = state.linkProductCode?.trim() || null;
  if (link && !PRODUCT_CODE_PATTERN.test(link)) fields.push({ field: 'linkProductCode', message: catalogueMessages.codeFormat });
  if (link && code.ok && link.toLowerCase() === code.value.toLowerCase()) fields.push({ field: 'linkProductCode', message: catalogueMessages.linkToItself });
  const seenSizes = new Set<string>();
  state.sizes.forEach((size, i) => {
    if (!size.size1.trim()) fields.push({ field: `sizes.${i}.size1`, message: catalogueMessages.sizeRequired });
    if (size.size1.length > 100 || size.size2.length > 100) fields.push({ field: `sizes.${i}.size1`, message: catalogueMessages.sizeTooLong });
    const key = `${size.size1.trim()}\u0000${size.size2.trim()}`;
    if (seenSizes.has(key)) fields.push({ field: `sizes.${i}.size1`, message: catalogueMessages.duplicateSize(size.size1) });
    seenSizes.add(key);
    if (size.packs.length === 0) fields.push({ field: `sizes.${i}.packs`, message: catalogueMessages.noPacks });
    const cost = size.unitCostPence;
    if (cost !== undefined && cost !== null && !(Number.isInteger(cost) && cost >= 0 && cost <= MAX_UNIT_COST_PENCE)) {
      fields.push({ field: `sizes.${i}.unitCost`, message: catalogueMessages.unitCostFormat(String(cost)) });
    }
    const seenPacks = new Set<string>();
    for (const pack of size.packs) {
      const packKey = pack.packRange.join('|');
      if (seenPacks.has(packKey)) fields.push({ field: `sizes.${i}.packs`, message: catalogueMessages.duplicatePack(size.size1, packKey) });
      seenPacks.add(packKey);
    }
  });
  if (fields.length > 0) throw new Invalid(fields[0]!.message, { fields });
  return {
    ...state,
    productCode: code.ok ? code.value : state.productCode,
    name,
    description: withoutDirectionControls(state.description).trim(),
    imageUrl: image.ok ? image.value : '',
    linkProductCode: link,
    sizes: state.sizes.map((s) => ({ ...s, size1: withoutDirectionControls(s.size1).trim(), size2: withoutDirectionControls(s.size2).trim() })),
  };
}

export class ProductEditor {
  constructor(private readonly db: Database) {}

  /** One page of products: by code, name or size text; within a category (and its sub-categories); on sale or withdrawn. */
  async list(options: { query?: string; categoryId?: number | null; status?: ProductList['status']; page?: number }): Promise<ProductList> {
    const query = (options.query ?? '').trim().slice(0, 100);
    const status = options.status ?? 'all';
    const categoryId = options.categoryId ?? null;
    const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const conditions = sql.join(
      [
        sql`TRUE`,
        query
          ? sql`(p.product_code ILIKE ${like} OR p.name ILIKE ${like} OR EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.product_id AND (s.size1 ILIKE ${like} OR s.size2 ILIKE ${like})))`
          : sql`TRUE`,
        status === 'on-sale' ? sql`p.is_active` : status === 'withdrawn' ? sql`NOT p.is_active` : sql`TRUE`,
        categoryId !== null
          ? sql`p.category_id IN (WITH RECURSIVE sub AS (SELECT category_id FROM categories WHERE category_id = ${categoryId}
                UNION ALL SELECT c.category_id FROM categories c JOIN sub ON c.parent_id = sub.category_id) SELECT category_id FROM sub)`
          : sql`TRUE`,
      ],
      sql` AND `,
    );
    const total = await queryNumber(this.db, sql`SELECT count(*)::int AS value FROM products p WHERE ${conditions}`);
    const pageCount = Math.max(1, Math.ceil(total / PRODUCT_PAGE_SIZE));
    const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`WITH RECURSIVE paths AS (
            SELECT category_id, name::text AS path FROM categories WHERE parent_id IS NULL
            UNION ALL SELECT c.category_id, paths.path || ' > ' || c.name FROM categories c JOIN paths ON c.parent_id = paths.category_id
          )
          SELECT ${LISTED.list}, coalesce(paths.path, '') AS category_path,
            (SELECT count(*)::int FROM product_sizes s WHERE s.product_id = p.product_id) AS size_count,
            (SELECT count(*)::int FROM product_prices pp WHERE pp.product_id = p.product_id) AS pack_count,
            (SELECT min(pp.price_pence)::int FROM product_prices pp WHERE pp.product_id = p.product_id) AS from_price
          FROM products p LEFT JOIN paths ON paths.category_id = p.category_id
          WHERE ${conditions}
          ORDER BY lower(p.product_code), p.product_id
          LIMIT ${PRODUCT_PAGE_SIZE} OFFSET ${(page - 1) * PRODUCT_PAGE_SIZE}`,
    );
    return {
      query,
      categoryId,
      status,
      page,
      pageCount,
      pageSize: PRODUCT_PAGE_SIZE,
      total,
      products: rows.map((r) => {
        const { isActive, ...product } = LISTED.read(r);
        const figures = LISTED_FIGURES.read(r);
        return {
          ...product,
          categoryPath: figures.category_path,
          onSale: isActive,
          sizeCount: figures.size_count,
          packCount: figures.pack_count,
          fromPricePence: figures.from_price,
        };
      }),
    };
  }

  async product(productId: number): Promise<AdminProduct> {
    const [stored] = await loadProducts(this.db, { ids: [productId] });
    if (!stored) throw new NotFound('No such product.');
    const [orders] = await queryRows<Record<string, unknown>>(this.db, sql`SELECT EXISTS (SELECT 1 FROM order_lines WHERE product_id = ${productId}) AS has_orders`);
    const history = await queryRows<object>(
      this.db,
      sql`SELECT ${PRICE_CHANGE.list}, ${BY.list}, ${OF_SIZE.list}
          FROM price_changes c LEFT JOIN staff s ON s.staff_id = c.staff_id
          LEFT JOIN product_prices pp ON pp.product_price_id = c.product_price_id
          LEFT JOIN product_sizes ps ON ps.product_size_id = pp.product_size_id
          WHERE c.product_id = ${productId} ORDER BY c.price_change_id DESC LIMIT 100`,
    );
    return {
      ...stored,
      hasOrders: HAS_ORDERS.read(orders ?? {}).has_orders,
      priceHistory: history.map((raw) => {
        const change = PRICE_CHANGE.read(raw);
        const { size1, size2 } = OF_SIZE.read(raw);
        const size = size1 === null ? null : size2 ? `${size1} (${size2})` : size1;
        return { ...change, staffName: BY.read(raw).name, size, changedAt: isoSeconds(change.changedAt) };
      }),
    };
  }

  /** A new product; its packs' prices enter the history as added. */
  async create(staffId: number, raw: ProductState): Promise<number> {
    const state = checkProductState(raw);
    return this.db.transaction(async (tx) => {
      await this.checkReferences(tx, state, null);
      const result = await writeProducts(tx, [{ stored: null, wanted: stripIds(state) }], staffId, 'editor');
      return result.ids.get(state.productCode.toLowerCase())!;
    });
  }

  /**
   * Saves a product still at `seenVersion`: its fields, sizes and packs (ids name the rows that
   * stay; rows without an id are new; stored rows not named are removed). Another staff
   * member's save in between is a Conflict: nothing is overwritten silently.
   */
  async update(staffId: number, productId: number, seenVersion: number, raw: ProductState): Promise<void> {
    const state = checkProductState(raw);
    await this.db.transaction(async (tx) => {
      const [stored] = await loadProducts(tx, { ids: [productId] }, true);
      if (!stored) throw new NotFound('No such product.');
      if (stored.version !== seenVersion) throw new Conflict(catalogueMessages.changedMeanwhile, { version: stored.version });
      await this.checkReferences(tx, state, productId);
      // Ids from the form must be this product's own rows; anything else is treated as new.
      const sizeIds = new Set(stored.sizes.map((s) => s.productSizeId));
      const packIds = new Set(stored.sizes.flatMap((s) => s.packs.map((p) => p.productPriceId)));
      const wanted: ProductState = {
        ...state,
        sizes: state.sizes.map((s) => ({
          ...s,
          productSizeId: s.productSizeId !== undefined && sizeIds.has(s.productSizeId) ? s.productSizeId : undefined,
          packs: s.packs.map((p) => ({ ...p, productPriceId: p.productPriceId !== undefined && packIds.has(p.productPriceId) ? p.productPriceId : undefined })),
        })),
      };
      await writeProducts(tx, [{ stored, wanted }], staffId, 'editor');
    });
  }

  /** On sale or withdrawn (a withdrawn product leaves the shop, its orders keep it). */
  async setOnSale(productId: number, seenVersion: number, onSale: boolean): Promise<void> {
    const rows = await queryRows<Pick<Row<typeof products>, 'productId'>>(
      this.db,
      sql`UPDATE products SET is_active = ${onSale}, version = version + 1 WHERE product_id = ${productId} AND version = ${seenVersion} RETURNING product_id AS "productId"`,
    );
    if (rows.length === 0) {
      const [exists] = await this.db.select({ version: products.version }).from(products).where(eq(products.productId, productId));
      if (!exists) throw new NotFound('No such product.');
      throw new Conflict(catalogueMessages.changedMeanwhile, { version: exists.version });
    }
  }

  /** Deletes a product never ordered; one with order history is refused (withdraw it). */
  async delete(productId: number, seenVersion: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await queryRows<Pick<Row<typeof products>, 'version'> & { has_orders: boolean }>(
        tx,
        sql`SELECT version, EXISTS (SELECT 1 FROM order_lines WHERE product_id = ${productId}) AS has_orders FROM products WHERE product_id = ${productId} FOR UPDATE`,
      );
      if (!row) throw new NotFound('No such product.');
      if (Number(row.version) !== seenVersion) throw new Conflict(catalogueMessages.changedMeanwhile, { version: Number(row.version) });
      if (row.has_orders) throw new Conflict(productMessages.hasOrders);
      await tx.execute(sql`UPDATE products SET link_product_id = NULL WHERE link_product_id = ${productId}`);
      await tx.execute(sql`DELETE FROM products WHERE product_id = ${productId}`);
    });
  }

  /** The category exists, the code is free, the linked product exists. */
  private async checkReferences(tx: Executor, state: ProductState, productId: number | null): Promise<void> {
    // Three checks in one statement: two computed, and the product already holding the code.
    const [raw = {}] = await queryRows<object>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM categories WHERE category_id = ${state.categoryId}) AS category,
            (SELECT product_id FROM products WHERE lower(product_code) = lower(${state.productCode}) LIMIT 1) AS code_owner,
            ${state.linkProductCode}::text IS NULL OR EXISTS (SELECT 1 FROM products WHERE lower(product_code) = lower(${state.linkProductCode})) AS link_exists`,
    );
    const row = REFERENCE_CHECKS.read(raw);
    if (!row.category) throw new Invalid(catalogueMessages.unknownCategory, { fields: [{ field: 'categoryId', message: catalogueMessages.unknownCategory }] });
    if (row.code_owner !== null && row.code_owner !== productId) {
      const message = catalogueMessages.codeTaken(state.productCode);
      throw new Invalid(message, { fields: [{ field: 'productCode', message }] });
    }
    if (!row.link_exists) {
      const message = catalogueMessages.unknownLinkedProduct(state.linkProductCode ?? '');
      throw new Invalid(message, { fields: [{ field: 'linkProductCode', message }] });
    }
  }
}

function stripIds(state: ProductState): ProductState {
  return {
    ...state,
    sizes: state.sizes.map((s) => ({ size1: s.size1, size2: s.size2, unitCostPence: s.unitCostPence, packs: s.packs.map((p) => ({ pricePence: p.pricePence, packRange: p.packRange })) })),
  };
}
