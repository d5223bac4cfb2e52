/**
 * Basket API, SPEC section 7. Thin: the contract parses the request, core decides with the
 * caller resolved from the Bearer token (request.userId), and the basket comes back priced.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addToCartBodySchema,
  applyOfferCodeBodySchema,
  assignCartBodySchema,
  cartOwnerParamsSchema,
  cartSchema,
  errorResponseSchema,
  modifyCartBodySchema,
  removeFromCartBodySchema,
  removeOfferCodeBodySchema,
} from '@shop/contract';
import type { CartService } from '@shop/core';

export interface CartRoutesOptions {
  carts: CartService;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const ownership =
  'The basket is the signed-in user\'s when a Bearer token is sent, otherwise (no Authorization header) the anonymous basket of `session_id`. ' +
  'A token that is not valid (unknown, expired or revoked) is a 401, never the anonymous basket. ' +
  '`user_id` (the storefront sends 1), `cart_id` and `price` are ignored.';

export const cartRoutes: FastifyPluginAsync<CartRoutesOptions> = async (app, { carts }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A basket is personal and changes often: never cached by browsers or proxies.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/cart/:sessionOrUserId',
    {
      schema: {
        tags: ['cart'],
        summary: 'The basket of a session (UUID) or of the signed-in user (user id + Bearer token)',
        description:
          'No basket reads as an empty one. Another user\'s basket answers 404; a Bearer token that is sent and not valid, 401.',
        security: [{}, { bearer: [] }],
        params: cartOwnerParamsSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => carts.cartFor(request.userId, request.params.sessionOrUserId),
  );

  api.post(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add packs of a product price to the basket',
        description: `${ownership} qty must be one of the pack's pack_range values; a pack already in the basket gets the added count (at most 1000 per line).`,
        security: [{}, { bearer: [] }],
        body: addToCartBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => carts.add(request.userId, request.body),
  );

  api.put(
    '/cart/ModifyCart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Set the number of packs of a basket line',
        description: `${ownership} A line that is not in the caller's basket answers 404.`,
        security: [{}, { bearer: [] }],
        body: modifyCartBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => carts.modify(request.userId, request.body),
  );

  api.post(
    '/cart/remove',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a line from the basket',
        description: `${ownership} A line that is not in the caller's basket answers 404.`,
        security: [{}, { bearer: [] }],
        body: removeFromCartBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => carts.remove(request.userId, request.body),
  );

  api.put(
    '/cart/code',
    {
      schema: {
        tags: ['cart'],
        summary: 'Not in SPEC 7: enter a discount code for the basket',
        description:
          `${ownership} A code no offer has answers 400 and is not kept. A known code is kept even when it takes nothing off yet ` +
          '(a minimum spend, sign-in needed): `offer_code_problem` says why, and it applies as soon as it can. The basket answers ' +
          'with `discount`, `offers` and the totals after it; checkout charges what the basket shows.',
        security: [{}, { bearer: [] }],
        body: applyOfferCodeBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => carts.applyCode(request.userId, request.body),
  );

  api.delete(
    '/cart/code',
    {
      schema: {
        tags: ['cart'],
        summary: 'Not in SPEC 7: take the discount code off the basket',
        description: ownership,
        security: [{}, { bearer: [] }],
        body: removeOfferCodeBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => carts.removeCode(request.userId, request.body ?? {}),
  );

  api.put(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'After sign-in: move the anonymous basket into the user\'s basket',
        description:
          'Needs the Bearer token of userId. A pack in both baskets keeps the larger of its two counts (never their sum); the other lines are added. The session basket is emptied. Answers the user\'s basket.',
        security: [{ bearer: [] }],
        body: assignCartBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => carts.assignToUser(request.userId, request.body),
  );
};
