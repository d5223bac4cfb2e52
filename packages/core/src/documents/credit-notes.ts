/**
 * VAT credit notes (DESIGN sections 4 and 10): issued in the same transaction as the change that
 * causes them, from their own gapless sequence (`credit_note_number_counter`, as invoices have
 * theirs in invoice-numbers.ts), append-only once written.
 *
 * What is credited (the one place these rules live):
 *
 * - Only an order with a VAT invoice gets credit notes: without an invoice no VAT was declared, so
 *   there is nothing to reduce (an order cancelled before its invoice is never invoiced,
 *   invoice-eligibility.ts).
 * - A cancellation credits everything the invoice charged that is not yet credited: line by line
 *   (delivery a line of its own) when nothing was credited before, else the balance as one line.
 *   Net and VAT are the invoice's own less what earlier credit notes took, so an invoice fully
 *   credited nets to exactly zero in both.
 * - A refund credits the part of it that takes what the shop keeps for the supply below the
 *   invoice's total still standing. With
 *     invoiced  = the invoice's total less earlier credit notes,
 *     kept      = paid less refunded, counting this refund,
 *   the credit is  max(0, min(refund, invoiced - kept)).
 *   So a refund of an overpayment (the customer paid more than the invoice) credits nothing: the
 *   shop still keeps the whole invoice. A part refund of an order paid in full credits its amount.
 *   A refund after a cancellation credits nothing more (the cancellation credited the invoice). A
 *   refund on an order not yet paid in full (an account order part paid) credits at most the
 *   refund: what is still unpaid is a debt, not a price reduction.
 * - Never more than invoiced: the invoiced balance bounds every credit, and net and VAT each stay
 *   within the invoice's net and VAT not yet credited.
 *
 * VAT of an amount credited (a refund): the VAT fraction at the order's rate (DESIGN section 4:
 * 'export' orders are zero-rated) of the running total credited, rounded half-up, less the VAT
 * already credited; the credit that completes the invoice takes exactly the invoice's VAT left.
 * Rounding the running total (not each note) keeps the credited VAT within a penny of the rate
 * and lands the last note on the invoice's figures. Net = credited total - VAT.
 *
 * Lines (what the customer and an accountant read): a cancellation's goods and delivery; a
 * refund's goods when the change names them (packs returned, packs that could not be supplied),
 * at their price ex-VAT, with one more line when the amount credited is not exactly their value
 * (a part refund of them, or more than them); a refund without goods is one line saying so. Each
 * line carries its VAT: the rate of its net, rounded half-up, the rounding put on the largest line
 * so the lines add up to the note's VAT.
 *
 * Numbers: the counter row is incremented by an UPDATE in the caller's transaction, so issuers
 * queue on its row lock, a rollback returns the number and no number is given twice. The order's
 * row is locked first (as OrderAdministration's changes already do), so two credit notes of one
 * order never see the same "already credited".
 */
import { sql } from 'drizzle-orm';
import { columnsOf, creditNotes, figuresOf, invoices, orderLines, orders, queryRows, type CreditNoteLine, type Executor, type Row } from '@shop/db';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { chargedForPacks } from '../pricing/cart-totals.ts';
import type { NewJob } from '../jobs/job-queue.ts';
import { creditNoteJob } from '../email/email-jobs.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import { formatDayMonthYear } from './document-format.ts';
import { londonDate } from './invoice-eligibility.ts';
import { formatInvoiceNumber } from './invoice-numbers.ts';

import { formatCreditNoteNumber } from './credit-note-numbers.ts';

export { formatCreditNoteNumber };

export type IssuedCreditNote = Row<typeof creditNotes>;

/** Packs of one of the order's lines that a refund is for (returned, or not supplied). */
export interface CreditedGoods {
  orderLineId: number;
  count: number;
}

/** What causes a credit note. Call with the transaction of the change, after the order's row reflects it. */
export type CreditNoteCause =
  | { kind: 'cancellation'; orderId: number; reason: string; staffId: number | null }
  | {
      kind: 'refund';
      orderId: number;
      /** The refund, already counted in orders.refunded_pence. */
      refundPence: number;
      /** The order_payments row of the refund. */
      orderPaymentId: number | null;
      reason: string;
      staffId: number | null;
      /** The goods refunded, when the refund is for goods (a return, packs not supplied). */
      goods?: readonly CreditedGoods[];
    }
  | {
      /**
       * A price reduction with no money moving (a claim settled by credit, packs that cannot be
       * supplied taken off an invoiced order): credits `creditPence`, within what is not yet
       * credited; the caller adds what it credits to orders.credited_pence.
       */
      kind: 'credit';
      orderId: number;
      creditPence: number;
      reason: string;
      staffId: number | null;
      /** The goods credited, when the credit is for goods (a claim, packs not supplied). */
      goods?: readonly CreditedGoods[];
    };

