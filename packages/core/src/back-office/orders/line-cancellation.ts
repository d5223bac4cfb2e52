/**
 * Lines that cannot be supplied (SPEC section 9: refund for insufficient stock): staff cancel some
 * packs of some lines of an order not yet dispatched. In one transaction, the order's row locked
 * and its version checked as every staff change to an order is:
 *   - the lines lose those packs (a line with none left is removed; the audit entry keeps it),
 *   - the totals, VAT and delivery are recomputed by core's rules (pricing/cart-totals.ts) at the
 *     order's own VAT rate and delivery zone; the delivery fee never rises above what the order
 *     was charged (the shop's shortfall must not cost the customer carriage),
 *   - the allocation of those packs is released (stock/stock-movements.ts `release`),
 *   - the customer is e-mailed (a durable job) and an order_events entry is written.
 * Money paid above the new total is then owed back: the order shows "refund due" as any
 * overpaid order does (order-states.ts), refunded through the usual paths.
 *
 * An order that already has its VAT invoice, or of which some packs have left (a part-dispatched
 * order is invoiced at its first shipment), keeps its lines: the invoice is rendered from them.
 * The packs are taken off instead (`order_lines.withdrawn_count`, no longer left to send), a VAT
 * credit note credits their price with VAT (back-office/orders/order-payments.ts creditOrder), and
 * what the customer owes falls by it; more paid than is then owed shows as a refund due. When
 * nothing is then left to send the order is Dispatched, and so leaves the dispatch queue
 * (DESIGN section 10 "Money": every money state has its form).
 */
import { sql } from 'drizzle-orm';
import { formatPounds } from '@shop/contract';
import { columnsOf, figuresOf, orderLines, orders, queryRows, type Database, type Executor } from '@shop/db';
import { itemDisplayName } from '../../catalogue/item-display-name.ts';
import { deliveryZoneOf } from '../../delivery/delivery-zones.ts';
import { orderNoticeJob } from '../../email/email-jobs.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { chargedForPacks, computeCartTotals, discountShareOf, rulesForZone, type CartPricingRules } from '../../pricing/cart-totals.ts';
import { can, type StaffMember } from '../../staff/staff-roles.ts';
import type { OrderLineCount, StockMovements } from '../../stock/stock-movements.ts';
import { formatCreditNoteNumber } from '../../documents/credit-note-numbers.ts';
import type { CreditNoteDependencies } from '../../documents/credit-notes.ts';
import { percentOfPence } from '../../pricing/money.ts';
import { creditableOf, creditOrder, insertOrderEvent } from './order-payments.ts';
import { assertMove, assertOrderAction, ORDER_ACTION_MESSAGES, paymentFiguresOf } from './order-states.ts';
import { orderActionFactsOf } from './order-action-facts.ts';

export const lineCancellationMessages = {
  notFound: (orderId: number) => `There is no order ${orderId}.`,
  changedMeanwhile: 'This order was changed by someone else. Reload it to see the change.',
  notPending: ORDER_ACTION_MESSAGES.linesNotPending,
  nothing: 'Choose how many packs of which lines cannot be supplied.',
  tooMany: (name: string, count: number) => `${name} has only ${count} pack${count === 1 ? '' : 's'} on this order.`,
  unknownLine: 'One of the lines is not on this order.',
  everything: ORDER_ACTION_MESSAGES.onlyPackLeft,
  tooManyLeft: (name: string, left: number) => `Only ${left} pack${left === 1 ? '' : 's'} of ${name} ${left === 1 ? 'is' : 'are'} left to send.`,
  notInvoiced: 'Part of this order has left but it has no VAT invoice yet: open its VAT invoice, then take the packs off (a credit note credits them).',
  reason: 'Give the reason (1-200 characters); the customer reads it.',
  notPermitted: 'You do not have access to this.',
} as const;

const ORDER = columnsOf(orders, [
  'orderId',
  'userId',
  'version',
  'status',
  'deliveryAddress',
  'vatRatePercent',
  'subTotalPence',
  'deliveryFeePence',
  'totalTaxPence',
  'totalPence',
  'paidPence',
  'refundedPence',
  'creditedPence',
]);
type LockedOrder = ReturnType<typeof ORDER.read>;
const LINE = columnsOf(orderLines, ['orderLineId', 'productName', 'size1', 'qty', 'count', 'pricePence', 'discountPence', 'withdrawnCount']);
/** Whether the order has a VAT invoice and whether any of its packs have left (EXISTS). */
const KEPT = figuresOf({ invoiced: 'boolean', shipped: 'boolean' });
/** Computed beside a line: the packs of it that have left (a sum). */
const SHIPPED = figuresOf({ shipped: 'number' });

