/**
 * A customer pays by card what is still due on an order they already have (DESIGN section 10
 * "Money"): typically the difference after made-to-order lines were delivered over the units
 * ordered (the ±10% rule, SPEC 9), which a card order otherwise could only settle by bank
 * transfer. The payment is verified with the provider as checkout's is (completed, in pounds,
 * exactly what is due), then recorded with the same rows a payment recorded by hand leaves
 * (back-office/orders/order-payments.ts): the `order_payments` record and the audit entry, and
 * the order's `paid_pence`, in one transaction under the order's row lock.
 *
 * A provider reference pays one thing only: the payment record carries `card-payment:<reference>`
 * as its idempotency key (unique), so the same reference sent twice for the same order answers
 * the first recording, and for another order (or one that placed an order) is refused.
 *
 * No money without an order or a recorded payment (DESIGN section 4 "Orders"): a verified payment
 * that cannot be recorded (the order changed or was cancelled meanwhile, another amount) is
 * recorded as unplaced and returned by the shop (payments/unplaced-payments.ts), as checkout's;
 * never one that pays this or another order already. Recording takes the reference's lock, so a
 * payment is either recorded here or returned, never both.
 */
import { sql } from 'drizzle-orm';
import { formatPounds } from '@shop/contract';
import { queryRows, type Database } from '@shop/db';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { Conflict, Invalid, NotFound, PaymentRequired } from '../errors.ts';
import { isUniqueViolationOf } from '../database-errors.ts';
import { paymentFiguresOf } from '../back-office/orders/order-states.ts';
import { insertOrderEvent, insertOrderPayment } from '../back-office/orders/order-payments.ts';
import { penceToPounds } from '../pricing/money.ts';
import { PAYMENT_COMPLETED, PaymentReferenceUnknown, type PaymentVerifier, type VerifiedPayment } from './payment-verifier.ts';
import { cardPaymentRecordKey, lockProviderReference, returnTakenPayment, type UnplacedPayments } from './unplaced-payments.ts';

export const dueCardPaymentMessages = {
  notFound: (orderId: number) => `You have no order ${orderId}.`,
  cardPaymentsOff: 'Card payments are not available at the moment. Please pay by bank transfer with your payment reference.',
  testPaymentsOff: 'This is a test payment, and this shop takes real payments only, so nothing was paid.',
  notCompleted: 'The card payment has not been completed, so nothing was paid. Please try again.',
  currency: 'The card payment is not in pounds sterling, so nothing was paid.',
  cancelled: (orderId: number) => `Order ${orderId} is cancelled: there is nothing to pay.`,
  nothingDue: (orderId: number) => `Nothing is due on order ${orderId}.`,
  amount: (paid: number, due: number) => `The card payment of ${formatPounds(paid)} is not the ${formatPounds(due)} due, so it was not recorded. Please reload the page and pay what it shows.`,
  used: 'This card payment has already been used, so it was not recorded again.',
  beingReturned: (reference: string) => `This card payment (reference ${reference}) is being returned to you, so it was not recorded. Please reload the page and pay what it shows.`,
} as const;

export interface DueCardPaymentOptions {
  payments: PaymentVerifier | null;
  now?: () => Date;
  /** Returns a verified payment that could not be recorded (without it, it is only refused). */
  unplacedPayments?: Pick<UnplacedPayments, 'record' | 'isRecorded'>;
  log?: { error(details: object, message: string): void };
}

/** The payment pays this or another order already, or is being returned: refused, never returned for this request. */
class PaymentTaken extends Conflict {}

export class DueCardPayments {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: DueCardPaymentOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Records the customer's card payment `reference` against their order. Answers whether it was
   * recorded now (false: this reference had already paid this order, nothing new).
   */
  async pay(userId: number, orderId: number, reference: string): Promise<{ recorded: boolean; amountPence: number }> {
    // Verified before the transaction: no network call while holding the order's lock.
    const payment = await this.verified(reference.trim());
    const key = cardPaymentRecordKey(payment.reference);
    try {
      return await this.record(userId, orderId, payment, key);
    } catch (error) {
      // The same reference paying another order at the same moment: the unique key decides.
      if (isUniqueViolationOf(error, 'order_payments_idempotency_key')) throw new PaymentTaken(dueCardPaymentMessages.used);
      if (error instanceof PaymentTaken || !this.options.payments) throw error;
      throw await returnTakenPayment(this.options.unplacedPayments, {
        provider: this.options.payments.mode,
        payment,
        userId,
        error,
        paysSomething: () => new PaymentTaken(dueCardPaymentMessages.used),
        log: this.options.log,
      });
    }
  }

