/**
 * What the catalogue pages send in their HTML, by their loaders over real core services on
 * PGlite with the demo catalogue. Every page carries its loader data, and the document's bytes
 * weigh on its first paint (DESIGN section 8): a product card gets what it shows (name, picture,
 * 'New' tag, number of sizes, cheapest pack) as the API has them, and no page gets the
 * descriptions and packs of products it only lists, nor the descriptions of every category.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryDto, ProductDto } from '@shop/contract';
import { categoryPageHref, productsPageHref } from '@shop/contract/browser';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { loader as rootLoader } from '~/root';
import { loader as landingLoader } from './landing';
import { loader as productsLoader, meta as productsMeta } from './products';
import { loader as categoryLoader, meta as categoryMeta } from './category';
import { loader as productLoader, meta as productMeta } from './product-detail';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite', { demoCatalogue: true }));
  services = createCoreServices(database, { shop: demoShopConfig });
}, 60_000);
afterAll(async () => drop?.());

type Loader = (args: never) => Promise<unknown>;
/** The loader's answer for a URL of the shop, as the page receives it. */
async function load<L extends Loader>(loader: L, path: string): Promise<Awaited<ReturnType<L>>> {
  const args = { request: new Request(`http://shop.test${path}`), context: { services, nonce: 'n', memo: new Map() }, params: {} };
  return (await loader(args as never)) as Awaited<ReturnType<L>>;
}

/** A product's card as a customer reads it, worked out from the API's product. */
function cardOf(product: ProductDto) {
  const prices = product.product_Sizes.flatMap((size) => size.packs.map((pack) => pack.price));
  return {
    product_id: product.product_id,
    name: product.name,
    image_url: product.image_url,
    is_new: product.is_new,
    sizeCount: product.product_Sizes.length,
    fromPrice: prices.length > 0 ? Math.min(...prices) : null,
  };
}

function everyCategory(tree: readonly CategoryDto[]): CategoryDto[] {
  return tree.flatMap((category) => [category, ...everyCategory(category.subCategories)]);
}

/** No product description and no pack of the listed products is in the page's data. */
function expectOnlyCards(data: unknown, listed: readonly ProductDto[]) {
  const text = JSON.stringify(data);
  for (const product of listed) expect(text).not.toContain(JSON.stringify(product.description));
  expect(text).not.toContain('product_Sizes');
  expect(text).not.toContain('product_price_id');
}

describe('product grids', () => {
  it('the landing page shows the featured products with their sizes and cheapest pack, and sends nothing else of them', async () => {
    const featured = await services.catalogue.landingProducts('');
    const page = await load(landingLoader, '/landing');
    expect(featured.length).toBeGreaterThan(0);
    expect(page.products).toEqual(featured.map(cardOf));
    expectOnlyCards(page, featured);
  });

  it('a search shows the same cards as the API finds, in its order', async () => {
    const page = await load(productsLoader, '/products?search=box');
    const found = await services.catalogue.search('box', 1, page.pageSize);
    expect(page.total).toBe(found.total);
    expect(page.products).toEqual(found.products.map(cardOf));
    expectOnlyCards(page, found.products);
  });

  it('a search of more than a page of products goes on where the first page stopped, 24 to a page', async () => {
    const first = await load(productsLoader, '/products?search=box');
    const second = await load(productsLoader, '/products?search=box&page=2');
    const both = await services.catalogue.search('box', 1, 48);
    expect(first.pageSize).toBe(24);
    expect(both.total).toBeGreaterThan(24);
    expect([...first.products, ...second.products]).toEqual(both.products.slice(0, first.products.length + second.products.length).map(cardOf));
  });

  it("a category's products list shows the same cards as the API lists, with the category's own description", async () => {
    const [top] = await services.catalogue.categoryTree();
    const page = await load(productsLoader, `/products?categoryCode=${top!.slug}`);
    const listed = await services.catalogue.productsInCategory(top!.slug, 1, page.pageSize);
    expect(listed.products.length).toBeGreaterThan(0);
    expect(page.products).toEqual(listed.products.map(cardOf));
    expect(page.category).toEqual({ name: top!.name, slug: top!.slug, description: top!.description });
    expectOnlyCards(page, listed.products);
  });
});

