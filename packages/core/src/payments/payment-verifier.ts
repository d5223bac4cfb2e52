/**
 * The payment port (DESIGN section 5). The customer pays in the browser (PayPal's buttons, or
 * the test button); the server never trusts that: before placing a card/wallet order it asks
 * the provider what the payment reference really is, and compares status, currency and amount.
 */
import type { Pence } from '../pricing/money.ts';

export interface VerifiedPayment {
  /** The provider's order id as verified. */
  reference: string;
  /** The provider's status, e.g. COMPLETED (the only one that pays for an order). */
  status: string;
  /** ISO 4217 code, e.g. GBP. */
  currency: string;
  amountPence: Pence;
}

export interface PaymentVerifier {
  /** 'paypal' with PayPal credentials; 'test' for the simulated provider. */
  readonly mode: 'paypal' | 'test';
  /** Throws PaymentReferenceUnknown for a reference the provider does not know, PaymentProviderUnavailable when it cannot answer. */
  verify(reference: string): Promise<VerifiedPayment>;
}

export const PAYMENT_COMPLETED = 'COMPLETED';

/** The provider is down, slow or refused the shop's credentials. `detail` is for the log. */
export class PaymentProviderUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`Payment provider unavailable: ${detail}`);
    this.name = 'PaymentProviderUnavailable';
  }
}

/** The provider has no payment with this reference. */
export class PaymentReferenceUnknown extends Error {
  constructor(readonly reference: string) {
    super(`The payment provider has no payment ${reference}`);
    this.name = 'PaymentReferenceUnknown';
  }
}
