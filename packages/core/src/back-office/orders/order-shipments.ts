/**
 * Shipments: an order (or some of its lines and counts) leaves the warehouse in one or more
 * parcels, each with a carrier and a tracking number (none for the shop's own van) and its own
 * e-mail to the customer. The order stays PendingDelivery, read as "Part dispatched"
 * (order-states.ts `orderProgressLabel`), until every pack has left; the shipment that sends the
 * last pack moves it to Dispatched (decision record 016).
 *
 * Each shipment is one transaction that
 *   - locks the order and checks the version the staff member saw (bulk dispatch from the queue
 *     passes none: it dispatches what is left, whatever that is now),
 *   - refuses a pack that has already left, or an order that may not be dispatched (unpaid),
 *   - for a custom (made-to-order) line, takes the units delivered under the ±10% rule
 *     (custom-quantity.ts) and reprices the line for what was delivered, so the order's totals,
 *     its invoice and what is due or owed back follow (payment figures in order-states.ts),
 *   - records the packs leaving with the stock helper (`stockMovements.ship`),
 *   - never sends a quoted charge (print plates, set-up: `order_lines.kind = 'charge'`): it is no
 *     goods, so it is not a pack to send and does not keep the order "Part dispatched",
 *   - writes the shipment, the order's audit entry and the customer's e-mail job.
 *
 * `orders.dispatched_at` is when the first parcel left (an account order's invoice and terms run
 * from it); `orders.carrier` and `orders.tracking_number` are the latest parcel's, for the API's
 * single-parcel fields.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, figuresOf, orderLines, orders, queryNumber, queryRows, shipmentLines, shipments, staff as staffTable, tradeAccounts, users, type Database, type Executor } from '@shop/db';
import { percentOfPence } from '../../pricing/money.ts';
import { londonWallClock } from '../../delivery/dispatch-promise.ts';
import { shipmentEmailJob } from '../../email/email-jobs.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.ts';
import { orderActionFactsOf } from './order-action-facts.ts';
import { itemDisplayName } from '../../catalogue/item-display-name.ts';
import { isoTime } from '../../iso-time.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { can, type StaffMember } from '../../staff/staff-roles.ts';
import { stockMovements, type OrderLineCount } from '../../stock/stock-movements.ts';
import { checkDeliveredUnits, deliveredLineTotalPence, type CustomerAgreement } from './custom-quantity.ts';
import { insertOrderEvent } from './order-payments.ts';
import { assertMove, assertOrderAction, carrierTracks, mayDoOrderAction, ORDER_ACTION_MESSAGES, DISPATCH_HOLD_TEXT, dispatchHoldOf, isCarrier, mayDispatch, TRACKING_NUMBER_RULE, trackingNumberOf, trackingUrl, type Carrier, type ShippedProgress } from './order-states.ts';

export const shipmentMessages = {
  changedMeanwhile: 'This order was changed by someone else. Reload it to see the change.',
  notFound: (orderId: number) => `There is no order ${orderId}.`,
  notPermitted: 'You do not have access to this.',
  awaitingPayment: 'This order is awaiting payment: record the payment before dispatching it.',
  carrier: 'Choose the carrier.',
  trackingNumber: `${TRACKING_NUMBER_RULE}; only our own van has none.`,
  nothingChosen: 'Choose at least one pack to send in this shipment.',
  unknownLine: 'That line is not on this order: reload it and try again.',
  tooMany: (item: string, left: number) => `Only ${left} ${left === 1 ? 'pack' : 'packs'} of ${item} ${left === 1 ? 'is' : 'are'} left to send.`,
  customWhole: (item: string) => `${item} is made to order: it leaves whole, in one shipment, with the units delivered entered.`,
  customInBulk: (orderId: number) => `Order ${orderId} has a made-to-order line: dispatch it from its order page, entering the units delivered.`,
  noShipment: 'There is no such shipment on this order.',
  nothingCorrected: 'The carrier and tracking number are as they were: nothing to correct.',
  cannotCancelShipped: ORDER_ACTION_MESSAGES.cannotCancelShipped,
} as const;

export interface ShipmentLineInput {
  orderLineId: number;
  /** Packs of the line in this shipment. */
  count: number;
  /** A custom line: the units delivered (the ±10% rule). */
  deliveredUnits?: number | null;
}

