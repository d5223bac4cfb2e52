/** Catalogue reads: the category tree, products by id / category / search, landing products. */
import type { CategoryDto, ProductDto } from '@shop/contract';
import { NotFound } from '../errors.ts';
import { penceToPounds, unitPricePounds } from '../pricing/money.ts';
import { SEARCH_MAX_RESULTS, type CatalogueRepository, type CategoryRow, type PriceRow, type ProductRow, type SizeRow } from './catalogue-repository.ts';
import { ReadThroughCache } from './read-through-cache.ts';
import { parseSearch } from './search-query.ts';
import { planSearch } from './search-plan.ts';

export interface ProductPage {
  products: ProductDto[];
  /**
   * Products in the whole list. For a search, at most SEARCH_MAX_RESULTS (1,000): a search
   * ranks and counts no more matches than that, so a total of exactly 1,000 means "1,000 or more".
   */
  total: number;
}

export interface CatalogueServiceOptions {
  /** Prefix for image paths, e.g. a CDN; empty serves them from this host's /media. */
  mediaBaseUrl?: string;
}

export class CatalogueService {
  readonly cache = new ReadThroughCache();
  /** A search ranks and counts at most this many matches; a total equal to it means "or more". */
  readonly searchMaxResults = SEARCH_MAX_RESULTS;
  private readonly mediaBaseUrl: string;

  constructor(
    private readonly repository: CatalogueRepository,
    options: CatalogueServiceOptions = {},
  ) {
    this.mediaBaseUrl = (options.mediaBaseUrl ?? '').replace(/\/$/, '');
  }

  /** The active category tree, ordered, about three levels deep. */
  categoryTree(): Promise<CategoryDto[]> {
    return this.cache.get('tree', async () => {
      const rows = await this.repository.activeCategories();
      return buildTree(rows, (path) => this.mediaUrl(path));
    });
  }

  async categoryBySlug(slug: string): Promise<CategoryDto> {
    const found = findCategory(await this.categoryTree(), (c) => c.slug === slug);
    if (!found) throw new NotFound(`No category with slug '${slug}'`);
    return found;
  }

  async productById(id: number): Promise<ProductDto> {
    const [product] = await this.cache.get(`product:${id}`, () => this.loadProducts([id]));
    if (!product) throw new NotFound(`No product with id ${id}`);
    return product;
  }

  /** Products of a category and all its sub-categories. An unknown slug is a NotFound. */
  productsInCategory(slug: string, page: number, pageSize: number): Promise<ProductPage> {
    return this.cache.get(`category-products:${slug}:${page}:${pageSize}`, async () => {
      const category = await this.categoryBySlug(slug);
      const ids = collectIds(category);
      const found = await this.repository.productIdsInCategories(ids, pageSize, (page - 1) * pageSize);
      return { products: await this.loadProducts(found.ids), total: found.total };
    });
  }

  /** Every active product's id, ascending (the sitemap). One query, kept until the catalogue changes. */
  activeProductIds(): Promise<number[]> {
    return this.cache.get('active-product-ids', () => this.repository.activeProductIds());
  }

  landingProducts(condition: string): Promise<ProductDto[]> {
    return this.cache.get(`landing:${condition}`, async () => {
      if (condition) return (await this.productsInCategory(condition, 1, 12)).products;
      return this.loadProducts(await this.repository.featuredProductIds(12));
    });
  }

  async search(filter: string, page: number, pageSize: number): Promise<ProductPage> {
    const parsed = parseSearch(filter);
    if (!parsed.text) return { products: [], total: 0 };
    return this.cache.get(`search:${parsed.text}:${page}:${pageSize}`, async () => {
      const vocabulary = await this.cache.get('name-vocabulary', async () => new Set(await this.repository.nameVocabulary()));
      const plan = await planSearch(parsed, vocabulary, (words) => this.repository.wordStatuses(words));
      if (!plan.matchable && plan.code === null) return { products: [], total: 0 };
      // The search returns the page's product rows itself, so only sizes and packs remain to load.
      const found = await this.repository.searchProducts(plan, pageSize, (page - 1) * pageSize);
      return { products: await this.withSizesAndPacks(found.products), total: found.total };
    });
  }

