/**
 * The rows a staff member's change to an order's money leaves (DESIGN section 10 "Orders"),
 * written the same way whether one payment is recorded by hand (order-administration.ts), a
 * bank statement records many (back-office/money/bank-statements.ts) or the customer pays what is
 * due by card (payments/due-card-payment.ts): the append-only
 * `order_payments` record and the append-only `order_events` audit entry. The caller holds the
 * order's row lock and updates the order itself (paid_pence, version) in the same transaction.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@shop/db';

export interface OrderPaymentRecord {
  orderId: number;
  kind: 'payment' | 'refund';
  amountPence: number;
  /** The day the money reached (or left) the bank, ISO. */
  receivedOn: string;
  bankReference: string;
  /** Who recorded it; null for the system (or the customer paying by card). */
  staffId: number | null;
  /** A key that may record one payment only (unique): a card payment's provider reference pays one thing. */
  idempotencyKey?: string | null;
}

/** Writes the payment (or refund) record; answers its id. */
export async function insertOrderPayment(tx: Executor, payment: OrderPaymentRecord): Promise<number> {
  const [row] = await queryRows<{ order_payment_id: number }>(
    tx,
    sql`INSERT INTO order_payments (order_id, kind, amount_pence, received_on, bank_reference, staff_id, idempotency_key)
        VALUES (${payment.orderId}, ${payment.kind}, ${payment.amountPence}, ${payment.receivedOn}::date, ${payment.bankReference}, ${payment.staffId}, ${payment.idempotencyKey ?? null})
        RETURNING order_payment_id`,
  );
  return Number(row!.order_payment_id);
}

/** The audit entry of a change: who, what, the values before and after. */
export async function insertOrderEvent(tx: Executor, event: { orderId: number; staffId: number | null; kind: string; before: object | null; after: object }): Promise<void> {
  const before = event.before === null ? null : JSON.stringify(event.before);
  await tx.execute(
    sql`INSERT INTO order_events (order_id, staff_id, kind, before, after)
        VALUES (${event.orderId}, ${event.staffId}, ${event.kind}, ${before}::jsonb, ${JSON.stringify(event.after)}::jsonb)`,
  );
}
