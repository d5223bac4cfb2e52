/**
 * Product detail (SPEC 2): breadcrumb, image, name, size selector (dropdown on small screens,
 * tabs on large) with each size's packs and 'Add +' buttons, 'View More Variations' when a
 * linked product exists, and a description tab. A bad or unknown productCode is a 404.
 */
import { customerPriceBook } from '~/server/catalogue/customer-prices.server';
import { useState } from 'react';
import { data, Link, useLoaderData, useSearchParams, type MetaFunction } from 'react-router';
import type { ProductDto } from '@shop/contract';
import { categoryHref, categoryPageHref, formatPounds, isRecordId } from '@shop/contract/browser';
import { addByQuantity } from '~/server/catalogue/add-by-quantity.server';
import { useRootData } from '~/root';
import { pageMeta } from '~/components/page-meta';
import { publicPageLinks } from '~/components/seo/canonical';
import { ProductJsonLd } from '~/components/seo/json-ld';
import { ChevronRightIcon, TruckIcon } from '~/components/icons';
import { Breadcrumb } from '~/components/catalogue/breadcrumb';
import { categoryPath, firstSentence } from '~/components/catalogue/category-path';
import { NewBadge } from '~/components/catalogue/new-badge';
import { cheapestPackPrice, productDetailHref } from '~/components/catalogue/product-card';
import { SizeSelector } from '~/components/catalogue/size-selector';
import { visitorDispatchPromise } from '~/server/delivery/dispatch-promise.server';
import { DispatchPromiseLine } from '~/components/delivery/dispatch-promise-line';
import { usePriceDisplay } from '~/components/price';
import { Tabs } from '~/components/tabs';
import type { Route } from './+types/product-detail';
import { imageSrcSet } from '~/lib/image-srcset';
import { isNotFound, postedForm } from '~/server/forms.server';
import { productStockLabels } from '~/server/catalogue/stock.server';
import { askBackInStock, backInStockOffer, BACK_IN_STOCK_INTENT } from '~/server/catalogue/back-in-stock.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('productCode') ?? '';
  if (!isRecordId(code)) throw data(null, { status: 404 });
  const catalogue = context.services.catalogue;
  try {
    const [publicProduct, tree, promise, stock, book] = await Promise.all([
      catalogue.productById(Number(code)),
      catalogue.categoryTree(),
      // By the server's clock, for the basket's delivery address once chosen (else mainland UK).
      visitorDispatchPromise(request, context),
      // Not cached with the product: stock changes with every order (docs/stock.md).
      productStockLabels(context, Number(code)),
      customerPriceBook(request, context),
    ]);
    // A customer on a price list sees their own prices (the cached public product is not changed).
    const product = book ? book.product(publicProduct) : publicProduct;
    // The whole path from the top category, as category pages show it.
    const path = categoryPath(tree, product.category.slug);
    const category = path.at(-1);
    const anyOut = Object.values(stock.sizes).some((size) => size.state === 'out');
    return {
      product,
      // Unique in the shop: the name, with its category or code when another page has that name.
      title: await catalogue.productPageTitle(product),
      categoryLink: category ? categoryHref(category) : categoryPageHref(product.category.slug),
      ancestors: path.slice(0, -1).map((c) => ({ label: c.name, href: categoryHref(c) })),
      promise,
      stock,
      backInStock: await backInStockOffer(request, context, product.product_id, anyOut),
    };
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}

