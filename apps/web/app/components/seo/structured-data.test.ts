import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductDto, PublicShopDetails } from '@shop/contract';
import { canonicalUrl, publicBaseUrlFrom, publicPageLinks } from './canonical';
import { JsonLdScript, OrganizationJsonLd, ProductJsonLd } from './json-ld';
import { absoluteUrl, breadcrumbJsonLd, organizationJsonLd, productJsonLd, schemaPrice, serializeJsonLd } from './structured-data';

const BASE = 'https://shop.example.com';

const shop: PublicShopDetails = {
  companyName: 'Example Packaging Ltd',
  tradingName: 'Example Packaging',
  companyNumber: '00000000',
  vatNumber: 'GB 000 0000 00',
  motto: 'Boxes',
  city: 'Leeds',
  address: { line1: 'Unit 4, Trade Park', line2: 'Kirkstall Road', town: 'Leeds', postcode: 'LS4 2AA', country: 'United Kingdom' },
  phones: { sales: '0113 496 0000', office: '020 7946 0000' },
  email: 'sales@example.com',
  openingHours: [],
  vatRatePercent: 20,
  freeDeliveryThreshold: 75,
  deliveryFee: 4.99,
  remoteDeliveryFee: 14.99,
  bank: { payee: 'Example', bankName: 'Bank', sortCode: '00-00-00', accountNumber: '00000000', referencePrefix: 'EX' },
  publicBaseUrl: BASE,
};

const product: ProductDto = {
  product_id: 42,
  product_code: 'P000042',
  name: 'Single Wall Box </script><script>alert(1)</script>',
  description: 'A strong box & a good one.',
  image_url: '/media/products/box-kraft.svg',
  link_product_id: null,
  is_new: false,
  category: { name: 'Single Wall Boxes', slug: 'single-wall-boxes' },
  product_Sizes: [
    {
      product_size_id: 1,
      size1: '12x9x6"',
      size2: '305x229x152mm',
      packs: [
        { product_price_id: 101, price: 12.5, pack_range: [25], unit_price: 0.5 },
        { product_price_id: 102, price: 37, pack_range: [100], unit_price: 0.37 },
      ],
    },
    { product_size_id: 2, size1: '48mm x 66m', size2: '48mm x 66m', packs: [{ product_price_id: 103, price: 17.99, pack_range: [36], unit_price: 0.4997 }] },
    { product_size_id: 3, size1: '1x1x1"', size2: '25x25x25mm', packs: [] },
  ],
};

describe('JSON-LD serialisation', () => {
  it('writes no < > or & into the script, so a name cannot close it, and parses back to the same data', () => {
    const data = productJsonLd(product, { base: BASE, url: `${BASE}/product-detail?productCode=42` });
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(data);
  });

  it('renders one ld+json script whose text is the whole JSON, whatever the product name holds', () => {
    const data = productJsonLd(product, { base: BASE, url: `${BASE}/product-detail?productCode=42` });
    const html = renderToStaticMarkup(createElement(JsonLdScript, { data }));
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const text = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html)?.[1];
    expect(JSON.parse(text!)).toEqual(data);
  });
});

describe('Product', () => {
  const url = `${BASE}/product-detail?productCode=42`;
  const data = productJsonLd(product, { base: BASE, url }) as { offers: Array<Record<string, unknown>> } & Record<string, unknown>;

  it('describes the product with absolute URLs', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      productID: '42',
      name: product.name,
      description: 'A strong box & a good one.',
      image: `${BASE}/media/products/box-kraft.svg`,
      url,
      category: 'Single Wall Boxes',
    });
    // Images on a CDN keep their own address.
    expect(productJsonLd({ ...product, image_url: 'https://cdn.example.net/p/box.svg' }, { base: BASE, url }).image).toBe('https://cdn.example.net/p/box.svg');
  });

  it('offers every pack in GBP, ex-VAT, in stock, with its price id as sku and its size and pack size', () => {
    expect(data.offers).toHaveLength(3);
    expect(data.offers.map((o) => o.sku)).toEqual(['101', '102', '103']);
    expect(data.offers.map((o) => o.price)).toEqual(['12.50', '37.00', '17.99']);
    expect(data.offers.map((o) => o.name)).toEqual(['12x9x6" (305x229x152mm), pack of 25', '12x9x6" (305x229x152mm), pack of 100', '48mm x 66m, pack of 36']);
    for (const offer of data.offers) {
      expect(offer).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url,
        priceSpecification: { '@type': 'UnitPriceSpecification', price: offer.price, priceCurrency: 'GBP', valueAddedTaxIncluded: false },
      });
    }
    expect((data.offers[1]!.priceSpecification as { referenceQuantity: unknown }).referenceQuantity).toEqual({ '@type': 'QuantitativeValue', value: 100, unitCode: 'C62' });
  });

  it("gives each offer its size's stock: out of stock, backorder or limited, and InStock for a size not tracked", () => {
    const withStock = productJsonLd(product, { base: BASE, url, availability: { 1: 'OutOfStock', 2: 'BackOrder' } }) as { offers: Record<string, unknown>[] };
    expect(withStock.offers.map((o) => o.availability)).toEqual(['https://schema.org/OutOfStock', 'https://schema.org/OutOfStock', 'https://schema.org/BackOrder']);
    const limited = productJsonLd(product, { base: BASE, url, availability: { 1: 'LimitedAvailability', 2: null } }) as { offers: Record<string, unknown>[] };
    expect(limited.offers.map((o) => o.availability)).toEqual(['https://schema.org/LimitedAvailability', 'https://schema.org/LimitedAvailability', 'https://schema.org/InStock']);
  });

  it('leaves offers out when nothing can be bought', () => {
    expect(productJsonLd({ ...product, product_Sizes: [] }, { base: BASE, url })).not.toHaveProperty('offers');
  });

  it('writes prices with a dot and two decimals', () => {
    expect(schemaPrice(0.1 + 0.2)).toBe('0.30');
    expect(schemaPrice(1234.5)).toBe('1234.50');
    expect(schemaPrice(3)).toBe('3.00');
  });
});

