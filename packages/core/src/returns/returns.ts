/**
 * Returns and claims (SPEC section 9, docs/returns.md): a customer opens one on a dispatched or
 * delivered order for some packs of its lines, within the reason's window (return-windows.ts);
 * staff approve it (with instructions) or refuse it (with a reason), record the goods received
 * (back to stock or written off), and settle it by a refund (the order's own refund paths in
 * back-office/orders/order-administration.ts, which issue the credit note), a credit note that
 * lowers what the customer still owes (an order not yet paid in full, such as a trade account's:
 * no money moves, DESIGN section 10 "Money"), or a replacement shipment.
 *
 * Every step is one transaction that locks the order's row (as staff changes to an order do),
 * checks the return's version (of two staff acting at once one wins, the other is told), writes
 * an order_events entry (kind 'return_*', so the order's timeline shows it) and records the
 * customer's e-mail as a durable job. Stock moves through core/stock/stock-movements.ts, called
 * from exactly one place per movement: `returned` in receive(), `sentAsReplacement` in
 * settleByReplacement().
 */
import { sql } from 'drizzle-orm';
import { columnsOf, figuresOf, orderEvents, orderLines, orders, productPrices, queryRows, returnLines, returnPhotos, returns, users, type Database, type Executor } from '@shop/db';
import { formatPounds, RETURN_DESCRIPTION_MAX, returnRequestMessages } from '@shop/contract';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { pendingUploadOf, privateImageCopy, type PendingUpload } from '../catalogue-admin/catalogue-images.ts';
import { writeBytesInChunks } from '../event-loop.ts';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { orderNoticeJob } from '../email/email-jobs.ts';
import { linkLine, type MessageLine } from '../email/short-message.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { creditableOf, creditOrder, insertOrderEvent } from '../back-office/orders/order-payments.ts';
import { isCarrier, paymentFiguresOf, TRACKING_NUMBER_RULE, trackingNumberOf, trackingUrl } from '../back-office/orders/order-states.ts';
import { formatCreditNoteNumber } from '../documents/credit-note-numbers.ts';
import { refundProviderOf, type OrderAdministration, type RefundProvider } from '../back-office/orders/order-administration.ts';
import type { CreditedGoods } from '../documents/credit-notes.ts';
import { can, type StaffMember, type StaffPermission } from '../staff/staff-roles.ts';
import type { StockMovements } from '../stock/stock-movements.ts';
import { isoTime, isoTimeOrNull } from '../iso-time.ts';
import { chargedForPacks } from '../pricing/cart-totals.ts';
import {
  allowedReturnMoves,
  assertReturnMove,
  mayMove,
  RETURN_MOVE_MESSAGES,
  RETURN_STATE_LABELS,
  returnNextStep,
  type ReturnFacts,
  type ReturnMove,
  type ReturnState,
} from './return-states.ts';
import { isIsoDate, isReturnReason, RETURN_WINDOWS, returnWindow, returnWindows, type ReturnReason, type ReturnWindow } from './return-windows.ts';

export const MAX_RETURN_PHOTOS = 3;
export const MAX_DESCRIPTION = RETURN_DESCRIPTION_MAX;

/**
 * Whether the goods must come back, as the approve form offers it for each reason: a claim for
 * damage, a fault or a short delivery is settled without them (the customer keeps or recycles
 * damaged packaging; missing goods cannot be sent), while unwanted goods (ordered wrongly, not
 * needed) come back before they are refunded. Staff may choose otherwise; what they choose is
 * what the customer is told and what the return waits for.
 */
export const GOODS_BACK_BY_DEFAULT: Readonly<Record<ReturnReason, boolean>> = {
  unwanted: true,
  damaged: false,
  faulty: false,
  warranty: false,
};

export function goodsBackByDefault(reason: ReturnReason): boolean {
  return GOODS_BACK_BY_DEFAULT[reason];
}

export const returnMessages = {
  notFound: 'There is no such return.',
  orderNotFound: 'Order not found',
  noLines: returnRequestMessages.noLines,
  tooMany: (name: string, most: number) => `You can return at most ${most} pack${most === 1 ? '' : 's'} of ${name}.`,
  unknownLine: 'One of the items is not on this order.',
  description: returnRequestMessages.description,
  reason: returnRequestMessages.reason,
  faultFoundOn: returnRequestMessages.faultFoundOn,
  tooManyPhotos: `Send at most ${MAX_RETURN_PHOTOS} photos.`,
  changedMeanwhile: 'This return was changed by someone else. Reload it to see the change.',
  notRequested: RETURN_MOVE_MESSAGES.notRequested,
  notApproved: RETURN_MOVE_MESSAGES.notApproved,
  notSettleable: RETURN_MOVE_MESSAGES.notSettleable,
  instructions: 'Write the instructions for the customer (1-1000 characters).',
  refusal: 'Give the reason for refusing (1-500 characters); the customer reads it.',
  carrier: 'Choose the carrier.',
  trackingNumber: `${TRACKING_NUMBER_RULE}, or none for our own van.`,
  creditAmount: 'Enter the amount to credit, more than £0.00.',
  nothingOwed: RETURN_MOVE_MESSAGES.nothingOwed,
  notInvoiced: 'This order has no VAT invoice yet, so there is nothing to credit: open its invoice first, then settle by credit note.',
  creditTooLarge: (maxPence: number) => `At most ${formatPounds(maxPence / 100)} can be credited (the invoice, less credit notes already issued).`,
  notPermitted: 'You do not have access to this.',
} as const;

export interface ReturnLineInput {
  orderLineId: number;
  count: number;
}

