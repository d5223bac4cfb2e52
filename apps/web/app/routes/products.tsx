/**
 * Products list (SPEC 2): by category (?categoryCode=) or by search (?search=), 24 to a page
 * (&page=N): at 48 a page's HTML passed the first round trip's worth of bytes on a slow phone
 * (docs/performance.md). Side menu, heading, description, 'Results for: ...' when searching, product cards,
 * and the SPEC 8 message when nothing is found. Unknown categories and bad queries are a 404.
 */
import { customerPriceBook } from '~/server/catalogue/customer-prices.server';
import { data, useLoaderData, useLocation, type MetaFunction } from 'react-router';
import type { CategoryDto } from '@shop/contract';
import { categoryPageHref, formatCount, messages } from '@shop/contract/browser';
import { isNotFound } from '~/server/forms.server';
import { useRootData } from '~/root';
import { pageMeta } from '~/components/page-meta';
import { publicPageLinks } from '~/components/seo/canonical';
import { BreadcrumbJsonLd } from '~/components/seo/json-ld';
import { Breadcrumb, type Crumb } from '~/components/catalogue/breadcrumb';
import { categoryPath, firstSentence } from '~/components/catalogue/category-path';
import { CategorySideMenu } from '~/components/catalogue/category-side-menu';
import { Pagination } from '~/components/catalogue/pagination';
import { ProductCard, productCardOf, withStockLabels, type ProductCardData } from '~/components/catalogue/product-card';
import { listStockLabels } from '~/server/catalogue/stock.server';
import type { Route } from './+types/products';

const PAGE_SIZE = 24;
const MAX_PAGE = 10_000;
const MAX_SEARCH_LENGTH = 200;

function notFound(): never {
  throw data(null, { status: 404 });
}

