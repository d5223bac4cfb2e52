/**
 * Quick order and shopping lists through the JSON API (not in SPEC 7; docs/quick-order.md). The
 * storefront's /quick-order and /lists pages call the same core use cases in-process, parsing
 * their forms with the same contract schemas. Thin: the contract parses, core decides.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addListToBasketResultSchema,
  errorResponseSchema,
  quickOrderResultSchema,
  quickOrderSchema,
  shoppingListIdParamsSchema,
  shoppingListNameSchema,
  shoppingListSchema,
  shoppingListsSchema,
  shoppingListSummarySchema,
} from '@shop/contract';
import { Unauthorized, type CartService, type QuickOrder, type ShoppingLists } from '@shop/core';

export interface QuickOrderRoutesOptions {
  carts: CartService;
  quickOrder: QuickOrder;
  shoppingLists: ShoppingLists;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const listsNote = 'A list belongs to the customer who saved it; another customer\'s list answers 404 (never 403).';

export const quickOrderRoutes: FastifyPluginAsync<QuickOrderRoutesOptions> = async (app, { carts, quickOrder, shoppingLists }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const customer = (userId: number | null): number => {
    if (userId === null) throw new Unauthorized('Sign in to use shopping lists');
    return userId;
  };

  api.post(
    '/quick-order',
    {
      schema: {
        tags: ['cart'],
        summary: 'Quick order: add packs to the basket by product code, line by line',
        description:
          'Lines come as typed `rows`, pasted `text` (one per line: "CODE, packs", "CODE packs", tab-separated cells, or "CODE, size, pack, packs") ' +
          'and a CSV file\'s text (`csv`, with a header naming code, size, pack and quantity columns, else in that order). ' +
          'A line names a pack as the product page prints it: the product code, the size (may be left out when the product has one size) and the ' +
          'pack\'s units (may be left out when the size has one pack); then the number of packs, 1 to 1000. Each line is checked on its own ' +
          '(unknown code, size, pack, number of packs, and the basket\'s own rules: stock without backorders, at most 1000 packs a line) and the ' +
          'right ones are added to the basket (to what it holds already). The answer is the basket (as GET /api/cart) with `added` and `not_added`, ' +
          'each line by its source and line number; `not_added` says why. A request with no line, or more than 500, is a 400 and adds nothing. ' +
          'The basket is the signed-in user\'s with a Bearer token, else the anonymous basket of `session_id`.',
        security: [{}, { bearer: [] }],
        body: quickOrderSchema,
        response: { 200: quickOrderResultSchema, ...errors },
      },
    },
    (request) => quickOrder.add(carts.ownerOf(request.userId, request.body), request.body),
  );

  api.get(
    '/lists',
    {
      schema: {
        tags: ['cart'],
        summary: "The signed-in customer's shopping lists, the most recently changed first",
        description: listsNote,
        security: [{ bearer: [] }],
        response: { 200: shoppingListsSchema, ...errors },
      },
    },
    (request) => shoppingLists.listsOf(customer(request.userId)),
  );

  api.post(
    '/lists',
    {
      schema: {
        tags: ['cart'],
        summary: 'Save the basket as a new shopping list',
        description: 'Copies every line of the basket (pack and number of packs) under `name`. An empty basket is a 400. The basket is not changed.',
        security: [{ bearer: [] }],
        body: shoppingListNameSchema,
        response: { 200: shoppingListSummarySchema, ...errors },
      },
    },
    (request) => shoppingLists.saveBasket(customer(request.userId), request.body.name),
  );

  api.get(
    '/lists/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'One shopping list with its lines and today\'s prices',
        description: `A line whose pack is no longer sold has \`on_sale: false\` and no price. ${listsNote}`,
        security: [{ bearer: [] }],
        params: shoppingListIdParamsSchema,
        response: { 200: shoppingListSchema, ...errors },
      },
    },
    (request) => shoppingLists.list(customer(request.userId), request.params.id),
  );

  api.put(
    '/lists/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Rename a shopping list',
        description: listsNote,
        security: [{ bearer: [] }],
        params: shoppingListIdParamsSchema,
        body: shoppingListNameSchema,
        response: { 200: shoppingListSummarySchema, ...errors },
      },
    },
    (request) => shoppingLists.rename(customer(request.userId), request.params.id, request.body.name),
  );

  api.delete(
    '/lists/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Delete a shopping list',
        description: `Answers 204. ${listsNote}`,
        security: [{ bearer: [] }],
        params: shoppingListIdParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await shoppingLists.delete(customer(request.userId), request.params.id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/lists/:id/basket',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a shopping list to the basket',
        description:
          'Each line still sold goes into the basket at today\'s price; a pack already in the basket keeps the larger of the two counts (adding a ' +
          'list twice does not double it). Lines that cannot go in are listed in `not_added` with why (no longer sold, or the basket\'s refusal such ' +
          `as not enough stock). The answer is the basket (as GET /api/cart) with \`added\` and \`not_added\`. No body. ${listsNote}`,
        security: [{ bearer: [] }],
        params: shoppingListIdParamsSchema,
        response: { 200: addListToBasketResultSchema, ...errors },
      },
    },
    async (request) => {
      const { name: _name, ...result } = await shoppingLists.addToBasket(customer(request.userId), request.params.id);
      return result;
    },
  );
};
