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

/**
 * The `<link rel="canonical">` of a page for its meta function. `pathname` is the route's own
 * path (not the request's, which may differ in case or end in a slash) and `query` the values
 * the loader settled on. Nothing when the public address is unknown: a relative canonical
 * would be worse than none.
 */
export function canonicalLink(matches: readonly (MetaMatch | undefined)[], pathname: string, query: CanonicalQuery = {}): MetaDescriptor[] {
  const base = publicBaseUrlFrom(matches);
  return base ? [{ tagName: 'link', rel: 'canonical', href: canonicalUrl(base, pathname, query) }] : [];
}