  /** Loads products with sizes and packs, returned in the order of `ids`. */
  private async loadProducts(ids: number[]): Promise<ProductDto[]> {
    const [productRows, sizeRows, priceRows] = await Promise.all([
      this.repository.productsByIds(ids),
      this.repository.sizesOf(ids),
      this.repository.pricesOf(ids),
    ]);
    const byId = new Map(productRows.map((p) => [p.productId, p]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    return this.toProductDtos(ordered, sizeRows, priceRows);
  }

  private async withSizesAndPacks(rows: ProductRow[]): Promise<ProductDto[]> {
    const ids = rows.map((row) => row.productId);
    const [sizeRows, priceRows] = await Promise.all([this.repository.sizesOf(ids), this.repository.pricesOf(ids)]);
    return this.toProductDtos(rows, sizeRows, priceRows);
  }

  private toProductDtos(rows: ProductRow[], sizeRows: SizeRow[], priceRows: PriceRow[]): ProductDto[] {
    const sizesByProduct = groupBy(sizeRows, (size) => size.productId);
    const packsBySize = groupBy(priceRows, (pack) => pack.productSizeId);
    return rows.map((row) => toProductDto(row, sizesByProduct.get(row.productId) ?? [], packsBySize, (path) => this.mediaUrl(path)));
  }

  private mediaUrl(path: string): string {
    if (!path || /^https?:\/\//.test(path)) return path;
    return `${this.mediaBaseUrl}${path}`;
  }
}

/** Groups rows by a key, keeping their order within each group. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** `sizes` are the product's own, in order; `packsBySize` holds packs in order by size id. */
function toProductDto(row: ProductRow, sizes: SizeRow[], packsBySize: Map<number, PriceRow[]>, mediaUrl: (p: string) => string): ProductDto {
  return {
    product_id: row.productId,
    product_code: row.productCode,
    name: row.name,
    description: row.description,
    image_url: mediaUrl(row.imageUrl),
    link_product_id: row.linkProductId,
    is_new: row.isNew,
    category: { name: row.categoryName, slug: row.categorySlug },
    product_Sizes: sizes.map((size) => ({
      product_size_id: size.productSizeId,
      size1: size.size1,
      size2: size.size2,
      packs: (packsBySize.get(size.productSizeId) ?? []).map((pack) => ({
        product_price_id: pack.productPriceId,
        price: penceToPounds(pack.pricePence),
        pack_range: pack.packRange,
        unit_price: unitPricePounds(pack.pricePence, pack.packRange[0] ?? 1),
      })),
    })),
  };
}

function buildTree(rows: CategoryRow[], mediaUrl: (p: string) => string): CategoryDto[] {
  const nodes = new Map<number, CategoryDto>();
  for (const row of rows) {
    nodes.set(row.categoryId, {
      category_id: row.categoryId,
      name: row.name,
      description: row.description,
      slug: row.slug,
      image_url: mediaUrl(row.imageUrl),
      parent_id: row.parentId,
      order: row.sortOrder,
      external_id: row.externalId,
      external_parent_id: row.externalParentId,
      is_active: row.isActive,
      is_new: row.isNew,
      subCategories: [],
    });
  }
  const roots: CategoryDto[] = [];
  for (const row of rows) {
    const node = nodes.get(row.categoryId)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (row.parentId === null) roots.push(node);
    else if (parent) parent.subCategories.push(node);
    // A child of an inactive parent is hidden with it.
  }
  return roots;
}

export function findCategory(tree: CategoryDto[], match: (c: CategoryDto) => boolean): CategoryDto | undefined {
  for (const node of tree) {
    if (match(node)) return node;
    const inChildren = findCategory(node.subCategories, match);
    if (inChildren) return inChildren;
  }
  return undefined;
}

function collectIds(category: CategoryDto): number[] {
  return [category.category_id, ...category.subCategories.flatMap(collectIds)];
}
