/** Chooses the payment adapter from configuration (DESIGN section 5): PayPal with credentials, else test payments. */
import type { AppConfig } from '../../config.ts';
import { PayPalVerifier } from './paypal-verifier.ts';
import { TestPayments } from './test-payments.ts';

export type ShopPayments = { mode: 'paypal'; clientId: string; verifier: PayPalVerifier } | { mode: 'test'; clientId: null; verifier: TestPayments };

export function createPayments(config: Pick<AppConfig, 'payments'>): ShopPayments {
  const { paypal, testSecret } = config.payments;
  if (paypal) {
    return {
      mode: 'paypal',
      clientId: paypal.clientId,
      verifier: new PayPalVerifier({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase, timeoutMs: paypal.timeoutMs }),
    };
  }
  return { mode: 'test', clientId: null, verifier: new TestPayments(testSecret) };
}
