/**
 * No money without an order (DESIGN section 4 "Orders"): a card/wallet payment the provider took
 * (verified COMPLETED) whose order could then not be placed (a size sold out meanwhile, totals
 * changed, a product withdrawn) is given back by the shop itself, and staff see every one.
 *
 * - Once per provider payment: the row is unique by (provider, reference), so placing again with
 *   the same reference, or two requests at once, never returns it twice.
 * - A payment and an order never both: placing takes the reference's transaction lock
 *   (`lockProviderReference`) and refuses a reference recorded here; recording takes the same
 *   lock and records nothing when an order carries the reference. So of two requests racing
 *   with one payment, either the order is placed or the payment is returned, never both.
 * - Returned by a durable job (jobs/), recorded in the same transaction as the row: a provider
 *   that does not answer leaves it pending, and the job tries again with the SAME idempotency key
 *   (PayPal-Request-Id), so a refund the provider made but could not confirm is not made twice.
 *   A refusal (nothing made) marks it failed with the provider's reason and draws a new key for
 *   staff's retry; giving up after the job's last attempt marks it failed and keeps the key.
 * - A network call never runs inside a transaction (as order-administration.ts's refunds).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatPounds } from '@shop/contract';
import { columnsOf, queryRows, unplacedPayments, users, type Database, type Executor, type Row } from '@shop/db';
import { errorForLog } from '../error-for-log.ts';
import { Conflict, DomainError, Forbidden, Invalid, NotFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { JobKind, JobWorkerLog } from '../jobs/job-worker.ts';
import { penceToPounds } from '../pricing/money.ts';
import { can, type StaffMember } from '../staff/staff-roles.ts';
import { PaymentProviderUnavailable, type PaymentRefunds, type VerifiedPayment } from './payment-verifier.ts';

export type UnplacedPaymentProvider = Row<typeof unplacedPayments>['provider'];
export type UnplacedPaymentState = Row<typeof unplacedPayments>['state'];

/** The job that returns one unplaced payment through its provider. */
export const UNPLACED_PAYMENT_REFUND_JOB = 'unplaced-payment-refund';

export const UNPLACED_PAYMENT_STATE_LABELS: Readonly<Record<UnplacedPaymentState, string>> = {
  pending: 'Being returned',
  refunded: 'Returned',
  failed: 'Return failed',
};

export const unplacedPaymentMessages = {
  /** Added to the reason placing gave, for the customer. */
  beingReturned: (amountPence: number, reference: string) =>
    `The payment of ${formatPounds(penceToPounds(amountPence))} you made (reference ${reference}) is being returned to you in full, ` +
    'so you need not contact us; you can pay again once your basket is right.',
  /** A quote's acceptance or a payment of what is due that failed: the same, without the basket. */
  returnedInFull: (amountPence: number, reference: string) =>
    `The payment of ${formatPounds(penceToPounds(amountPence))} you made (reference ${reference}) is being returned to you in full, so you need not contact us.`,
  /** Placing failed for a reason of the shop's (the database away), after the provider took the money. */
  fault: 'Something went wrong on our side, so your payment could not be used.',
  /** Placing again with a payment that is being (or has been) returned. */
  alreadyReturned: (reference: string) =>
    `This payment (reference ${reference}) could not pay for an order and is being returned to you, so no order was placed. ` +
    'Please check your basket and pay again.',
  noteToPayer: 'Your order could not be placed, so we have returned your payment.',
  notPermitted: 'Your role may not see or return payments.',
  notFound: 'There is no such payment.',
  notFailed: 'Only a payment whose return failed can be tried again: reload the page to see how it stands.',
  noRefundProvider: (provider: string) => `Refunds through ${provider} are not configured on this shop, so the payment could not be returned.`,
  gaveUp: (detail: string) => `The payment provider did not confirm the refund after repeated attempts (${detail}). Try again once it is back.`,
  refused: 'The payment provider refused the refund.',
} as const;

/**
 * The one card payment key a payment of what is due is recorded under (order_payments.idempotency_key,
 * payments/due-card-payment.ts): a provider payment recorded so pays an order, and is never returned.
 */
export function cardPaymentRecordKey(reference: string): string {
  return `card-payment:${reference}`;
}

/** What placing knew of a payment it could not turn into an order. */
export interface NewUnplacedPayment {
  provider: UnplacedPaymentProvider;
  reference: string;
  captureId: string | null;
  amountPence: number;
  userId: number;
  /** The customer's message (why no order was placed). */
  reason: string;
}

