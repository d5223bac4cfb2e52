/**
 * The text of /robots.txt and of the sitemaps (sitemaps.org protocol 0.9), as pure functions
 * of absolute URLs. Every URL is XML-escaped: a query string's `&` must arrive as `&amp;`.
 */

/** Pages of the storefront every visitor sees the same way: listed in the sitemap. */
export const PUBLIC_PAGES = ['/landing', '/about', '/contact', '/terms', '/delivery-information', '/return-policy', '/privacy', '/payment-policy'] as const;

/** The visitor's own pages, the back office and the API: nothing a search engine should index. */
export const PRIVATE_PATHS = ['/checkout', '/delivery', '/payment', '/order-history', '/order-detail', '/order-return', '/signin', '/signup', '/resetpassword', '/admin', '/api/'] as const;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * robots.txt (RFC 9309). Rules match by prefix, so `Disallow: /delivery` alone would also hide
 * /delivery-information and `Disallow: /payment` /payment-policy: a public page that starts
 * with a private path gets its own Allow, and the longer (more specific) rule wins.
 */
export function robotsTxt(publicBaseUrl: string): string {
  const shadowed = PUBLIC_PAGES.filter((page) => PRIVATE_PATHS.some((path) => page.startsWith(path)));
  return [
    'User-agent: *',
    'Allow: /',
    ...shadowed.map((page) => `Allow: ${page}`),
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function urlSet(urls: Iterable<string>): string {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const url of urls) xml += `<url><loc>${xmlEscape(url)}</loc></url>\n`;
  return `${xml}</urlset>\n`;
}

export function sitemapIndex(sitemapUrls: Iterable<string>): string {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const url of sitemapUrls) xml += `<sitemap><loc>${xmlEscape(url)}</loc></sitemap>\n`;
  return `${xml}</sitemapindex>\n`;
}