describe('Organization and BreadcrumbList', () => {
  it('describes the shop from its configuration', () => {
    expect(organizationJsonLd(shop, BASE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Example Packaging',
      legalName: 'Example Packaging Ltd',
      url: `${BASE}/landing`,
      logo: `${BASE}/favicon.svg`,
      email: 'sales@example.com',
      telephone: '0113 496 0000',
      address: { '@type': 'PostalAddress', streetAddress: 'Unit 4, Trade Park, Kirkstall Road', addressLocality: 'Leeds', postalCode: 'LS4 2AA', addressCountry: 'United Kingdom' },
    });
  });

  it('numbers the steps from 1 with absolute links; the current page may go without one', () => {
    expect(
      breadcrumbJsonLd(
        [
          { label: 'Home', href: '/landing' },
          { label: 'Boxes', href: '/category?categoryCode=boxes' },
          { label: 'Single Wall Boxes' },
        ],
        BASE,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${BASE}/landing` },
        { '@type': 'ListItem', position: 2, name: 'Boxes', item: `${BASE}/category?categoryCode=boxes` },
        { '@type': 'ListItem', position: 3, name: 'Single Wall Boxes' },
      ],
    });
  });

  it('keeps a path prefix of the public address, as the sitemap does', () => {
    expect(absoluteUrl('https://example.com/shop', '/landing')).toBe('https://example.com/shop/landing');
    expect(absoluteUrl('https://example.com/shop', '//cdn.example.net/a.svg')).toBe('https://cdn.example.net/a.svg');
  });
});

describe('canonical links', () => {
  const root = { id: 'root', data: { shop } };

  it('keeps only the given query parameters, in order, dropping empty ones', () => {
    expect(canonicalUrl(BASE, '/products', { categoryCode: 'boxes', page: undefined })).toBe(`${BASE}/products?categoryCode=boxes`);
    expect(canonicalUrl(BASE, '/products', { search: 'brown tape & more', page: 3 })).toBe(`${BASE}/products?search=brown+tape+%26+more&page=3`);
    expect(canonicalUrl(BASE, '/landing')).toBe(`${BASE}/landing`);
  });

  it('is an absolute link on the public address from the root data, with og:url, og:type, a raster og:image and a Twitter card; nothing without one', () => {
    expect(publicPageLinks([root, { id: 'routes/product-detail' }], '/product-detail', { query: { productCode: 7 }, image: '/media/products/box.svg', type: 'product' })).toEqual([
      { tagName: 'link', rel: 'canonical', href: `${BASE}/product-detail?productCode=7` },
      { property: 'og:url', content: `${BASE}/product-detail?productCode=7` },
      { property: 'og:type', content: 'product' },
      { property: 'og:image', content: `${BASE}/share.png` },
      { name: 'twitter:card', content: 'summary_large_image' },
    ]);
    expect(publicPageLinks([root], '/landing', { image: '/media/images/ab12/640.webp' })).toContainEqual({ property: 'og:image', content: `${BASE}/media/images/ab12/640.webp` });
    expect(publicBaseUrlFrom([{ id: 'root', loaderData: { shop: { publicBaseUrl: `${BASE}/` } } }])).toBe(BASE);
    expect(publicPageLinks([{ id: 'root', data: { shop: { ...shop, publicBaseUrl: undefined } } }], '/landing')).toEqual([]);
    expect(publicPageLinks([], '/landing')).toEqual([]);
  });
});

describe('JSON-LD in a page', () => {
  /** Server markup of `element` under a root route whose loader data is `rootData`. */
  function renderUnderRoot(element: ReturnType<typeof createElement>, rootData: unknown): string {
    const Stub = createRoutesStub([{ id: 'root', path: '/', Component: () => element, loader: () => null }]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: ['/'], hydrationData: { loaderData: { root: rootData } } }));
  }
  const blocks = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

  it('takes the public address from the root data', () => {
    const html = renderUnderRoot(createElement(OrganizationJsonLd), { shop });
    expect(blocks(html)).toEqual([organizationJsonLd(shop, BASE)]);
  });

  it('gives a product page its breadcrumb trail and its Product', () => {
    const html = renderUnderRoot(createElement(ProductJsonLd, { product, categoryLink: '/products?categoryCode=single-wall-boxes' }), { shop });
    const [trail, described] = blocks(html);
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((trail!.itemListElement as Array<{ item: string }>).map((step) => step.item)).toEqual([
      `${BASE}/landing`,
      `${BASE}/products?categoryCode=single-wall-boxes`,
      `${BASE}/product-detail?productCode=42`,
    ]);
    expect(described).toEqual(productJsonLd(product, { base: BASE, url: `${BASE}/product-detail?productCode=42` }));
  });

  it('writes nothing without a public address: relative URLs would be wrong', () => {
    expect(renderUnderRoot(createElement(OrganizationJsonLd), { shop: { ...shop, publicBaseUrl: undefined } })).toBe('');
  });
});
