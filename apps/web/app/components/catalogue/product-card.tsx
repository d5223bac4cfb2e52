/**
 * A product in a grid (landing, products list): image, name, 'New' tag, sizes and the cheapest
 * pack price, and a 'View Details' link to /product-detail?productCode=.
 */
import { Link } from 'react-router';
import type { ProductDto } from '@shop/contract';
import { formatPounds } from '@shop/contract/browser';
import { NewBadge } from './new-badge';
import { imageSrcSet } from '~/lib/image-srcset';

export function productDetailHref(productId: number): string {
  return `/product-detail?productCode=${productId}`;
}

/** The lowest pack price over all sizes, or null when the product has no packs. */
export function cheapestPackPrice(product: ProductDto): number | null {
  let cheapest: number | null = null;
  for (const size of product.product_Sizes) {
    for (const pack of size.packs) if (cheapest === null || pack.price < cheapest) cheapest = pack.price;
  }
  return cheapest;
}

interface Props {
  product: ProductDto;
  /** Load the image at once (first cards of the page) instead of lazily. */
  eager?: boolean;
  /** Mark the image as the page's most important one (the likely LCP). */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function ProductCard({ product, eager = false, priority = false, headingLevel: Heading = 'h3' }: Props) {
  const href = productDetailHref(product.product_id);
  const sizes = product.product_Sizes.length;
  const from = cheapestPackPrice(product);
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
              from <span className="font-semibold text-stone-900">{formatPounds(from)}</span> ex-VAT
            </span>
          ) : null}
        </p>
        <div className="mt-auto pt-3">
          <Link to={href} className="btn-secondary w-full px-2 text-brand-700" aria-label={`View Details: ${product.name}`}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
