/**
 * Returns and claims through the JSON API (docs/returns.md): read an order's return windows and
 * returns, open one. Owner-checked as the other order calls are: another user's order answers
 * 404. Thin: core's Returns decides the window, the packs and the steps. Photos are sent with the
 * storefront's return form (/order-return, multipart); the JSON call opens a return without them.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, orderIdParamsSchema, RETURN_REASONS, returnRequestAlternatives, returnRequestSchema } from '@shop/contract';
import type { Returns } from '@shop/core';
import { requireUserId } from '../http/authentication.ts';

export interface ReturnRoutesOptions {
  returns: Returns;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

const windowSchema = z.object({
  reason: z.enum(RETURN_REASONS),
  open: z.boolean(),
  delivered_on: z.string().nullable().describe('The London day the windows count from (ISO date)'),
  until: z.string().nullable().describe('The last London day the window is open (ISO date)'),
  text: z.string().describe('What the customer reads: open until when, or closed and why'),
});

const returnSchema = z.object({
  return_id: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  state: z.enum(['requested', 'approved', 'refused', 'received', 'refunded', 'replaced', 'credited']),
  state_label: z.string(),
  description: z.string(),
  fault_found_on: z.string().nullable(),
  window_until: z.string(),
  lines: z.array(z.object({ order_line_id: z.number().int(), count: z.number().int() })),
  photos: z.number().int(),
  steps: z.array(z.object({ kind: z.string(), at: z.string(), text: z.string() })),
});

const orderReturnsSchema = z.object({
  windows: z.array(windowSchema),
  lines: z.array(z.object({ order_line_id: z.number().int(), count: z.number().int(), returnable_count: z.number().int() })),
  returns: z.array(returnSchema),
});

// The storefront's return form reads the same schema (returnRequestFormSchema), so both refuse alike.
const openReturnBodySchema = returnRequestSchema
  .safeExtend({
    fault_found_on: returnRequestSchema.shape.fault_found_on.describe('Faulty goods: the ISO date the fault was found'),
  })
  // The document states the fault day's rule as alternatives (the check itself is the refinement).
  .meta({ anyOf: returnRequestAlternatives.map(documentedInput) });

/** A schema's JSON Schema as a request's body, without the `$schema` line of a document of its own. */
function documentedInput(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input' });
  return json;
}

type Summary = Awaited<ReturnType<Returns['open']>>;
function returnBody(r: Summary): z.infer<typeof returnSchema> {
  return {
    return_id: r.returnId,
    reason: r.reason,
    state: r.state,
    state_label: r.stateLabel,
    description: r.description,
    fault_found_on: r.faultFoundOn,
    window_until: r.windowUntil,
    lines: r.lines.map((l) => ({ order_line_id: l.orderLineId, count: l.count })),
    photos: r.photoCount,
    steps: r.steps.map((s) => ({ kind: s.kind, at: s.at, text: s.text })),
  };
}

export const returnRoutes: FastifyPluginAsync<ReturnRoutesOptions> = async (app, { returns }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/order/:id/returns',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's return windows today and the signed-in user's returns on it",
        description: "Windows are London calendar days from delivery (SPEC 9). Another user's order answers 404.",
        security: [{ bearer: [] }],
        params: orderIdParamsSchema,
        response: { 200: orderReturnsSchema, ...errors },
      },
    },
    async (request) => {
      const found = await returns.forCustomer(requireUserId(request), request.params.id);
      return {
        windows: found.windows.map((w) => ({ reason: w.reason, open: w.open, delivered_on: w.deliveredOn, until: w.until, text: w.text })),
        lines: found.lines.map((l) => ({ order_line_id: l.orderLineId, count: l.count, returnable_count: l.returnableCount })),
        returns: found.returns.map(returnBody),
      };
    },
  );

  api.post(
    '/order/:id/returns',
    {
      schema: {
        tags: ['orders'],
        summary: 'Open a return or claim for packs of the order\'s lines',
        description:
          'Refused (400) when the reason\'s window has closed (the message says why, e.g. "Damage must be reported within 3 days of delivery; ' +
          'this order was delivered on 20 November 2026."), or for more packs than are left outside other returns. Photos are sent with the ' +
          "storefront's form. Another user's order answers 404.",
        security: [{ bearer: [] }],
        params: orderIdParamsSchema,
        body: openReturnBodySchema,
        response: { 200: returnSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const opened = await returns.open(requireUserId(request), request.params.id, {
        reason: body.reason,
        description: body.description,
        faultFoundOn: body.fault_found_on ?? null,
        lines: body.lines.map((l) => ({ orderLineId: l.order_line_id, count: l.count })),
        photos: [],
      });
      return returnBody(opened);
    },
  );
};
