/**
 * "Email me when it is back in stock" through the JSON API (not in SPEC 7; the storefront's
 * product page form calls core in-process, with the same rules and the same attempt counters).
 * Named in SPEC 7's style beside the product calls. A signed-in caller's request uses their
 * account's e-mail; a guest's needs `email` and `consent: true`, and is limited per client IP
 * and per e-mail as sign-up is.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backInStockBodySchema, backInStockResponseSchema, backInStockVisitorSchema, errorResponseSchema } from '@shop/contract';
import { Invalid, type BackInStockRequests } from '@shop/core';
import { attemptLimit, type AttemptLimits } from '../http/attempt-limits.ts';

export interface BackInStockRoutesOptions {
  backInStock: BackInStockRequests;
  attempts: AttemptLimits;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export const backInStockRoutes: FastifyPluginAsync<BackInStockRoutesOptions> = async (app, { backInStock, attempts }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/products/BackInStock',
    {
      preValidation: attemptLimit(attempts, 'backInStock'),
      schema: {
        tags: ['catalogue'],
        summary: 'Ask to be e-mailed once when a size that is out of stock is back',
        description:
          'For a size out of stock without backorders (409 when it can be bought now, 404 when there is no such size on sale). ' +
          "With a Bearer token the account's e-mail is used; without one `email` and `consent: true` are needed. " +
          'One request per e-mail and size: asking again answers `noted: false`. Limited per client IP and per e-mail (429).',
        security: [{}, { bearer: [] }],
        body: backInStockBodySchema,
        response: { 200: backInStockResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { product_size_id } = request.body;
      if (request.userId !== null) {
        const { noted, message } = await backInStock.ask(product_size_id, { kind: 'customer', userId: request.userId });
        return { noted, message };
      }
      const guest = backInStockVisitorSchema.safeParse(request.body);
      if (!guest.success) {
        const fields = guest.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
        throw new Invalid(fields[0]!.message, { fields });
      }
      const { noted, message } = await backInStock.ask(product_size_id, { kind: 'visitor', email: guest.data.email });
      return { noted, message };
    },
  );
};