export interface ShipInput {
  carrier: string;
  /** Ignored (none is kept) for the shop's own van. */
  trackingNumber: string;
  /** The packs to send, or 'rest': everything not yet sent (custom lines must be sent from the order page). */
  lines: readonly ShipmentLineInput[] | 'rest';
  /** Staff ticked "The customer agreed" for a custom line outside ±10%, with how. */
  customerAgreed?: CustomerAgreement | null;
}

export interface ShipResult {
  shipmentId: number;
  number: number;
  /** Every pack has now left: the order is Dispatched. */
  complete: boolean;
}

/** One line of an order with what has left of it. */
export interface OrderLineProgress {
  orderLineId: number;
  productName: string;
  itemName: string;
  size1: string;
  qty: number;
  count: number;
  shippedPacks: number;
  /** Packs taken off after invoicing: they cannot be supplied (line-cancellation.ts). */
  withdrawnPacks: number;
  remainingPacks: number;
  custom: boolean;
  deliveredUnits: number | null;
}

export interface ShipmentLineView {
  orderLineId: number;
  itemName: string;
  size1: string;
  qty: number;
  count: number;
  deliveredUnits: number | null;
}

export interface ShipmentView {
  shipmentId: number;
  number: number;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** ISO 8601. */
  dispatchedAt: string;
  /** The staff member who sent it (null for the customer's view). */
  by: string | null;
  lines: ShipmentLineView[];
}

export interface OrderShipments {
  lines: OrderLineProgress[];
  shipments: ShipmentView[];
  progress: ShippedProgress;
}

export interface OrderShipmentsOptions {
  jobs: JobQueue;
  now: () => Date;
  /** Issues the order's VAT invoice once goods have left (an account order's terms run from it). */
  issueInvoice?: (orderId: number) => Promise<unknown>;
  log?: { error(details: object, message: string): void };
}

const ORDER = columnsOf(
  orders,
  ['orderId', 'userId', 'version', 'status', 'paymentMethod', 'totalPence', 'paidPence', 'refundedPence', 'paymentDueDate', 'subTotalPence', 'deliveryFeePence', 'vatRatePercent', 'carrier', 'trackingNumber'],
  'o',
);
const TERMS = columnsOf(tradeAccounts, ['termsDays'], 't', { leftJoined: true });
type LockedOrder = ReturnType<typeof ORDER.read> & ReturnType<typeof TERMS.read>;
const LINE = columnsOf(orderLines, ['orderLineId', 'productName', 'size1', 'qty', 'count', 'withdrawnCount', 'custom', 'deliveredUnits', 'totalPricePence'], 'l');
/** The order a line is of, when the lines of many orders are read at once. */
const LINE_ORDER = columnsOf(orderLines, ['orderId'], 'l');
/** Computed beside a line: the packs of it that have left (a sum). */
const SHIPPED = figuresOf({ shipped: 'number' });
const SHIPMENT = columnsOf(shipments, ['shipmentId', 'orderId', 'number', 'carrier', 'trackingNumber', 'dispatchedAt'], 'sh');
const SHIPMENT_LINE = columnsOf(shipmentLines, ['shipmentId', 'orderLineId', 'count', 'deliveredUnits'], 'sl');
/** A shipment's id as its INSERT returns it. */
const NEW_SHIPMENT = columnsOf(shipments, ['shipmentId']);
const BY = columnsOf(staffTable, ['name'], 's', { leftJoined: true });
const CUSTOMER = columnsOf(users, ['userId'], 'u');

type LineRow = ReturnType<typeof LINE.read> & ReturnType<typeof SHIPPED.read>;

export class OrderShipmentsService {
  constructor(
    private readonly db: Database,
    private readonly options: OrderShipmentsOptions,
  ) {}

  private today(): string {
    return londonWallClock(this.options.now()).date;
  }

  /** The order's lines with what has left of each, and its shipments oldest first (staff names only when `withStaff`). */
  async of(orderId: number, withStaff = true, executor: Executor = this.db): Promise<OrderShipments> {
    return (await this.ofOrders([orderId], withStaff, executor)).get(orderId) ?? { lines: [], shipments: [], progress: { shippedPacks: 0, orderedPacks: 0 } };
  }

