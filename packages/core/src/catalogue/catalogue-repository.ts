/** SQL for the catalogue tables (categories, products, sizes, packs). */
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  categories,
  figuresOf,
  productPrices,
  products,
  productSizes,
  queryRows,
  type Executor,
  type Row,
} from '@shop/db';
import type { SearchPlan, WordStatus } from './search-plan.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect & { categoryName: string; categorySlug: string };
export type SizeRow = typeof productSizes.$inferSelect;
export type PriceRow = typeof productPrices.$inferSelect;

/** A word of search_words, kept by triggers (migration 0003): no table in schema.ts. */
const VOCABULARY_WORD = figuresOf({ word: 'text' });
/** Computed per word of a query: whether full text ignores it, whether an active product has it. */
const WORD_STATUS = figuresOf({ word: 'text', stop: 'boolean', found: 'boolean' });

export class CatalogueRepository {
  constructor(private readonly db: Executor) {}

  async activeCategories(): Promise<CategoryRow[]> {
    return this.db
      .select()
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortOrder), asc(categories.name));
  }

  async productsByIds(ids: number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ product: products, categoryName: categories.name, categorySlug: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.categoryId, products.categoryId))
      .where(and(inArray(products.productId, ids), eq(products.isActive, true)));
    return rows.map((r) => ({ ...r.product, categoryName: r.categoryName, categorySlug: r.categorySlug }));
  }

  async sizesOf(productIds: number[]): Promise<SizeRow[]> {
    if (productIds.length === 0) return [];
    return this.db
      .select()
      .from(productSizes)
      .where(inArray(productSizes.productId, productIds))
      .orderBy(asc(productSizes.sortOrder), asc(productSizes.productSizeId));
  }

  async pricesOf(productIds: number[]): Promise<PriceRow[]> {
    if (productIds.length === 0) return [];
    return this.db
      .select()
      .from(productPrices)
      .where(inArray(productPrices.productId, productIds))
      .orderBy(asc(productPrices.sortOrder), asc(productPrices.productPriceId));
  }

  /** Ids of active products in the given categories, in display order, one page. */
  async productIdsInCategories(categoryIds: number[], limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
    if (categoryIds.length === 0) return { ids: [], total: 0 };
    // total: a count over the whole match, beside each page's ids.
    const rows = await queryRows<Pick<Row<typeof products>, 'productId'> & { total: number }>(
      this.db,
      sql`SELECT product_id AS "productId", (count(*) OVER ())::int AS total
          FROM products
          WHERE is_active AND category_id IN (${sql.join(categoryIds.map((id) => sql`${id}`), sql`, `)})
          ORDER BY sort_order, name, product_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { ids: rows.map((r) => r.productId), total: rows[0] ? Number(rows[0].total) : 0 };
  }

  /**
   * What a product's page title must avoid (page titles are unique across the shop): whether
   * another product or a category has its name (compared without case), whether another product
   * of its own category does, and whether a category with its name sits in a category named as
   * the product's own (its title would read the same). Null for no active product.
   */
  async productTitleClashes(productId: number): Promise<{ productCode: string; nameTaken: boolean; takenInCategory: boolean } | null> {
    // The two clashes are computed (EXISTS): no column to derive them from.
    const [row] = await queryRows<Pick<Row<typeof products>, 'productCode'> & { name_taken: boolean; taken_in_category: boolean }>(
      this.db,
      sql`SELECT p.product_code AS "productCode",
            EXISTS (SELECT 1 FROM products o WHERE o.is_active AND o.product_id <> p.product_id AND lower(o.name) = lower(p.name))
              OR EXISTS (SELECT 1 FROM categories c WHERE c.is_active AND (lower(c.name) = lower(p.name) OR lower(c.page_title) = lower(p.name))) AS name_taken,
            EXISTS (SELECT 1 FROM products o WHERE o.is_active AND o.product_id <> p.product_id AND o.category_id = p.category_id AND lower(o.name) = lower(p.name))
              OR lower(pc.name) = lower(p.name)
              OR EXISTS (SELECT 1 FROM categories c JOIN categories up ON up.category_id = c.parent_id
                         WHERE c.is_active AND lower(c.name) = lower(p.name) AND lower(up.name) = lower(pc.name)) AS taken_in_category
          FROM products p JOIN categories pc ON pc.category_id = p.category_id
          WHERE p.product_id = ${productId} AND p.is_active`,
    );
    return row ? { productCode: row.productCode, nameTaken: Boolean(row.name_taken), takenInCategory: Boolean(row.taken_in_category) } : null;
  }

  /**
   * Lower-case words of active product names: the vocabulary for spelling correction. Read
   * from search_words, which triggers keep current (migration 0003), not derived from every
   * name on each call.
   */
  async nameVocabulary(): Promise<string[]> {
    const rows = await queryRows<Record<string, unknown>>(this.db, sql`SELECT word FROM search_words`);
    return rows.map((r) => VOCABULARY_WORD.read(r).word);
  }

  /** Ids of every active product, ascending: the sitemap's list (ids only, not 50,000 products). */
  async activeProductIds(): Promise<number[]> {
    const rows = await this.db
      .select({ id: products.productId })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.productId));
    return rows.map((r) => r.id);
  }

  async featuredProductIds(limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: products.productId })
      .from(products)
      .where(and(eq(products.isActive, true), eq(products.isFeatured, true)))
      .orderBy(asc(products.sortOrder), asc(products.productId))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * For each word, whether the full text (name and description, stemmed) of an active product
   * has it: 'stop' for words full text ignores ("the", "with"). One query for all the words.
   * Counting up to SEARCH_MAX_RESULTS matches rather than asking EXISTS keeps the plan on the
   * GIN index: for "any row?" the planner may prefer reading the table until one turns up,
   * which for a word no product has means reading all of it.
   */
  async wordStatuses(words: string[]): Promise<Map<string, WordStatus>> {
    if (words.length === 0) return new Map();
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT w.word, numnode(plainto_tsquery('english', w.word)) = 0 AS stop,
            CASE WHEN numnode(plainto_tsquery('english', w.word)) = 0 THEN false ELSE (
              SELECT count(*) FROM (
                SELECT 1 FROM products p WHERE p.search_vector @@ plainto_tsquery('english', w.word) AND p.is_active
                LIMIT ${SEARCH_MAX_RESULTS}::int
              ) AS m
            ) > 0 END AS found
          FROM unnest(ARRAY[${sql.join(
            words.map((word) => sql`${word}`),
            sql`, `,
          )}]::text[]) AS w(word)`,
    );
    return new Map(
      rows.map((raw) => {
        const row = WORD_STATUS.read(raw);
        return [row.word, row.stop ? 'stop' : row.found ? 'found' : 'missing'];
      }),
    );
  }

  /**
   * Relevance-ranked search (the plan: search-plan.ts): one page of products (with their
   * category, as productsByIds gives them) and how many products match, at most
   * SEARCH_MAX_RESULTS.
   *
   * A product matches when it has every term (full text, stemmed) and every size word, and a
   * size whose key starts with the size key if one was typed. Tiers: the product whose code is
   * the text; products whose name has every term; products whose name or description has
   * them. With no terms (only sizes typed), products with a matching size come before those
   * that only mention it. Nothing is matched by resemblance here: the plan corrects only words
   * that match nothing as typed.
   *
   * Order: tier, then full-text rank, then name similarity, then id. Name similarity costs
   * 5-15 us a row and ranks tie widely (most of the 13,600 products matching 'box' share one
   * rank), so it breaks ties only among the first SEARCH_SIMILARITY_WINDOW matches by tier,
   * rank and id; after those, products follow by tier, rank and id.
   *
   * At most SEARCH_MAX_RESULTS matches are ranked and counted, taken tier by tier and within
   * a tier in index order: ranking every one of 13,600 'box' products, or the 12,000 products
   * that mention food in their description, read most of the table on every search. The
   * order does not depend on the page asked for, so pages neither repeat nor skip.
   */
  async searchProducts(plan: SearchPlan, limit: number, offset: number): Promise<{ products: ProductRow[]; total: number }> {
    const window = SEARCH_SIMILARITY_WINDOW;
    const max = SEARCH_MAX_RESULTS;
    const columns = Object.entries(getTableColumns(products));
    const none = sql`SELECT NULL::int AS product_id, 0 AS tier, 0::real AS rank WHERE false`;
    const tsquery = plan.terms.length
      ? sql.join(
          plan.terms.map((alternatives) => sql`(${sql.join(alternatives.map((words) => sql`plainto_tsquery('english', ${words})`), sql` || `)})`),
          sql` && `,
        )
      : sql`NULL::tsquery`;
    // A size word matches a size written with it ("C4", "8oz", "48mm x 66m"). Its key (digits,
    // '.' and 'x', nothing to escape in LIKE) finds the sizes by index: the whole key, or for a
    // width in mm, cm or m also the first of several ("48mm" in "48mm x 66m", key 48x66). Then
    // the word itself must be in the size. PostgreSQL may turn the EXISTS below into one pass over
    // the sizes it names, so the key keeps that pass to the few sizes with that key.
    const sizeSql = (word: string) => {
      const pattern = `(^|[^a-z0-9.])${word.replace(/\./g, '\\.')}($|[^a-z0-9.])`;
      const key = word.replace(/[^0-9.x]/g, '');
      const keyMatch = /^\d+(?:\.\d+)?(?:mm|cm|m)$/.test(word)
        ? sql`(s.size1_key = ${key} OR s.size1_key LIKE ${`${key}x%`} OR s.size2_key = ${key} OR s.size2_key LIKE ${`${key}x%`})`
        : sql`(s.size1_key = ${key} OR s.size2_key = ${key})`;
      return sql`${keyMatch} AND (lower(s.size1) ~ ${pattern} OR lower(s.size2) ~ ${pattern})`;
    };
    const sizedBy = (word: string) => sql`EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.product_id AND ${sizeSql(word)})`;
    const sizeKeyFilter = plan.sizeKey ? sql`p.product_id = ANY (q.size_ids)` : sql`true`;
    const sizeWordFilter = (word: string) => sql`(p.search_vector @@ plainto_tsquery('english', ${word}) OR ${sizedBy(word)})`;
    const filter = sql.join([sizeKeyFilter, ...plan.sizeWords.map(sizeWordFilter)], sql` AND `);
    // Among products that match, those with the sizes typed come before those that only mention them.
    const sizedByAll = (words: string[]) => (words.length > 0 ? sql.join(words.map(sizedBy), sql` AND `) : sql`true`);
    const sized = sizedByAll(plan.sizeWords);
    // Products found by sizes alone (no terms typed): by the size key, else by the first size word.
    let sizeOnly = none;
    if (plan.sizeKey) {
      sizeOnly = sql`SELECT p.product_id, CASE WHEN ${sized} THEN 1 ELSE 3 END AS tier, 0::real AS rank FROM products p, q
        WHERE q.tsq IS NULL AND p.product_id = ANY (q.size_ids) AND p.is_active AND ${filter}`;
    } else if (plan.sizeWords.length > 0) {
      const [word, ...others] = plan.sizeWords as [string, ...string[]];
      // The first part has the first word's size already: only the other words are checked.
      const othersFilter = sql.join([sql`true`, ...others.map(sizeWordFilter)], sql` AND `);
      sizeOnly = sql`SELECT p.product_id, CASE WHEN ${sizedByAll(others)} THEN 1 ELSE 3 END AS tier, 0::real AS rank FROM products p, q
          WHERE q.tsq IS NULL AND p.is_active AND ${othersFilter} AND p.product_id IN (
            SELECT s.product_id FROM product_sizes s WHERE ${sizeSql(word)})
        UNION
        -- Those with the sizes are in the first part too, and keep its tier (size_hits below).
        SELECT p.product_id, 3 AS tier, ts_rank(p.search_vector, plainto_tsquery('english', ${word})) AS rank FROM products p, q
          WHERE q.tsq IS NULL AND p.search_vector @@ plainto_tsquery('english', ${word}) AND p.is_active AND ${othersFilter}`;
    }
    const matchable = plan.matchable ? sql`true` : sql`false`;
    const rows = await queryRows<Record<string, unknown> & { total: number; category_name: string; category_slug: string }>(
      this.db,
      sql`WITH q AS MATERIALIZED (
            SELECT CASE WHEN numnode(t.tsq) = 0 THEN NULL ELSE t.tsq END AS tsq,
              coalesce((
                SELECT array_agg(DISTINCT s.product_id) FROM product_sizes s
                WHERE s.size1_key LIKE ${plan.sizeKey ? `${plan.sizeKey}%` : null}::text OR s.size2_key LIKE ${plan.sizeKey ? `${plan.sizeKey}%` : null}::text
              ), '{}') AS size_ids
            FROM (SELECT ${plan.matchable ? tsquery : sql`NULL::tsquery`} AS tsq) AS t
          ),
          code_hits AS MATERIALIZED (
            SELECT p.product_id, 0 AS tier, 1::real AS rank FROM products p
            WHERE lower(p.product_code) = ${plan.code}::text AND p.is_active
          ),
          name_hits AS MATERIALIZED (
            SELECT p.product_id, CASE WHEN ${sized} THEN 1 ELSE 2 END AS tier, ts_rank(p.search_vector, q.tsq) AS rank
            FROM products p, q
            WHERE ${matchable} AND to_tsvector('english', p.name) @@ q.tsq AND p.is_active AND ${filter}
              AND p.product_id NOT IN (SELECT product_id FROM code_hits)
            LIMIT ${max}::int
          ),
          text_hits AS MATERIALIZED (
            SELECT p.product_id, CASE WHEN ${sized} THEN 3 ELSE 4 END AS tier, ts_rank(p.search_vector, q.tsq) AS rank
            FROM products p, q
            WHERE ${matchable} AND p.search_vector @@ q.tsq AND p.is_active AND ${filter}
              AND p.product_id NOT IN (SELECT product_id FROM name_hits) AND p.product_id NOT IN (SELECT product_id FROM code_hits)
            LIMIT ${max}::int - (SELECT count(*) FROM name_hits)
          ),
          size_hits AS MATERIALIZED (
            SELECT DISTINCT ON (product_id) product_id, tier, rank FROM (${plan.matchable ? sizeOnly : none}) AS found
            WHERE product_id NOT IN (SELECT product_id FROM code_hits)
            ORDER BY product_id, tier
          ),
          candidates AS (
            SELECT * FROM code_hits
            UNION ALL SELECT * FROM name_hits
            UNION ALL SELECT * FROM text_hits
            UNION ALL (SELECT * FROM size_hits ORDER BY tier, product_id LIMIT ${max}::int)
          ),
          leading_rows AS (
            SELECT product_id, tier, rank, row_number() OVER (ORDER BY tier, rank DESC, product_id) AS position
            FROM (SELECT * FROM candidates ORDER BY tier, rank DESC, product_id LIMIT ${Math.max(window, offset + limit)}::int) AS top
          ),
          ordered AS (
            SELECT ${sql.join(
              columns.map(([, column]) => sql`p.${sql.identifier(column.name)}`),
              sql`, `,
            )}, row_number() OVER (
                ORDER BY l.position > ${window}::int, l.tier, l.rank DESC,
                  CASE WHEN l.position <= ${window}::int THEN word_similarity(${plan.rankText}::text, lower(p.name)) END DESC,
                  l.product_id
              ) AS ordinal
            FROM leading_rows l JOIN products p ON p.product_id = l.product_id
          )
          SELECT t.total, ${sql.join(
            columns.map(([, column]) => sql`o.${sql.identifier(column.name)}`),
            sql`, `,
          )}, c.name AS category_name, c.slug AS category_slug
          FROM (SELECT count(*)::int AS total FROM candidates) AS t
          LEFT JOIN (ordered o JOIN categories c ON c.category_id = o.category_id)
            ON o.ordinal > ${offset}::int AND o.ordinal <= ${offset + limit}::int
          ORDER BY o.ordinal`,
    );
    const total = Number(rows[0]?.total ?? 0);
    const found = rows.filter((row) => row.product_id !== null && row.product_id !== undefined);
    return {
      total,
      products: found.map((row) => {
        const product = Object.fromEntries(
          columns.map(([key, column]) => {
            const value = row[column.name];
            return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
          }),
        ) as typeof products.$inferSelect;
        return { ...product, categoryName: row.category_name, categorySlug: row.category_slug };
      }),
    };
  }
}

/** Most matches a search ranks and counts: its total is "at most" this many. */
export const SEARCH_MAX_RESULTS = 1_000;
/** Candidates ranked by name similarity before the rest follow by rank and id. */
export const SEARCH_SIMILARITY_WINDOW = 100;
