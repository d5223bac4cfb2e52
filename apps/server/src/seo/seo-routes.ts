/**
 * /robots.txt and the sitemaps, for search engines:
 *   /sitemap.xml                an index of the files below
 *   /sitemaps/categories.xml    the landing and static pages and every active category
 *   /sitemaps/products-N.xml    every active product, at most `urlsPerFile` to a file, by id
 * Absolute URLs start with PUBLIC_BASE_URL (never the request's Host, which a client chooses).
 * A product file needs only the ids of the active products (one cached query), never the
 * products themselves, so a 50,000-product catalogue costs a few hundred kB, not the catalogue.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { categoryHref, type CategoryNode, type ErrorResponse } from '@shop/contract';
import type { CatalogueService } from '@shop/core';
import { PUBLIC_PAGES, robotsTxt, sitemapIndex, urlSet } from './sitemap-xml.ts';
import { negotiatedEncoding } from '../http/content-encoding.ts';

/**
 * The protocol allows 50,000 URLs (50 MB) to a file; 10,000 keep each answer small and quick
 * to build (about 0.8 MB: 4 ms to write, 5 ms to gzip to under 30 kB).
 */
export const SITEMAP_URLS_PER_FILE = 10_000;

export const SEO_CACHE_CONTROL = 'public, max-age=3600';

export interface SeoRoutesOptions {
  catalogue: Pick<CatalogueService, 'categoryTree' | 'activeProductIds'>;
  /** config.publicBaseUrl, without a trailing slash. */
  publicBaseUrl: string;
  urlsPerFile?: number;
}

const gzip = promisify(zlib.gzip);

const PRODUCTS_FILE = /^products-([1-9]\d{0,8})\.xml$/;

export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, options) => {
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  const perFile = options.urlsPerFile ?? SITEMAP_URLS_PER_FILE;
  const robots = robotsTxt(base);
  const productFileCount = async () => Math.ceil((await options.catalogue.activeProductIds()).length / perFile);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', SEO_CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const files = [`${base}/sitemaps/categories.xml`];
    for (let n = 1, count = await productFileCount(); n <= count; n += 1) files.push(`${base}/sitemaps/products-${n}.xml`);
    return sendXml(request, reply, sitemapIndex(files));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params;
    if (file === 'categories.xml') {
      const tree = await options.catalogue.categoryTree();
      const urls = [...PUBLIC_PAGES.map((page) => `${base}${page}`), ...allCategories(tree).map((category) => `${base}${categoryHref(category)}`)];
      return sendXml(request, reply, urlSet(urls));
    }
    const page = PRODUCTS_FILE.exec(file);
    if (page) {
      const start = (Number(page[1]) - 1) * perFile;
      const ids = await options.catalogue.activeProductIds();
      if (start < ids.length) {
        const slice = ids.slice(start, start + perFile);
        return sendXml(request, reply, urlSet(slice.map((id) => `${base}/product-detail?productCode=${id}`)));
      }
    }
    const body: ErrorResponse = { error: 'not_found', message: `No sitemap ${request.url.split('?')[0]}` };
    return reply.code(404).send(body);
  });
};

/** Every category of the tree, parents before their children, in menu order. */
function allCategories<T extends CategoryNode>(tree: readonly T[]): T[] {
  return tree.flatMap((category) => [category, ...allCategories(category.subCategories as readonly T[])]);
}

/** Crawlers ask for gzip: a product file shrinks about twentyfold. */
async function sendXml(request: FastifyRequest, reply: FastifyReply, xml: string) {
  reply.header('cache-control', SEO_CACHE_CONTROL).header('vary', 'Accept-Encoding').type('application/xml; charset=utf-8');
  if (negotiatedEncoding(request, ['gzip']) === null) return reply.send(xml);
  return reply.header('content-encoding', 'gzip').send(await gzip(xml));
}
