/**
 * A product in a grid (landing, products list): image, name, 'New' tag, sizes and the cheapest
 * pack price, and a 'View Details' link to /product-detail?productCode=. The grids' loaders send
 * each product as its card (productCardOf), not the whole product: its description and every
 * pack would sit in the page's HTML for nothing (DESIGN section 8).
 */
import { Link } from 'react-router';
import type { ProductDto } from '@shop/contract';
import { NewBadge } from './new-badge';
import { imageSrcSet } from '~/lib/image-srcset';
import { usePriceDisplay } from '../price';
import { TradePriceTag } from './trade-price-tag';

export function productDetailHref(productId: number): string {
  return `/product-detail?productCode=${productId}`;
}

/** The lowest pack price over all sizes, or null when the product has no packs. */
export function cheapestPackPrice(product: ProductDto): number | null {
  return cheapestPack(product)?.price ?? null;
}

function cheapestPack(product: ProductDto): ProductDto['product_Sizes'][number]['packs'][number] | null {
  let cheapest: ProductDto['product_Sizes'][number]['packs'][number] | null = null;
  for (const size of product.product_Sizes) {
    for (const pack of size.packs) if (cheapest === null || pack.price < cheapest.price) cheapest = pack;
  }
  return cheapest;
}

/** What a product card shows: the loaders of the product grids send this per product. */
export type ProductCardData = Pick<ProductDto, 'product_id' | 'name' | 'image_url' | 'is_new'> & {
  /** How many sizes the product comes in. */
  sizeCount: number;
  /** The cheapest pack's price (pounds ex-VAT) over all sizes; null when the product has no packs. */
  fromPrice: number | null;
  /** Its stock as a list shows it ("In stock", "Out of stock", ...); absent when not tracked (docs/stock.md). */
  stock?: { label: string; state: 'untracked' | 'in_stock' | 'low' | 'out' | 'backorder' };
  /** Present when that price is the signed-in customer's own, from their price list. */
  tradePrice?: true;
};

const STOCK_TONES = { in_stock: 'text-emerald-800', low: 'text-amber-800', out: 'text-red-800', backorder: 'text-brand-800', untracked: 'text-stone-600' } as const;

/** The cards with each product's stock label, from a read made beside the (cached) products. */
export function withStockLabels(cards: ProductCardData[], labels: Record<number, { label: string; state: NonNullable<ProductCardData['stock']>['state'] }>): ProductCardData[] {
  return cards.map((card) => {
    const label = labels[card.product_id];
    return label ? { ...card, stock: { label: label.label, state: label.state } } : card;
  });
}

/** A product as its card shows it. */
export function productCardOf(product: ProductDto): ProductCardData {
  const { product_id, name, image_url, is_new } = product;
  const cheapest = cheapestPack(product);
  const card: ProductCardData = { product_id, name, image_url, is_new, sizeCount: product.product_Sizes.length, fromPrice: cheapest?.price ?? null };
  return cheapest?.trade_price ? { ...card, tradePrice: true } : card;
}

interface Props {
  product: ProductCardData;
  /** Load the image at once (first cards of the page) instead of lazily. */
  eager?: boolean;
  /** Mark the image as the page's most important one (the likely LCP). */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function ProductCard({ product, eager = false, priority = false, headingLevel: Heading = 'h3' }: Props) {
  const href = productDetailHref(product.product_id);
  const { sizeCount: sizes, fromPrice: from } = product;
  const price = usePriceDisplay();
  return (
    <article className="card group relative flex w-full flex-col overflow-hidden transition-shadow hover:shadow-md" data-testid="product-card">
      <Link to={href} tabIndex={-1} className="relative block aspect-square bg-white">
        <img
          src={product.image_url}
          srcSet={imageSrcSet(product.image_url) ?? undefined}
          sizes={imageSrcSet(product.image_url) ? '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw' : undefined}
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? 'sync' : 'async'}
          className="h-full w-full object-contain transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {product.is_new ? <NewBadge className="absolute top-2 left-2" /> : null}
      </Link>
      <div className="flex flex-1 flex-col border-t border-stone-100 p-3 sm:p-4">
        <Heading className="text-sm leading-snug font-semibold text-stone-900 sm:text-base">
          <Link to={href} className="hover:text-brand-600">
            {product.name}
          </Link>
        </Heading>
        <p className="mt-1 flex flex-wrap gap-x-1.5 text-xs text-stone-600 sm:text-sm">
          <span className="whitespace-nowrap">{sizes === 1 ? '1 size' : `${sizes} sizes`}</span>
          {from !== null ? (
            <span className="whitespace-nowrap">
              from <span className="font-semibold text-stone-900">{price.pounds(from)}</span> {price.marker}
            </span>
          ) : null}
          {from !== null && product.tradePrice ? <TradePriceTag /> : null}
        </p>
        {product.stock?.label ? (
          <p className={`mt-1 text-xs font-semibold sm:text-sm ${STOCK_TONES[product.stock.state]}`} data-testid="card-stock">
            {product.stock.label}
          </p>
        ) : null}
        <div className="mt-auto pt-3">
          <Link to={href} className="btn-secondary w-full px-2 text-brand-700" aria-label={`View Details: ${product.name}`}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
