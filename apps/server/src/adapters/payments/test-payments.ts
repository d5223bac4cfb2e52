/**
 * "Test payments": the payment adapter when PayPal is not configured (DESIGN section 5). The
 * payment tab's clearly labelled test button asks POST /api/payments/test-order for a
 * simulated provider order, already COMPLETED, for an amount in GBP, and sends its id as the
 * payment reference; checkout verifies it like a PayPal order.
 *
 * Stateless, so any number of processes agree: the id carries the amount and a random nonce,
 * signed with HMAC-SHA256 under the configured key (PAYMENTS_TEST_SECRET, by default derived
 * from the database location, see config.ts). Anyone may mint a test payment (that is the
 * point of test mode), so the signature guards only against an id that was typed or edited
 * by hand; the unique index on provider references still lets each id pay for one order.
 *
 * Refunds of test orders are simulated too: always completed, with a refund id derived from
 * the refund's key (the same key answers the same refund, as PayPal's PayPal-Request-Id does).
 * The shop checks the amount against what was paid before sending, as for PayPal.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PAYMENT_COMPLETED,
  PaymentReferenceUnknown,
  type PaymentRefunds,
  type PaymentVerifier,
  type Pence,
  type RefundOutcome,
  type RefundRequest,
  type VerifiedPayment,
} from '@shop/core';

const ID_PATTERN = /^TEST-(\d{1,9})-([0-9a-f]{16})-([A-Za-z0-9_-]{22})$/;

export class TestPayments implements PaymentVerifier, PaymentRefunds {
  readonly mode = 'test' as const;
  readonly provider = 'test' as const;

  constructor(private readonly secret: string) {
    if (secret.length < 16) throw new Error('The test payments key must be at least 16 characters');
  }

  /** A simulated provider order id for the amount, e.g. TEST-4599-3f9c0e1a2b4d5c6e-<signature>. */
  createOrder(amountPence: Pence): string {
    if (!Number.isSafeInteger(amountPence) || amountPence <= 0 || amountPence > 999_999_999) {
      throw new RangeError('amountPence must be a positive whole number of pence');
    }
    const unsigned = `TEST-${amountPence}-${randomBytes(8).toString('hex')}`;
    return `${unsigned}-${this.sign(unsigned)}`;
  }

  async verify(reference: string): Promise<VerifiedPayment> {
    const match = ID_PATTERN.exec(reference);
    if (!match) throw new PaymentReferenceUnknown(reference);
    const unsigned = `TEST-${match[1]}-${match[2]}`;
    const expected = Buffer.from(this.sign(unsigned));
    const given = Buffer.from(match[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new PaymentReferenceUnknown(reference);
    // The simulated order is its own capture.
    return { reference, status: PAYMENT_COMPLETED, currency: 'GBP', amountPence: Number(match[1]), captureId: reference };
  }

  async captureIdOf(reference: string): Promise<string> {
    return (await this.verify(reference)).reference;
  }

  /** A simulated refund: completed at once; its id follows from the key, so a retry answers the same refund. */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    await this.verify(request.captureId);
    return { state: 'completed', refundId: `TEST-REFUND-${this.sign(request.idempotencyKey).slice(0, 16)}` };
  }

  private sign(unsigned: string): string {
    // 128 bits of the HMAC, base64url: 22 characters.
    return createHmac('sha256', this.secret).update(unsigned).digest().subarray(0, 16).toString('base64url');
  }
}
