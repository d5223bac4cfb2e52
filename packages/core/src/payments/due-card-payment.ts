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
 * the first recording, and for another order (or one that placed an order) is refused. One
 * payment may pay several orders at once (a trade customer's open invoices, `payMany`): each is
 * paid what is due on it, and the payment must be exactly their sum.
 *
 * No money without an order or a recorded payment (DESIGN section 4 "Orders"): a verified payment
 * that cannot be recorded (the order changed or was cancelled meanwhile, another amount) is
 * recorded as unplaced and returned by the shop (payments/unplaced-payments.ts), as checkout's;
 * never one that pays this or another order already. Recording takes the reference's lock, so a
 * payment is either recorded here or returned, never both.
 */
import { orderVisibleTo } from '../companies/company-access.ts';
import { sql } from 'drizzle-orm';
import { formatPounds } from '@shop/contract';
import { columnsOf, orders, queryRows, type Database, type orderPayments, type Row } from '@shop/db';
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
  chooseOrders: 'Choose at least one invoice to pay.',
  beingReturned: (reference: string) => `This card payment (reference ${reference}) is being returned to you, so it was not recorded. Please reload the page and pay what it shows.`,
} as const;

export interface DueCardPaymentOptions {
  payments: PaymentVerifier | null;
  now?: () => Date;
  /** Returns a verified payment that could not be recorded (without it, it is only refused). */
  unplacedPayments?: Pick<UnplacedPayments, 'record' | 'isRecorded'>;
  log?: { error(details: object, message: string): void };
}

/** What one card payment paid: each order's part, in the order it was allocated. */
export interface PaidOrders {
  /** False when this reference had already paid these orders (a repeated request): nothing new. */
  recorded: boolean;
  amountPence: number;
  paid: { orderId: number; amountPence: number }[];
}

const ORDER = columnsOf(orders, ['orderId', 'status', 'totalPence', 'paidPence', 'refundedPence', 'creditedPence', 'paymentDueDate'], 'o');

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
    const { recorded, amountPence } = await this.payMany(userId, [orderId], reference);
    return { recorded, amountPence };
  }

  /**
   * One card payment `reference` for what is due on several of the customer's orders (their open
   * invoices, docs/statements.md): the payment must be exactly the sum due, and each order is paid
   * in full, recorded as a payment by hand is, allocated in due-date order (then order number),
   * all in one transaction or none. The first allocation carries the reference's one key
   * (cardPaymentRecordKey), so every guard that asks whether a provider payment paid something
   * (placing an order, returning an unplaced payment, paying one order) sees it; the others carry
   * that key with `#order-<id>`. Answers whether it was recorded now, and what each order got.
   */
  async payMany(userId: number, orderIds: readonly number[], reference: string): Promise<PaidOrders> {
    const ids = [...new Set(orderIds)];
    if (ids.length === 0) throw new Invalid(dueCardPaymentMessages.chooseOrders);
    // Verified before the transaction: no network call while holding the orders' locks.
    const payment = await this.verified(reference.trim());
    const key = cardPaymentRecordKey(payment.reference);
    try {
      return await this.record(userId, ids, payment, key);
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

  private record(userId: number, orderIds: readonly number[], payment: VerifiedPayment, key: string): Promise<PaidOrders> {
    return this.db.transaction(async (tx) => {
      // The payment's lock first: recording it as unplaced waits for this transaction, and this one for that.
      await lockProviderReference(tx, payment.reference);
      // Rows locked in order-number order, as every other multi-order change does: no deadlock.
      const rows = await queryRows<object>(
        tx,
        sql`SELECT ${ORDER.list} FROM orders o WHERE o.order_id IN (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) AND ${orderVisibleTo(userId, 'o')} ORDER BY o.order_id FOR UPDATE`,
      );
      const orders = rows.map((row) => ORDER.read(row));
      const missing = orderIds.find((id) => !orders.some((order) => order.orderId === id));
      if (missing !== undefined) throw new NotFound(dueCardPaymentMessages.notFound(missing));
      const earlier = await queryRows<Pick<Row<typeof orderPayments>, 'orderId' | 'amountPence'>>(
        tx,
        sql`SELECT order_id AS "orderId", amount_pence AS "amountPence" FROM order_payments
            WHERE idempotency_key = ${key} OR starts_with(idempotency_key, ${`${key}#order-`}) ORDER BY order_payment_id`,
      );
      if (earlier.length > 0) {
        const same = earlier.length === orderIds.length && earlier.every((row) => orderIds.includes(Number(row.orderId)));
        if (!same) throw new PaymentTaken(dueCardPaymentMessages.used);
        const paid = earlier.map((row) => ({ orderId: Number(row.orderId), amountPence: Number(row.amountPence) }));
        return { recorded: false, amountPence: paid.reduce((sum, row) => sum + row.amountPence, 0), paid };
      }
      const [placed] = await queryRows(tx, sql`SELECT 1 FROM orders WHERE payment_method = 'paypal' AND payment_reference = ${payment.reference}`);
      if (placed) throw new PaymentTaken(dueCardPaymentMessages.used);
      if (await this.options.unplacedPayments?.isRecorded(payment.reference, tx)) throw new PaymentTaken(dueCardPaymentMessages.beingReturned(payment.reference));

      const due = orders.map((order) => {
        if (order.status === 'Cancelled') throw new Conflict(dueCardPaymentMessages.cancelled(order.orderId));
        const figures = paymentFiguresOf(order);
        if (figures.duePence <= 0) throw new Conflict(dueCardPaymentMessages.nothingDue(order.orderId));
        return { order, duePence: figures.duePence };
      });
      const totalDue = due.reduce((sum, entry) => sum + entry.duePence, 0);
      if (payment.amountPence !== totalDue) throw new Conflict(dueCardPaymentMessages.amount(penceToPounds(payment.amountPence), penceToPounds(totalDue)));

      // Due-date order (no due date last), then order number: the oldest debt is paid first.
      due.sort((a, b) => (a.order.paymentDueDate ?? '9999-12-31').localeCompare(b.order.paymentDueDate ?? '9999-12-31') || a.order.orderId - b.order.orderId);
      const paid: { orderId: number; amountPence: number }[] = [];
      for (const [index, { order, duePence }] of due.entries()) {
        await insertOrderPayment(tx, {
          orderId: order.orderId,
          kind: 'payment',
          amountPence: duePence,
          receivedOn: londonDate(this.now()),
          bankReference: payment.reference,
          staffId: null,
          idempotencyKey: index === 0 ? key : `${key}#order-${order.orderId}`,
        });
        await tx.execute(sql`UPDATE orders SET paid_pence = paid_pence + ${duePence}, version = version + 1 WHERE order_id = ${order.orderId}`);
        await insertOrderEvent(tx, {
          orderId: order.orderId,
          staffId: null,
          kind: 'payment_recorded',
          before: { paid_pence: order.paidPence },
          after: {
            paid_pence: order.paidPence + duePence,
            amount_pence: duePence,
            paid_by: 'card, by the customer',
            provider_reference: payment.reference,
            ...(due.length > 1 ? { one_payment_for_orders: due.map((entry) => entry.order.orderId) } : {}),
          },
        });
        paid.push({ orderId: order.orderId, amountPence: duePence });
      }
      return { recorded: true, amountPence: payment.amountPence, paid };
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
