/**
 * Canonical addresses of pages: absolute, on the shop's public address (PUBLIC_BASE_URL, carried
 * to the browser as `shop.publicBaseUrl` by the root loader), with only the query parameters
 * that choose what the page shows. Tracking tags, a repeated parameter, `page=1` or another
 * spelling of the same id all name one page.
 */
import type { MetaDescriptor } from 'react-router';

interface MetaMatch {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

type RootShape = { shop?: { publicBaseUrl?: string } } | undefined;

export type CanonicalQuery = Record<string, string | number | null | undefined>;

/** The shop's public origin (and path prefix, if any) without a trailing slash; null when unknown. */
export function publicBaseUrlOf(rootData: unknown): string | null {
  const base = (rootData as RootShape)?.shop?.publicBaseUrl;
  return base ? base.replace(/\/+$/, '') : null;
}

/** The public base URL from a meta function's matches (the root route's loader data). */
export function publicBaseUrlFrom(matches: readonly (MetaMatch | undefined)[]): string | null {
  const root = matches.find((m) => m?.id === 'root');
  return publicBaseUrlOf(root?.loaderData ?? root?.data);
}

/**
 * `base` + `pathname` + the given parameters in the given order; null, undefined and empty
 * values are left out. Values are percent-encoded as a browser would send them.
 */
export function canonicalUrl(base: string, pathname: string, query: CanonicalQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${pathname}${search ? `?${search}` : ''}`;
}

/** The picture a shared link shows when the page has no raster image of its own (apps/web/public). */
export const SHARE_IMAGE_PATH = '/share.png';

/**
 * What a public page tells search engines and link previews: its canonical address, and the Open
 * Graph and Twitter card tags (og:url is the canonical address; og:image is absolute and a raster
 * image, as previews show no SVG: the page's own picture when it is one, else the shop's).
 * Nothing when the public address is unknown, as for canonicalLink.
 */
export function publicPageLinks(
  matches: readonly (MetaMatch | undefined)[],
  pathname: string,
  options: { query?: CanonicalQuery; image?: string | null; type?: 'website' | 'product' } = {},
): MetaDescriptor[] {
  const base = publicBaseUrlFrom(matches);
  if (!base) return [];
  const url = canonicalUrl(base, pathname, options.query);
  const image = options.image && !/\.svg(\?|$)/i.test(options.image) ? options.image : SHARE_IMAGE_PATH;
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:url', content: url },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:image', content: /^https?:\/\//.test(image) ? image : `${base}${image.startsWith('/') ? '' : '/'}${image}` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
