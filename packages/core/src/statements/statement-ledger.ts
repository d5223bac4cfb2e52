/**
 * The statement of account's arithmetic (docs/statements.md), framework- and database-free: from
 * the customer's ledger entries (invoices and credit notes, payments and refunds, each dated)
 * and a period, the opening balance, the period's lines in date order with a running balance, the
 * closing balance and its ageing. One rule holds by construction and is tested:
 *
 *   closing = opening + documents - payments
 *
 * where documents are invoices less credit notes and payments are payments less refunds paid
 * back. Amounts are pence; positive is what the customer owes.
 *
 * Ageing is of the closing balance, order by order: each order's balance on the statement date
 * (its invoice, less its credit notes and payments, plus refunds, dated up to then) falls in the
 * bucket of the days its invoice is past due on that date. Money on an order not yet invoiced (a
 * payment before dispatch) is "current". So the buckets always add up to the closing balance.
 */
import type { StatementLineKind } from '@shop/contract';
import type { IsoDate } from '../delivery/dispatch-promise.ts';

export interface LedgerEntry {
  date: IsoDate;
  kind: StatementLineKind;
  reference: string;
  description: string;
  /** An invoice: payment due by; else null. */
  dueDate: IsoDate | null;
  /** Signed: + adds to what is owed (an invoice, a refund paid back), - takes off (a credit note, a payment). */
  amountPence: number;
  /** The amount by order (a payment may pay several); adds up to `amountPence`. */
  perOrder: { orderId: number; amountPence: number }[];
  /** Ties within a day: a stable order (the document's or payment's number). */
  sequence: number;
}

export type AgeingBucket = 'current' | 'days_1_30' | 'days_31_60' | 'days_61_90' | 'over_90';
export const AGEING_BUCKETS: readonly AgeingBucket[] = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'];
export const AGEING_LABELS: Readonly<Record<AgeingBucket, string>> = {
  current: 'Current',
  days_1_30: '1-30 days',
  days_31_60: '31-60 days',
  days_61_90: '61-90 days',
  over_90: 'Over 90 days',
};

export interface StatementFigures {
  openingPence: number;
  /** The period's invoices less its credit notes. */
  documentsPence: number;
  /** The period's payments less refunds paid back. */
  paymentsPence: number;
  closingPence: number;
  lines: (LedgerEntry & { balancePence: number })[];
  ageing: Record<AgeingBucket, number>;
}

/** Within a day: invoices, then credit notes, then payments, then refunds. */
const KIND_ORDER: Readonly<Record<StatementLineKind, number>> = { invoice: 0, credit_note: 1, payment: 2, refund: 3 };

export function inLedgerOrder(a: LedgerEntry, b: LedgerEntry): number {
  return a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.sequence - b.sequence;
}

const isDocument = (kind: StatementLineKind) => kind === 'invoice' || kind === 'credit_note';

/** Whole days from `from` to `to` (ISO dates). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function ageingBucketOf(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return 'days_1_30';
  if (daysOverdue <= 60) return 'days_31_60';
  if (daysOverdue <= 90) return 'days_61_90';
  return 'over_90';
}

/** The statement of `entries` for `from`..`to` (inclusive ISO dates); entries after `to` are left out. */
export function buildStatement(entries: readonly LedgerEntry[], from: IsoDate, to: IsoDate): StatementFigures {
  const sorted = entries.filter((entry) => entry.date <= to).sort(inLedgerOrder);
  let openingPence = 0;
  let documentsPence = 0;
  let paymentsPence = 0;
  const lines: StatementFigures['lines'] = [];
  for (const entry of sorted) {
    if (entry.date < from) {
      openingPence += entry.amountPence;
      continue;
    }
    // Payments are counted as received (positive), so a payment's signed amount is negated.
    if (isDocument(entry.kind)) documentsPence += entry.amountPence;
    else paymentsPence -= entry.amountPence;
    const before = lines.length > 0 ? lines[lines.length - 1]!.balancePence : openingPence;
    lines.push({ ...entry, balancePence: before + entry.amountPence });
  }
  const closingPence = openingPence + documentsPence - paymentsPence;

  const balances = new Map<number, number>();
  const dueDates = new Map<number, IsoDate>();
  for (const entry of sorted) {
    for (const part of entry.perOrder) balances.set(part.orderId, (balances.get(part.orderId) ?? 0) + part.amountPence);
    if (entry.kind === 'invoice' && entry.dueDate) for (const part of entry.perOrder) dueDates.set(part.orderId, entry.dueDate);
  }
  const ageing = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgeingBucket, number>;
  for (const [orderId, balance] of balances) {
    if (balance === 0) continue;
    const due = dueDates.get(orderId);
    ageing[ageingBucketOf(due ? daysBetween(due, to) : 0)] += balance;
  }
  return { openingPence, documentsPence, paymentsPence, closingPence, lines, ageing };
}
