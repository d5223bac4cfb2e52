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
import type { CatalogueService } from '@shop/core';
import type { ResponseCache } from '../http/cached-response.ts';

export interface CatalogueRoutesOptions {
  catalogue: CatalogueService;
  responseCache: ResponseCache;
}

export const catalogueRoutes: FastifyPluginAsync<CatalogueRoutesOptions> = async (app, { catalogue, responseCache }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

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
      config: responseCache.route('products-in-category', { querystring: productsQuerySchema }),
    },
    (request, reply) =>
      responseCache.reply(request, reply, async () => {
        const { condition, page, pageSize } = request.query;
        if (!condition) return { value: [], headers: { 'x-total-count': '0' } };
        const result = await catalogue.productsInCategory(condition, page, pageSize);
        return { value: result.products, headers: { 'x-total-count': String(result.total) } };
      }),
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
      config: responseCache.route('product-by-id', { params: productIdParamsSchema }),
    },
    (request, reply) => responseCache.reply(request, reply, async () => ({ value: await catalogue.productById(request.params.id) })),
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
      config: responseCache.route('landing', { querystring: landingQuerySchema }),
    },
    (request, reply) =>
      responseCache.reply(request, reply, async () => ({ value: await catalogue.landingProducts(request.query.condition) })),
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
      config: responseCache.route('search', { querystring: searchQuerySchema }),
    },
    (request, reply) =>
      responseCache.reply(request, reply, async () => {
        const { filter, page, pageSize } = request.query;
        const result = await catalogue.search(filter, page, pageSize);
        return { value: result.products, headers: { 'x-total-count': String(result.total) } };
      }),
  );
};