  /** The same for many orders in three statements (the queue, the customer's pages). */
  async ofOrders(orderIds: readonly number[], withStaff = true, executor: Executor = this.db): Promise<Map<number, OrderShipments>> {
    const result = new Map<number, OrderShipments>();
    if (orderIds.length === 0) return result;
    const ids = `{${orderIds.join(',')}}`;
    const [lineRows, shipmentRows, shipmentLineRows] = await Promise.all([
      queryRows<object>(
        executor,
        sql`SELECT ${LINE_ORDER.list}, ${LINE.list}, COALESCE((SELECT sum(x.count) FROM shipment_lines x WHERE x.order_line_id = l.order_line_id), 0) AS shipped
            FROM order_lines l WHERE l.order_id = ANY (${ids}::int[]) AND l.kind = 'goods' ORDER BY l.order_line_id`,
      ),
      queryRows<object>(
        executor,
        sql`SELECT ${SHIPMENT.list}, ${BY.list} FROM shipments sh LEFT JOIN staff s ON s.staff_id = sh.staff_id
            WHERE sh.order_id = ANY (${ids}::int[]) ORDER BY sh.order_id, sh.number`,
      ),
      queryRows<object>(
        executor,
        sql`SELECT ${SHIPMENT_LINE.list} FROM shipment_lines sl JOIN shipments sh ON sh.shipment_id = sl.shipment_id
            WHERE sh.order_id = ANY (${ids}::int[]) ORDER BY sl.shipment_id, sl.order_line_id`,
      ),
    ]);
    for (const orderId of orderIds) result.set(orderId, { lines: [], shipments: [], progress: { shippedPacks: 0, orderedPacks: 0 } });
    const linesById = new Map<number, OrderLineProgress>();
    for (const raw of lineRows) {
      const l = LINE.read(raw);
      const { shipped } = SHIPPED.read(raw);
      const line: OrderLineProgress = {
        orderLineId: l.orderLineId,
        productName: l.productName,
        itemName: itemDisplayName(l.productName, l.size1),
        size1: l.size1,
        qty: l.qty,
        count: l.count,
        shippedPacks: shipped,
        withdrawnPacks: l.withdrawnCount,
        remainingPacks: Math.max(0, l.count - l.withdrawnCount - shipped),
        custom: l.custom,
        deliveredUnits: l.deliveredUnits,
      };
      linesById.set(line.orderLineId, line);
      const entry = result.get(LINE_ORDER.read(raw).orderId)!;
      entry.lines.push(line);
      // Packs taken off will never leave: they are not counted as ordered any more.
      entry.progress.orderedPacks += line.count - l.withdrawnCount;
      entry.progress.shippedPacks += Math.min(shipped, line.count - l.withdrawnCount);
    }
    const byShipment = new Map<number, ShipmentView>();
    for (const raw of shipmentRows) {
      const s = SHIPMENT.read(raw);
      const view: ShipmentView = {
        shipmentId: s.shipmentId,
        number: s.number,
        carrier: s.carrier,
        trackingNumber: s.trackingNumber,
        trackingUrl: trackingUrl(s.carrier, s.trackingNumber),
        dispatchedAt: isoTime(s.dispatchedAt),
        by: withStaff ? BY.read(raw).name : null,
        lines: [],
      };
      byShipment.set(s.shipmentId, view);
      result.get(s.orderId)?.shipments.push(view);
    }
    for (const raw of shipmentLineRows) {
      const sl = SHIPMENT_LINE.read(raw);
      const line = linesById.get(sl.orderLineId);
      byShipment.get(sl.shipmentId)?.lines.push({
        orderLineId: sl.orderLineId,
        itemName: line?.itemName ?? '',
        size1: line?.size1 ?? '',
        qty: line?.qty ?? 0,
        count: sl.count,
        deliveredUnits: sl.deliveredUnits,
      });
    }
    return result;
  }

  /** One shipment of an order, as its e-mail tells it; null when either is gone. */
  async shipmentForEmail(orderId: number, shipmentId: number): Promise<{ shipment: ShipmentView; complete: boolean; shipments: number } | null> {
    const found = await this.of(orderId, false);
    const shipment = found.shipments.find((s) => s.shipmentId === shipmentId);
    if (!shipment) return null;
    // "Complete" as of this shipment: every pack had left once it had (a later one sent nothing more).
    const sentByThen = found.shipments.filter((s) => s.number <= shipment.number).flatMap((s) => s.lines).reduce((sum, l) => sum + l.count, 0);
    return { shipment, complete: sentByThen >= found.progress.orderedPacks, shipments: found.shipments.length };
  }