export interface OpenReturnInput {
  reason: string;
  description: string;
  faultFoundOn?: string | null;
  lines: readonly ReturnLineInput[];
  /** Bytes, or uploads read only once the form's other checks have passed (a page's temporary files). */
  photos: readonly (Uint8Array | PendingUpload)[];
}

export interface ReturnableLine {
  orderLineId: number;
  productName: string;
  size1: string;
  qty: number;
  /** Packs on the order. */
  count: number;
  /** Packs not already in a return (refused ones aside). */
  returnableCount: number;
}

export interface ReturnStep {
  at: string;
  kind: string;
  /** What the customer reads for this step. */
  text: string;
}

export interface ReturnSummary {
  returnId: number;
  orderId: number;
  version: number;
  reason: ReturnReason;
  reasonLabel: string;
  description: string;
  faultFoundOn: string | null;
  windowUntil: string;
  state: ReturnState;
  stateLabel: string;
  goodsBack: boolean | null;
  instructions: string | null;
  refusalReason: string | null;
  writtenOff: boolean | null;
  refundPence: number | null;
  replacementCarrier: string | null;
  replacementTrackingNumber: string | null;
  replacementTrackingUrl: string | null;
  createdAt: string;
  receivedAt: string | null;
  settledAt: string | null;
  /** The packs returned: `count` of the line, at `pricePence` a pack; `chargedPence`, what they were charged (less their share of an offer's discount). */
  lines: { orderLineId: number; productName: string; size1: string; qty: number; count: number; pricePence: number; chargedPence: number }[];
  photoCount: number;
  steps: ReturnStep[];
}

export interface OrderReturns {
  orderId: number;
  /** Each reason's window today. */
  windows: ReturnWindow[];
  lines: ReturnableLine[];
  returns: ReturnSummary[];
}

export interface ReturnQueueRow {
  returnId: number;
  orderId: number;
  customerName: string;
  reason: ReturnReason;
  reasonLabel: string;
  state: ReturnState;
  stateLabel: string;
  /** What staff do next (`returnNextStep`): receive the goods only when they are to come back. */
  nextStep: string | null;
  windowUntil: string;
  createdAt: string;
  packs: number;
}

export interface StaffReturn extends ReturnSummary {
  /** Hidden from the warehouse (null), as on the order page. */
  customer: { userId: number; name: string; email: string } | null;
  /** The moves the staff member may make now (return-states.ts): what the page offers, and all core accepts. */
  moves: Readonly<Record<ReturnMove, boolean>>;
  order: {
    status: string;
    paymentMethod: string;
    /** Who a refund goes through (the test provider for a test payment), or null: by hand (order-administration.ts `refundProviderOf`). */
    refundProvider: RefundProvider | null;
    paidPence: number;
    refundedPence: number;
    /** Still owed by the customer (order-states.ts paymentFiguresOf): a credit note may reduce it. */
    duePence: number;
    /** Taken off what is owed by credit notes so far. */
    creditedPence: number;
    version: number;
    deliveredAt: string | null;
  };
  /** The value of the returned packs, ex-VAT and with the order's VAT: what a refund of them would be. */
  valuePence: number;
}

export interface ReturnsOptions {
  jobs: JobQueue;
  now: () => Date;
  stock: StockMovements;
  /** The order's refund paths (the credit note comes with them). */
  orderAdministration: OrderAdministration;
}

const RETURN = columnsOf(
  returns,
  [
    'returnId',
    'orderId',
    'userId',
    'reason',
    'description',
    'faultFoundOn',
    'windowUntil',
    'state',
    'goodsBack',
    'instructions',
    'refusalReason',
    'writtenOff',
    'receivedAt',
    'refundPence',
    'orderPaymentId',
    'replacementCarrier',
    'replacementTrackingNumber',
    'settledAt',
    'version',
    'createdAt',
  ],
  'r',
);
type ReturnRow = ReturnType<typeof RETURN.read>;
const ORDER = columnsOf(
  orders,
  [
    'orderId',
    'userId',
    'status',
    'deliveredAt',
    'dispatchedAt',
    'deliveryAddress',
    'paymentMethod',
    'paymentIsTest',
    'totalPence',
    'paidPence',
    'refundedPence',
    'creditedPence',
    'version',
    'vatRatePercent',
    'vatTreatment',
  ],
  'o',
);
type OrderFacts = ReturnType<typeof ORDER.read>;
const LINE = columnsOf(orderLines, ['orderLineId', 'productName', 'size1', 'qty', 'count', 'pricePence', 'discountPence', 'productPriceId', 'withdrawnCount'], 'l');
/** The id a new return is given (RETURNING). */
const NEW_RETURN = columnsOf(returns, ['returnId']);
/** A photo, and the customer whose return it is of. */
const PHOTO = columnsOf(returnPhotos, ['contentType', 'bytes'], 'p');
const PHOTO_OWNER = columnsOf(returns, ['userId'], 'r');
const CUSTOMER_NAME = columnsOf(users, ['firstName', 'lastName'], 'u');
const CUSTOMER = columnsOf(users, ['firstName', 'lastName', 'email'], 'u');
/** A return's packs of an order line (its credit note's goods). */
const RETURN_LINE = columnsOf(returnLines, ['orderLineId', 'count'], 'rl');
/** Beside an order line's columns (LINE, whose `count` is the line's): the return, and its packs as `return_count`. */
const LINE_RETURN = columnsOf(returnLines, ['returnId'], 'rl');
const RETURN_COUNT = figuresOf({ return_count: 'number' });
/** The size a line's pack is of (a return's units by size); the return photos are counted for. */
const PRICE_SIZE = columnsOf(productPrices, ['productSizeId'], 'p');
const PHOTOS_OF = columnsOf(returnPhotos, ['returnId']);
/** An audit entry of a return: its kind and time, and the return it is of (`after` ->> 'return_id'). */
const STEP = columnsOf(orderEvents, ['kind', 'createdAt'], 'e');
const STEP_OF = figuresOf({ return_id: 'text?' });
/** Computed: a return's packs (queue), a line's packs already returned, a size's units, a return's photos. */
const PACKS = figuresOf({ packs: 'number' });
const TAKEN = figuresOf({ taken: 'number' });
const UNITS = figuresOf({ units: 'number' });
const PHOTO_COUNT = figuresOf({ n: 'number' });

