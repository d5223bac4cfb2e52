/**
 * A trade customer's open invoices and statement of account through the JSON API (not in SPEC 7;
 * docs/statements.md), with the same schemas as the storefront's /account/statement page and the
 * same core calls: the caller is the Bearer token's customer, so only their own account is read,
 * and an order of someone else's named in a payment answers 404.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, openInvoicesSchema, paidInvoicesSchema, payInvoicesBodySchema, statementQuerySchema, statementSchema } from '@shop/contract';
import { penceToPounds, Unauthorized, type AccountStatements, type DueCardPayments } from '@shop/core';
import { signInRequiredMessage } from '../http/authentication.ts';

export interface StatementRoutesOptions {
  statements: AccountStatements;
  dueCardPayments: DueCardPayments;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** The signed-in caller (the route's `security` already refused a request without one). */
function customerOf(request: FastifyRequest): number {
  if (request.userId === null) throw new Unauthorized(signInRequiredMessage);
  return request.userId;
}

export const statementRoutes: FastifyPluginAsync<StatementRoutesOptions> = async (app, { statements, dueCardPayments }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  api.get(
    '/account/invoices',
    {
      schema: {
        tags: ['statements'],
        summary: "The signed-in customer's open invoices",
        description:
          'Invoices of orders placed on a trade account with something still due (total less credit notes and payments), oldest due date first, ' +
          'with the days each is past due today (London). Card and bank transfer orders are paid before they leave and are never listed.',
        security: [{ bearer: [] }],
        response: { 200: openInvoicesSchema, ...errors },
      },
    },
    (request) => statements.openInvoices(customerOf(request)),
  );

  api.post(
    '/account/invoices/pay',
    {
      schema: {
        tags: ['statements'],
        summary: 'Pay several open invoices in one card or PayPal payment',
        description:
          'payment_reference is a completed provider payment (PayPal order id; a TEST- id from POST /api/payments/test-order in test mode) of exactly ' +
          "the sum due on the orders named: it is verified with the provider, then recorded against each order, in full, in due-date order, as staff's " +
          'payments are (409 when the amount is not the sum due, an order is cancelled or owes nothing; 402 when the payment is not completed). ' +
          'A verified payment that cannot be recorded is returned through the provider (the answer says so in `payment_returned`). ' +
          "Repeating the request answers `recorded: false`; the payment never pays anything else. An order that is not the caller's is a 404.",
        security: [{ bearer: [] }],
        body: payInvoicesBodySchema,
        response: { 200: paidInvoicesSchema, ...errors, 402: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 502: errorResponseSchema },
      },
    },
    async (request) => {
      const paid = await dueCardPayments.payMany(customerOf(request), request.body.order_ids, request.body.payment_reference);
      return {
        recorded: paid.recorded,
        amount: penceToPounds(paid.amountPence),
        paid: paid.paid.map((part) => ({ order_id: part.orderId, amount: penceToPounds(part.amountPence) })),
      };
    },
  );

  api.get(
    '/account/statement',
    {
      schema: {
        tags: ['statements'],
        summary: "The signed-in customer's statement of account for a month",
        description:
          'The trade account for the month (the current month to today when `month` is left out; a month not yet started is a 400): the opening ' +
          'balance, each invoice, credit note, payment and refund in date order with the running balance, and the closing balance, which is always ' +
          'opening_balance + documents_total - payments_total; the ageing splits it by days past due on the statement date. ' +
          "The same statement as a PDF: GET /api/account/statement/pdf; the browser's page is /account/statement?month=YYYY-MM.",
        security: [{ bearer: [] }],
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...errors },
      },
    },
    (request) => statements.statement(customerOf(request), request.query.month),
  );

  api.get(
    '/account/statement/pdf',
    {
      schema: {
        tags: ['statements'],
        summary: "The signed-in customer's statement of account for a month, as a PDF",
        description: 'As GET /api/account/statement, laid out as the invoices are. The browser\'s link is /account/statement.pdf?month=YYYY-MM.',
        security: [{ bearer: [] }],
        querystring: statementQuerySchema,
        response: {
          200: {
            description: 'The statement (Content-Disposition: inline; filename="statement-2026-11.pdf")',
            content: { 'application/pdf': { schema: z.string().describe('PDF document (binary)') } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await statements.statementPdf(customerOf(request), request.query.month);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${file.filename}"`)
          // Bytes, sent as they are (Fastify never serialises a Buffer); the schema's string is only for the document.
          .send(file.content as unknown as string)
      );
    },
  );
};
