/**
 * Home page (SPEC 2 "Landing"): hero banner, six image tiles (two open delivery information,
 * one the price-match terms), the landing products grid, a second banner and a row of
 * top-level categories. Server-rendered; the products come from the catalogue in-process.
 */
import { customerPriceBook } from '~/server/catalogue/customer-prices.server';
import type { ReactNode } from 'react';
import { Link, useLoaderData, useSearchParams, type MetaFunction, type ShouldRevalidateFunction } from 'react-router';
import { categoryHref, formatPounds, messages } from '@shop/contract/browser';
import { useRootData } from '~/root';
import { pageMeta } from '~/components/page-meta';
import { publicPageLinks } from '~/components/seo/canonical';
import { OrganizationJsonLd } from '~/components/seo/json-ld';
import { PriceMatchModal } from '~/components/price-match-modal';
import { ChevronRightIcon, PhoneIcon, TruckIcon } from '~/components/icons';
import { categoryPath, type MenuCategory, type TopMenuCategory } from '~/components/catalogue/category-path';
import { ProductCard, productCardOf, withStockLabels } from '~/components/catalogue/product-card';
import { listStockLabels } from '~/server/catalogue/stock.server';
import type { Route } from './+types/landing';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [products, book] = await Promise.all([context.services.catalogue.landingProducts(''), customerPriceBook(request, context)]);
  const cards = (book ? book.products(products) : products).map(productCardOf);
  return { products: withStockLabels(cards, await listStockLabels(context, products.map((p) => p.product_id))) };
}

// The hero banner is the largest paint: fetch it from the head, before the body is parsed.
export const links = () => [{ rel: 'preload', as: 'image', href: '/media/landing/banner-1.svg', fetchPriority: 'high' }];

// Opening or closing the price-match terms (?price-match) changes nothing the loader reads.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(
    matches,
    'Trade Packaging Supplies: Boxes, Mailing Bags & Tape',
    'Cardboard boxes, mailing bags, packing tape and protective packaging at trade prices from a UK supplier. Free next-working-day delivery on orders over £75 ex-VAT.',
    'packaging supplies, cardboard boxes, mailing bags, packing tape, bubble wrap, trade packaging, UK',
  ),
  ...publicPageLinks(matches, '/landing'),
];

/** Where a tile for a category goes; the first top-level category if the slug is not in the tree. */
function hrefFor(tree: MenuCategory[], slug: string): string {
  const found = categoryPath(tree, slug).at(-1) ?? tree[0];
  return found ? categoryHref(found) : '/landing';
}

/** £75.00 reads better as £75 in a headline. */
function wholePounds(amount: number): string {
  return formatPounds(amount).replace(/\.00$/, '');
}