  /**
   * Sends some of the order's packs (or all that are left) in one shipment. `seenVersion` is the
   * order's version the staff member saw (null: the dispatch desk's bulk dispatch).
   */
  async ship(staff: StaffMember, orderId: number, seenVersion: number | null, input: ShipInput): Promise<ShipResult> {
    permit(staff);
    const carrier = checkCarrier(input.carrier);
    const trackingNumber = checkTracking(carrier, input.trackingNumber);
    const result = await this.db.transaction(async (tx) => {
      const order = await this.lockOrder(tx, orderId, seenVersion);
      return this.shipLocked(tx, staff, order, carrier, trackingNumber, input);
    });
    // Every order is invoiced once goods have left (its time of supply), so the VAT return counts
    // every supply; an account order's terms run from this invoice. Should this fail, the invoice
    // is still issued when first opened.
    if (this.options.issueInvoice) {
      await this.options.issueInvoice(orderId).catch((error: unknown) =>
        this.options.log?.error({ orderId, error: error instanceof Error ? error.message : String(error) }, 'could not issue the invoice of a dispatched order'),
      );
    }
    this.options.jobs.wakeWorkers();
    return result;
  }

  private async shipLocked(tx: Executor, staff: StaffMember, order: LockedOrder, carrier: Carrier, trackingNumber: string | null, input: ShipInput): Promise<ShipResult> {
    const orderId = order.orderId;
    // No longer awaiting dispatch: the state module's words.
    const facts = await orderActionFactsOf(tx, orderId);
    assertOrderAction('dispatch', facts, staff.role);
    // The customer's agreement to a made-to-order quantity outside ±10% changes what they pay:
    // refused from a role that may not change an order's money (the page does not offer it).
    if (input.customerAgreed) assertOrderAction('agreeCustomQuantity', facts, staff.role);
    const mayAgree = mayDoOrderAction('agreeCustomQuantity', facts, staff.role);
    if (!mayDispatch(order)) {
      // Awaiting payment (or refunded: net paid decides).
      const hold = dispatchHoldOf(order);
      throw new Invalid(hold && hold !== 'awaiting_payment' ? DISPATCH_HOLD_TEXT[hold] : shipmentMessages.awaitingPayment);
    }
    const lineRows = await queryRows<object>(
      tx,
      sql`SELECT ${LINE.list}, COALESCE((SELECT sum(x.count) FROM shipment_lines x WHERE x.order_line_id = l.order_line_id), 0) AS shipped
          FROM order_lines l WHERE l.order_id = ${orderId} AND l.kind = 'goods' ORDER BY l.order_line_id`,
    );
    const lines: LineRow[] = lineRows.map((raw) => ({ ...LINE.read(raw), ...SHIPPED.read(raw) }));
    const chosen = chooseLines(orderId, lines, input.lines);
    if (chosen.length === 0) throw new Invalid(shipmentMessages.nothingChosen, { fields: [{ field: 'lines', message: shipmentMessages.nothingChosen }] });

    // Custom lines: the units delivered, within ±10% or agreed by the customer; repriced for what
    // was delivered, unless an invoice already states the order (an invoice is never rewritten:
    // the difference is then settled by hand, and the audit entry says so).
    const invoiced = chosen.some((c) => c.line.custom) && (await queryRows(tx, sql`SELECT 1 FROM invoices WHERE order_id = ${orderId}`)).length > 0;
    let deltaPence = 0;
    const customChanges: Record<string, unknown>[] = [];
    for (const { line, deliveredUnits } of chosen) {
      if (!line.custom) continue;
      const orderedUnits = line.qty * line.count;
      const { agreed } = checkDeliveredUnits(orderedUnits, deliveredUnits ?? Number.NaN, input.customerAgreed ?? null, `delivered_units_${line.orderLineId}`, mayAgree);
      const newTotal = deliveredLineTotalPence(line.totalPricePence, orderedUnits, deliveredUnits!);
      deltaPence += newTotal - line.totalPricePence;
      customChanges.push({
        item: itemDisplayName(line.productName, line.size1),
        ordered_units: orderedUnits,
        delivered_units: deliveredUnits,
        line_total_before_pence: line.totalPricePence,
        line_total_after_pence: newTotal,
        ...(agreed ? { customer_agreed: input.customerAgreed!.note.trim() } : {}),
      });
      await tx.execute(
        sql`UPDATE order_lines SET delivered_units = ${deliveredUnits}${invoiced ? sql`` : sql`, total_price_pence = ${newTotal}`} WHERE order_line_id = ${line.orderLineId}`,
      );
    }

    const number = await queryNumber(tx, sql`SELECT COALESCE(max(number), 0) + 1 AS value FROM shipments WHERE order_id = ${orderId}`);
    const [inserted] = await queryRows<object>(
      tx,
      sql`INSERT INTO shipments (order_id, number, carrier, tracking_number, dispatched_at, staff_id)
          VALUES (${orderId}, ${number}, ${carrier}, ${trackingNumber}, ${this.options.now().toISOString()}::timestamptz, ${staff.staffId})
          RETURNING ${NEW_SHIPMENT.list}`,
    );
    const { shipmentId } = NEW_SHIPMENT.read(inserted!);
    await tx.execute(
      sql`INSERT INTO shipment_lines (shipment_id, order_line_id, count, delivered_units)
          VALUES ${sql.join(
            chosen.map((c) => sql`(${shipmentId}, ${c.line.orderLineId}, ${c.count}, ${c.line.custom ? c.deliveredUnits : null})`),
            sql`, `,
          )}`,
    );
    const movements: OrderLineCount[] = chosen.map((c) => ({ orderLineId: c.line.orderLineId, count: c.count }));
    await stockMovements.ship(tx, orderId, movements, staff.staffId);

    const remaining = lines.reduce((sum, l) => sum + leftOf(l), 0) - chosen.reduce((sum, c) => sum + c.count, 0);
    const complete = remaining <= 0;
    if (complete) assertMove(order.status, 'Dispatched');
    // An account order's payment falls due its account's terms after the first parcel leaves.
    const dueDate = order.paymentMethod === 'account' && order.paymentDueDate === null ? addDays(this.today(), order.termsDays ?? 7) : null;
    // The order's totals follow what was delivered: paid orders then owe a refund (or have money
    // due), account orders are invoiced for it (order-states.ts paymentFiguresOf).
    let totals: { sub: number; tax: number; total: number } | null = null;
    if (deltaPence !== 0 && !invoiced) {
      const sub = order.subTotalPence + deltaPence;
      const tax = percentOfPence(sub + order.deliveryFeePence, order.vatRatePercent);
      totals = { sub, tax, total: sub + order.deliveryFeePence + tax };
    }
    const updated = await queryRows(
      tx,
      sql`UPDATE orders SET ${complete ? sql`status = 'Dispatched', ` : sql``}
                 dispatched_at = COALESCE(dispatched_at, ${this.options.now().toISOString()}::timestamptz),
                 carrier = ${carrier}, tracking_number = ${trackingNumber},
                 payment_due_date = COALESCE(payment_due_date, ${dueDate}::date),
                 ${totals ? sql`sub_total_pence = ${totals.sub}, total_tax_pence = ${totals.tax}, total_pence = ${totals.total}, ` : sql``}
                 version = version + 1
          WHERE order_id = ${orderId} AND version = ${order.version} RETURNING order_id`,
    );
    if (updated.length === 0) throw new Conflict(shipmentMessages.changedMeanwhile);
    await this.options.jobs.record(shipmentEmailJob(order.userId, orderId, shipmentId, 'dispatched', number), tx);
    await insertOrderEvent(tx, {
      orderId,
      staffId: staff.staffId,
      kind: complete ? 'dispatched' : 'part_dispatched',
      // The state changes only with the last pack (a part leaves it awaiting dispatch).
      before: complete ? { status: order.status } : null,
      after: {
        ...(complete ? { status: 'Dispatched' } : {}),
        shipment: number,
        carrier,
        ...(trackingNumber ? { tracking_number: trackingNumber } : {}),
        packs: chosen.map((c) => `${c.count} x ${itemDisplayName(c.line.productName, c.line.size1)}`).join('; '),
        ...(dueDate ? { payment_due_date: dueDate } : {}),
        ...(customChanges.length ? { custom_quantities: customChanges.map(describeCustomChange).join('; ') } : {}),
        ...(totals ? { total_before_pence: order.totalPence, total_pence: totals.total } : {}),
        ...(invoiced && deltaPence !== 0 ? { difference_to_settle_pence: deltaPence, invoice_already_issued: 'yes' } : {}),
      },
    });
    return { shipmentId, number, complete };
  }