describe('categories', () => {
  it("every page's menus get the whole tree by name and slug, in the catalogue's order, and no category descriptions", async () => {
    const tree = await services.catalogue.categoryTree();
    const { categories } = await load(rootLoader, '/landing');
    const names = (nodes: readonly { name: string; slug: string; subCategories: readonly unknown[] }[]): unknown =>
      nodes.map((node) => [node.name, node.slug, names(node.subCategories as typeof nodes)]);
    expect(names(categories)).toEqual(names(tree));
    // The landing page's 'Shop by category' row shows the top categories' pictures.
    expect(categories.map((c) => c.image_url)).toEqual(tree.map((c) => c.image_url));
    const text = JSON.stringify(categories);
    for (const category of everyCategory(tree)) if (category.description) expect(text).not.toContain(JSON.stringify(category.description));
  });

  it('a category page shows its own description and sub-category cards leading where SPEC 2 says, without their descriptions', async () => {
    const tree = await services.catalogue.categoryTree();
    const top = tree.find((c) => c.subCategories.some((child) => child.subCategories.length > 0)) ?? tree[0]!;
    const page = await load(categoryLoader, `/category?categoryCode=${top.slug}`);
    expect(page.category).toMatchObject({ name: top.name, slug: top.slug, description: top.description, image_url: top.image_url });
    expect(page.category.subCategories).toEqual(
      top.subCategories.map((child) => ({
        slug: child.slug,
        name: child.name,
        image_url: child.image_url,
        is_new: child.is_new,
        href: child.subCategories.length > 0 ? categoryPageHref(child.slug) : productsPageHref(child.slug),
      })),
    );
    const text = JSON.stringify(page);
    for (const child of everyCategory(top.subCategories)) if (child.description) expect(text).not.toContain(JSON.stringify(child.description));
  });
});

describe('page titles', () => {
  const matches = [{ id: 'root', loaderData: { shop: demoShopConfig } }];
  const titleOf = (tags: unknown) => (tags as { title?: string }[]).find((tag) => tag.title !== undefined)!.title!;
  const descriptionOf = (tags: unknown) => (tags as { name?: string; content?: string }[]).find((tag) => tag.name === 'description')!.content!;

  /** The title and description of a category's page: the category page, or its products list (a leaf category's page). */
  async function categoryPage(category: CategoryDto) {
    if (category.subCategories.length > 0) {
      const loaded = await load(categoryLoader, categoryPageHref(category.slug));
      const tags = categoryMeta({ matches, data: loaded } as never);
      return { title: titleOf(tags), description: descriptionOf(tags) };
    }
    const loaded = await load(productsLoader, productsPageHref(category.slug));
    const tags = productsMeta({ matches, data: loaded } as never);
    return { title: titleOf(tags), description: descriptionOf(tags) };
  }

  it('no two category or product pages share a title (a product named as its category says its code)', async () => {
    const categories = everyCategory(await services.catalogue.categoryTree());
    const titles = new Map<string, string>();
    const clashes: string[] = [];
    const note = (title: string, page: string) => {
      if (titles.has(title)) clashes.push(`${title}: ${titles.get(title)} and ${page}`);
      titles.set(title, page);
    };
    for (const category of categories) note((await categoryPage(category)).title, `category ${category.slug}`);
    const ids = await services.catalogue.activeProductIds();
    for (const id of ids) {
      const loaded = await load(productLoader, `/product-detail?productCode=${id}`);
      note(titleOf(productMeta({ matches, data: loaded } as never)), `product ${id}`);
    }
    expect(clashes).toEqual([]);
    expect(titles.size).toBe(categories.length + ids.length);
    // The demo's leaf "Bubble Bags" and its one product "Bubble Bags".
    expect(titles.get('Bubble Bags - Bubble Wrap | Boxwell Packaging')).toBe('category bubble-bags');
    expect(titles.get('Bubble Bags (P000164) | Boxwell Packaging')).toMatch(/^product \d+$/);
  });

  it("a category's saved page title and search description are what its page says", async () => {
    const category = everyCategory(await services.catalogue.categoryTree()).find((c) => c.slug === 'bubble-bags')!;
    const stored = await services.catalogueAdmin.categories.category(category.category_id);
    await services.catalogueAdmin.categories.update(stored.categoryId, stored.version, {
      ...stored,
      visible: stored.visible,
      pageTitle: 'Bubble bags and padded envelopes',
      pageDescription: 'Bubble-lined bags for small fragile items, in packs of 100.',
    });
    services.catalogue.cache.clear();
    expect(await categoryPage(category)).toEqual({ title: 'Bubble bags and padded envelopes | Boxwell Packaging', description: 'Bubble-lined bags for small fragile items, in packs of 100.' });
  });
});