export interface LineCancellationOptions {
  jobs: JobQueue;
  /** The credit note's date (taking packs off an invoiced order); the clock by default. */
  now?: () => Date;
  rules: CartPricingRules;
  stock: StockMovements;
}

export class LineCancellation {
  constructor(
    private readonly db: Database,
    private readonly options: LineCancellationOptions,
  ) {}

  /**
   * Cancels `lines` (packs of order lines) that cannot be supplied; answers the refund now due, in
   * pence, and whether the packs were taken off with a credit note (an invoiced order) rather
   * than the lines changed.
   */
  async cancelLines(
    staff: StaffMember,
    orderId: number,
    seenVersion: number,
    lines: readonly OrderLineCount[],
    reasonText: string,
  ): Promise<{ refundDuePence: number; takenOff: boolean }> {
    if (!can(staff.role, 'orders:cancel')) throw new Forbidden(lineCancellationMessages.notPermitted);
    const reason = reasonText.trim();
    if (reason.length < 1 || reason.length > 200) throw new Invalid(lineCancellationMessages.reason, { fields: [{ field: 'reason', message: lineCancellationMessages.reason }] });
    const wanted = lines.filter((line) => line.count > 0);
    if (wanted.length === 0 || wanted.some((line) => !Number.isSafeInteger(line.count))) throw new Invalid(lineCancellationMessages.nothing);
    const result = await this.db.transaction(async (tx) => {
      const [raw] = await queryRows<object>(tx, sql`SELECT ${ORDER.list} FROM orders WHERE order_id = ${orderId} FOR UPDATE`);
      if (!raw) throw new NotFound(lineCancellationMessages.notFound(orderId));
      const order = ORDER.read(raw);
      if (order.version !== seenVersion) throw new Conflict(lineCancellationMessages.changedMeanwhile, { version: order.version });
      assertOrderAction('cancelLines', await orderActionFactsOf(tx, orderId), staff.role);
      // An invoice is rendered from the order's lines whenever it is downloaded: once issued (or
      // once goods have left, which invoices the order), its lines must not change: the packs
      // are taken off with a credit note instead.
      const [keptRaw] = await queryRows<object>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM invoices WHERE order_id = ${orderId}) AS invoiced, EXISTS (SELECT 1 FROM shipments WHERE order_id = ${orderId}) AS shipped`,
      );
      const kept = KEPT.read(keptRaw!);
      if (kept.invoiced || kept.shipped) return this.takeOff(tx, staff, order, wanted, reason, kept.shipped);
      const current = (await queryRows<object>(tx, sql`SELECT ${LINE.list} FROM order_lines WHERE order_id = ${orderId} ORDER BY order_line_id`)).map((r) => LINE.read(r));
      // Packs taken off take their share of an offer's discount with them; the packs kept keep theirs.
      const cancelled: { orderLineId: number; name: string; count: number; before: number; discountPence: number }[] = [];
      for (const line of wanted) {
        const found = current.find((l) => l.orderLineId === line.orderLineId);
        if (!found) throw new Invalid(lineCancellationMessages.unknownLine);
        const name = itemDisplayName(found.productName, found.size1);
        if (line.count > found.count) throw new Invalid(lineCancellationMessages.tooMany(name, found.count));
        cancelled.push({ orderLineId: found.orderLineId, name, count: line.count, before: found.count, discountPence: discountShareOf(found, line.count) });
      }
      const remaining = current
        .map((l) => {
          const c = cancelled.find((x) => x.orderLineId === l.orderLineId);
          return { ...l, count: l.count - (c?.count ?? 0), discountPence: l.discountPence - (c?.discountPence ?? 0) };
        })
        .filter((l) => l.count > 0);
      const keptDiscount = { goodsDiscountPence: remaining.reduce((sum, l) => sum + l.discountPence, 0), freeDelivery: false };
      if (remaining.length === 0) throw new Invalid(lineCancellationMessages.everything);

      // The allocation of the packs that will not be supplied is released before the lines shrink.
      await this.options.stock.release(tx, orderId, cancelled.map((c) => ({ orderLineId: c.orderLineId, count: c.count })), staff.staffId);
      for (const c of cancelled) {
        if (c.count === c.before) await tx.execute(sql`DELETE FROM order_lines WHERE order_line_id = ${c.orderLineId}`);
        else {
          await tx.execute(
            sql`UPDATE order_lines SET count = count - ${c.count}, discount_pence = discount_pence - ${c.discountPence},
                       total_price_pence = price_pence * (count - ${c.count}) - (discount_pence - ${c.discountPence})
                WHERE order_line_id = ${c.orderLineId}`,
          );
        }
      }
      const zone = deliveryZoneOf(order.deliveryAddress?.post_code ?? '');
      const totals = computeCartTotals(
        remaining.map((l) => ({ pricePence: l.pricePence, count: l.count })),
        rulesForZone({ ...this.options.rules, vatRatePercent: order.vatRatePercent }, zone),
        keptDiscount,
      );
      // Never more carriage than the order was charged; VAT follows the fee kept.
      const deliveryFeePence = Math.min(totals.deliveryFeePence, order.deliveryFeePence);
      const recomputed =
        deliveryFeePence === totals.deliveryFeePence
          ? totals
          : computeCartTotals(
              remaining.map((l) => ({ pricePence: l.pricePence, count: l.count })),
              rulesForZone({ ...this.options.rules, vatRatePercent: order.vatRatePercent, deliveryFeePence, remoteDeliveryFeePence: deliveryFeePence }, zone),
              keptDiscount,
            );
      await queryRows(
        tx,
        sql`UPDATE orders SET sub_total_pence = ${recomputed.subTotalPence - recomputed.discountPence}, discount_pence = ${recomputed.discountPence},
                   delivery_fee_pence = ${recomputed.deliveryFeePence},
                   total_tax_pence = ${recomputed.totalTaxPence}, total_pence = ${recomputed.totalPence}, version = version + 1
            WHERE order_id = ${orderId} AND version = ${order.version} RETURNING order_id`,
      );
      const { refundDuePence } = paymentFiguresOf({ status: order.status, totalPence: recomputed.totalPence, paidPence: order.paidPence, refundedPence: order.refundedPence });
      await insertOrderEvent(tx, {
        orderId,
        staffId: staff.staffId,
        kind: 'lines_cancelled',
        before: { total_pence: order.totalPence, sub_total_pence: order.subTotalPence, delivery_fee_pence: order.deliveryFeePence, total_tax_pence: order.totalTaxPence },
        after: {
          reason,
          lines: cancelled.map((c) => ({ order_line_id: c.orderLineId, name: c.name, packs: c.count })),
          total_pence: recomputed.totalPence,
          sub_total_pence: recomputed.subTotalPence,
          delivery_fee_pence: recomputed.deliveryFeePence,
          total_tax_pence: recomputed.totalTaxPence,
          ...(refundDuePence > 0 ? { refund_due_pence: refundDuePence } : {}),
        },
      });
      await this.options.jobs.record(
        orderNoticeJob(
          order.userId,
          orderId,
          {
            subject: `Part of your order ${orderId} cannot be supplied`,
            lines: [
              `We are sorry: we cannot supply part of your order ${orderId}, and have taken it off the order.`,
              ...cancelled.map((c) => `${c.name}: ${c.count} pack${c.count === 1 ? '' : 's'} cancelled.`),
              `Reason: ${reason}`,
              `Your order's new total is ${formatPounds(recomputed.totalPence / 100)} (it was ${formatPounds(order.totalPence / 100)}).`,
              refundDuePence > 0 ? `We will refund the ${formatPounds(refundDuePence / 100)} you paid above it to the card or account you paid from.` : '',
              'The rest of your order is on its way as planned.',
            ].filter(Boolean),
          },
          `lines-cancelled:${orderId}:${order.version}`,
        ),
        tx,
      );
      return { refundDuePence, takenOff: false };
    });
    this.options.jobs.wakeWorkers();
    return result;
  }

  /**
   * Packs of an invoiced (or part-dispatched) order taken off: the lines keep their counts (the
   * invoice states them), `withdrawn_count` grows, the allocation is released, a credit note
   * credits the packs' price with VAT (delivery stays: the carriage was used for what left), and
   * the order is Dispatched when nothing is left to send. Runs in cancelLines' transaction.
   */
  private async takeOff(
    tx: Executor,
    staff: StaffMember,
    order: LockedOrder,
    wanted: readonly OrderLineCount[],
    reason: string,
    anyShipped: boolean,
  ): Promise<{ refundDuePence: number; takenOff: true }> {
    const orderId = order.orderId;
    const current = await queryRows<object>(
      tx,
      sql`SELECT ${LINE.list}, COALESCE((SELECT sum(x.count) FROM shipment_lines x WHERE x.order_line_id = order_lines.order_line_id), 0) AS shipped
          FROM order_lines WHERE order_id = ${orderId} AND kind = 'goods' ORDER BY order_line_id`,
    );
    const lines = current.map((raw) => {
      const l = LINE.read(raw);
      return { ...l, left: Math.max(0, l.count - l.withdrawnCount - SHIPPED.read(raw).shipped) };
    });
    const taken: { orderLineId: number; name: string; count: number; netPence: number }[] = [];
    for (const want of wanted) {
      const found = lines.find((l) => l.orderLineId === want.orderLineId);
      if (!found) throw new Invalid(lineCancellationMessages.unknownLine);
      const name = itemDisplayName(found.productName, found.size1);
      if (want.count > found.left) throw new Invalid(lineCancellationMessages.tooManyLeft(name, found.left));
      taken.push({ orderLineId: found.orderLineId, name, count: want.count, netPence: chargedForPacks(found, want.count) });
    }
    const leftAfter = lines.reduce((sum, l) => sum + l.left, 0) - taken.reduce((sum, t) => sum + t.count, 0);
    // Nothing has left and nothing would: that is a cancellation of the whole order.
    if (leftAfter <= 0 && !anyShipped) throw new Invalid(lineCancellationMessages.everything);
    const netPence = taken.reduce((sum, t) => sum + t.netPence, 0);
    const creditPence = netPence + percentOfPence(netPence, order.vatRatePercent);
    const creditable = await creditableOf(tx, orderId);
    if (creditable === null) throw new Invalid(lineCancellationMessages.notInvoiced);

    await this.options.stock.release(tx, orderId, taken.map((t) => ({ orderLineId: t.orderLineId, count: t.count })), staff.staffId);
    for (const t of taken) {
      await tx.execute(sql`UPDATE order_lines SET withdrawn_count = withdrawn_count + ${t.count} WHERE order_line_id = ${t.orderLineId}`);
    }
    const complete = leftAfter <= 0;
    if (complete) assertMove(order.status, 'Dispatched');
    const updated = await queryRows(
      tx,
      sql`UPDATE orders SET ${complete ? sql`status = 'Dispatched', ` : sql``}version = version + 1
          WHERE order_id = ${orderId} AND version = ${order.version} RETURNING order_id`,
    );
    if (updated.length === 0) throw new Conflict(lineCancellationMessages.changedMeanwhile);
    const deps: CreditNoteDependencies = { jobs: this.options.jobs, now: this.options.now ?? (() => new Date()) };
    const note = await creditOrder(tx, deps, { orderId, creditPence: Math.min(creditPence, creditable), reason: `Cannot be supplied: ${reason}`, staffId: staff.staffId, goods: taken.map((t) => ({ orderLineId: t.orderLineId, count: t.count })) });
    const creditedPence = note?.totalPence ?? 0;
    const figures = paymentFiguresOf({ status: order.status, totalPence: order.totalPence, paidPence: order.paidPence, refundedPence: order.refundedPence, creditedPence: order.creditedPence + creditedPence });
    await insertOrderEvent(tx, {
      orderId,
      staffId: staff.staffId,
      kind: 'lines_withdrawn',
      before: complete ? { status: order.status } : null,
      after: {
        reason,
        lines: taken.map((t) => ({ order_line_id: t.orderLineId, name: t.name, packs: t.count })),
        ...(complete ? { status: 'Dispatched' } : {}),
        credited_pence: creditedPence,
        ...(note ? { credit_note: formatCreditNoteNumber(note.creditNoteNumber) } : {}),
        ...(figures.refundDuePence > 0 ? { refund_due_pence: figures.refundDuePence } : {}),
      },
    });
    await this.options.jobs.record(
      orderNoticeJob(
        order.userId,
        orderId,
        {
          subject: `Part of your order ${orderId} cannot be supplied`,
          lines: [
            `We are sorry: we cannot supply part of your order ${orderId}, and have taken it off the order.`,
            ...taken.map((t) => `${t.name}: ${t.count} pack${t.count === 1 ? '' : 's'} cancelled.`),
            `Reason: ${reason}`,
            note ? `Credit note ${formatCreditNoteNumber(note.creditNoteNumber)} credits ${formatPounds(creditedPence / 100)} (VAT included) against your invoice.` : '',
            figures.duePence > 0 ? `You now owe ${formatPounds(figures.duePence / 100)} for this order.` : '',
            figures.refundDuePence > 0 ? `We will refund the ${formatPounds(figures.refundDuePence / 100)} you paid above what is now owed to the card or account you paid from.` : '',
            complete ? 'Everything else on your order has been dispatched: it is now complete.' : 'The rest of your order is on its way as planned.',
          ].filter(Boolean),
        },
        `lines-withdrawn:${orderId}:${order.version}`,
      ),
      tx,
    );
    return { refundDuePence: figures.refundDuePence, takenOff: true };
  }
}
