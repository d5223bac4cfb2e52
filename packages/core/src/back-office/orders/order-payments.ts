/**
 * The rows a staff member's change to an order's money leaves (DESIGN section 10 "Orders"),
 * written the same way whether one payment is recorded by hand (order-administration.ts), a
 * bank statement records many (back-office/money/bank-statements.ts) or the customer pays what is
 * due by card (payments/due-card-payment.ts): the append-only
 * `order_payments` record and the append-only `order_events` audit entry. The caller holds the
 * order's row lock and updates the order itself (paid_pence, version) in the same transaction.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, figuresOf, orderPayments, queryRows, type Executor } from '@shop/db';
import { issueCreditNoteFor, type CreditedGoods, type CreditNoteDependencies, type IssuedCreditNote } from '../../documents/credit-notes.ts';
import { checkPaymentDate } from '../exports/vat-periods.ts';

/** A payment's id as its INSERT returns it. */
const NEW_PAYMENT = columnsOf(orderPayments, ['orderPaymentId']);
/** What a credit note may still credit (computed). */
const CREDITABLE = figuresOf({ creditable: 'number' });

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

/**
 * Writes the payment (or refund) record; answers its id. A date before the order was placed or in
 * a VAT quarter already filed is refused (exports/vat-periods.ts): the VAT return counts money
 * received before dispatch on the day it was received.
 */
export async function insertOrderPayment(tx: Executor, payment: OrderPaymentRecord): Promise<number> {
  await checkPaymentDate(tx, { orderId: payment.orderId, kind: payment.kind, receivedOn: payment.receivedOn });
  const [row] = await queryRows<object>(
    tx,
    sql`INSERT INTO order_payments (order_id, kind, amount_pence, received_on, bank_reference, staff_id, idempotency_key)
        VALUES (${payment.orderId}, ${payment.kind}, ${payment.amountPence}, ${payment.receivedOn}::date, ${payment.bankReference}, ${payment.staffId}, ${payment.idempotencyKey ?? null})
        RETURNING ${NEW_PAYMENT.list}`,
  );
  return NEW_PAYMENT.read(row!).orderPaymentId;
}

/** The audit entry of a change: who, what, the values before and after. */
export async function insertOrderEvent(tx: Executor, event: { orderId: number; staffId: number | null; kind: string; before: object | null; after: object }): Promise<void> {
  const before = event.before === null ? null : JSON.stringify(event.before);
  await tx.execute(
    sql`INSERT INTO order_events (order_id, staff_id, kind, before, after)
        VALUES (${event.orderId}, ${event.staffId}, ${event.kind}, ${before}::jsonb, ${JSON.stringify(event.after)}::jsonb)`,
  );
}

/**
 * A credit with no money moving (DESIGN section 10 "Money": a claim on an order not yet paid, packs
 * an invoiced order cannot supply): the VAT credit note for `creditPence` (documents/credit-notes.ts,
 * kind 'credit'), and what it credits taken off what the customer owes (orders.credited_pence,
 * which order-states.ts paymentFiguresOf subtracts from the total due; more paid than is then owed
 * shows as a refund due). Null, and nothing changed, when the order has no VAT invoice or nothing
 * left to credit. The caller holds the order's row lock; the order's version is bumped.
 */
export async function creditOrder(
  tx: Executor,
  deps: CreditNoteDependencies,
  credit: { orderId: number; creditPence: number; reason: string; staffId: number | null; goods?: readonly CreditedGoods[] },
): Promise<IssuedCreditNote | null> {
  const note = await issueCreditNoteFor(tx, deps, { kind: 'credit', ...credit });
  if (note) await tx.execute(sql`UPDATE orders SET credited_pence = credited_pence + ${note.totalPence}, version = version + 1 WHERE order_id = ${credit.orderId}`);
  return note;
}

/**
 * What a credit note may still credit on the order: its invoice's total less every credit note so
 * far; null when the order has no VAT invoice (nothing was invoiced, so there is nothing to credit).
 */
export async function creditableOf(executor: Executor, orderId: number): Promise<number | null> {
  const [row] = await queryRows<object>(
    executor,
    sql`SELECT o.total_pence - COALESCE((SELECT sum(c.total_pence) FROM credit_notes c WHERE c.order_id = o.order_id), 0) AS creditable
        FROM orders o JOIN invoices i ON i.order_id = o.order_id WHERE o.order_id = ${orderId}`,
  );
  return row ? CREDITABLE.read(row).creditable : null;
}
