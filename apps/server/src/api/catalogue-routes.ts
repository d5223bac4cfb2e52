/**
 * Catalogue API, SPEC section 7. Thin: parse, one call into core, cached bytes out. Each route's
 * `config` names its cache entry and the schemas its key is built from: the same ones it
 * validates with (http/cached-response.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  errorResponseSchema,
  landingQuerySchema,
  productIdParamsSchema,
  productListSchema,
  productSchema,
  productsQuerySchema,
  searchQuerySchema,
  slugParamsSchema,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { ProductDto } from '@shop/contract';
import type { CatalogueService, CustomerPrices } from '@shop/core';
import type { Personalise, ResponseCache } from '../http/cached-response.ts';
import { bearerTokenOf } from '../http/authentication.ts';

export interface CatalogueRoutesOptions {
  catalogue: CatalogueService;
  responseCache: ResponseCache;
  /** A signed-in caller's prices from their price lists (decision record 019); without it every answer is public. */
  customerPrices?: Pick<CustomerPrices, 'bookFor'>;
  /** Resolves a Bearer token to its customer (null: not valid; the caller then gets the public answer). */
  authenticate?: (token: string) => Promise<number | null>;
}

export const catalogueRoutes: FastifyPluginAsync<CatalogueRoutesOptions> = async (app, { catalogue, responseCache, customerPrices, authenticate }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Product answers for a caller with a Bearer token: the public value (from core's cache) with
   * their prices laid over, or null for a caller on no price list (then the public answer).
   */
  const personalise =
    (request: FastifyRequest): Personalise =>
    async (value) => {
      const token = bearerTokenOf(request.headers.authorization);
      if (!token || !customerPrices || !authenticate) return null;
      const book = await customerPrices.bookFor(await authenticate(token));
      if (!book) return null;
      return Array.isArray(value) ? book.products(value as ProductDto[]) : book.product(value as ProductDto);
    };
  const productRoute = (id: string, schemas: Parameters<ResponseCache['route']>[1]) => responseCache.route(id, schemas, { personal: customerPrices !== undefined });

  api.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The active category tree (about three levels deep)',
        response: { 200: z.array(categorySchema) },
      },
      config: responseCache.route('categories'),
    },
    (request, reply) => responseCache.reply(request, reply, async () => ({ value: await catalogue.categoryTree() })),
  );

  api.get(
    '/categories/GetBySlug/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One category with its sub-categories',
        params: slugParamsSchema,
        response: { 200: categorySchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      config: responseCache.route('category-by-slug', { params: slugParamsSchema }),
    },
    (request, reply) =>
      responseCache.reply(request, reply, async () => ({ value: await catalogue.categoryBySlug(request.params.slug) })),
  );

  api.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of a category (condition = category slug) and its sub-categories, one page',
        querystring: productsQuerySchema,
        response: { 200: productListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      config: productRoute('products-in-category', { querystring: productsQuerySchema }),
    },
    (request, reply) =>
      responseCache.reply(request, reply, async () => {
        const { condition, page, pageSize } = request.query;
        if (!condition) return { value: [], headers: { 'x-total-count': '0' } };
        const result = await catalogue.productsInCategory(condition, page, pageSize);
        return { value: result.products, headers: { 'x-total-count': String(result.total) } };
      }, personalise(request)),
  );

  api.get(
    '/products/GetById/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product detail with sizes and packs',
        params: productIdParamsSchema,
        response: { 200: productSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      config: productRoute('product-by-id', { params: productIdParamsSchema }),
    },
    (request, reply) => responseCache.reply(request, reply, async () => ({ value: await catalogue.productById(request.params.id) }), personalise(request)),
  );

  api.get(
    '/products/GetLanding',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products for the landing page grid',
        querystring: landingQuerySchema,
        response: { 200: productListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      config: productRoute('landing', { querystring: landingQuerySchema }),
    },
    (request, reply) =>
      responseCache.reply(request, reply, async () => ({ value: await catalogue.landingProducts(request.query.condition) }), personalise(request)),
  );

  api.get(
    '/products/Search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Relevance-ranked search by words (typo-tolerant) or size such as 12x9x6',
        querystring: searchQuerySchema,
        response: { 200: productListSchema, 400: errorResponseSchema },
      },
      config: productRoute('search', { querystring: searchQuerySchema }),
    },
    (request, reply) =>
      responseCache.reply(request, reply, async () => {
        const { filter, page, pageSize } = request.query;
        const result = await catalogue.search(filter, page, pageSize);
        return { value: result.products, headers: { 'x-total-count': String(result.total) } };
      }, personalise(request)),
  );
};
