/** SQL for the catalogue tables (categories, products, sizes, packs). */
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  categories,
  productPrices,
  products,
  productSizes,
  queryRows,
  type Executor,
} from '@shop/db';
import type { ParsedSearch } from './search-query.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect & { categoryName: string; categorySlug: string };
export type SizeRow = typeof productSizes.$inferSelect;
export type PriceRow = typeof productPrices.$inferSelect;

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
    const rows = await queryRows<{ product_id: number; total: number }>(
      this.db,
      sql`SELECT product_id, (count(*) OVER ())::int AS total
          FROM products
          WHERE is_active AND category_id IN (${sql.join(categoryIds.map((id) => sql`${id}`), sql`, `)})
          ORDER BY sort_order, name, product_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { ids: rows.map((r) => Number(r.product_id)), total: rows[0] ? Number(rows[0].total) : 0 };
  }

  /**
   * What a product's page title must avoid (page titles are unique across the shop): whether
   * another product or a category has its name (compared without case), whether another product
   * of its own category does, and whether a category with its name sits in a category named as
   * the product's own (its title would read the same). Null for no active product.
   */
  async productTitleClashes(productId: number): Promise<{ productCode: string; nameTaken: boolean; takenInCategory: boolean } | null> {
    const [row] = await queryRows<{ product_code: string; name_taken: boolean; taken_in_category: boolean }>(
      this.db,
      sql`SELECT p.product_code,
            EXISTS (SELECT 1 FROM products o WHERE o.is_active AND o.product_id <> p.product_id AND lower(o.name) = lower(p.name))
              OR EXISTS (SELECT 1 FROM categories c WHERE c.is_active AND (lower(c.name) = lower(p.name) OR lower(c.page_title) = lower(p.name))) AS name_taken,
            EXISTS (SELECT 1 FROM products o WHERE o.is_active AND o.product_id <> p.product_id AND o.category_id = p.category_id AND lower(o.name) = lower(p.name))
              OR lower(pc.name) = lower(p.name)
              OR EXISTS (SELECT 1 FROM categories c JOIN categories up ON up.category_id = c.parent_id
                         WHERE c.is_active AND lower(c.name) = lower(p.name) AND lower(up.name) = lower(pc.name)) AS taken_in_category
          FROM products p JOIN categories pc ON pc.category_id = p.category_id
          WHERE p.product_id = ${productId} AND p.is_active`,
    );
    return row ? { productCode: row.product_code, nameTaken: Boolean(row.name_taken), takenInCategory: Boolean(row.taken_in_category) } : null;
  }

  /**
   * Lower-case words of active product names: the vocabulary for spelling correction. Read
   * from search_words, which triggers keep current (migration 0003), not derived from every
   * name on each call.
   */
  async nameVocabulary(): Promise<string[]> {
    const rows = await queryRows<{ word: string }>(this.db, sql`SELECT word FROM search_words`);
    return rows.map((r) => r.word);
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
   * Relevance-ranked search: one page of products (with their category, as productsByIds
   * gives them) and how many products match, at most SEARCH_MAX_RESULTS.
   *
   * Matches come in tiers: products with a size whose key starts with the size key; products
   * whose name has every word (full text, stemmed); products whose full-text document (name
   * and description) has every word. Only when those find fewer than SEARCH_FUZZY_BELOW
   * products are names similar to the text (trigram word similarity) added, at most
   * SEARCH_FUZZY_MAX of them, the first the index finds: a fallback for typos the spelling correction left, not padding
   * for searches that already have plenty of results.
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
  async searchProducts(search: ParsedSearch, limit: number, offset: number): Promise<{ products: ProductRow[]; total: number }> {
    // Size keys hold only digits, '.' and 'x': nothing to escape in a LIKE pattern.
    const sizePattern = search.sizeKey ? `${search.sizeKey}%` : null;
    const window = SEARCH_SIMILARITY_WINDOW;
    const max = SEARCH_MAX_RESULTS;
    const columns = Object.entries(getTableColumns(products));
    const rows = await queryRows<Record<string, unknown> & { total: number; category_name: string; category_slug: string }>(
      this.db,
      sql`WITH q AS MATERIALIZED (
            SELECT websearch_to_tsquery('english', ${search.text}) AS tsq,
              coalesce((
                SELECT array_agg(DISTINCT s.product_id) FROM product_sizes s
                WHERE s.size1_key LIKE ${sizePattern}::text OR s.size2_key LIKE ${sizePattern}::text
              ), '{}') AS size_ids
          ),
          size_hits AS MATERIALIZED (
            SELECT p.product_id, 0 AS tier, ts_rank(p.search_vector, q.tsq) AS rank
            FROM products p, q
            WHERE p.product_id = ANY (q.size_ids) AND p.is_active
            LIMIT ${max}::int
          ),
          name_hits AS MATERIALIZED (
            SELECT p.product_id, 1 AS tier, ts_rank(p.search_vector, q.tsq) AS rank
            FROM products p, q
            WHERE to_tsvector('english', p.name) @@ q.tsq AND p.is_active AND p.product_id <> ALL (q.size_ids)
            LIMIT ${max}::int - (SELECT count(*) FROM size_hits)
          ),
          text_hits AS MATERIALIZED (
            SELECT p.product_id, 2 AS tier, ts_rank(p.search_vector, q.tsq) AS rank
            FROM products p, q
            WHERE p.search_vector @@ q.tsq AND p.is_active AND p.product_id <> ALL (q.size_ids)
              AND p.product_id NOT IN (SELECT product_id FROM name_hits)
            LIMIT ${max}::int - (SELECT count(*) FROM size_hits) - (SELECT count(*) FROM name_hits)
          ),
          exact AS (
            SELECT * FROM size_hits UNION ALL SELECT * FROM name_hits UNION ALL SELECT * FROM text_hits
          ),
          fuzzy AS MATERIALIZED (
            SELECT p.product_id, 3 AS tier, ts_rank(p.search_vector, q.tsq) AS rank
            FROM products p, q
            WHERE (SELECT count(*) FROM exact) < ${SEARCH_FUZZY_BELOW}::int
              AND ${search.text}::text <% lower(p.name) AND p.is_active
              AND NOT (p.search_vector @@ q.tsq) AND p.product_id <> ALL (q.size_ids)
            LIMIT ${SEARCH_FUZZY_MAX}::int
          ),
          candidates AS (
            SELECT * FROM exact UNION ALL SELECT * FROM fuzzy
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
                  CASE WHEN l.position <= ${window}::int THEN word_similarity(${search.text}::text, lower(p.name)) END DESC,
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
/** Trigram name matching runs only when size and full-text matching find fewer products than this. */
export const SEARCH_FUZZY_BELOW = 100;
/** At most this many trigram name matches are considered. */
export const SEARCH_FUZZY_MAX = 300;