  /**
   * Dispatches everything left of each order in one shipment each (the dispatch desk): each order
   * in its own transaction, so one that cannot go (unpaid meanwhile, a custom line) does not stop
   * the others. Answers what happened to each, in the order given.
   */
  async shipMany(staff: StaffMember, carrier: string, parcels: readonly { orderId: number; trackingNumber: string }[]): Promise<{ orderId: number; ok: boolean; message: string }[]> {
    permit(staff);
    checkCarrier(carrier);
    const results: { orderId: number; ok: boolean; message: string }[] = [];
    for (const parcel of parcels) {
      try {
        const shipped = await this.ship(staff, parcel.orderId, null, { carrier, trackingNumber: parcel.trackingNumber, lines: 'rest' });
        results.push({ orderId: parcel.orderId, ok: true, message: `Order ${parcel.orderId}: shipment ${shipped.number} dispatched with ${carrier}${carrierTracks(carrier) ? `, tracking ${parcel.trackingNumber.trim()}` : ''}.` });
      } catch (error) {
        if (!(error instanceof Invalid || error instanceof Conflict || error instanceof NotFound)) throw error;
        results.push({ orderId: parcel.orderId, ok: false, message: `Order ${parcel.orderId}: ${error.message}` });
      }
    }
    return results;
  }

