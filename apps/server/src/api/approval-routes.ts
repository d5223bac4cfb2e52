/**
 * Approval requests through the API (docs/companies.md): a buyer sends their basket for
 * approval when it is over a limit; the company's admins list, approve and decline requests.
 * Everything acts on the company of the Bearer token's user: there is no company id in any
 * path; a request of another company, or of another buyer for a buyer, answers 404. The bodies
 * are the pages' schemas (approvalRequestBodySchema, approvalDeclineSchema).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalDeclineSchema, approvalIdParamsSchema, approvalRequestBodySchema, approvalRequestSchema, errorResponseSchema, orderConflictSchema } from '@shop/contract';
import type { Approvals } from '@shop/core';
import { requireUserId } from '../http/authentication.ts';

export interface ApprovalRoutesOptions {
  approvals: Approvals;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const admins = "Needs the Bearer token of an admin of the request's company (403 for its buyers and viewers; 404 for anyone outside the company).";
const listQuerySchema = z.object({
  state: z.enum(['waiting', 'all']).default('all').describe("'waiting': only those an admin can still decide (waiting and within their hold)"),
});

export const approvalRoutes: FastifyPluginAsync<ApprovalRoutesOptions> = async (app, { approvals }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/company/approvals',
    {
      schema: {
        tags: ['companies'],
        summary: 'Approval requests: orders over a buyer’s limit waiting for an admin, and those decided',
        description:
          "A buyer sees their own requests; the company's admins and viewers see every request of the company; a customer of no company gets an empty list. Newest first, at most 200.",
        security: [{ bearer: [] }],
        querystring: listQuerySchema,
        response: { 200: z.array(approvalRequestSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    (request) => approvals.list(requireUserId(request), request.query.state),
  );

  api.get(
    '/company/approvals/:requestId',
    {
      schema: {
        tags: ['companies'],
        summary: 'One approval request',
        description: 'Its lines at the prices held, its state and what the caller may do with it (`can`).',
        security: [{ bearer: [] }],
        params: approvalIdParamsSchema,
        response: { 200: approvalRequestSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => approvals.get(requireUserId(request), request.params.requestId),
  );

  api.post(
    '/company/approvals',
    {
      schema: {
        tags: ['companies'],
        summary: "A buyer sends their basket for approval (an order over their limit)",
        description:
          'The basket is priced as POST /api/order prices it and must be over one of the buyer\'s limits (400 when it is within them: place it). ' +
          "Its prices are held for 7 days; the basket is emptied of its lines; the company's admins are e-mailed. No stock is taken until it is approved. " +
          "It is paid on the company's trade account when there is an open one, else the buyer pays the order once it is approved. " +
          'Totals different from the server\'s answer 409 with the fresh ones, and nothing is sent.',
        security: [{ bearer: [] }],
        body: approvalRequestBodySchema,
        response: { 201: approvalRequestSchema, ...errors, 409: orderConflictSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await approvals.request(requireUserId(request), request.body)),
  );

  api.post(
    '/company/approvals/:requestId/approve',
    {
      schema: {
        tags: ['companies'],
        summary: 'Approve a request: the order is placed now',
        description:
          `${admins} The order is placed for the buyer at the prices held, with its stock allocated now: \`state\` 'placed' and \`order_id\`. ` +
          "When a product was withdrawn, the stock is short or the account's credit does not cover it, nothing is placed: `state` 'not-placed', " +
          '`changes` says why, and the buyer is e-mailed it. 409 once decided by someone else, or after its hold. Approving a placed request again answers it as it is.',
        security: [{ bearer: [] }],
        params: approvalIdParamsSchema,
        response: { 200: approvalRequestSchema, ...errors },
      },
    },
    (request) => approvals.approve(requireUserId(request), request.params.requestId),
  );

  api.post(
    '/company/approvals/:requestId/decline',
    {
      schema: {
        tags: ['companies'],
        summary: 'Decline a request, with a reason the buyer is e-mailed',
        description: `${admins} 409 once it was decided, or after its hold.`,
        security: [{ bearer: [] }],
        params: approvalIdParamsSchema,
        body: approvalDeclineSchema,
        response: { 200: approvalRequestSchema, ...errors },
      },
    },
    (request) => approvals.decline(requireUserId(request), request.params.requestId, request.body),
  );

  api.post(
    '/company/approvals/:requestId/withdraw',
    {
      schema: {
        tags: ['companies'],
        summary: 'The buyer who asked withdraws their request',
        description: 'Only the buyer who asked (403 for anyone else in the company), while it waits or after its hold.',
        security: [{ bearer: [] }],
        params: approvalIdParamsSchema,
        response: { 200: approvalRequestSchema, ...errors },
      },
    },
    (request) => approvals.withdraw(requireUserId(request), request.params.requestId),
  );
};