interface ProductsData {
  mode: 'category' | 'search';
  search: string;
  category: Pick<CategoryDto, 'name' | 'slug' | 'description'> | null;
  /** A category's page title and saved search description (core's categoryPageTitle); null for a search. */
  pageTitle: { title: string; description: string } | null;
  ancestors: Crumb[];
  products: ProductCardData[];
  total: number;
  /** True when a search matched more than the ranked maximum: the total is a lower bound. */
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<ProductsData> {
  const params = new URL(request.url).searchParams;
  const pageParam = params.get('page');
  if (pageParam !== null && !/^\d{1,5}$/.test(pageParam)) notFound();
  const page = pageParam === null ? 1 : Number(pageParam);
  if (page < 1 || page > MAX_PAGE) notFound();
  const catalogue = context.services.catalogue;

  const search = params.get('search');
  if (search !== null) {
    const text = search.trim().slice(0, MAX_SEARCH_LENGTH);
    const [{ products: found, total }, book] = await Promise.all([catalogue.search(text, page, PAGE_SIZE), customerPriceBook(request, context)]);
    const products = book ? book.products(found) : found;
    const totalIsCapped = total >= catalogue.searchMaxResults;
    const cards = withStockLabels(products.map(productCardOf), await listStockLabels(context, products.map((p) => p.product_id)));
    return { mode: 'search', search: text, category: null, pageTitle: null, ancestors: [], products: cards, total, totalIsCapped, page, pageSize: PAGE_SIZE };
  }

  const slug = params.get('categoryCode') ?? '';
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) notFound();
  try {
    const [category, { products: found, total }, tree, pageTitle, book] = await Promise.all([
      catalogue.categoryBySlug(slug),
      catalogue.productsInCategory(slug, page, PAGE_SIZE),
      catalogue.categoryTree(),
      catalogue.categoryPageTitle(slug),
      customerPriceBook(request, context),
    ]);
    const products = book ? book.products(found) : found;
    // Stock beside the cached products, never in them (docs/stock.md).
    const labels = await listStockLabels(context, products.map((p) => p.product_id));
    const ancestors = categoryPath(tree, slug)
      .slice(0, -1)
      .map((c) => ({ label: c.name, href: categoryPageHref(c.slug) }));
    return {
      mode: 'category',
      search: '',
      category: { name: category.name, slug: category.slug, description: category.description },
      pageTitle,
      ancestors,
      products: withStockLabels(products.map(productCardOf), labels),
      total,
      totalIsCapped: false,
      page,
      pageSize: PAGE_SIZE,
    };
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => {
  const result = loaded as ProductsData | undefined;
  if (!result) return pageMeta(matches, 'Page not found', 'Sorry, we could not find that page.');
  // Only what chooses the listing: the category or search, and the page after the first.
  const page = result.page > 1 ? result.page : undefined;
  if (result.mode === 'search') {
    return [
      ...pageMeta(matches, result.search ? `Search: ${result.search}` : 'Search', `Packaging products matching ‘${result.search}’.`),
      { name: 'robots', content: 'noindex, follow' },
      ...publicPageLinks(matches, '/products', { query: { search: result.search, page } }),
    ];
  }
  const name = result.category?.name ?? 'Products';
  const title = result.pageTitle?.title ?? name;
  const suffix = result.page > 1 ? ` (page ${result.page})` : '';
  return [
    ...pageMeta(matches, `${title}${suffix}`, result.pageTitle?.description || firstSentence(result.category?.description ?? '') || `${name}: trade packaging supplies.`),
    ...publicPageLinks(matches, '/products', { query: { categoryCode: result.category?.slug, page } }),
  ];
};

export default function ProductsPage() {
  const result = useLoaderData<typeof loader>();
  const { categories } = useRootData();
  const location = useLocation();
  const { mode, search, category, products, total, totalIsCapped, page, pageSize } = result;
  const totalText = `${formatCount(total)}${totalIsCapped ? '+' : ''}`;
  const pageCount = Math.ceil(total / pageSize);
  const baseQuery = new URLSearchParams(mode === 'search' ? { search } : { categoryCode: category?.slug ?? '' });
  const first = (page - 1) * pageSize + 1;
  const last = first + products.length - 1;
  const crumbs: Crumb[] =
    mode === 'search' ? [{ label: 'Home', href: '/landing' }, { label: 'Search' }] : [{ label: 'Home', href: '/landing' }, ...result.ancestors, { label: category?.name ?? '' }];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:flex lg:gap-8 lg:py-8">
      <CategorySideMenu categories={categories} currentSlug={category?.slug} />
      <main id="main" className="mt-5 min-w-0 flex-1 lg:mt-0">
        <Breadcrumb items={crumbs} />
        {mode === 'category' && category ? (
          <BreadcrumbJsonLd steps={[...crumbs.slice(0, -1), { label: category.name, href: `/products?${baseQuery}` }]} />
        ) : null}
        <header className="mt-3">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{mode === 'search' ? 'Search' : category?.name}</h1>
          {mode === 'search' ? (
            <p className="mt-2 text-stone-700" data-testid="search-results-for">
              Results for: <span className="font-semibold text-stone-900">{search}</span>
            </p>
          ) : category?.description ? (
            <p className="mt-2 max-w-3xl text-stone-700">{category.description}</p>
          ) : null}
        </header>

        {products.length === 0 ? (
          <p className="card mt-6 px-4 py-10 text-center text-stone-700" role="status" data-testid="products-empty">
            {messages.productsNotFound}
          </p>
        ) : (
          <>
            <p className="mt-4 text-sm text-stone-600" aria-live="polite">
              {total > pageSize ? `Showing ${first}–${last} of ${totalText} products` : total === 1 ? '1 product' : `${totalText} products`}
            </p>
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4">
              {products.map((product, index) => (
                <li key={product.product_id} className="flex">
                  <ProductCard product={product} headingLevel="h2" eager={index < 4} priority={index === 0} />
                </li>
              ))}
            </ul>
            {total > pageSize ? <Pagination page={page} pageCount={pageCount} baseQuery={baseQuery} pathname={location.pathname} /> : null}
          </>
        )}
      </main>
    </div>
  );
}