  private record(userId: number, orderId: number, payment: VerifiedPayment, key: string): Promise<{ recorded: boolean; amountPence: number }> {
    return this.db.transaction(async (tx) => {
      // The payment's lock first: recording it as unplaced waits for this transaction, and this one for that.
      await lockProviderReference(tx, payment.reference);
      const [order] = await queryRows<{ status: string; total_pence: number; paid_pence: number; refunded_pence: number; payment_reference: string; payment_method: string }>(
        tx,
        sql`SELECT status, total_pence, paid_pence, refunded_pence, payment_reference, payment_method FROM orders WHERE order_id = ${orderId} AND user_id = ${userId} FOR UPDATE`,
      );
      if (!order) throw new NotFound(dueCardPaymentMessages.notFound(orderId));
      const [earlier] = await queryRows<{ order_id: number; amount_pence: number }>(tx, sql`SELECT order_id, amount_pence FROM order_payments WHERE idempotency_key = ${key}`);
      if (earlier) {
        if (Number(earlier.order_id) === orderId) return { recorded: false, amountPence: Number(earlier.amount_pence) };
        throw new PaymentTaken(dueCardPaymentMessages.used);
      }
      const [placed] = await queryRows(tx, sql`SELECT 1 FROM orders WHERE payment_method = 'paypal' AND payment_reference = ${payment.reference}`);
      if (placed) throw new PaymentTaken(dueCardPaymentMessages.used);
      if (await this.options.unplacedPayments?.isRecorded(payment.reference, tx)) throw new PaymentTaken(dueCardPaymentMessages.beingReturned(payment.reference));
      if (order.status === 'Cancelled') throw new Conflict(dueCardPaymentMessages.cancelled(orderId));
      const figures = paymentFiguresOf({ status: order.status, totalPence: Number(order.total_pence), paidPence: Number(order.paid_pence), refundedPence: Number(order.refunded_pence) });
      if (figures.duePence <= 0) throw new Conflict(dueCardPaymentMessages.nothingDue(orderId));
      if (payment.amountPence !== figures.duePence) throw new Conflict(dueCardPaymentMessages.amount(penceToPounds(payment.amountPence), penceToPounds(figures.duePence)));

      await insertOrderPayment(tx, {
        orderId,
        kind: 'payment',
        amountPence: payment.amountPence,
        receivedOn: londonDate(this.now()),
        bankReference: payment.reference,
        staffId: null,
        idempotencyKey: key,
      });
      await tx.execute(sql`UPDATE orders SET paid_pence = paid_pence + ${payment.amountPence}, version = version + 1 WHERE order_id = ${orderId}`);
      await insertOrderEvent(tx, {
        orderId,
        staffId: null,
        kind: 'payment_recorded',
        before: { paid_pence: Number(order.paid_pence) },
        after: { paid_pence: Number(order.paid_pence) + payment.amountPence, amount_pence: payment.amountPence, paid_by: 'card, by the customer', provider_reference: payment.reference },
      });
      return { recorded: true, amountPence: payment.amountPence };
    });
  }

  private async verified(reference: string): Promise<VerifiedPayment> {
    const verifier = this.options.payments;
    if (reference === '') throw new Invalid(dueCardPaymentMessages.notCompleted);
    if (/^TEST-/i.test(reference) && verifier?.mode !== 'test') throw new PaymentRequired(dueCardPaymentMessages.testPaymentsOff);
    if (!verifier) throw new Invalid(dueCardPaymentMessages.cardPaymentsOff);
    try {
      const payment = await verifier.verify(reference);
      if (payment.status !== PAYMENT_COMPLETED) throw new PaymentRequired(dueCardPaymentMessages.notCompleted);
      if (payment.currency !== 'GBP') throw new PaymentRequired(dueCardPaymentMessages.currency);
      return { ...payment, reference };
    } catch (error) {
      if (error instanceof PaymentReferenceUnknown) throw new PaymentRequired(dueCardPaymentMessages.notCompleted);
      throw error;
    }
  }
}