export default function LandingPage() {
  const { products } = useLoaderData<typeof loader>();
  const { shop, categories } = useRootData();
  // The terms are a dialog the tile's link opens (?price-match), so it works without JavaScript.
  const [search] = useSearchParams();
  const priceMatchOpen = search.has('price-match');
  const threshold = wholePounds(shop.freeDeliveryThreshold);
  const firstCategory = categories[0];

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-4 pb-8 sm:pt-6">
      <OrganizationJsonLd />
      <section aria-labelledby="hero-heading" className="relative flex flex-col-reverse overflow-hidden rounded-xl bg-[#dcebe9] shadow-sm">
        <img
          src="/media/landing/banner-1.svg"
          alt=""
          width={1200}
          height={400}
          loading="eager"
          fetchPriority="high"
          decoding="sync"
          className="block aspect-[2/1] w-full object-cover object-[80%_50%] sm:aspect-[3/1] sm:object-right lg:object-center"
        />
        <div className="flex items-center px-5 pt-6 pb-2 sm:px-8 lg:absolute lg:inset-y-0 lg:left-0 lg:w-1/2 lg:px-12 lg:py-8">
          <div className="max-w-xl">
            <p className="text-xs font-semibold tracking-widest text-brand-700 uppercase sm:text-sm">Trade packaging supplies</p>
            <h1 id="hero-heading" className="mt-2 text-2xl leading-tight font-bold tracking-tight text-stone-900 sm:text-3xl xl:text-[2.75rem]">
              Boxes, bags and tape at trade prices
            </h1>
            <p className="mt-3 text-sm text-stone-700 sm:text-base xl:text-lg">
              <strong className="font-semibold text-brand-800">Free next-working-day delivery</strong> in mainland UK on orders over {threshold} ex-VAT.
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              {firstCategory ? (
                <Link to={categoryHref(firstCategory)} className="btn-primary px-5 py-2.5 text-base">
                  Shop {firstCategory.name}
                  <ChevronRightIcon width={18} height={18} />
                </Link>
              ) : null}
              <Link to="/delivery-information" className="btn-secondary hidden px-5 py-2.5 text-base sm:inline-flex">
                <TruckIcon width={18} height={18} />
                Delivery details
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="tiles-heading" className="mt-10">
        <h2 id="tiles-heading" className="text-xl font-bold text-stone-900 sm:text-2xl">
          Why businesses buy from us
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
          <Tile n={1} title="Free next-day delivery" text={`On orders over ${threshold} ex-VAT to mainland UK`} to="/delivery-information" />
          <Tile n={2} title="Order by 3pm, sent today" text="Weekday orders dispatched the same day" to="/delivery-information" />
          <Tile n={3} title="Price match guarantee" text="Seen it cheaper? We will match it" to="/landing?price-match" />
          <Tile n={4} title="Bulk buy savings" text="Bigger packs, lower unit prices" to={hrefFor(categories, 'cardboard-boxes')} />
          <Tile n={5} title="Eco-friendly packaging" text="Recyclable paper mailing bags" to={hrefFor(categories, 'paper-mailing-bags')} />
          <Tile n={6} title="Trade accounts" text="Talk to our team about credit terms" to="/contact" />
        </ul>
      </section>

      <section aria-labelledby="products-heading" className="mt-12">
        <h2 id="products-heading" className="text-xl font-bold text-stone-900 sm:text-2xl">
          Popular products
        </h2>
        {products.length > 0 ? (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
            {products.map((product) => (
              <li key={product.product_id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-stone-600">{messages.productsNotFound}</p>
        )}
      </section>

      <section aria-labelledby="bulk-heading" className="relative mt-12 flex flex-col-reverse overflow-hidden rounded-xl bg-[#f9e3c0] shadow-sm">
        <img
          src="/media/landing/banner-2.svg"
          alt=""
          width={1200}
          height={400}
          loading="lazy"
          className="block aspect-[2/1] w-full object-cover object-[80%_50%] sm:aspect-[3/1] sm:object-right lg:object-center"
        />
        <div className="flex items-center px-5 pt-6 pb-2 sm:px-8 lg:absolute lg:inset-y-0 lg:left-0 lg:w-1/2 lg:px-12 lg:py-8">
          <div className="max-w-lg">
            <h2 id="bulk-heading" className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl xl:text-3xl">
              Buying by the pallet?
            </h2>
            <p className="mt-2 text-sm text-stone-700 sm:text-base">Bigger packs bring the unit price down. Call us for a trade quote on larger quantities.</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href={`tel:${shop.phones.sales.replace(/\s/g, '')}`} className="btn-primary px-5 py-2.5">
                <PhoneIcon width={16} height={16} />
                {shop.phones.sales}
              </a>
              <Link to="/contact" className="btn-secondary px-5 py-2.5">
                Contact us
              </Link>
            </div>
          </div>
        </div>
      </section>

      {categories.length > 0 ? (
        <section aria-labelledby="categories-heading" className="mt-12">
          <h2 id="categories-heading" className="text-xl font-bold text-stone-900 sm:text-2xl">
            Shop by category
          </h2>
          <ul className="-mx-4 mt-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 lg:mx-0 lg:flex-wrap lg:justify-center lg:gap-4 lg:overflow-visible lg:px-0 lg:pb-0">
            {categories.map((category) => (
              <li key={category.slug} className="w-32 shrink-0 snap-start sm:w-36 lg:w-40">
                <CategoryChip category={category} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {priceMatchOpen && <PriceMatchModal closeHref="/landing" />}
    </main>
  );
}

interface TileProps {
  n: number;
  title: string;
  text: string;
  to: string;
}

function Tile({ n, title, text, to }: TileProps) {
  const body: ReactNode = (
    <>
      <img
        src={`/media/landing/tile-${n}.svg`}
        alt=""
        width={600}
        height={400}
        loading="lazy"
        className="aspect-[3/2] w-full bg-stone-100 object-cover transition-transform duration-300 group-hover:scale-[1.03]"
      />
      <span className="flex flex-1 flex-col gap-0.5 border-t border-stone-100 px-3 py-2.5 text-left sm:px-4 sm:py-3">
        <span className="text-sm font-semibold text-stone-900 group-hover:text-brand-700 sm:text-base">{title}</span>
        <span className="text-xs text-stone-600 sm:text-sm">{text}</span>
      </span>
    </>
  );
  const className =
    'card group flex h-full w-full flex-col overflow-hidden transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  return (
    <li>
      <Link to={to} className={className} data-testid={`landing-tile-${n}`} preventScrollReset>
        {body}
      </Link>
    </li>
  );
}

function CategoryChip({ category }: { category: TopMenuCategory }) {
  return (
    <Link
      to={categoryHref(category)}
      className="card group flex h-full flex-col items-center gap-2 p-3 text-center transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <img src={category.image_url} alt="" width={96} height={96} loading="lazy" className="h-20 w-20 rounded-lg object-cover sm:h-24 sm:w-24" />
      <span className="text-sm font-semibold text-stone-900 group-hover:text-brand-700">{category.name}</span>
    </Link>
  );
}
