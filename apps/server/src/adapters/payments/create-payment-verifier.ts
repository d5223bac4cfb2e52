/**
 * Chooses the payment adapter from configuration (DESIGN sections 4 and 5): PayPal with
 * credentials; else simulated test payments where they are allowed (a localhost shop, or
 * PAYMENTS_TEST_MODE=1); else none, and customers pay by bank transfer or on account.
 */
import type { AppConfig } from '../../config.ts';
import { PayPalVerifier } from './paypal-verifier.ts';
import { TestPayments } from './test-payments.ts';

/** The refunds of card/wallet orders, by the provider that took the money. */
export type ShopRefunds = { paypal?: PayPalVerifier; test: TestPayments };

export type ShopPayments = (
  | { mode: 'paypal'; clientId: string; verifier: PayPalVerifier }
  | { mode: 'test'; clientId: null; verifier: TestPayments }
  | { mode: 'none'; clientId: null; verifier: null }
) & { refunds: ShopRefunds };

export function createPayments(config: Pick<AppConfig, 'payments'>): ShopPayments {
  const { paypal, testMode, testSecret } = config.payments;
  // Orders paid by a simulated payment are refunded by the simulation, whatever the shop takes now.
  const test = new TestPayments(testSecret);
  if (paypal) {
    const verifier = new PayPalVerifier({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase, timeoutMs: paypal.timeoutMs });
    return { mode: 'paypal', clientId: paypal.clientId, verifier, refunds: { paypal: verifier, test } };
  }
  if (testMode) return { mode: 'test', clientId: null, verifier: test, refunds: { test } };
  return { mode: 'none', clientId: null, verifier: null, refunds: { test } };
}

/** The start-up log's line saying how this shop takes payments. */
export function paymentModeLine(payments: ShopPayments, paypalEnv: 'sandbox' | 'live' | null): string {
  switch (payments.mode) {
    case 'paypal':
      return `Payments: PayPal (${paypalEnv ?? 'sandbox'}) for cards and wallets, and bank transfer`;
    case 'test':
      return 'Payments: TEST PAYMENTS ARE ON (simulated card payments, no money taken; a localhost address or PAYMENTS_TEST_MODE=1), and bank transfer';
    case 'none':
      return 'Payments: bank transfer only (and trade accounts): PayPal is not configured and test payments are off';
  }
}