/** The words of the lines that are not goods. */
export const creditNoteLineWords = {
  delivery: 'Delivery',
  refundWithoutGoods: 'Refund, no goods returned',
  balance: (invoice: string) => `Balance of invoice ${invoice} not yet credited`,
  credit: (invoice: string) => `Credit against invoice ${invoice}`,
  lessThanGoods: 'Less: part of the goods above not refunded',
  moreThanGoods: 'Also refunded beyond the goods above',
} as const;

export interface CreditNoteDependencies {
  /** Records the customer's e-mail in the same transaction. */
  jobs: { record(job: NewJob, executor: Executor): Promise<void> };
  now: () => Date;
}

export interface Money {
  netPence: number;
  vatPence: number;
  totalPence: number;
}

/** The part of a refund that is a credit of the supply (see the module comment). */
export function refundCreditPence(facts: { invoicedTotalPence: number; creditedTotalPence: number; paidPence: number; refundedPenceAfter: number; refundPence: number }): number {
  const invoiced = facts.invoicedTotalPence - facts.creditedTotalPence;
  const kept = facts.paidPence - facts.refundedPenceAfter;
  return Math.max(0, Math.min(facts.refundPence, invoiced - kept));
}

/** VAT inside a VAT-inclusive amount at `rate`%, rounded half-up. */
function vatFractionOf(totalPence: number, rate: number): number {
  if (rate <= 0) return 0;
  return Math.floor((2 * totalPence * rate + (100 + rate)) / (2 * (100 + rate)));
}

/** Net and VAT of an amount credited against an invoice (see the module comment). */
export function splitCredit(creditPence: number, invoice: Money, credited: Money, rate: number): Money {
  const remainingNet = invoice.netPence - credited.netPence;
  const remainingVat = invoice.vatPence - credited.vatPence;
  const after = credited.totalPence + creditPence;
  const target = after >= invoice.totalPence ? remainingVat : vatFractionOf(after, rate) - credited.vatPence;
  const vat = Math.min(Math.min(creditPence, remainingVat), Math.max(Math.max(0, creditPence - remainingNet), target));
  return { netPence: creditPence - vat, vatPence: vat, totalPence: creditPence };
}

const ORDER = columnsOf(
  orders,
  ['orderId', 'userId', 'subTotalPence', 'deliveryFeePence', 'totalTaxPence', 'totalPence', 'paidPence', 'refundedPence', 'vatTreatment', 'vatRatePercent'],
  'o',
);
const INVOICE = columnsOf(invoices, ['invoiceNumber'], 'i', { leftJoined: true });
/** What the order's credit notes have credited so far (pence). */
const CREDITED = figuresOf({ creditedNet: 'number', creditedVat: 'number', creditedTotal: 'number' });
const LINE = columnsOf(orderLines, ['orderLineId', 'productName', 'size1', 'qty', 'count', 'pricePence', 'discountPence', 'totalPricePence']);
const CREDIT_NOTE = columnsOf(creditNotes, [
  'creditNoteNumber',
  'invoiceNumber',
  'orderId',
  'issuedAt',
  'taxPointDate',
  'kind',
  'reason',
  'vatRatePercent',
  'netPence',
  'vatPence',
  'totalPence',
  'lines',
  'orderPaymentId',
  'staffId',
]);

/**
 * Issues the credit note the change calls for, in its transaction `tx`, and records the
 * customer's e-mail; null when it calls for none (no invoice, nothing left to credit, a refund of
 * an overpayment).
 */