const LISTED = columnsOf(
  unplacedPayments,
  ['unplacedPaymentId', 'provider', 'reference', 'captureId', 'amountPence', 'userId', 'reason', 'state', 'refundId', 'failureReason', 'attempts', 'createdAt', 'updatedAt', 'refundedAt'],
  'p',
);
const SENT = columnsOf(unplacedPayments, ['unplacedPaymentId', 'provider', 'reference', 'captureId', 'amountPence', 'state', 'idempotencyKey']);
const CUSTOMER = columnsOf(users, ['email', 'firstName', 'lastName'], 'u', { leftJoined: true });

export type UnplacedPaymentRow = ReturnType<typeof LISTED.read> & { customer: { email: string | null; name: string } | null };

/**
 * The reference's lock for the rest of the transaction: placing an order with a provider payment
 * and recording that payment as unplaced take it, so they run one after the other.
 */
export async function lockProviderReference(tx: Executor, reference: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`shop:provider-payment:${reference}`}))`);
}

export interface UnplacedPaymentsOptions {
  jobs: JobQueue;
  /** Refunds through the provider that took the money (PayPal's, the simulated one for test payments). */
  refunds?: Partial<Record<UnplacedPaymentProvider, PaymentRefunds>>;
  log?: JobWorkerLog;
}

/** A refund the provider accepted but has not finished: the job asks again (same key) later. */
class RefundStillPending extends Error {}

export class UnplacedPayments {
  constructor(
    private readonly db: Database,
    private readonly options: UnplacedPaymentsOptions,
  ) {}

  /**
   * Records the payment (once) and its refund job, under the reference's lock. Answers 'recorded'
   * (the job will return it), 'known' (recorded before: nothing more is done) or 'ordered' (an
   * order carries the payment after all: it is not returned).
   */
  async record(payment: NewUnplacedPayment): Promise<'recorded' | 'known' | 'ordered'> {
    const outcome = await this.db.transaction(async (tx) => {
      await lockProviderReference(tx, payment.reference);
      // Paying for an order: the order placed with it, or a payment of what is due recorded with it.
      const ordered = await queryRows<object>(
        tx,
        sql`SELECT 1 FROM orders WHERE payment_method = 'paypal' AND payment_reference = ${payment.reference}
            UNION ALL SELECT 1 FROM order_payments WHERE idempotency_key = ${cardPaymentRecordKey(payment.reference)}`,
      );
      if (ordered.length > 0) return 'ordered' as const;
      const [row] = await queryRows<Pick<Row<typeof unplacedPayments>, 'unplacedPaymentId'>>(
        tx,
        sql`INSERT INTO unplaced_payments (provider, reference, capture_id, amount_pence, user_id, reason, idempotency_key)
            VALUES (${payment.provider}, ${payment.reference}, ${payment.captureId}, ${payment.amountPence}, ${payment.userId}, ${payment.reason.slice(0, 2000)}, ${randomUUID()})
            ON CONFLICT DO NOTHING
            RETURNING unplaced_payment_id AS "unplacedPaymentId"`,
      );
      if (!row) return 'known' as const;
      const unplacedPaymentId = row.unplacedPaymentId;
      await this.options.jobs.record({ kind: UNPLACED_PAYMENT_REFUND_JOB, payload: { unplacedPaymentId }, dedupeKey: `unplaced-payment-refund:${unplacedPaymentId}` }, tx);
      return 'recorded' as const;
    });
    if (outcome === 'recorded') this.options.jobs.wakeWorkers();
    return outcome;
  }

  /** Whether this provider payment is recorded as unplaced (being or been returned). */
  async isRecorded(reference: string, executor: Executor = this.db): Promise<boolean> {
    const rows = await queryRows<object>(executor, sql`SELECT 1 FROM unplaced_payments WHERE reference = ${reference}`);
    return rows.length > 0;
  }

  /**
   * Sends the refund of a pending payment (the job's work) and settles it. Throws when the
   * provider did not answer or has not finished, so the job tries again with the same key.
   */
  async returnPayment(unplacedPaymentId: number): Promise<UnplacedPaymentState> {
    const [raw] = await queryRows<object>(this.db, sql`SELECT ${SENT.list} FROM unplaced_payments WHERE unplaced_payment_id = ${unplacedPaymentId}`);
    if (!raw) throw new NotFound(unplacedPaymentMessages.notFound);
    const payment = SENT.read(raw);
    if (payment.state !== 'pending') return payment.state;
    const refunds = this.options.refunds?.[payment.provider];
    if (!refunds) return this.settle(unplacedPaymentId, 'failed', null, unplacedPaymentMessages.noRefundProvider(payment.provider));
    await this.db.execute(sql`UPDATE unplaced_payments SET attempts = attempts + 1, updated_at = now() WHERE unplaced_payment_id = ${unplacedPaymentId}`);
    // PaymentProviderUnavailable (no answer) propagates: still pending, the job retries.
    const captureId = payment.captureId ?? (await refunds.captureIdOf(payment.reference));
    if (payment.captureId === null) await this.db.execute(sql`UPDATE unplaced_payments SET capture_id = ${captureId} WHERE unplaced_payment_id = ${unplacedPaymentId}`);
    const outcome = await refunds.refund({ captureId, amountPence: payment.amountPence, idempotencyKey: payment.idempotencyKey, noteToPayer: unplacedPaymentMessages.noteToPayer });
    if (outcome.state === 'pending') {
      if (outcome.refundId) await this.db.execute(sql`UPDATE unplaced_payments SET refund_id = ${outcome.refundId} WHERE unplaced_payment_id = ${unplacedPaymentId}`);
      throw new RefundStillPending(`The provider has not finished refund ${outcome.refundId ?? ''} yet`);
    }
    if (outcome.state === 'failed') return this.settle(unplacedPaymentId, 'failed', outcome.refundId, outcome.reason ?? unplacedPaymentMessages.refused, true);
    return this.settle(unplacedPaymentId, 'refunded', outcome.refundId, null);
  }

  /**
   * The pending payment learns its outcome, once. A refusal made nothing, so the next try may
   * (and must, for PayPal answers a used key with its old answer) use a new key.
   */
  private async settle(unplacedPaymentId: number, state: 'refunded' | 'failed', refundId: string | null, reason: string | null, newKey = false): Promise<UnplacedPaymentState> {
    const [row] = await queryRows<Pick<Row<typeof unplacedPayments>, 'state'>>(
      this.db,
      sql`UPDATE unplaced_payments
          SET state = ${state}, refund_id = coalesce(${refundId}, refund_id), failure_reason = ${reason === null ? null : reason.slice(0, 500)},
              refunded_at = ${state === 'refunded' ? sql`now()` : sql`NULL`}, updated_at = now(),
              idempotency_key = ${newKey ? randomUUID() : sql`idempotency_key`}
          WHERE unplaced_payment_id = ${unplacedPaymentId} AND state = 'pending'
          RETURNING state`,
    );
    if (state === 'failed' && row) this.options.log?.error({ unplacedPaymentId, reason }, 'a payment whose order was not placed could not be returned; staff must look at it');
    return row?.state ?? state;
  }

  /** The job's last attempt failed: staff see it failed, with why, and may try again (same key). */
  async gaveUp(unplacedPaymentId: number, error: unknown): Promise<void> {
    const detail = error instanceof PaymentProviderUnavailable ? error.detail : errorForLog(error).message;
    await this.settle(unplacedPaymentId, 'failed', null, unplacedPaymentMessages.gaveUp(detail));
  }

  /** Every such payment, newest first, with its customer: the back office's list (not the warehouse). */
  async list(staff: StaffMember, filter: { state?: UnplacedPaymentState } = {}): Promise<UnplacedPaymentRow[]> {
    if (!can(staff.role, 'payments:view')) throw new Forbidden(unplacedPaymentMessages.notPermitted);
    const rows = await queryRows<object & { customer: object | null }>(
      this.db,
      sql`SELECT ${LISTED.list}, CASE WHEN u.user_id IS NULL THEN NULL ELSE json_build_object(${CUSTOMER.json}) END AS customer
          FROM unplaced_payments p LEFT JOIN users u ON u.user_id = p.user_id
          ${filter.state ? sql`WHERE p.state = ${filter.state}` : sql``}
          ORDER BY p.created_at DESC, p.unplaced_payment_id DESC
          LIMIT 500`,
    );
    return rows.map((raw) => {
      const customer = raw.customer ? CUSTOMER.read(raw.customer) : null;
      return {
        ...LISTED.read(raw),
        customer: customer ? { email: customer.email, name: [customer.firstName, customer.lastName].filter(Boolean).join(' ') } : null,
      };
    });
  }

  /** Staff try a failed return again: pending once more, and a job sends it (now). */
  async retry(staff: StaffMember, unplacedPaymentId: number): Promise<void> {
    if (!can(staff.role, 'payments:record')) throw new Forbidden(unplacedPaymentMessages.notPermitted);
    await this.db.transaction(async (tx) => {
      const [row] = await queryRows<Pick<Row<typeof unplacedPayments>, 'state'>>(
        tx,
        // Two staff at once: the second UPDATE re-reads the row after the first commits and finds it pending.
        sql`UPDATE unplaced_payments SET state = 'pending', failure_reason = NULL, updated_at = now()
            WHERE unplaced_payment_id = ${unplacedPaymentId} AND state = 'failed'
            RETURNING state`,
      );
      if (!row) {
        const known = await queryRows<object>(tx, sql`SELECT 1 FROM unplaced_payments WHERE unplaced_payment_id = ${unplacedPaymentId}`);
        throw known.length > 0 ? new Invalid(unplacedPaymentMessages.notFailed) : new NotFound(unplacedPaymentMessages.notFound);
      }
      // No dedupe key: each retry is its own job; only one gets past state = 'failed' above.
      await this.options.jobs.record({ kind: UNPLACED_PAYMENT_REFUND_JOB, payload: { unplacedPaymentId } }, tx);
    });
    this.options.jobs.wakeWorkers();
  }

  /** The job kind the worker runs. */
  jobKinds(): Record<string, JobKind> {
    return {
      [UNPLACED_PAYMENT_REFUND_JOB]: {
        run: async (job) => {
          await this.returnPayment(Number(job.payload.unplacedPaymentId));
        },
        gaveUp: (job, error) => this.gaveUp(Number(job.payload.unplacedPaymentId), error),
      },
    };
  }
}

export interface TakenPaymentFailure {
  /** The provider that took the money (the verifier's mode). */
  provider: UnplacedPaymentProvider;
  payment: VerifiedPayment;
  userId: number;
  /** Why the order or payment was not placed: a DomainError the customer reads, or anything else (a fault). */
  error: unknown;
  /** The error when the payment pays for an order (or payment) after all: it is not returned. */
  paysSomething: () => unknown;
  /** The sentence added to the customer's message (default: returned in full). */
  beingReturned?: (amountPence: number, reference: string) => string;
  log?: { error(details: object, message: string): void };
}

/**
 * Every card path's one way (DESIGN section 4 "Orders": no money without an order or a recorded
 * payment): a verified COMPLETED payment that then became neither is recorded as unplaced and
 * returned by the job. Answers the error the caller throws: the customer's reason with the
 * sentence saying the payment is being returned (details.payment_returned); a fault (not a
 * DomainError) becomes a 409 saying so. Recording is tried once: when the database does not
 * answer, the log line keeps the reference for staff and the original error stands.
 */
export async function returnTakenPayment(unplaced: Pick<UnplacedPayments, 'record'> | undefined, failure: TakenPaymentFailure): Promise<unknown> {
  const { payment, error } = failure;
  if (!unplaced) return error;
  const reason = error instanceof DomainError ? error.message : unplacedPaymentMessages.fault;
  let recorded: Awaited<ReturnType<UnplacedPayments['record']>>;
  try {
    recorded = await unplaced.record({
      provider: failure.provider,
      reference: payment.reference,
      captureId: payment.captureId ?? null,
      amountPence: payment.amountPence,
      userId: failure.userId,
      reason,
    });
  } catch (recordError) {
    failure.log?.error(
      { reference: payment.reference, amountPence: payment.amountPence, userId: failure.userId, error: errorForLog(recordError), cause: errorForLog(error) },
      'could not record a payment that paid for nothing; it must be returned by hand',
    );
    return error;
  }
  if (recorded === 'ordered') return failure.paysSomething();
  const message = `${reason} ${(failure.beingReturned ?? unplacedPaymentMessages.returnedInFull)(payment.amountPence, payment.reference)}`;
  const details = { ...(error instanceof DomainError ? error.details : {}), payment_returned: { reference: payment.reference, amount: penceToPounds(payment.amountPence) } };
  return error instanceof DomainError ? new DomainError(error.code, message, details) : new Conflict(message, details);
}
