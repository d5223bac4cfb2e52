/**
 * Structured data in the page: `<script type="application/ld+json">` elements. They are data,
 * never executed, so the page's script nonce does not apply to them. The shop's public address
 * comes from the root loader; without it nothing is written (URLs in JSON-LD must be absolute).
 */
import { useRouteLoaderData } from 'react-router';
import type { ProductDto, PublicShopDetails } from '@shop/contract';
import { canonicalUrl, publicBaseUrlOf } from './canonical';
import { breadcrumbJsonLd, organizationJsonLd, productJsonLd, serializeJsonLd, type BreadcrumbStep, type JsonLd } from './structured-data';

function usePublicBaseUrl(): string | null {
  return publicBaseUrlOf(useRouteLoaderData('root'));
}

export function JsonLdScript({ data }: { data: JsonLd }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

/** The shop as an Organization (landing page). */
export function OrganizationJsonLd() {
  const root = useRouteLoaderData('root') as { shop?: PublicShopDetails } | undefined;
  const base = publicBaseUrlOf(root);
  if (!base || !root?.shop) return null;
  return <JsonLdScript data={organizationJsonLd(root.shop, base)} />;
}

/** The page's breadcrumb trail, the same steps the visible breadcrumb shows. */
export function BreadcrumbJsonLd({ steps }: { steps: readonly BreadcrumbStep[] }) {
  const base = usePublicBaseUrl();
  if (!base) return null;
  return <JsonLdScript data={breadcrumbJsonLd(steps, base)} />;
}

/** A product page: its breadcrumb trail (home, category, product) and the Product with its packs. */
export function ProductJsonLd({
  product,
  categoryLink,
  ancestors = [],
  stock = {},
}: {
  product: ProductDto;
  categoryLink: string;
  ancestors?: readonly BreadcrumbStep[];
  /** Each size's schema.org availability (docs/stock.md); a size without one makes no claim. */
  stock?: Record<number, { schema: string | null }>;
}) {
  const base = usePublicBaseUrl();
  if (!base) return null;
  const url = canonicalUrl(base, '/product-detail', { productCode: product.product_id });
  const steps: BreadcrumbStep[] = [
    { label: 'Home', href: '/landing' },
    ...ancestors,
    { label: product.category.name, href: categoryLink },
    { label: product.name, href: `/product-detail?productCode=${product.product_id}` },
  ];
  return (
    <>
      <JsonLdScript data={breadcrumbJsonLd(steps, base)} />
      <JsonLdScript data={productJsonLd(product, { base, url, availability: Object.fromEntries(Object.entries(stock).map(([sizeId, s]) => [sizeId, s.schema])) })} />
    </>
  );
}
