/** Chooses the payment adapter from configuration (DESIGN section 5): PayPal with credentials, else test payments. */
import type { AppConfig } from '../../config.ts';
import { PayPalVerifier } from './paypal-verifier.ts';
import { TestPayments } from './test-payments.ts';

/** The refunds of card/wallet orders, by the provider that took the money. */
export type ShopRefunds = { paypal?: PayPalVerifier; test: TestPayments };

export type ShopPayments = ({ mode: 'paypal'; clientId: string; verifier: PayPalVerifier } | { mode: 'test'; clientId: null; verifier: TestPayments }) & {
  refunds: ShopRefunds;
};

export function createPayments(config: Pick<AppConfig, 'payments'>): ShopPayments {
  const { paypal, testSecret } = config.payments;
  // Orders paid by a simulated payment are refunded by the simulation, whatever the shop takes now.
  const test = new TestPayments(testSecret);
  if (paypal) {
    const verifier = new PayPalVerifier({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase, timeoutMs: paypal.timeoutMs });
    return { mode: 'paypal', clientId: paypal.clientId, verifier, refunds: { paypal: verifier, test } };
  }
  return { mode: 'test', clientId: null, verifier: test, refunds: { test } };
}