/** 'Add +' on a pack with the quantity typed (a fetcher form; without JavaScript the page comes back with 'Item Added'), or a back-in-stock request. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  // "Email me when it is back in stock" under a size that is out (a plain POST without JavaScript too).
  if (form.get('intent') === BACK_IN_STOCK_INTENT) return askBackInStock(request, context, form);
  return addByQuantity(request, context, form);
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => {
  const { product, title } = (loaded as { product?: ProductDto; title?: string } | undefined) ?? {};
  if (!product) return pageMeta(matches, 'Page not found', 'Sorry, we could not find that page.');
  return [
    ...pageMeta(matches, title ?? product.name, firstSentence(product.description) || product.name),
    ...publicPageLinks(matches, '/product-detail', { query: { productCode: product.product_id }, image: product.image_url, type: 'product' }),
  ];
};

type InfoTab = 'description' | 'delivery';

export default function ProductDetailPage() {
  const { product, categoryLink, ancestors, promise, stock, backInStock } = useLoaderData<typeof loader>();
  // A product none of whose sizes can leave today (out, or only to order) promises no dispatch today.
  const summary = stock?.summary ?? null;
  const noneInStock = summary !== null && (summary.state === 'out' || summary.state === 'backorder');
  const { shop } = useRootData();
  // The information tab is in the address (&info=delivery), so the tabs work without JavaScript.
  const [search] = useSearchParams();
  const [info, setInfo] = useState<InfoTab>(search.get('info') === 'delivery' ? 'delivery' : 'description');
  const infoHref = (tab: InfoTab) => {
    const params = new URLSearchParams(search);
    if (tab === 'description') params.delete('info');
    else params.set('info', tab);
    return `/product-detail?${params}`;
  };
  const from = cheapestPackPrice(product);
  const price = usePriceDisplay();
  const threshold = formatPounds(shop.freeDeliveryThreshold).replace(/\.00$/, '');

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-8">
      <ProductJsonLd product={product} categoryLink={categoryLink} ancestors={ancestors} stock={stock?.sizes} />
      <Breadcrumb
        items={[
          { label: 'Home', href: '/landing' },
          ...ancestors,
          { label: product.category.name, href: categoryLink },
          { label: product.name },
        ]}
      />

      <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-10">
        <div>
          <div className="card relative mx-auto max-w-60 overflow-hidden sm:max-w-xs md:sticky md:top-4 md:max-w-md">
            <img
              src={product.image_url}
              srcSet={imageSrcSet(product.image_url) ?? undefined}
              sizes={imageSrcSet(product.image_url) ? '(min-width: 768px) 40vw, 90vw' : undefined}
              alt={product.name}
              width={400}
              height={400}
              loading="eager"
              fetchPriority="high"
              decoding="sync"
              className="aspect-square w-full object-contain p-2 sm:p-4"
            />
            {product.is_new ? <NewBadge className="absolute top-3 left-3" /> : null}
          </div>
        </div>

        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">
            <Link to={categoryLink} className="hover:underline">
              {product.category.name}
            </Link>
          </p>
          <h1 className="mt-1 text-2xl leading-tight font-bold tracking-tight text-stone-900 sm:text-3xl">{product.name}</h1>
          {/* The code a price-match claim or a phone order names; search finds it. */}
          <p className="mt-1 text-sm text-stone-600">
            Product code: <span className="font-mono font-medium text-stone-800">{product.product_code}</span>
          </p>
          {from !== null ? (
            <p className="mt-2 text-stone-700">
              From <span className="text-lg font-bold text-stone-900">{price.pounds(from)}</span> {price.marker} per pack
            </p>
          ) : null}
          {noneInStock ? (
            <p className="mt-3 text-sm font-semibold text-stone-800" data-testid="product-stock-summary">
              {summary?.label}
            </p>
          ) : (
            <DispatchPromiseLine promise={promise} className="mt-3" />
          )}

          <SizeSelector
            key={product.product_id}
            productId={product.product_id}
            sizes={product.product_Sizes}
            stock={stock?.sizes}
            productName={product.name}
            backInStock={backInStock}
          />

          {product.link_product_id ? (
            <Link
              to={productDetailHref(product.link_product_id)}
              className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              View More Variations
              <ChevronRightIcon width={16} height={16} />
            </Link>
          ) : null}

          <p className="mt-5 flex items-start gap-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-800">
            <TruckIcon width={18} height={18} className="mt-0.5 shrink-0" />
            <span>
              Free next-working-day delivery in mainland UK on orders over {threshold} ex-VAT. Order by 3pm for same-day dispatch.
            </span>
          </p>

          <p className="mt-3 text-sm text-stone-700" data-testid="ask-for-quote">
            Need a larger quantity, printed or a custom size?{' '}
            <Link to={`/quote-request?productCode=${product.product_id}`} className="font-semibold text-brand-700 hover:underline">
              Ask for a quote
            </Link>
          </p>
        </div>
      </div>

      <div className="mt-10">
        <h2 className="sr-only">Product information</h2>
        <div className="card">
          <Tabs<InfoTab>
            label="Product information"
            look="underlined"
            panelClassName="prose-shop px-4 py-5 sm:px-6"
            selected={info}
            onSelect={setInfo}
            hrefOf={infoHref}
            tabs={[
              {
                key: 'description',
                label: 'Description',
                panel: product.description
                  .split(/\n{2,}/)
                  .filter(Boolean)
                  .map((paragraph, i) => <p key={i}>{paragraph}</p>),
              },
              {
                key: 'delivery',
                label: 'Delivery',
                panel: (
                  <>
                    <p>
                      Orders over {threshold} ex-VAT are delivered free to mainland UK on the next working day; smaller orders cost{' '}
                      {formatPounds(shop.deliveryFee)} + VAT. Orders placed by 3pm on a working day are dispatched the same day.
                    </p>
                    <p>
                      Remote postcodes take 3-5 working days. See our <Link to="/delivery-information">delivery information</Link> for details.
                    </p>
                  </>
                ),
              },
            ]}
          />
        </div>
      </div>
    </main>
  );
}