export async function issueCreditNoteFor(tx: Executor, deps: CreditNoteDependencies, cause: CreditNoteCause): Promise<IssuedCreditNote | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT ${ORDER.list}, ${INVOICE.list},
               (SELECT COALESCE(sum(c.net_pence), 0) FROM credit_notes c WHERE c.order_id = o.order_id) AS "creditedNet",
               (SELECT COALESCE(sum(c.vat_pence), 0) FROM credit_notes c WHERE c.order_id = o.order_id) AS "creditedVat",
               (SELECT COALESCE(sum(c.total_pence), 0) FROM credit_notes c WHERE c.order_id = o.order_id) AS "creditedTotal"
        FROM orders o LEFT JOIN invoices i ON i.order_id = o.order_id
        WHERE o.order_id = ${cause.orderId}
        FOR UPDATE OF o`,
  );
  if (!row) return null;
  const { invoiceNumber } = INVOICE.read(row);
  if (invoiceNumber === null) return null;
  const order = ORDER.read(row);
  const invoice: Money = { netPence: order.subTotalPence + order.deliveryFeePence, vatPence: order.totalTaxPence, totalPence: order.totalPence };
  const { creditedNet, creditedVat, creditedTotal } = CREDITED.read(row);
  const credited: Money = { netPence: creditedNet, vatPence: creditedVat, totalPence: creditedTotal };
  // The rate charged, fixed when the order was placed (0 for a zero-rated export: pricing/vat-by-destination.ts).
  const rate = order.vatRatePercent;

  let money: Money;
  let lines: CreditNoteLine[];
  if (cause.kind === 'cancellation') {
    money = { netPence: invoice.netPence - credited.netPence, vatPence: invoice.vatPence - credited.vatPence, totalPence: invoice.totalPence - credited.totalPence };
    if (money.totalPence <= 0) return null;
    if (credited.totalPence === 0) {
      const orderLineRows = await queryRows<object>(tx, sql`SELECT ${LINE.list} FROM order_lines WHERE order_id = ${cause.orderId} ORDER BY order_line_id`);
      lines = orderLineRows.map((raw) => {
        const line = LINE.read(raw);
        // A made-to-order line priced for the units delivered has no price per pack to show.
        // A line with an offer's discount has no single price per pack either: its amount is after the discount.
        const unitNetPence = line.totalPricePence === line.pricePence * line.count ? line.pricePence : null;
        return { description: itemDisplayName(line.productName, line.size1), qty: line.qty, count: line.count, unitNetPence, netPence: line.totalPricePence };
      });
      if (order.deliveryFeePence > 0) lines.push({ description: creditNoteLineWords.delivery, qty: null, count: null, unitNetPence: null, netPence: order.deliveryFeePence });
    } else {
      lines = [{ description: creditNoteLineWords.balance(formatInvoiceNumber(invoiceNumber)), qty: null, count: null, unitNetPence: null, netPence: money.netPence }];
    }
  } else if (cause.kind === 'credit') {
    const credit = Math.min(cause.creditPence, invoice.totalPence - credited.totalPence);
    if (credit <= 0) return null;
    money = splitCredit(credit, invoice, credited, rate);
    lines = await creditedLines(tx, cause.orderId, cause.goods ?? [], money.netPence, creditNoteLineWords.credit(formatInvoiceNumber(invoiceNumber)));
  } else {
    const credit = refundCreditPence({
      invoicedTotalPence: invoice.totalPence,
      creditedTotalPence: credited.totalPence,
      paidPence: order.paidPence,
      refundedPenceAfter: order.refundedPence,
      refundPence: cause.refundPence,
    });
    if (credit <= 0) return null;
    money = splitCredit(credit, invoice, credited, rate);
    lines = await creditedLines(tx, cause.orderId, cause.goods ?? [], money.netPence, creditNoteLineWords.refundWithoutGoods);
  }
  lines = withLineVat(lines, money.vatPence, rate);

  const issuedAt = deps.now();
  const [inserted] = await queryRows<object>(
    tx,
    sql`WITH next AS (UPDATE credit_note_number_counter SET last_number = last_number + 1 WHERE id RETURNING last_number)
        INSERT INTO credit_notes (credit_note_number, invoice_number, order_id, issued_at, tax_point_date, kind, reason, vat_rate_percent,
                                  net_pence, vat_pence, total_pence, lines, order_payment_id, staff_id)
        SELECT last_number, ${invoiceNumber}, ${cause.orderId}, ${issuedAt.toISOString()}::timestamptz, ${londonDate(issuedAt)}::date, ${cause.kind},
               ${cause.reason}, ${rate}, ${money.netPence}, ${money.vatPence}, ${money.totalPence}, ${JSON.stringify(lines)}::jsonb,
               ${cause.kind === 'refund' ? cause.orderPaymentId : null}, ${cause.staffId}
        FROM next
        RETURNING ${CREDIT_NOTE.list}`,
  );
  if (!inserted) throw new Error('credit_note_number_counter has no row (migration 0016 inserts it)');
  const note = CREDIT_NOTE.read(inserted);
  await deps.jobs.record(creditNoteJob(order.userId, cause.orderId, note.creditNoteNumber), tx);
  return note;
}

/**
 * The lines of an amount credited (`netPence` ex-VAT): the goods it is for, at their price per
 * pack, and a line for the difference when the amount is not exactly their value; with no goods,
 * one line saying what the amount is (`withoutGoods`).
 */
async function creditedLines(tx: Executor, orderId: number, goods: readonly CreditedGoods[], netPence: number, withoutGoods: string): Promise<CreditNoteLine[]> {
  const lines = await goodsLines(tx, orderId, goods);
  if (lines.length === 0) return [{ description: withoutGoods, qty: null, count: null, unitNetPence: null, netPence }];
  const goodsNet = lines.reduce((sum, l) => sum + l.netPence, 0);
  if (goodsNet !== netPence) {
    const description = goodsNet > netPence ? creditNoteLineWords.lessThanGoods : creditNoteLineWords.moreThanGoods;
    lines.push({ description, qty: null, count: null, unitNetPence: null, netPence: netPence - goodsNet });
  }
  return lines;
}

/** The goods of a credit as lines: the order's own lines (others are ignored), at their price per pack. */
async function goodsLines(tx: Executor, orderId: number, goods: readonly CreditedGoods[]): Promise<CreditNoteLine[]> {
  const wanted = goods.filter((g) => Number.isSafeInteger(g.count) && g.count > 0);
  if (wanted.length === 0) return [];
  const rows = (await queryRows<object>(tx, sql`SELECT ${LINE.list} FROM order_lines WHERE order_id = ${orderId} ORDER BY order_line_id`)).map((raw) => LINE.read(raw));
  const lines: CreditNoteLine[] = [];
  for (const row of rows) {
    const count = wanted.filter((g) => g.orderLineId === row.orderLineId).reduce((sum, g) => sum + g.count, 0);
    if (count === 0) continue;
    // Packs with an offer's discount are credited at what they were charged: their price less their share of it.
    const netPence = chargedForPacks(row, count);
    lines.push({ description: itemDisplayName(row.productName, row.size1), qty: row.qty, count, unitNetPence: netPence === row.pricePence * count ? row.pricePence : null, netPence });
  }
  return lines;
}

/**
 * Each line's VAT: its net at the rate, rounded half-up; what rounding leaves over goes on the
 * line of the largest net, so the lines add up to the note's VAT exactly.
 */
export function withLineVat(lines: readonly CreditNoteLine[], vatPence: number, rate: number): CreditNoteLine[] {
  const out = lines.map((line) => ({ ...line, vatPence: rate <= 0 ? 0 : Math.sign(line.netPence) * Math.floor((Math.abs(line.netPence) * rate + 50) / 100) }));
  const rest = vatPence - out.reduce((sum, l) => sum + l.vatPence, 0);
  if (rest !== 0 && out.length > 0) {
    const largest = out.reduce((best, l) => (l.netPence > best.netPence ? l : best), out[0]!);
    largest.vatPence += rest;
  }
  return out;
}

/** What the change's audit entry records of the credit note it issued (the order's timeline shows it). */
export function creditNoteIssued(note: IssuedCreditNote | null): { credit_note?: string } {
  return note ? { credit_note: formatCreditNoteNumber(note.creditNoteNumber) } : {};
}

/** The reason a refund's credit note gives when staff gave none: when the money went back. */
export function refundCreditReason(paidBackOn: IsoDate): string {
  return `Money paid back to you on ${formatDayMonthYear(paidBackOn)}.`;
}

/** The order's credit notes, oldest first. */
export async function creditNotesOf(executor: Executor, orderId: number): Promise<IssuedCreditNote[]> {
  const rows = await queryRows<object>(executor, sql`SELECT ${CREDIT_NOTE.list} FROM credit_notes WHERE order_id = ${orderId} ORDER BY credit_note_number`);
  return rows.map((raw) => CREDIT_NOTE.read(raw));
}

/** One credit note of the order, or null. */
export async function creditNoteOf(executor: Executor, orderId: number, creditNoteNumber: number): Promise<IssuedCreditNote | null> {
  const [row] = await queryRows<object>(
    executor,
    sql`SELECT ${CREDIT_NOTE.list} FROM credit_notes WHERE order_id = ${orderId} AND credit_note_number = ${creditNoteNumber}`,
  );
  return row ? CREDIT_NOTE.read(row) : null;
}
