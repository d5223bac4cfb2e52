/**
 * Address book, postcode finder and "Deliver to this Address" (SPEC 7). Thin: the contract
 * parses, core decides with the caller from the Bearer token (request.userId).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressesOfUserParamsSchema,
  addressIdParamsSchema,
  addressSchema,
  assignAddressBodySchema,
  cartSchema,
  createAddressBodySchema,
  errorResponseSchema,
  findAddressParamsSchema,
  markAsBillingBodySchema,
  postcodeLookupResponseSchema,
  updateAddressBodySchema,
} from '@shop/contract';
import type { AddressService, CartService, PostcodeSearch } from '@shop/core';
import { attemptLimit, type AttemptLimits } from '../http/attempt-limits.ts';

export interface AddressRoutesOptions {
  addresses: AddressService;
  carts: CartService;
  postcodes: PostcodeSearch;
  /** Postcode look-ups per client IP, counted with the delivery page's (app.ts). */
  attempts: AttemptLimits;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const owner = 'Needs the Bearer token; the address belongs to that user (`user_id` in the body is ignored). Another user\'s address answers 404.';

export const addressRoutes: FastifyPluginAsync<AddressRoutesOptions> = async (app, options) => {
  const { addresses, carts, postcodes } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Personal data: never cached by browsers or proxies.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.post(
    '/address',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Add an address to the signed-in user\'s address book',
        description: `${owner} The user's first address becomes their billing address (type 'Billing').`,
        security: [{ bearer: [] }],
        body: createAddressBodySchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    (request) => addresses.create(request.userId, request.body),
  );

  api.put(
    '/address',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Change one of the signed-in user\'s addresses',
        description: `${owner} The billing mark does not change (use MarkAsBilling).`,
        security: [{ bearer: [] }],
        body: updateAddressBodySchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    (request) => addresses.update(request.userId, request.body),
  );

  api.put(
    '/address/MarkAsBilling',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Make one address the billing address',
        description: `${owner} Answers all of the user's addresses; exactly one has type 'Billing'.`,
        security: [{ bearer: [] }],
        body: markAsBillingBodySchema,
        response: { 200: z.array(addressSchema), ...errors },
      },
    },
    (request) => addresses.markAsBilling(request.userId, request.body),
  );

  api.get(
    '/address/GetBy/:userId',
    {
      schema: {
        tags: ['addresses'],
        summary: 'The signed-in user\'s addresses, oldest first',
        description: 'userId must be the user of the Bearer token; any other answers 404.',
        security: [{ bearer: [] }],
        params: addressesOfUserParamsSchema,
        response: { 200: z.array(addressSchema), ...errors },
      },
    },
    (request) => addresses.listOf(request.userId, request.params.userId),
  );

  api.get(
    '/address/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'One of the signed-in user\'s addresses',
        description: owner,
        security: [{ bearer: [] }],
        params: addressIdParamsSchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    (request) => addresses.get(request.userId, request.params.id),
  );

  api.delete(
    '/address/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Delete one of the signed-in user\'s addresses',
        description:
          `${owner} Past orders keep the address as it was when they were placed (their own copy); a basket delivering to it ` +
          'has no delivery address chosen any more. When the billing address is deleted, the oldest remaining address becomes the ' +
          'billing address. Answers the remaining addresses, oldest first.',
        security: [{ bearer: [] }],
        params: addressIdParamsSchema,
        response: { 200: z.array(addressSchema), ...errors },
      },
    },
    (request) => addresses.delete(request.userId, request.params.id),
  );

  api.put(
    '/cart/AssignAddress',
    {
      schema: {
        tags: ['cart'],
        summary: 'Deliver the basket to one of the user\'s addresses',
        description:
          'Needs the Bearer token. addressId must be one of the user\'s addresses and cartId (when sent) the user\'s basket; otherwise 404. Answers the basket with its address_id.',
        security: [{ bearer: [] }],
        body: assignAddressBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => carts.assignAddress(request.userId, request.body),
  );

  // The storefront calls /api/FindAddress/""/{postcode}; the first segment is a legacy placeholder.
  api.get(
    '/FindAddress/:placeholder/:text',
    {
      preValidation: attemptLimit(options.attempts, 'postcodeLookup'),
      schema: {
        tags: ['addresses'],
        summary: 'Find the addresses of a UK postcode',
        description:
          'Call as `/api/FindAddress/""/{postcode}` (the `""` segment is a placeholder). Answers 200 with a list of addresses, ' +
          'or 200 with `{ status: "Failure", erroMsg }` for a malformed postcode, one with no addresses, or when the provider is unavailable. ' +
          'No sign-in needed; limited per client IP.',
        params: findAddressParamsSchema.extend({ placeholder: z.string().max(20).describe('Send `""`') }),
        response: { 200: postcodeLookupResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const result = await postcodes.search(request.params.text);
      if (result.ok) return result.entries;
      if (result.detail) request.log.warn({ detail: result.detail }, 'postcode lookup unavailable');
      return { status: 'Failure' as const, erroMsg: result.message };
    },
  );
};