export class Returns {
  constructor(
    private readonly db: Database,
    private readonly options: ReturnsOptions,
  ) {}

  private today(): string {
    return londonDate(this.options.now());
  }

  /* ---------- The customer ---------- */

  /** Refuses a return whose reason's window has closed, or that names a line or more packs than are left to return. */
  private checkWanted(
    window: ReturnWindow,
    reason: ReturnReason,
    wanted: readonly { orderLineId: number; count: number }[],
    returnable: readonly ReturnableLine[],
  ): void {
    if (!window.open) throw invalidField(reason === 'faulty' ? 'fault_found_on' : 'reason', window.text);
    for (const line of wanted) {
      const found = returnable.find((l) => l.orderLineId === line.orderLineId);
      if (!found) throw invalidField('lines', returnMessages.unknownLine);
      if (line.count > found.returnableCount) throw invalidField(`line_${line.orderLineId}`, returnMessages.tooMany(displayName(found), found.returnableCount));
    }
  }

  /** The order page's returns: windows today, what may still be returned, and the customer's returns with their steps. */
  async forCustomer(userId: number, orderId: number): Promise<OrderReturns> {
    const order = await this.customerOrder(userId, orderId, this.db);
    return this.orderReturns(order, this.db);
  }

  /**
   * Opens a return or claim. The photos are checked (as catalogue images) and copied before the
   * transaction; the window is checked again inside it, against the order's locked row.
   */
  async open(userId: number, orderId: number, input: OpenReturnInput): Promise<ReturnSummary> {
    if (!isReturnReason(input.reason)) throw invalidField('reason', returnMessages.reason);
    const reason = input.reason;
    const description = input.description.trim();
    if (description.length < 1 || description.length > MAX_DESCRIPTION) throw invalidField('description', returnMessages.description);
    const faultFoundOn = reason === 'faulty' ? (input.faultFoundOn ?? '').trim() : null;
    if (reason === 'faulty' && (!faultFoundOn || !isIsoDate(faultFoundOn))) throw invalidField('fault_found_on', returnMessages.faultFoundOn);
    const wanted = input.lines.filter((line) => line.count > 0);
    if (wanted.length === 0 || wanted.some((line) => !Number.isSafeInteger(line.count))) throw invalidField('lines', returnMessages.noLines);
    const photos = input.photos.map((photo) => (photo instanceof Uint8Array ? pendingUploadOf(photo) : photo)).filter((photo) => photo.size > 0);
    if (photos.length > MAX_RETURN_PHOTOS) throw invalidField('photos', returnMessages.tooManyPhotos);
    // The owner first: someone else's order is not found, whatever else is wrong with the form.
    // Then the window and the packs, which cost a query, before the photos, which cost seconds
    // of reading and decoding (none is even read before): a closed window or too many packs is
    // told at once. Both are checked again in the transaction, against the locked order.
    const unlocked = await this.customerOrder(userId, orderId, this.db);
    this.checkWanted(returnWindow(deliveryFacts(unlocked), reason, this.today(), faultFoundOn), reason, wanted, await this.returnableLines(this.db, orderId));
    const copies: Awaited<ReturnType<typeof privateImageCopy>>[] = [];
    for (const photo of photos) {
      try {
        copies.push(await privateImageCopy(photo));
      } catch (error) {
        if (error instanceof Invalid) throw invalidField('photos', `Photo ${copies.length + 1}: ${error.message}`);
        throw error;
      }
    }
    const returnId = await this.db.transaction(async (tx) => {
      const order = await this.customerOrder(userId, orderId, tx, true);
      const window = returnWindow(deliveryFacts(order), reason, this.today(), faultFoundOn);
      this.checkWanted(window, reason, wanted, await this.returnableLines(tx, orderId));
      const [raw] = await queryRows<Record<string, unknown>>(
        tx,
        sql`INSERT INTO returns (order_id, user_id, reason, description, fault_found_on, window_until)
            VALUES (${orderId}, ${userId}, ${reason}, ${description}, ${faultFoundOn}::date, ${window.until}::date)
            RETURNING ${NEW_RETURN.list}`,
      );
      const id = NEW_RETURN.read(raw!).returnId;
      for (const line of wanted) {
        await tx.execute(sql`INSERT INTO return_lines (return_id, order_line_id, count) VALUES (${id}, ${line.orderLineId}, ${line.count})`);
      }
      for (const [index, photo] of copies.entries()) {
        const position = index + 1;
        await tx.execute(
          sql`INSERT INTO return_photos (return_id, position, content_type, width, height, bytes)
              VALUES (${id}, ${position}, ${photo.contentType}, ${photo.width}, ${photo.height}, ''::bytea)`,
        );
        // A copy is up to about 0.5 MB: written a piece at a time (event-loop.ts).
        await writeBytesInChunks(photo.bytes, (piece) =>
          tx.execute(sql`UPDATE return_photos SET bytes = bytes || ${piece} WHERE return_id = ${id} AND position = ${position}`),
        );
      }
      await insertOrderEvent(tx, {
        orderId,
        staffId: null,
        kind: 'return_requested',
        before: null,
        after: { return_id: id, reason, lines: wanted.map((l) => ({ order_line_id: l.orderLineId, count: l.count })), photos: copies.length },
      });
      await this.options.jobs.record(
        orderNoticeJob(
          userId,
          orderId,
          {
            subject: `We have your ${reason === 'unwanted' ? 'return' : 'claim'} request for order ${orderId}`,
            lines: [
              `We have received your request (${RETURN_WINDOWS[reason].label.toLowerCase()}) for order ${orderId}, return number ${id}.`,
              'Please do not send anything back yet: we will e-mail you our decision and, if the goods should come back, where to send them.',
            ],
          },
          `return-${id}-requested`,
        ),
        tx,
      );
      return id;
    });
    this.options.jobs.wakeWorkers();
    const summary = (await this.summaries(this.db, sql`r.return_id = ${returnId}`))[0];
    return summary!;
  }

