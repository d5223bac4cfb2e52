/**
 * Checkout and orders (SPEC 7, DESIGN section 4 "Orders"): place the basket as an order, read
 * one order or the order history, and the storefront's order log. Thin: core's OrderPlacement
 * does the one transaction; the caller comes from the Bearer token.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  myOrdersQuerySchema,
  orderConflictSchema,
  idempotencyKeyReusedSchema,
  orderIdParamsSchema,
  orderCreditNoteParamsSchema,
  orderLogBodySchema,
  orderSchema,
  placeOrderBodySchema,
  reorderResultSchema,
} from '@shop/contract';
import type { DocumentService, OrderPlacement, OrderService, Reorder } from '@shop/core';
import type { RateLimitStore } from '../http/rate-limit-store.ts';

export interface OrderRoutesOptions {
  orders: OrderService;
  placement: OrderPlacement;
  /** "Order again" (POST /api/order/{id}/reorder). */
  reorder: Reorder;
  /** The order's VAT invoice and credit notes (GET /api/order/{id}/invoice, /credit-notes/{number}). */
  documents: DocumentService;
  /** Order-log reports per client IP per minute. */
  orderLogRateLimitPerMinute: number;
  /** Where the order-log limit counts (shared by every process with REDIS_URL). */
  rateLimits: RateLimitStore;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, { orders, placement, reorder, documents, orderLogRateLimitPerMinute, rateLimits }) => {
  await rateLimits.register(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.post(
    '/order',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place the signed-in user\'s basket as an order',
        description:
          'One transaction: the basket is priced from the database, compared with the totals sent (409 with the fresh `totals` when they differ), ' +
          'written as an order with status PendingDelivery and emptied. An empty basket is a 400. ' +
          "Bank transfer and on account: the order's own payment reference (the shop's prefix, a hyphen and six characters, e.g. BXW-7KQ4MC), " +
          'the one the payment page showed for the basket, else a new one; read it from GET /api/order/{id}. ' +
          'PayPal (or test payments, only where the shop runs them: a TEST- payment is a 402 elsewhere): payment_reference is the provider ' +
          'order id, verified first: COMPLETED, GBP, amount = total and never used before (402, 409 or 502 otherwise; nothing is placed). ' +
          'A verified payment whose order then cannot be placed (a line sold out meanwhile, totals changed) is returned through the provider by the shop ' +
          '(409 with `payment_returned`); the same payment never places an order afterwards. ' +
          'Send an `Idempotency-Key` header (a UUID): repeating the request with the same key answers the same order id; ' +
          'the same key with a different body is a 422 (nothing placed). Without the header every request places an order; ' +
          'an empty or malformed key is a 400 (nothing placed): leave the header out rather than send it empty. ' +
          "On account (not in SPEC 7): a 403 without an open trade account, a 402 when the total is over the account's available credit. " +
          "A company's buyer (not in SPEC 7): a 403 with `limit` when the order is over their limit per order or per month; send it for approval with POST /api/company/approvals. " +
          'Answers the order id as a bare JSON number.',
        security: [{ bearer: [] }],
        headers: z.object({
          [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema
            .optional()
            .describe('Optional; when sent, 1-100 letters, digits, ".", "_", ":" or "-" (a UUID is ideal). An empty value is a 400, as is any other malformed key.'),
        }),
        body: placeOrderBodySchema,
        response: {
          200: z.number().int().describe('The order id'),
          ...errors,
          402: errorResponseSchema,
          403: errorResponseSchema.extend({
            limit: z.enum(['order', 'month']).optional().describe("A company buyer's order over this limit (ex VAT): it needs an admin's approval (POST /api/company/approvals)"),
          }),
          409: orderConflictSchema,
          422: idempotencyKeyReusedSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const placed = await placement.place(request.userId, { body: request.body, idempotencyKey });
      if (!placed.created) reply.header('idempotent-replayed', 'true');
      return placed.orderId;
    },
  );

  api.get(
    '/order/GetMine',
    {
      schema: {
        tags: ['orders'],
        summary: 'The signed-in user\'s orders, newest first',
        description:
          'Filter matches part of the order number or of the payment reference, in any letter case; empty lists all (the newest 500). ' +
          'Each order comes with its orderLines; billing_address is only in GET /api/order/{id}.',
        security: [{ bearer: [] }],
        querystring: myOrdersQuerySchema,
        response: { 200: z.array(orderSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    (request) => orders.mine(request.userId, request.query.Filter ?? request.query.filter),
  );

  api.get(
    '/order/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the signed-in user\'s orders, with its lines',
        description: 'Another user\'s order answers 404. Lines, prices and the delivery address are as they were when the order was placed.',
        security: [{ bearer: [] }],
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => orders.detail(request.userId, request.params.id),
  );

  api.get(
    '/order/:id/invoice',
    {
      schema: {
        tags: ['orders'],
        summary: "The VAT invoice of one of the signed-in user's orders, as a PDF",
        description:
          'A full VAT invoice (HMRC): a number from one gapless sequence, invoice date and time of supply, the shop and the customer ' +
          '(billing address, company and VAT number when given), each line with quantity, unit price ex-VAT, VAT rate and amount, ' +
          'totals ex-VAT, VAT and gross in GBP. Available once the order is paid in full, or for an order on a trade account once it is ' +
          'dispatched; the first request issues the invoice, later ones answer the same document. 409 when the order has no invoice yet ' +
          "(the message says why); another user's order answers 404. The browser's link is /order-invoice?orderId={id}.",
        security: [{ bearer: [] }],
        params: orderIdParamsSchema,
        response: {
          200: {
            description: 'The invoice (Content-Disposition: inline; filename="invoice-INV-000042.pdf")',
            content: { 'application/pdf': { schema: z.string().describe('PDF document (binary)') } },
          },
          ...errors,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await documents.customerInvoicePdf(request.userId, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        // Bytes, sent as they are (Fastify never serialises a Buffer); the schema's string is only for the document.
        .send(file.content as unknown as string);
    },
  );

  api.get(
    '/order/:id/credit-notes/:number',
    {
      schema: {
        tags: ['orders'],
        summary: "One VAT credit note of one of the signed-in user's orders, as a PDF",
        description:
          'Issued when an invoiced order is cancelled or refunded (its own gapless sequence, printed CN-000042): its number and date, ' +
          'the credited invoice\'s number and date, the reason, what is credited with the VAT rate, and the totals credited. ' +
          "Another user's order, or a number that is not one of this order's credit notes, answers 404. The browser's link is " +
          '/order-credit-note?orderId={id}&number={number}.',
        security: [{ bearer: [] }],
        params: orderCreditNoteParamsSchema,
        response: {
          200: {
            description: 'The credit note (Content-Disposition: inline; filename="credit-note-CN-000042.pdf")',
            content: { 'application/pdf': { schema: z.string().describe('PDF document (binary)') } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await documents.customerCreditNotePdf(request.userId, request.params.id, request.params.number);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content as unknown as string);
    },
  );

  api.post(
    '/order/:id/reorder',
    {
      schema: {
        tags: ['orders'],
        summary: "Order again: put a past order's lines into the signed-in user's basket at today's prices",
        description:
          "The order's lines that are still on sale are added to the basket at today's prices; a pack already in the basket keeps the larger " +
          'of the two counts (never doubled). Lines no longer sold are left out. Answers the basket (as GET /api/cart) plus `changes`: ' +
          "each line whose price changed since the order ('Cardboard Box 12x9x6, pack of 25: now £12.40 (was £11.90)') and each line no " +
          "longer sold ('Bubble Wrap 500mm is no longer sold'). Another user's order answers 404. No body.",
        security: [{ bearer: [] }],
        params: orderIdParamsSchema,
        response: { 200: reorderResultSchema, ...errors },
      },
    },
    (request) => reorder.reorder(request.userId, request.params.id),
  );

  api.post(
    '/OrderLog',
    {
      config: { rateLimit: { max: orderLogRateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['orders'],
        summary: 'Report a checkout problem (card/wallet errors) to the shop\'s order log',
        description:
          'Each field is text of at most 4000 characters (other JSON values are stored as JSON text). The user of the Bearer token, if any, is recorded ' +
          '(a token that is sent must be valid: 401 otherwise); `user_id` in the body is ignored. Limited per client IP. Answers 204 with no body.',
        security: [{}, { bearer: [] }],
        body: orderLogBodySchema,
        response: { 204: z.undefined().describe('Recorded'), 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await orders.log(request.userId, request.body);
      return reply.code(204).send();
    },
  );
};
