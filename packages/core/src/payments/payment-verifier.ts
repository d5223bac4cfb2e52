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
  /** The capture that took the money (what a refund is sent against); null when the provider did not say. */
  captureId?: string | null;
}

export interface PaymentVerifier {
  /** 'paypal' with PayPal credentials; 'test' for the simulated provider. */
  readonly mode: 'paypal' | 'test';
  /** Throws PaymentReferenceUnknown for a reference the provider does not know, PaymentProviderUnavailable when it cannot answer. */
  verify(reference: string): Promise<VerifiedPayment>;
}

export const PAYMENT_COMPLETED = 'COMPLETED';

/** A refund to send through the provider (DESIGN sections 4 and 10). */
export interface RefundRequest {
  /** The provider's capture of the payment (orders.provider_capture_id). */
  captureId: string;
  amountPence: Pence;
  /**
   * The shop's key for this refund, sent with every attempt (PayPal-Request-Id): the provider
   * answers a repeated key with the refund it already made, so a retry never refunds twice.
   */
  idempotencyKey: string;
  /** A few words the customer reads on their statement or in their wallet. */
  noteToPayer?: string;
}

/** What the provider did: refunded, still working on it, or refused (with its reason, for staff). */
export interface RefundOutcome {
  state: 'completed' | 'pending' | 'failed';
  /** The provider's refund id; null when it refused before making one. */
  refundId: string | null;
  reason?: string;
}

/**
 * Refunds through the payment provider. `refund` throws PaymentProviderUnavailable when the
 * provider does not answer in time or answers 5xx: the refund may or may not have been made,
 * so the shop keeps it pending and retries with the same key.
 */
export interface PaymentRefunds {
  readonly provider: 'paypal' | 'test';
  /** The capture of a provider order placed before captures were recorded (asks the provider). */
  captureIdOf(reference: string): Promise<string>;
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

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