  /**
   * Corrects a shipment's carrier or tracking number after it left (a mistyped number): audited
   * as an order event with before and after, and the customer is e-mailed the correction.
   */
  async correct(staff: StaffMember, orderId: number, seenVersion: number, shipmentNumber: number, input: { carrier: string; trackingNumber: string }): Promise<void> {
    permit(staff);
    const carrier = checkCarrier(input.carrier);
    const trackingNumber = checkTracking(carrier, input.trackingNumber);
    await this.db.transaction(async (tx) => {
      const order = await this.lockOrder(tx, orderId, seenVersion);
      assertOrderAction('correctShipment', await orderActionFactsOf(tx, orderId), staff.role);
      const [raw] = await queryRows<object>(tx, sql`SELECT ${SHIPMENT.list} FROM shipments sh WHERE sh.order_id = ${orderId} AND sh.number = ${shipmentNumber}`);
      if (!raw) throw new NotFound(shipmentMessages.noShipment);
      const shipment = SHIPMENT.read(raw);
      if (shipment.carrier === carrier && shipment.trackingNumber === trackingNumber) throw new Invalid(shipmentMessages.nothingCorrected);
      await tx.execute(sql`UPDATE shipments SET carrier = ${carrier}, tracking_number = ${trackingNumber} WHERE shipment_id = ${shipment.shipmentId}`);
      // Never null here: the shipment just read is one of them.
      const isLatest = (await queryNumber(tx, sql`SELECT max(number) AS value FROM shipments WHERE order_id = ${orderId}`)) === shipment.number;
      const updated = await queryRows(
        tx,
        sql`UPDATE orders SET ${isLatest ? sql`carrier = ${carrier}, tracking_number = ${trackingNumber}, ` : sql``}version = version + 1
            WHERE order_id = ${orderId} AND version = ${order.version} RETURNING order_id`,
      );
      if (updated.length === 0) throw new Conflict(shipmentMessages.changedMeanwhile);
      await this.options.jobs.record(shipmentEmailJob(order.userId, orderId, shipment.shipmentId, 'corrected', order.version), tx);
      await insertOrderEvent(tx, {
        orderId,
        staffId: staff.staffId,
        kind: 'shipment_corrected',
        before: { shipment: shipment.number, carrier: shipment.carrier, tracking_number: shipment.trackingNumber ?? 'none' },
        after: { shipment: shipment.number, carrier, tracking_number: trackingNumber ?? 'none' },
      });
    });
    this.options.jobs.wakeWorkers();
  }

