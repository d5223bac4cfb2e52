/**
 * A signed-in customer's prices (docs/price-lists.md): their price lists read once per request
 * into a PriceBook, which prices packs by core's one resolver (price-lists.ts). Catalogue reads
 * stay public and cached; a customer with a list gets the public answer with their prices laid
 * over it here (decision record 019). Anonymous visitors and customers on no list get no book,
 * and so exactly the public answer.
 */
import { sql } from 'drizzle-orm';
import type { ProductDto } from '@shop/contract';
import { queryPreparedRows, queryRows, type categories as categoryTable, type Executor, type productPrices, type products as productTable, type Row } from '@shop/db';
import { penceToPounds, poundsToPence, unitPricePounds, type Pence } from './money.ts';
import { resolvePackPrice, type PriceListEntry, type ResolvedPrice } from './price-lists.ts';

interface CategoryNode {
  parentId: number | null;
}

/**
 * A basket line as priced for its customer: `tradePrice` when their list gave the price, with
 * `publicPricePence`, the pack's list price it replaces (shown struck through, with the saving).
 */
export interface CustomerPricedLine {
  productPriceId: number;
  pricePence: Pence;
  tradePrice?: boolean;
  publicPricePence?: Pence;
}

export class PriceBook {
  private readonly idBySlug: Map<string, number>;

  constructor(
    readonly entries: readonly PriceListEntry[],
    private readonly categories: ReadonlyMap<number, CategoryNode & { slug: string }>,
  ) {
    this.idBySlug = new Map([...categories].map(([id, node]) => [node.slug, id]));
  }

  /** The category and its parents up to the top (a cycle, which the back office prevents, stops it). */
  categoryPathOf(categoryId: number | null): number[] {
    const path: number[] = [];
    for (let id = categoryId; id !== null && !path.includes(id); id = this.categories.get(id)?.parentId ?? null) path.push(id);
    return path;
  }

  priceOf(pack: { pricePence: Pence; productSizeId: number; packQuantity: number; categoryId: number | null }): ResolvedPrice {
    return resolvePackPrice({ ...pack, categoryPath: this.categoryPathOf(pack.categoryId) }, this.entries);
  }

  /**
   * Products as the public catalogue answers them, with this customer's prices laid over: a pack
   * their list makes cheaper gets their `price` and `unit_price`, `trade_price: true` and the
   * `public_price` it replaces. Products with no such pack are returned as they were.
   */
  products(products: readonly ProductDto[]): ProductDto[] {
    return products.map((product) => this.product(product));
  }

  product(product: ProductDto): ProductDto {
    const categoryId = this.idBySlug.get(product.category.slug) ?? null;
    let changed = false;
    const sizes = product.product_Sizes.map((size) => ({
      ...size,
      packs: size.packs.map((pack) => {
        const publicPence = poundsToPence(pack.price);
        const packQuantity = pack.pack_range[0] ?? 1;
        const resolved = this.priceOf({ pricePence: publicPence, productSizeId: size.product_size_id, packQuantity, categoryId });
        if (!resolved.tradePrice) return pack;
        changed = true;
        return {
          ...pack,
          price: penceToPounds(resolved.pricePence),
          unit_price: unitPricePounds(resolved.pricePence, packQuantity),
          trade_price: true as const,
          public_price: pack.price,
        };
      }),
    }));
    return changed ? { ...product, product_Sizes: sizes } : product;
  }
}

export class CustomerPrices {
  constructor(private readonly db: Executor) {}

  /** The customer's price book, or null for an anonymous visitor or a customer on no price list. */
  async bookFor(userId: number | null, executor: Executor = this.db): Promise<PriceBook | null> {
    if (userId === null) return null;
    // Prepared: read on every order a customer places, list or none.
    const rows = await queryPreparedRows<{
      price_list_id: number;
      product_size_id: number | null;
      category_id: number | null;
      pack_quantity: number | null;
      fixed_price_pence: number | null;
      percent_off: number | null;
    }>(
      executor,
      sql`SELECT e.price_list_id, e.product_size_id, e.category_id, e.pack_quantity, e.fixed_price_pence, e.percent_off
          FROM price_list_customers c JOIN price_list_entries e ON e.price_list_id = c.price_list_id
          WHERE c.user_id = ${userId}`,
    );
    if (rows.length === 0) return null;
    const num = (value: number | null) => (value === null ? null : Number(value));
    const entries: PriceListEntry[] = rows.map((row) => ({
      priceListId: Number(row.price_list_id),
      productSizeId: num(row.product_size_id),
      categoryId: num(row.category_id),
      packQuantity: num(row.pack_quantity),
      fixedPricePence: num(row.fixed_price_pence),
      percentOff: num(row.percent_off),
    }));
    // Only category entries need the tree; a list of sizes alone skips reading it.
    const categories = new Map<number, CategoryNode & { slug: string }>();
    if (entries.some((entry) => entry.categoryId !== null)) {
      const tree = await queryRows<Pick<Row<typeof categoryTable>, 'categoryId' | 'parentId' | 'slug'>>(
        executor,
        sql`SELECT category_id AS "categoryId", parent_id AS "parentId", slug FROM categories`,
      );
      for (const row of tree) {
        categories.set(row.categoryId, { parentId: row.parentId, slug: row.slug });
      }
    }
    return new PriceBook(entries, categories);
  }

  /** Public products with the customer's prices laid over (the same array when they have no list). */
  async products(userId: number | null, products: ProductDto[]): Promise<ProductDto[]> {
    const book = await this.bookFor(userId);
    return book ? book.products(products) : products;
  }

  /**
   * Basket lines priced for their customer: each line's public `pricePence` replaced by the
   * customer's price where their list makes it lower, with `tradePrice: true` and the public price
   * as `publicPricePence`. The lines as they
   * were for a customer on no list. `executor`: the order's transaction when placing.
   */
  async cartLines<L extends CustomerPricedLine & { qty: number }>(userId: number | null, lines: L[], executor: Executor = this.db): Promise<L[]> {
    if (lines.length === 0) return lines;
    const book = await this.bookFor(userId, executor);
    if (!book) return lines;
    const ids = [...new Set(lines.map((line) => line.productPriceId))];
    // packQuantity: the pack's first quantity, pack_range[1] (computed).
    const packs = await queryRows<Pick<Row<typeof productPrices>, 'productPriceId' | 'productSizeId'> & Pick<Row<typeof productTable>, 'categoryId'> & { packQuantity: number | null }>(
      executor,
      sql`SELECT pp.product_price_id AS "productPriceId", pp.product_size_id AS "productSizeId", p.category_id AS "categoryId", pp.pack_range[1] AS "packQuantity"
          FROM product_prices pp JOIN products p ON p.product_id = pp.product_id
          WHERE pp.product_price_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    const byId = new Map(packs.map((pack) => [pack.productPriceId, pack]));
    // A category entry needs the category's parents even when the book was read for sizes only.
    const needsTree = book.entries.some((entry) => entry.categoryId !== null);
    return lines.map((line) => {
      const pack = byId.get(line.productPriceId);
      if (!pack) return line;
      const resolved = book.priceOf({
        pricePence: line.pricePence,
        productSizeId: pack.productSizeId,
        packQuantity: Number(pack.packQuantity ?? line.qty),
        categoryId: needsTree ? pack.categoryId : null,
      });
      return resolved.tradePrice ? { ...line, pricePence: resolved.pricePence, tradePrice: true, publicPricePence: line.pricePence } : line;
    });
  }
}
