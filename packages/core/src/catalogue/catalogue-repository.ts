/** SQL for the catalogue tables (categories, products, sizes, packs). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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

  /** Lower-case words of active product names: the vocabulary for spelling correction. */
  async nameVocabulary(): Promise<string[]> {
    const rows = await queryRows<{ word: string }>(
      this.db,
      sql`SELECT DISTINCT word FROM products, regexp_split_to_table(lower(name), '[^a-z]+') AS word
          WHERE is_active AND length(word) > 1`,
    );
    return rows.map((r) => r.word);
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
   * Relevance-ranked search. Candidates come from three indexed paths (full-text, trigram
   * word similarity on the name, size keys) and are ranked by: exact size match, full-text
   * rank, then name similarity.
   */
  async searchProductIds(search: ParsedSearch, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
    const sizeKey = search.sizeKey ?? '';
    const rows = await queryRows<{ product_id: number; total: number }>(
      this.db,
      sql`WITH q AS (
            SELECT websearch_to_tsquery('english', ${search.text}) AS tsq, ${search.text}::text AS txt, ${sizeKey}::text AS size_key
          ),
          size_hits AS (
            SELECT DISTINCT s.product_id FROM product_sizes s, q
            WHERE q.size_key <> '' AND (s.size1_key LIKE q.size_key || '%' OR s.size2_key LIKE q.size_key || '%')
          ),
          candidates AS (
            SELECT p.product_id FROM products p, q WHERE p.search_vector @@ q.tsq
            UNION
            SELECT p.product_id FROM products p, q WHERE q.txt <% lower(p.name)
            UNION
            SELECT product_id FROM size_hits
          )
          SELECT p.product_id, (count(*) OVER ())::int AS total
          FROM candidates c
          JOIN products p ON p.product_id = c.product_id, q
          WHERE p.is_active
          ORDER BY
            (c.product_id IN (SELECT product_id FROM size_hits)) DESC,
            ts_rank(p.search_vector, q.tsq) DESC,
            word_similarity(q.txt, lower(p.name)) DESC,
            p.product_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { ids: rows.map((r) => Number(r.product_id)), total: rows[0] ? Number(rows[0].total) : 0 };
  }
}