  /** A photo of a return, for its customer (userId) or for staff (null: the caller checked the staff session). */
  async photo(viewer: { userId: number } | { staff: StaffMember }, returnId: number, position: number): Promise<{ contentType: string; bytes: Buffer } | null> {
    if ('staff' in viewer) permit(viewer.staff, 'orders:view');
    const [raw] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${PHOTO.list}, ${PHOTO_OWNER.list} FROM return_photos p JOIN returns r ON r.return_id = p.return_id
          WHERE p.return_id = ${returnId} AND p.position = ${position}`,
    );
    if (!raw || ('userId' in viewer && PHOTO_OWNER.read(raw).userId !== viewer.userId)) return null;
    return PHOTO.read(raw);
  }

  /* ---------- Staff ---------- */

  /** Open returns, oldest first. */
  async queue(staff: StaffMember): Promise<ReturnQueueRow[]> {
    permit(staff, 'orders:view');
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${RETURN.list}, ${CUSTOMER_NAME.list},
                 (SELECT COALESCE(sum(rl.count), 0) FROM return_lines rl WHERE rl.return_id = r.return_id) AS packs
          FROM returns r JOIN users u ON u.user_id = r.user_id
          WHERE r.state IN ('requested', 'approved', 'received')
          ORDER BY r.created_at, r.return_id
          LIMIT 500`,
    );
    return rows.map((raw) => {
      const r = RETURN.read(raw);
      const customer = CUSTOMER_NAME.read(raw);
      return {
        returnId: r.returnId,
        orderId: r.orderId,
        customerName: `${customer.firstName} ${customer.lastName}`.trim(),
        reason: r.reason,
        reasonLabel: RETURN_WINDOWS[r.reason].label,
        state: r.state,
        stateLabel: RETURN_STATE_LABELS[r.state],
        nextStep: returnNextStep(r),
        windowUntil: r.windowUntil,
        createdAt: isoTime(r.createdAt),
        packs: PACKS.read(raw).packs,
      };
    });
  }

  /** The returns of one order, oldest first (the staff order page links to them). */
  async ofOrder(staff: StaffMember, orderId: number): Promise<ReturnSummary[]> {
    permit(staff, 'orders:view');
    return this.summaries(this.db, sql`r.order_id = ${orderId}`);
  }

  /** One return with its order's money and customer, for the staff page. */
  async detail(staff: StaffMember, returnId: number): Promise<StaffReturn> {
    permit(staff, 'orders:view');
    const [summary] = await this.summaries(this.db, sql`r.return_id = ${returnId}`);
    if (!summary) throw new NotFound(returnMessages.notFound);
    const [raw] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${ORDER.list}, ${CUSTOMER.list} FROM orders o JOIN users u ON u.user_id = o.user_id WHERE o.order_id = ${summary.orderId}`,
    );
    const order = ORDER.read(raw!);
    const customer = CUSTOMER.read(raw!);
    const seesMoney = can(staff.role, 'payments:view');
    const seesCustomer = can(staff.role, 'customers:view');
    const net = summary.lines.reduce((sum, line) => sum + line.chargedPence, 0);
    const vat = order.vatTreatment === 'export' ? 0 : Math.round((net * order.vatRatePercent) / 100);
    return {
      ...summary,
      customer: seesCustomer ? { userId: order.userId, name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email } : null,
      moves: allowedReturnMoves(returnFactsOf(summary, order), staff.role),
      order: {
        status: order.status,
        paymentMethod: order.paymentMethod,
        refundProvider: refundProviderOf(order),
        paidPence: seesMoney ? order.paidPence : 0,
        refundedPence: seesMoney ? order.refundedPence : 0,
        duePence: seesMoney ? paymentFiguresOf(order).duePence : 0,
        creditedPence: seesMoney ? order.creditedPence : 0,
        version: order.version,
        deliveredAt: isoTimeOrNull(order.deliveredAt),
      },
      valuePence: seesMoney ? net + vat : 0,
    };
  }

  /** Approved: the goods come back (instructions say where) or need not (a refund or replacement follows). */
  async approve(staff: StaffMember, returnId: number, seenVersion: number, input: { goodsBack: boolean; instructions: string }): Promise<void> {
    permit(staff, 'orders:cancel');
    const instructions = input.instructions.trim();
    if (instructions.length < 1 || instructions.length > 1000) throw invalidField('instructions', returnMessages.instructions);
    await this.change(staff, returnId, seenVersion, 'return_approved', async (r, tx) => {
      await this.assertMove(tx, staff, 'approve', r);
      await this.update(tx, r, sql`state = 'approved', goods_back = ${input.goodsBack}, instructions = ${instructions}`);
      return {
        after: { state: 'approved', goods_back: input.goodsBack, instructions },
        notice: {
          subject: `Your return ${r.returnId} for order ${r.orderId} is approved`,
          lines: [
            `We have approved your return ${r.returnId} for order ${r.orderId}.`,
            input.goodsBack ? 'Please send the goods back as follows:' : 'You do not need to send anything back.',
            instructions,
          ],
        },
      };
    });
  }

  async refuse(staff: StaffMember, returnId: number, seenVersion: number, reasonText: string): Promise<void> {
    permit(staff, 'orders:cancel');
    const reason = reasonText.trim();
    if (reason.length < 1 || reason.length > 500) throw invalidField('refusal_reason', returnMessages.refusal);
    await this.change(staff, returnId, seenVersion, 'return_refused', async (r, tx) => {
      await this.assertMove(tx, staff, 'refuse', r);
      await this.update(tx, r, sql`state = 'refused', refusal_reason = ${reason}, settled_at = now()`);
      return {
        after: { state: 'refused', reason },
        notice: {
          subject: `Your return ${r.returnId} for order ${r.orderId}`,
          lines: [`We are sorry: we cannot accept your return ${r.returnId} for order ${r.orderId}.`, `Reason: ${reason}`],
        },
      };
    });
  }

  /** The goods came back: each line's units back on hand, or written off (damaged, opened). */
  async receive(staff: StaffMember, returnId: number, seenVersion: number, input: { writtenOff: boolean }): Promise<void> {
    permit(staff, 'orders:dispatch');
    await this.change(staff, returnId, seenVersion, 'return_received', async (r, tx) => {
      await this.assertMove(tx, staff, 'receive', r);
      for (const line of await this.sizesOf(tx, r.returnId)) {
        await this.options.stock.returned(
          tx,
          { productSizeId: line.productSizeId, units: line.units, orderId: r.orderId, writtenOff: input.writtenOff, note: `Return ${r.returnId}` },
          staff.staffId,
        );
      }
      await this.update(tx, r, sql`state = 'received', received_at = now(), written_off = ${input.writtenOff}`);
      return {
        after: { state: 'received', written_off: input.writtenOff },
        notice: {
          subject: `We have received your return ${r.returnId}`,
          lines: [`The goods of your return ${r.returnId} for order ${r.orderId} have reached us. We will let you know when it is settled.`],
        },
      };
    });
  }

  /**
   * Settled by a refund recorded by hand (a bank transfer back): the order's own recordRefund,
   * which counts it and issues the credit note, with the return's step in the same transaction.
   */
  async settleByRecordedRefund(
    staff: StaffMember,
    returnId: number,
    seenVersion: number,
    input: { amountPence: number; receivedOn: string; bankReference: string; orderVersion: number },
  ): Promise<void> {
    permit(staff, 'payments:record');
    const r = await this.returnRow(returnId, this.db);
    await this.assertMove(this.db, staff, 'refund', r);
    await this.options.orderAdministration.recordRefund(
      staff,
      r.orderId,
      input.orderVersion,
      { amountPence: input.amountPence, receivedOn: input.receivedOn, bankReference: input.bankReference, ...(await this.creditNoteOf(r)) },
      async (tx, orderPaymentId) => {
        await this.refunded(tx, staff, returnId, seenVersion, input.amountPence, orderPaymentId);
      },
    );
    this.options.jobs.wakeWorkers();
  }

  /**
   * Settled by a refund through the payment provider (card/wallet orders): the order's own
   * refundThroughProvider. The return is marked refunded once the provider confirms; a refund
   * left pending (no answer) is retried from the order page, and the return is then settled here
   * with "Mark refunded" (the refund already counted on the order).
   */
  async settleByProviderRefund(staff: StaffMember, returnId: number, seenVersion: number, input: { amountPence: number; orderVersion: number }): Promise<'completed' | 'pending' | 'failed'> {
    permit(staff, 'payments:record');
    const r = await this.returnRow(returnId, this.db);
    await this.assertMove(this.db, staff, 'refund', r);
    if (r.version !== seenVersion) throw new Conflict(returnMessages.changedMeanwhile);
    const { reason, goods } = await this.creditNoteOf(r);
    const result = await this.options.orderAdministration.refundThroughProvider(staff, r.orderId, input.orderVersion, {
      amountPence: input.amountPence,
      note: reason,
      goods,
    });
    if (result.state === 'completed') {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT order_id FROM orders WHERE order_id = ${r.orderId} FOR UPDATE`);
        await this.refunded(tx, staff, returnId, seenVersion, input.amountPence, result.orderPaymentId);
      });
      this.options.jobs.wakeWorkers();
    }
    return result.state;
  }

  /**
   * Settled by a credit note (DESIGN section 10 "Money"): on an order the customer has not paid in
   * full (a trade account's, say), `amountPence` is taken off what they owe, with its VAT credit
   * note (back-office/orders/order-payments.ts creditOrder); no money moves. Should they have paid
   * more than is then owed, the order shows the excess as a refund due.
   */
  async settleByCredit(staff: StaffMember, returnId: number, seenVersion: number, input: { amountPence: number }): Promise<void> {
    permit(staff, 'payments:record');
    const amountPence = input.amountPence;
    if (!Number.isSafeInteger(amountPence) || amountPence <= 0 || amountPence > 100_000_000) throw invalidField('amount', returnMessages.creditAmount);
    await this.change(staff, returnId, seenVersion, 'return_credited', async (r, tx) => {
      // The order's row is locked by change().
      const order = await this.assertMove(tx, staff, 'credit', r);
      const creditable = await creditableOf(tx, r.orderId);
      if (creditable === null || creditable <= 0) throw new Invalid(returnMessages.notInvoiced);
      if (amountPence > creditable) throw invalidField('amount', returnMessages.creditTooLarge(creditable));
      const note = await creditOrder(tx, this.options, {
        orderId: r.orderId,
        creditPence: amountPence,
        reason: `Return ${r.returnId} (${RETURN_WINDOWS[r.reason].label.toLowerCase()}) settled by credit.`,
        staffId: staff.staffId,
        goods: await this.goodsOf(tx, r.returnId),
      });
      if (!note) throw new Invalid(returnMessages.notInvoiced);
      await this.update(tx, r, sql`state = 'credited', refund_pence = ${note.totalPence}, settled_at = now()`);
      const after = paymentFiguresOf({ ...order, creditedPence: order.creditedPence + note.totalPence });
      const credited = formatPounds(note.totalPence / 100);
      return {
        after: { state: 'credited', amount_pence: note.totalPence, credit_note: formatCreditNoteNumber(note.creditNoteNumber), due_pence: after.duePence },
        notice: {
          subject: `Your return ${r.returnId} for order ${r.orderId} is settled by a credit note`,
          lines: [
            `We have issued credit note ${formatCreditNoteNumber(note.creditNoteNumber)} for ${credited} for your return ${r.returnId} on order ${r.orderId}: it comes off what you owe for the order.`,
            after.duePence > 0 ? `You now owe ${formatPounds(after.duePence / 100)} for order ${r.orderId}.` : `Nothing more is owed for order ${r.orderId}.`,
            after.refundDuePence > 0 ? `You have paid ${formatPounds(after.refundDuePence / 100)} more than is now owed: we will refund it.` : '',
          ],
        },
      };
    });
  }

  /** Settled by sending replacement goods: the return's packs leave the warehouse again. */
  async settleByReplacement(staff: StaffMember, returnId: number, seenVersion: number, input: { carrier: string; trackingNumber: string }): Promise<void> {
    permit(staff, 'orders:dispatch');
    if (!isCarrier(input.carrier)) throw invalidField('carrier', returnMessages.carrier);
    const typed = input.trackingNumber.trim();
    const trackingNumber = typed === '' ? '' : trackingNumberOf(typed);
    const ownVan = input.carrier === 'Own van';
    if (trackingNumber === null || (!ownVan && trackingNumber === '')) throw invalidField('tracking_number', returnMessages.trackingNumber);
    const tracking = trackingNumber || null;
    await this.change(staff, returnId, seenVersion, 'return_replaced', async (r, tx) => {
      await this.assertMove(tx, staff, 'replace', r);
      for (const line of await this.sizesOf(tx, r.returnId)) {
        await this.options.stock.sentAsReplacement(tx, { productSizeId: line.productSizeId, units: line.units, orderId: r.orderId, note: `Replacement for return ${r.returnId}` }, staff.staffId);
      }
      await this.update(tx, r, sql`state = 'replaced', replacement_carrier = ${input.carrier}, replacement_tracking_number = ${tracking}, settled_at = now()`);
      const link = trackingUrl(input.carrier, tracking);
      return {
        after: { state: 'replaced', carrier: input.carrier, tracking_number: tracking },
        notice: {
          subject: `Your replacement for order ${r.orderId} is on its way`,
          lines: [
            `We have sent replacement goods for your return ${r.returnId} on order ${r.orderId}, ${ownVan ? 'with our own van' : `with ${input.carrier}`}.`,
            tracking ? `Tracking number: ${tracking}` : '',
            link ? linkLine('Track your parcel', link) : '',
          ],
        },
      };
    });
  }

  /* ---------- Inside ---------- */

  /** The return's refund step, inside the refund's transaction (the order's row is locked). */
  private async refunded(tx: Executor, staff: StaffMember, returnId: number, seenVersion: number, amountPence: number, orderPaymentId: number): Promise<void> {
    const r = await this.returnRow(returnId, tx, true);
    if (r.version !== seenVersion) throw new Conflict(returnMessages.changedMeanwhile);
    if (!mayMove(r, 'refund')) throw new Invalid(returnMessages.notSettleable);
    await this.update(tx, r, sql`state = 'refunded', refund_pence = ${amountPence}, order_payment_id = ${orderPaymentId}, settled_at = now()`);
    await insertOrderEvent(tx, { orderId: r.orderId, staffId: staff.staffId, kind: 'return_refunded', before: { return_id: r.returnId, state: r.state }, after: { return_id: r.returnId, state: 'refunded', amount_pence: amountPence } });
    await this.options.jobs.record(
      orderNoticeJob(
        r.userId,
        r.orderId,
        {
          subject: `Your return ${r.returnId} for order ${r.orderId} is refunded`,
          lines: [`We have refunded ${formatPounds(amountPence / 100)} for your return ${r.returnId} on order ${r.orderId}, to the card or account you paid from.`],
        },
        `return-${r.returnId}-refunded`,
      ),
      tx,
    );
  }

  /** One staff step: the order's row locked, the return's version checked, the change, its audit entry and e-mail. */
  private async change(
    staff: StaffMember,
    returnId: number,
    seenVersion: number,
    kind: string,
    work: (r: ReturnRow, tx: Executor) => Promise<{ after: Record<string, unknown>; notice: { subject: string; lines: MessageLine[] } }>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const seen = await this.returnRow(returnId, tx);
      await tx.execute(sql`SELECT order_id FROM orders WHERE order_id = ${seen.orderId} FOR UPDATE`);
      const r = await this.returnRow(returnId, tx, true);
      if (r.version !== seenVersion) throw new Conflict(returnMessages.changedMeanwhile, { version: r.version });
      const { after, notice } = await work(r, tx);
      await insertOrderEvent(tx, { orderId: r.orderId, staffId: staff.staffId, kind, before: { return_id: r.returnId, state: r.state }, after: { return_id: r.returnId, ...after } });
      await this.options.jobs.record(orderNoticeJob(r.userId, r.orderId, { subject: notice.subject, lines: notice.lines.filter(Boolean) }, `return-${r.returnId}-${after.state as string}`), tx);
    });
    this.options.jobs.wakeWorkers();
  }

  /** Refuses a move the return (and its order) do not allow now, or the role may not make (return-states.ts); answers its order. */
  private async assertMove(executor: Executor, staff: StaffMember, move: ReturnMove, r: ReturnRow) {
    const [raw] = await queryRows<object>(executor, sql`SELECT ${ORDER.list} FROM orders o WHERE o.order_id = ${r.orderId}`);
    const order = ORDER.read(raw!);
    assertReturnMove(move, returnFactsOf(r, order), staff.role);
    return order;
  }

  private async update(tx: Executor, r: ReturnRow, set: ReturnType<typeof sql>): Promise<void> {
    const rows = await queryRows(tx, sql`UPDATE returns SET ${set}, version = version + 1 WHERE return_id = ${r.returnId} AND version = ${r.version} RETURNING return_id`);
    if (rows.length === 0) throw new Conflict(returnMessages.changedMeanwhile);
  }

  private async returnRow(returnId: number, executor: Executor, lock = false): Promise<ReturnRow> {
    const [raw] = await queryRows<object>(executor, sql`SELECT ${RETURN.list} FROM returns r WHERE r.return_id = ${returnId} ${lock ? sql`FOR UPDATE` : sql``}`);
    if (!raw) throw new NotFound(returnMessages.notFound);
    return RETURN.read(raw);
  }

  /** What the credit note of a return's refund says: the return and its reason, and the packs returned as its lines. */
  private async creditNoteOf(r: ReturnRow): Promise<{ reason: string; goods: CreditedGoods[] }> {
    return { reason: `Return ${r.returnId}: ${RETURN_WINDOWS[r.reason].label.toLowerCase()}`, goods: await this.goodsOf(this.db, r.returnId) };
  }

  /** A return's packs, as the goods lines of its credit note. */
  private async goodsOf(executor: Executor, returnId: number): Promise<CreditedGoods[]> {
    const rows = await queryRows<Record<string, unknown>>(executor, sql`SELECT ${RETURN_LINE.list} FROM return_lines rl WHERE rl.return_id = ${returnId} ORDER BY rl.order_line_id`);
    return rows.map((raw) => RETURN_LINE.read(raw));
  }

  /** The sizes and units a return's packs are (units = packs x units per pack). */
  private async sizesOf(tx: Executor, returnId: number): Promise<{ productSizeId: number; units: number }[]> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`SELECT ${PRICE_SIZE.list}, sum(rl.count * l.qty) AS units
          FROM return_lines rl JOIN order_lines l ON l.order_line_id = rl.order_line_id JOIN product_prices p ON p.product_price_id = l.product_price_id
          WHERE rl.return_id = ${returnId}
          GROUP BY p.product_size_id ORDER BY p.product_size_id`,
    );
    return rows.map((raw) => ({ ...PRICE_SIZE.read(raw), ...UNITS.read(raw) }));
  }

  private async customerOrder(userId: number, orderId: number, executor: Executor, lock = false): Promise<OrderFacts> {
    const [raw] = await queryRows<object>(
      executor,
      sql`SELECT ${ORDER.list} FROM orders o WHERE o.order_id = ${orderId} AND o.user_id = ${userId} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    if (!raw) throw new NotFound(returnMessages.orderNotFound);
    return ORDER.read(raw);
  }

  private async orderReturns(order: OrderFacts, executor: Executor): Promise<OrderReturns> {
    const [lines, summaries] = await Promise.all([this.returnableLines(executor, order.orderId), this.summaries(executor, sql`r.order_id = ${order.orderId}`)]);
    return { orderId: order.orderId, windows: returnWindows(deliveryFacts(order), this.today()), lines, returns: summaries };
  }

  private async returnableLines(executor: Executor, orderId: number): Promise<ReturnableLine[]> {
    const rows = await queryRows<Record<string, unknown>>(
      executor,
      sql`SELECT ${LINE.list},
                 (SELECT COALESCE(sum(rl.count), 0) FROM return_lines rl JOIN returns r ON r.return_id = rl.return_id
                  WHERE rl.order_line_id = l.order_line_id AND r.state <> 'refused') AS taken
          FROM order_lines l WHERE l.order_id = ${orderId} AND l.kind = 'goods' -- a quoted charge (print plates) is no goods to send back
          ORDER BY l.order_line_id`,
    );
    return rows.map((raw) => {
      const l = LINE.read(raw);
      // Packs taken off (never supplied, credited instead) cannot come back.
      return { orderLineId: l.orderLineId, productName: l.productName, size1: l.size1, qty: l.qty, count: l.count, returnableCount: Math.max(0, l.count - l.withdrawnCount - TAKEN.read(raw).taken) };
    });
  }

  private async summaries(executor: Executor, where: ReturnType<typeof sql>): Promise<ReturnSummary[]> {
    const rows = await queryRows<object>(executor, sql`SELECT ${RETURN.list} FROM returns r WHERE ${where} ORDER BY r.created_at, r.return_id`);
    if (rows.length === 0) return [];
    const list = rows.map((raw) => RETURN.read(raw));
    const ids = `{${list.map((r) => r.returnId).join(',')}}`;
    const [lineRows, photoRows, eventRows] = await Promise.all([
      queryRows<Record<string, unknown>>(
        executor,
        sql`SELECT ${LINE_RETURN.list}, rl.count AS return_count, ${LINE.list} FROM return_lines rl JOIN order_lines l ON l.order_line_id = rl.order_line_id
            WHERE rl.return_id = ANY (${ids}::int[]) ORDER BY rl.return_id, rl.order_line_id`,
      ),
      queryRows<Record<string, unknown>>(executor, sql`SELECT ${PHOTOS_OF.list}, count(*) AS n FROM return_photos WHERE return_id = ANY (${ids}::int[]) GROUP BY return_id`),
      // When each step happened: the order's audit entries of the returns (order_events_order_idx).
      queryRows<Record<string, unknown>>(
        executor,
        sql`SELECT e.after ->> 'return_id' AS return_id, ${STEP.list} FROM order_events e
            WHERE e.order_id = ANY (${`{${[...new Set(list.map((r) => r.orderId))].join(',')}}`}::int[]) AND e.kind LIKE 'return\_%'`,
      ),
    ]);
    const stepTimes = new Map(
      eventRows.map((raw) => {
        const e = STEP.read(raw);
        return [`${STEP_OF.read(raw).return_id}:${e.kind}`, isoTime(e.createdAt)];
      }),
    );
    const photoCounts = new Map(photoRows.map((raw) => [PHOTOS_OF.read(raw).returnId, PHOTO_COUNT.read(raw).n]));
    return list.map((r) => ({
      returnId: r.returnId,
      orderId: r.orderId,
      version: r.version,
      reason: r.reason,
      reasonLabel: RETURN_WINDOWS[r.reason].label,
      description: r.description,
      faultFoundOn: r.faultFoundOn,
      windowUntil: r.windowUntil,
      state: r.state,
      stateLabel: RETURN_STATE_LABELS[r.state],
      goodsBack: r.goodsBack,
      instructions: r.instructions,
      refusalReason: r.refusalReason,
      writtenOff: r.writtenOff,
      refundPence: r.refundPence,
      replacementCarrier: r.replacementCarrier,
      replacementTrackingNumber: r.replacementTrackingNumber,
      replacementTrackingUrl: trackingUrl(r.replacementCarrier, r.replacementTrackingNumber),
      createdAt: isoTime(r.createdAt),
      receivedAt: isoTimeOrNull(r.receivedAt),
      settledAt: isoTimeOrNull(r.settledAt),
      lines: lineRows
        .filter((raw) => LINE_RETURN.read(raw).returnId === r.returnId)
        .map((raw) => {
          const l = LINE.read(raw);
          const count = RETURN_COUNT.read(raw).return_count;
          return { orderLineId: l.orderLineId, productName: l.productName, size1: l.size1, qty: l.qty, count, pricePence: l.pricePence, chargedPence: chargedForPacks(l, count) };
        }),
      photoCount: photoCounts.get(r.returnId) ?? 0,
      steps: stepsOf(r, (kind) => stepTimes.get(`${r.returnId}:return_${kind}`) ?? ''),
    }));
  }
}

/** The steps the customer sees, in order, from the return's own columns; `at` is when each happened (its audit entry). */
function stepsOf(r: ReturnRow, at: (kind: string) => string): ReturnStep[] {
  const steps: ReturnStep[] = [{ at: isoTime(r.createdAt), kind: 'requested', text: `Requested: ${RETURN_WINDOWS[r.reason].label.toLowerCase()}.` }];
  if (r.state === 'refused') steps.push({ at: at('refused'), kind: 'refused', text: `Refused: ${r.refusalReason ?? ''}` });
  if (r.instructions !== null && r.state !== 'refused') {
    steps.push({
      at: at('approved'),
      kind: 'approved',
      text: r.goodsBack ? `Approved. Please send the goods back: ${r.instructions}` : `Approved; nothing needs to come back. ${r.instructions}`,
    });
  }
  if (r.receivedAt) steps.push({ at: isoTime(r.receivedAt), kind: 'received', text: `Goods received.` });
  if (r.state === 'refunded') steps.push({ at: at('refunded'), kind: 'refunded', text: `Refunded ${formatPounds((r.refundPence ?? 0) / 100)}.` });
  if (r.state === 'credited') steps.push({ at: at('credited'), kind: 'credited', text: `Credited ${formatPounds((r.refundPence ?? 0) / 100)} off what you owe (credit note).` });
  if (r.state === 'replaced') {
    steps.push({
      at: at('replaced'),
      kind: 'replaced',
      text: `Replacement sent ${r.replacementCarrier === 'Own van' ? 'with our own van' : `with ${r.replacementCarrier ?? 'our carrier'}`}${r.replacementTrackingNumber ? `, tracking number ${r.replacementTrackingNumber}` : ''}.`,
    });
  }
  return steps;
}

function deliveryFacts(order: OrderFacts) {
  return { status: order.status, deliveredAt: order.deliveredAt, dispatchedAt: order.dispatchedAt, deliveryPostCode: order.deliveryAddress?.post_code ?? null };
}

function displayName(line: { productName: string; size1: string }): string {
  return itemDisplayName(line.productName, line.size1);
}

/** What of a return and its order decides the moves it allows now (return-states.ts). */
function returnFactsOf(r: { state: ReturnState; goodsBack: boolean | null }, order: ReturnType<typeof ORDER.read>): ReturnFacts {
  return { state: r.state, goodsBack: r.goodsBack, order: { status: order.status, keptPence: order.paidPence - order.refundedPence, duePence: paymentFiguresOf(order).duePence } };
}

function permit(staff: StaffMember, permission: StaffPermission): void {
  if (!can(staff.role, permission)) throw new Forbidden(returnMessages.notPermitted);
}

function invalidField(field: string, message: string): Invalid {
  return new Invalid(message, { fields: [{ field, message }] });
}

