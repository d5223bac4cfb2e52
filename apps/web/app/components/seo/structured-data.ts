/**
 * schema.org structured data (JSON-LD) for search engines: the shop as an Organization, the
 * breadcrumb trails, and a product with one Offer per pack. Pure functions of data the
 * server already computed (prices are formatted, never calculated, here). Every URL is
 * absolute, on the shop's public address.
 */
import type { ProductDto, PublicShopDetails } from '@shop/contract';

export type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';

/**
 * JSON for a `<script type="application/ld+json">`: the HTML parser ends the script at the
 * first `</script`, whatever JSON says, so `<` (and `>`, `&`) are written as \u escapes, which
 * JSON reads back as the same characters. U+2028/U+2029 likewise, for old JavaScript parsers.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * An address on the shop's site (`/landing`) on the public base URL, as the sitemap and the
 * canonical links write it; a URL elsewhere (an image on a CDN) as it is.
 */
export function absoluteUrl(base: string, pathOrUrl: string): string {
  if (pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')) return `${base}${pathOrUrl}`;
  return new URL(pathOrUrl, `${base}/`).href;
}

export function organizationJsonLd(shop: PublicShopDetails, base: string): JsonLd {
  const { address } = shop;
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: shop.tradingName,
    legalName: shop.companyName,
    url: absoluteUrl(base, '/landing'),
    logo: absoluteUrl(base, '/favicon.svg'),
    email: shop.email,
    telephone: shop.phones.sales,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [address.line1, address.line2].filter(Boolean).join(', '),
      addressLocality: address.town,
      postalCode: address.postcode,
      addressCountry: address.country,
    },
  };
}

export interface BreadcrumbStep {
  label: string;
  /** Every step but the current page (the last) links somewhere. */
  href?: string;
}

export function breadcrumbJsonLd(steps: readonly BreadcrumbStep[], base: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.label,
      ...(step.href ? { item: absoluteUrl(base, step.href) } : {}),
    })),
  };
}

/** "£12.50" as schema.org wants a price: "12.50", a dot and two decimals, no currency sign. */
export function schemaPrice(pounds: number): string {
  return pounds.toFixed(2);
}

/**
 * The product with one Offer per pack: its availability from its size's stock (InStock,
 * LimitedAvailability, OutOfStock, BackOrder), the pack's own price id as sku, its price in GBP
 * excluding VAT (as the shop lists it, so the price specification says so) for the number
 * of units in the pack.
 */
export function productJsonLd(product: ProductDto, options: { base: string; url: string; availability?: Record<string, string | null> }): JsonLd {
  const offers = product.product_Sizes.flatMap((size) =>
    size.packs.map((pack) => {
      // The size's stock (docs/stock.md); a size not tracked is sold as it always was: InStock.
      const availability = options.availability?.[String(size.product_size_id)] ?? 'InStock';
      const units = pack.pack_range[0] ?? 1;
      const sizeText = size.size2 && size.size2 !== size.size1 ? `${size.size1} (${size.size2})` : size.size1;
      const price = schemaPrice(pack.price);
      return {
        '@type': 'Offer',
        sku: String(pack.product_price_id),
        name: `${sizeText}, pack of ${units}`,
        url: options.url,
        price,
        priceCurrency: 'GBP',
        availability: `https://schema.org/${availability}`,
        itemCondition: 'https://schema.org/NewCondition',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: 'GBP',
          valueAddedTaxIncluded: false,
          referenceQuantity: { '@type': 'QuantitativeValue', value: units, unitCode: 'C62' },
        },
      };
    }),
  );
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    productID: String(product.product_id),
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.image_url ? { image: absoluteUrl(options.base, product.image_url) } : {}),
    url: options.url,
    category: product.category.name,
    ...(offers.length > 0 ? { offers } : {}),
  };
}
