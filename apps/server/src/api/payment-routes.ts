/**
 * Payments seen by the browser (DESIGN section 5): which provider the payment tab should load,
 * and in test mode a simulated provider order to pay with. The server verifies every payment
 * again when the order is placed (order-routes.ts), so nothing here is trusted.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, paymentsConfigSchema, testPaymentBodySchema, testPaymentResponseSchema } from '@shop/contract';
import { NotFound, poundsToPence } from '@shop/core';
import type { ShopPayments } from '../adapters/payments/create-payment-verifier.ts';

export const TEST_PAYMENTS_OFF = 'Test payments are off: this shop takes real payments only.';

export interface PaymentRoutesOptions {
  payments: ShopPayments;
}

export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, { payments }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'How the payment tab takes card/wallet payments',
        description:
          "'paypal': load PayPal's JS SDK with clientId (currency GBP, intent capture). 'test': show the labelled test button instead. " +
          "'none': no card or wallet payments; offer bank transfer (and pay on account).",
        response: { 200: paymentsConfigSchema },
      },
    },
    () => ({ mode: payments.mode, clientId: payments.clientId, currency: 'GBP' as const }),
  );

  api.post(
    '/payments/test-order',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test mode only: a simulated provider order, already COMPLETED, for an amount in GBP',
        description:
          'Send its id as payment_reference with payment_method "paypal" to POST /api/order. Each id pays for one order. ' +
          '404 unless the shop runs test payments (no PayPal, and a localhost address or PAYMENTS_TEST_MODE=1).',
        body: testPaymentBodySchema,
        response: { 200: testPaymentResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => {
      // DESIGN section 4: simulated payments only on a localhost shop or with PAYMENTS_TEST_MODE=1.
      if (payments.mode !== 'test') throw new NotFound(TEST_PAYMENTS_OFF);
      return { id: payments.verifier.createOrder(poundsToPence(request.body.amount)) };
    },
  );
};