  /** Whether any pack of the order has left (a part-dispatched order cannot be cancelled). */
  async anyShipped(orderId: number, executor: Executor = this.db): Promise<boolean> {
    return (await queryRows(executor, sql`SELECT 1 FROM shipments WHERE order_id = ${orderId} LIMIT 1`)).length > 0;
  }

  private async lockOrder(tx: Executor, orderId: number, seenVersion: number | null): Promise<LockedOrder> {
    const [row] = await queryRows<object>(
      tx,
      sql`SELECT ${ORDER.list}, ${TERMS.list}, ${CUSTOMER.list}
          FROM orders o JOIN users u ON u.user_id = o.user_id LEFT JOIN trade_accounts t ON t.user_id = o.user_id
          WHERE o.order_id = ${orderId} FOR UPDATE OF o`,
    );
    if (!row) throw new NotFound(shipmentMessages.notFound(orderId));
    const order = { ...ORDER.read(row), ...TERMS.read(row) };
    if (seenVersion !== null && order.version !== seenVersion) throw new Conflict(shipmentMessages.changedMeanwhile, { version: order.version });
    return order;
  }
}

/** The packs chosen for a shipment, checked against what is left of each line. */
function chooseLines(orderId: number, lines: readonly LineRow[], wanted: ShipInput['lines']): { line: LineRow; count: number; deliveredUnits: number | null }[] {
  if (wanted === 'rest') {
    const left = lines.filter((l) => leftOf(l) > 0);
    if (left.some((l) => l.custom)) throw new Invalid(shipmentMessages.customInBulk(orderId));
    return left.map((line) => ({ line, count: leftOf(line), deliveredUnits: null }));
  }
  const chosen: { line: LineRow; count: number; deliveredUnits: number | null }[] = [];
  const seen = new Set<number>();
  for (const want of wanted) {
    if (want.count === 0) continue;
    const line = lines.find((l) => l.orderLineId === want.orderLineId);
    if (!line || seen.has(line.orderLineId)) throw new Invalid(shipmentMessages.unknownLine);
    seen.add(line.orderLineId);
    const left = leftOf(line);
    const item = itemDisplayName(line.productName, line.size1);
    const field = `count_${line.orderLineId}`;
    if (!Number.isSafeInteger(want.count) || want.count < 0 || want.count > left) {
      const message = shipmentMessages.tooMany(item, left);
      throw new Invalid(message, { fields: [{ field, message }] });
    }
    if (line.custom && (want.count !== line.count || line.shipped > 0)) {
      const message = shipmentMessages.customWhole(item);
      throw new Invalid(message, { fields: [{ field, message }] });
    }
    chosen.push({ line, count: want.count, deliveredUnits: want.deliveredUnits ?? null });
  }
  return chosen;
}

/** Packs of a line still to send: ordered, less those taken off (cannot be supplied) and those shipped. */
function leftOf(line: LineRow): number {
  return Math.max(0, line.count - line.withdrawnCount - line.shipped);
}

function describeCustomChange(change: Record<string, unknown>): string {
  const agreed = change.customer_agreed ? ` (outside 10%: the customer agreed, ${String(change.customer_agreed)})` : '';
  return `${String(change.item)}: ${String(change.delivered_units)} units delivered of ${String(change.ordered_units)} ordered${agreed}`;
}

function checkCarrier(carrier: string): Carrier {
  if (!isCarrier(carrier)) throw new Invalid(shipmentMessages.carrier, { fields: [{ field: 'carrier', message: shipmentMessages.carrier }] });
  return carrier;
}

/** The tracking number a carrier needs (TRACKING_NUMBER_RULE), or null for our own van, whatever was typed. */
function checkTracking(carrier: Carrier, typed: string): string | null {
  if (!carrierTracks(carrier)) return null;
  const trackingNumber = trackingNumberOf(typed);
  if (trackingNumber === null) {
    throw new Invalid(shipmentMessages.trackingNumber, { fields: [{ field: 'tracking_number', message: shipmentMessages.trackingNumber }] });
  }
  return trackingNumber;
}

function permit(staff: StaffMember): void {
  if (!can(staff.role, 'orders:dispatch')) throw new Forbidden(shipmentMessages.notPermitted);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
