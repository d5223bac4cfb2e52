/**
 * Order administration for staff: the filtered, server-paginated order list with
 * a count per state, an order's full picture with its timeline, and the changes staff make:
 * dispatch, mark delivered, cancel, record a payment or a refund, refund through the provider.
 *
 * Every change is one transaction that
 *   - moves the order only as order-states.ts allows,
 *   - updates it `WHERE version = <the version the staff member saw>` and bumps the version, so
 *     of two staff acting on one order at once one wins and the other is told it changed,
 *   - writes an append-only `order_events` row (who, what, before and after),
 *   - records the customer's e-mail as a durable job when the customer is told (dispatch, cancel),
 *   - issues the VAT credit note a cancellation or a refund of an invoiced order calls for
 *     (documents/credit-notes.ts), with its e-mail.
 *
 * A refund of a card/wallet order goes through the provider (DESIGN sections 4, 5 and 10), and a
 * network call never runs inside a transaction: transaction 1 writes the refund 'pending' with a
 * fresh idempotency key, then the provider is asked, then transaction 2 settles the row
 * (completed or failed). No answer leaves it pending; "Try again" resends the same key, which
 * the provider answers with the refund it already made, so one refund is never made twice.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { AddressFields, VatOfSupply } from '@shop/contract';
import { addresses, columnsOf, figuresOf, orderEvents, orderLines, orderPayments, orders, queryRows, staff, tradeAccounts, users, type Database, type Executor, type Row } from '@shop/db';
import { londonWallClock } from '../../delivery/dispatch-promise.ts';
import { formatDayMonthYear } from '../../documents/document-format.ts';
import { orderUpdateJob } from '../../email/email-jobs.ts';
import { Conflict, Forbidden, Invalid, NotFound, ProviderUnavailable } from '../../errors.ts';
import { PaymentProviderUnavailable, type PaymentRefunds, type RefundOutcome } from '../../payments/payment-verifier.ts';
import { formatPounds } from '@shop/contract';
import { creditNoteIssued, issueCreditNoteFor, refundCreditReason, type CreditedGoods, type IssuedCreditNote } from '../../documents/credit-notes.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { StaffMember } from '../../staff/staff-roles.ts';
import { can } from '../../staff/staff-roles.ts';
import {
  allowedOrderActions,
  assertOrderAction,
  dispatchHoldOf,
  ORDER_ACTION_MESSAGES,
  mayDispatch,
  orderProgressLabel,
  PAYMENT_FILTER_CONDITIONS,
  paymentFiguresOf,
  paidThroughProvider,
  paymentStatusOf,
  trackingUrl,
  type DispatchHold,
  type OrderAction,
  type OrderState,
  type PaymentFilter,
  type PaymentStatus,
} from './order-states.ts';
import { insertOrderEvent, insertOrderPayment } from './order-payments.ts';
import { lineChargeOf, type LineCharge } from './custom-quantity.ts';
import { orderActionFactsOf } from './order-action-facts.ts';
import { OrderShipmentsService, type OrderShipments } from './order-shipments.ts';
import { isoTime, isoTimeOrNull } from '../../iso-time.ts';
import { referenceSearchForms } from '../../payments/order-reference.ts';
import { stockMovements } from '../../stock/stock-movements.ts';

export const ORDER_LIST_PAGE_SIZE = 50;

export const orderAdminMessages = {
  changedMeanwhile: 'This order was changed by someone else. Reload it to see the change.',
  notFound: (orderId: number) => `There is no order ${orderId}.`,
  awaitingPayment: 'This order is awaiting payment: record the payment before dispatching it.',
  carrier: 'Choose the carrier.',
  reason: 'Give the reason for cancelling (1-200 characters); the customer reads it.',
  amount: 'Enter the amount received, more than £0.00.',
  receivedOn: 'Enter the date the money reached the bank (not in the future).',
  /** The delivery date of "Mark delivered": the return windows count from it. */
  deliveredOn: (dispatchedOn: string | null) =>
    `Enter the date it was delivered: not in the future${dispatchedOn ? `, nor before it was dispatched on ${formatDayMonthYear(dispatchedOn)}` : ''}.`,
  bankReference: 'Enter the bank reference of the payment (1-50 characters).',
  refundTooLarge: (maxPence: number) => `At most ${pounds(maxPence)} can be refunded (what was paid, less refunds already made or pending).`,
  notPaid: ORDER_ACTION_MESSAGES.notPaid,
  refundReason: 'Give the reason in at most 200 characters; the customer reads it on the credit note.',
  overpayment: (amountPence: number, duePence: number) =>
    duePence > 0
      ? `Only ${pounds(duePence)} is due on this order, ${pounds(amountPence - duePence)} less than ${pounds(amountPence)}. Tick the box to record it anyway: the excess is then owed back to the customer.`
      : `Nothing is due on this order. Tick the box to record ${pounds(amountPence)} anyway: it is then owed back to the customer.`,
  /** The box staff tick to record a payment over what is due. */
  confirmOverpayment: (amountPence: number, duePence: number) =>
    duePence > 0 ? `Record ${pounds(amountPence)} although only ${pounds(duePence)} is due` : `Record ${pounds(amountPence)} although nothing is due`,
  notProviderPaid: 'This order was not paid by card or PayPal: record the refund you paid back by bank transfer instead.',
  noRefundProvider: 'Refunds through the payment provider are not available on this shop (it is not configured). Nothing was refunded.',
  providerUnreachable: 'The payment provider could not be reached to find the payment. Nothing was refunded; try again in a few minutes.',
  noteToPayer: 'The note to the customer is at most 255 characters.',
  refundNotPending: 'This refund is no longer pending: reload the order to see how it ended.',
  refundNotFound: 'There is no such pending refund on this order.',
  notPermitted: 'You do not have access to this.',
  /** The reason a customer reads when a refund also cancels the order and staff gave none. */
  refundedAndCancelled: 'Your payment was refunded and the order cancelled.',
} as const;

export interface OrderListFilter {
  state?: OrderState;
  paymentMethod?: 'paypal' | 'bank' | 'account';
  /** paid: paid in full; unpaid: money still due (cancelled orders aside); refund_due: money owed back. */
  paid?: PaymentFilter;
  /** Leave cancelled orders out: what the dashboard's "today's orders" counts. */
  hideCancelled?: boolean;
  /** London dates, inclusive. */
  from?: string;
  to?: string;
  /** Order number (optionally '#'), customer name or e-mail, postcode, or payment reference. */
  search?: string;
  userId?: number;
  page?: number;
}

export type OrderListRow = Pick<Row<typeof orders>, 'orderId' | 'totalPence' | 'status' | 'paymentMethod' | 'paymentIsTest'> & {
  /** ISO 8601, UTC. */
  created: string;
  customerName: string;
  customerEmail: string;
  postCode: string;
  packs: number;
  paymentStatus: PaymentStatus;
  mayDispatch: boolean;
  /** "Part dispatched" while some packs have left, else the state's words (order-states.ts). */
  progressLabel: string;
};

export interface OrderList {
  rows: OrderListRow[];
  /** Orders per state under the same filters (the tabs), and all of them. */
  counts: Record<OrderState | 'all', number>;
  page: number;
  pageSize: number;
  /** Orders matching the filters in the chosen state (for the pages). */
  total: number;
}

export interface OrderTimelineEntry {
  at: string;
  kind: string;
  /** The staff member's name; null for the customer or the system. */
  by: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AdminOrder {
  orderId: number;
  version: number;
  created: string;
  status: OrderState;
  note: string;
  promisedDispatchDate: string | null;
  deliveryAddress: AddressFields | null;
  billingAddress: AddressFields | null;
  /** `kind` 'charge': a quoted charge without stock (print plates, set-up), never picked or shipped. */
  /** `charge`: the units charged for and the price charged by, agreeing with the total (custom-quantity.ts `lineChargeOf`). */
  lines: { orderLineId: number; kind: 'goods' | 'charge'; productName: string; size1: string; qty: number; count: number; pricePence: number; totalPricePence: number; charge: LineCharge }[];
  totals: { subTotalPence: number; deliveryFeePence: number; totalTaxPence: number; totalPence: number };
  /** VAT by the delivery zone, fixed when the order was placed (pricing/vat-by-destination.ts). */
  vat: VatOfSupply;
  payment: {
    method: string;
    /** Paid by a simulated payment (test mode): no money was taken (DESIGN section 4). */
    isTest: boolean;
    reference: string;
    purchaseOrderNumber: string | null;
    status: PaymentStatus;
    /** Everything received; `paidPence` is what of it counts towards the order (never more than the total while it stands). */
    receivedPence: number;
    paidPence: number;
    refundedPence: number;
    /** Taken off what is owed by credit notes, no money moving (a claim settled by credit, packs not supplied). */
    creditedPence: number;
    duePence: number;
    /** Owed back to the customer (cancelled after paying, or paid more than the total). */
    refundDuePence: number;
    /** Refunds sent to the provider that have not answered yet. */
    pendingRefundPence: number;
    /** What may still be refunded now: paid, less refunds made or pending. */
    refundablePence: number;
    /** What the refund form offers: what is owed back, less what is already on its way. */
    owedPence: number;
    /** How a refund of this order is made: through the provider ('paypal', 'test'), or by hand (null: a bank transfer back). */
    refundProvider: RefundProvider | null;
    dueDate: string | null;
    records: PaymentRecord[];
  };
  /** The changes the staff member may make to it now (order-states.ts): what the page offers, and all core accepts. */
  actions: Readonly<Record<OrderAction, boolean>>;
  mayDispatch: boolean;
  /** Why it may not be dispatched while it awaits dispatch (awaiting payment, refunded), null when it may (order-states.ts). */
  dispatchHold: DispatchHold | null;
  /** The order's lines with what has left of each, and its shipments (order-shipments.ts). */
  shipping: OrderShipments;
  /** "Part dispatched" while some packs have left, else the state's words (order-states.ts). */
  progressLabel: string;
  /** `dispatchedOn`: the London day the first parcel left, the earliest day it can be marked delivered. */
  dispatch: { at: string | null; dispatchedOn: string | null; carrier: string | null; trackingNumber: string | null; trackingUrl: string | null; deliveredAt: string | null };
  cancellation: { at: string | null; reason: string | null };
  /** Hidden from the warehouse (null). */
  customer: { userId: number; name: string; email: string; phone: string; companyName: string | null; vatNumber: string | null } | null;
  timeline: OrderTimelineEntry[];
}

export type RefundProvider = 'paypal' | 'test';

/** The words of the providers a refund goes through. */
export const REFUND_PROVIDER_LABELS: Readonly<Record<RefundProvider, string>> = { paypal: 'PayPal', test: 'the test payment provider' };

export interface PaymentRecord {
  orderPaymentId: number;
  kind: 'payment' | 'refund';
  amountPence: number;
  receivedOn: string;
  bankReference: string;
  by: string | null;
  at: string;
  /** A refund sent through the provider: how it stands, its id there, or why it refused. Null when recorded by hand. */
  provider: RefundProvider | null;
  providerState: 'pending' | 'completed' | 'failed' | null;
  providerRefundId: string | null;
  failureReason: string | null;
}

/** How a refund sent to the provider stands once this request is done. */
export interface ProviderRefundResult {
  orderPaymentId: number;
  state: 'pending' | 'completed' | 'failed';
  amountPence: number;
  reason: string | null;
}

export interface OrderAdministrationOptions {
  jobs: JobQueue;
  now: () => Date;
  /** Issues the VAT invoice of an order when it is dispatched (an account order's terms run from then). */
  issueInvoice?: (orderId: number) => Promise<unknown>;
  log?: { error(details: object, message: string): void };
  /** Refunds through the payment provider that took the order's money (PayPal, or the simulated one for test orders). */
  refunds?: Partial<Record<RefundProvider, PaymentRefunds>>;
}

/** The order with what staff change it by: its version, state, money and fulfilment. */
const ORDER = columnsOf(
  orders,
  [
    'orderId',
    'userId',
    'version',
    'created',
    'status',
    'note',
    'promisedDispatchDate',
    'deliveryAddress',
    'billingAddress',
    'subTotalPence',
    'deliveryFeePence',
    'totalTaxPence',
    'totalPence',
    'vatTreatment',
    'vatRatePercent',
    'paymentMethod',
    'paymentReference',
    'paymentIsTest',
    'purchaseOrderNumber',
    'paidPence',
    'refundedPence',
    'creditedPence',
    'paymentDueDate',
    'dispatchedAt',
    'carrier',
    'trackingNumber',
    'deliveredAt',
    'cancelledAt',
    'cancelReason',
    'paymentIsTest',
    'providerCaptureId',
  ],
  'o',
);
const CUSTOMER = columnsOf(users, ['firstName', 'lastName', 'email', 'phone', 'companyName', 'vatNumber'], 'u');
/** The customer's trade account terms, when they have (or had) one. */
const TERMS = columnsOf(tradeAccounts, ['termsDays'], 't', { leftJoined: true });
type OrderToAdminister = ReturnType<typeof ORDER.read> & ReturnType<typeof CUSTOMER.read> & ReturnType<typeof TERMS.read>;

/** An order in the list: ORDER's columns a row shows, and its customer's name. */
const LISTED = columnsOf(orders, ['orderId', 'created', 'status', 'totalPence', 'paymentMethod', 'paymentIsTest', 'paidPence', 'refundedPence', 'creditedPence', 'paymentDueDate', 'deliveryAddress'], 'o');
const LISTED_CUSTOMER = columnsOf(users, ['firstName', 'lastName', 'email'], 'u');
/** Computed beside a listed order: its packs (less those taken off) and, while it waits, those that have left. */
const LISTED_FIGURES = figuresOf({ packs: 'number', shipped: 'number' });
/** The orders of each state the filter finds. */
const STATE = columnsOf(orders, ['status'], 'o');
const STATE_COUNT = figuresOf({ n: 'number' });
/** What a search finds first: customers (customerSearchQuery) and orders by purchase order number (purchaseOrderSearchQuery). */
const FOUND_CUSTOMER = columnsOf(users, ['userId']);
const FOUND_ADDRESS_OWNER = columnsOf(addresses, ['userId']);
const FOUND_ORDER = columnsOf(orders, ['orderId'], 'o');
const LINE = columnsOf(orderLines, ['orderLineId', 'kind', 'productName', 'size1', 'qty', 'count', 'pricePence', 'totalPricePence', 'custom', 'deliveredUnits']);
const PAYMENT = columnsOf(
  orderPayments,
  ['orderPaymentId', 'kind', 'amountPence', 'receivedOn', 'bankReference', 'createdAt', 'provider', 'providerState', 'providerRefundId', 'failureReason'],
  'p',
);
/** A refund sent to the provider, as a retry resends it. */
const PROVIDER_REFUND = columnsOf(orderPayments, ['orderPaymentId', 'orderId', 'kind', 'amountPence', 'provider', 'providerState', 'idempotencyKey']);
/** A refund's row as written (its id) and as settled (its amount). */
const REFUND_ID = columnsOf(orderPayments, ['orderPaymentId']);
const SETTLED_REFUND = columnsOf(orderPayments, ['amountPence']);
/** The refund_requested event's `after`: the note and goods a retry sends again. */
const REQUESTED = columnsOf(orderEvents, ['after']);
const EVENT = columnsOf(orderEvents, ['kind', 'before', 'after', 'createdAt'], 'e');
/** The staff member who did it (LEFT JOIN: null for the customer or the system). */
const BY = columnsOf(staff, ['name'], 's', { leftJoined: true });

export class OrderAdministration {
  /** Shipments: part or whole dispatch, corrections, the dispatch desk's bulk dispatch. */
  readonly shipments: OrderShipmentsService;

  constructor(
    private readonly db: Database,
    private readonly options: OrderAdministrationOptions,
  ) {
    this.shipments = new OrderShipmentsService(db, options);
  }

  private today(): string {
    return londonWallClock(this.options.now()).date;
  }

  /** The list staff see: newest first, `ORDER_LIST_PAGE_SIZE` a page, with counts per state. */
  async list(filter: OrderListFilter): Promise<OrderList> {
    const page = Math.max(1, Math.floor(filter.page ?? 1));
    // A search for a customer finds the customers first (one small query), then their orders
    // through the user_id index: inside one statement, `user_id IN (subquery) OR reference` made
    // PostgreSQL scan every order (about 100 ms over 100,000).
    // Purchase order numbers are found the same way: among the orders of trade account customers.
    const search = classifySearch(filter.search ?? '');
    const [customerIds, purchaseOrderIds] = await Promise.all([
      search?.kind === 'customer' ? queryRows<object>(this.db, customerSearchQuery(search)).then((rows) => rows.map((r) => FOUND_CUSTOMER.read(r).userId)) : [],
      search?.kind === 'customer' || search?.kind === 'number'
        ? queryRows<object>(this.db, purchaseOrderSearchQuery(search.text)).then((rows) => rows.map((r) => FOUND_ORDER.read(r).orderId))
        : [],
    ]);
    const common = this.conditions({ ...filter, state: undefined }, search && searchCondition(search, customerIds, purchaseOrderIds));
    const where = filter.state ? sql`${common} AND o.status = ${filter.state}` : common;
    const [countRows, rows] = await Promise.all([
      queryRows<object>(this.db, sql`SELECT ${STATE.list}, count(*) AS n FROM orders o WHERE ${common} GROUP BY o.status`),
      queryRows<object>(
        this.db,
        sql`SELECT ${LISTED.list}, ${LISTED_CUSTOMER.list},
                   (SELECT COALESCE(sum(l.count - l.withdrawn_count), 0) FROM order_lines l WHERE l.order_id = o.order_id AND l.kind = 'goods') AS packs,
                   CASE WHEN o.status = 'PendingDelivery'
                        THEN (SELECT COALESCE(sum(sl.count), 0) FROM shipments sh JOIN shipment_lines sl ON sl.shipment_id = sh.shipment_id WHERE sh.order_id = o.order_id)
                        ELSE 0 END AS shipped
            FROM orders o JOIN users u ON u.user_id = o.user_id
            WHERE ${where}
            ORDER BY o.created DESC, o.order_id DESC
            LIMIT ${ORDER_LIST_PAGE_SIZE} OFFSET ${(page - 1) * ORDER_LIST_PAGE_SIZE}`,
      ),
    ]);
    const counts: Record<OrderState | 'all', number> = { all: 0, PendingDelivery: 0, Dispatched: 0, Delivered: 0, Cancelled: 0 };
    for (const raw of countRows) {
      const { n } = STATE_COUNT.read(raw);
      counts[STATE.read(raw).status] = n;
      counts.all += n;
    }
    const today = this.today();
    return {
      rows: rows.map((r) => {
        const order = LISTED.read(r);
        const customer = LISTED_CUSTOMER.read(r);
        const { packs, shipped } = LISTED_FIGURES.read(r);
        return {
          orderId: order.orderId,
          created: isoTime(order.created),
          customerName: `${customer.firstName} ${customer.lastName}`.trim(),
          customerEmail: customer.email,
          postCode: order.deliveryAddress?.post_code ?? '',
          packs,
          totalPence: order.totalPence,
          status: order.status,
          paymentMethod: order.paymentMethod,
          paymentIsTest: order.paymentIsTest,
          paymentStatus: paymentStatusOf(order, today),
          mayDispatch: mayDispatch(order),
          progressLabel: orderProgressLabel(order.status, { shippedPacks: shipped, orderedPacks: packs }),
        };
      }),
      counts,
      page,
      pageSize: ORDER_LIST_PAGE_SIZE,
      total: filter.state ? counts[filter.state] : counts.all,
    };
  }

  private conditions(filter: OrderListFilter, search: SQL | null): SQL {
    const parts: SQL[] = [sql`true`];
    if (filter.state) parts.push(sql`o.status = ${filter.state}`);
    if (filter.paymentMethod) parts.push(sql`o.payment_method = ${filter.paymentMethod}`);
    if (filter.paid) parts.push(sql.raw(`(${PAYMENT_FILTER_CONDITIONS[filter.paid]})`));
    if (filter.hideCancelled) parts.push(sql`o.status <> 'Cancelled'`);
    // London days, as bounds on the indexed column.
    if (filter.from) parts.push(sql`o.created >= (${filter.from}::date::timestamp AT TIME ZONE 'Europe/London')`);
    if (filter.to) parts.push(sql`o.created < ((${filter.to}::date + 1)::timestamp AT TIME ZONE 'Europe/London')`);
    if (filter.userId) parts.push(sql`o.user_id = ${filter.userId}`);
    if (search) parts.push(search);
    return sql.join(parts, sql` AND `);
  }

  /** The whole order for the staff member's role (the warehouse sees no customer account details). */
  async detail(orderId: number, staff: StaffMember): Promise<AdminOrder> {
    const row = await this.orderRow(orderId, this.db);
    const [lines, payments, events, shipping] = await Promise.all([
      queryRows<object>(this.db, sql`SELECT ${LINE.list} FROM order_lines WHERE order_id = ${orderId} ORDER BY order_line_id`),
      queryRows<object>(
        this.db,
        sql`SELECT ${PAYMENT.list}, ${BY.list}
            FROM order_payments p LEFT JOIN staff s ON s.staff_id = p.staff_id WHERE p.order_id = ${orderId} ORDER BY p.order_payment_id`,
      ),
      queryRows<object>(
        this.db,
        sql`SELECT ${EVENT.list}, ${BY.list}
            FROM order_events e LEFT JOIN staff s ON s.staff_id = e.staff_id WHERE e.order_id = ${orderId} ORDER BY e.order_event_id`,
      ),
      this.shipments.of(orderId),
    ]);
    const seesMoney = can(staff.role, 'payments:view');
    const seesCustomer = can(staff.role, 'customers:view');
    const records: PaymentRecord[] = payments.map((raw) => {
      const p = PAYMENT.read(raw);
      return {
        orderPaymentId: p.orderPaymentId,
        kind: p.kind,
        amountPence: p.amountPence,
        receivedOn: p.receivedOn,
        bankReference: p.bankReference,
        by: BY.read(raw).name,
        at: isoTime(p.createdAt),
        provider: p.provider,
        providerState: p.providerState,
        providerRefundId: p.providerRefundId,
        failureReason: p.failureReason,
      };
    });
    const figures = paymentFiguresOf(row);
    const pendingRefundPence = records.filter((r) => r.providerState === 'pending').reduce((sum, r) => sum + r.amountPence, 0);
    const money = (pence: number) => (seesMoney ? pence : 0);
    const refundablePence = Math.max(0, row.paidPence - row.refundedPence - pendingRefundPence);
    const actions = allowedOrderActions(
      {
        status: row.status,
        paidThroughProvider: paidThroughProvider(row.paymentMethod),
        paidPence: row.paidPence,
        refundablePence,
        shipped: shipping.shipments.length > 0,
        packsToSend: shipping.lines.reduce((sum, line) => sum + line.remainingPacks, 0),
      },
      staff.role,
    );
    return {
      orderId: row.orderId,
      version: row.version,
      created: isoTime(row.created),
      status: row.status,
      note: row.note,
      promisedDispatchDate: row.promisedDispatchDate,
      deliveryAddress: row.deliveryAddress,
      billingAddress: seesCustomer ? row.billingAddress : null,
      lines: lines.map((raw) => {
        const { custom, deliveredUnits, ...l } = LINE.read(raw);
        const charge = lineChargeOf({ ...l, custom, deliveredUnits });
        return {
          ...l,
          pricePence: seesMoney ? l.pricePence : 0,
          totalPricePence: seesMoney ? l.totalPricePence : 0,
          charge: { ...charge, pricePence: seesMoney ? charge.pricePence : 0 },
        };
      }),
      totals: seesMoney
        ? { subTotalPence: row.subTotalPence, deliveryFeePence: row.deliveryFeePence, totalTaxPence: row.totalTaxPence, totalPence: row.totalPence }
        : { subTotalPence: 0, deliveryFeePence: 0, totalTaxPence: 0, totalPence: 0 },
      vat: { treatment: row.vatTreatment, ratePercent: row.vatRatePercent },
      payment: {
        method: row.paymentMethod,
        isTest: row.paymentIsTest,
        reference: seesMoney ? row.paymentReference : '',
        purchaseOrderNumber: row.purchaseOrderNumber,
        status: paymentStatusOf(row, this.today()),
        receivedPence: money(figures.receivedPence),
        paidPence: money(figures.paidPence),
        refundedPence: money(figures.refundedPence),
        creditedPence: money(row.creditedPence),
        duePence: money(figures.duePence),
        refundDuePence: money(figures.refundDuePence),
        pendingRefundPence: money(pendingRefundPence),
        refundablePence: money(refundablePence),
        owedPence: money(Math.max(0, figures.refundDuePence - pendingRefundPence)),
        refundProvider: refundProviderOf(row),
        dueDate: row.paymentDueDate,
        records: seesMoney ? records : [],
      },
      actions,
      mayDispatch: mayDispatch(row),
      dispatchHold: dispatchHoldOf(row),
      shipping,
      progressLabel: orderProgressLabel(row.status, shipping.progress),
      dispatch: {
        at: isoTimeOrNull(row.dispatchedAt),
        dispatchedOn: row.dispatchedAt ? londonWallClock(row.dispatchedAt).date : null,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
        deliveredAt: isoTimeOrNull(row.deliveredAt),
      },
      cancellation: { at: isoTimeOrNull(row.cancelledAt), reason: row.cancelReason },
      customer: seesCustomer
        ? {
            userId: row.userId,
            name: `${row.firstName} ${row.lastName}`.trim(),
            email: row.email,
            phone: row.phone,
            companyName: row.companyName,
            vatNumber: row.vatNumber,
          }
        : null,
      timeline: [
        { at: isoTime(row.created), kind: 'placed', by: null, before: null, after: { status: 'PendingDelivery' } },
        ...events.map((raw) => {
          const e = EVENT.read(raw);
          return {
            at: isoTime(e.createdAt),
            kind: e.kind,
            by: BY.read(raw).name,
            before: seesMoney ? e.before : withoutMoney(e.before),
            after: seesMoney ? e.after : withoutMoney(e.after),
          };
        }),
      ],
    };
  }

  /**
   * Everything still to send leaves in one shipment (order-shipments.ts): carrier and tracking
   * number (none for our own van); the customer is e-mailed the tracking link.
   */
  async dispatch(staff: StaffMember, orderId: number, seenVersion: number, input: { carrier: string; trackingNumber: string }): Promise<void> {
    permit(staff, 'orders:dispatch');
    await this.shipments.ship(staff, orderId, seenVersion, { carrier: input.carrier, trackingNumber: input.trackingNumber, lines: 'rest' });
  }

  /**
   * Delivered on the London day staff give (the carrier's proof of delivery; today when none is
   * given): the return windows count from it (SPEC section 9, returns/return-windows.ts), so it
   * is never in the future nor before the order was dispatched.
   */
  async markDelivered(staff: StaffMember, orderId: number, seenVersion: number, input: { deliveredOn?: string } = {}): Promise<void> {
    permit(staff, 'orders:dispatch');
    const today = this.today();
    const deliveredOn = input.deliveredOn?.trim() || today;
    await this.change(staff, orderId, seenVersion, 'delivered', async (order, tx) => {
      assertOrderAction('deliver', await orderActionFactsOf(tx, orderId), staff.role);
      const dispatchedOn = order.dispatchedAt ? londonWallClock(order.dispatchedAt).date : null;
      if (!isCalendarDate(deliveredOn) || deliveredOn > today || (dispatchedOn !== null && deliveredOn < dispatchedOn)) {
        throw invalidField('delivered_on', orderAdminMessages.deliveredOn(dispatchedOn));
      }
      // Today: the moment it was marked; an earlier day: that day's London noon (its London date, whatever the clock change).
      const deliveredAt =
        deliveredOn === today ? sql`${this.options.now().toISOString()}::timestamptz` : sql`((${deliveredOn}::date + time '12:00') AT TIME ZONE 'Europe/London')`;
      await this.update(tx, order, sql`status = 'Delivered', delivered_at = ${deliveredAt}`);
      return { before: { status: order.status }, after: { status: 'Delivered', delivered_on: deliveredOn }, result: undefined };
    });
  }

  /** Cancelled with a reason the customer reads; a paid order then shows "refund due" until refunded. */
  async cancel(staff: StaffMember, orderId: number, seenVersion: number, reasonText: string): Promise<void> {
    permit(staff, 'orders:cancel');
    const reason = reasonText.trim();
    if (reason.length < 1 || reason.length > 200) throw invalidField('reason', orderAdminMessages.reason);
    await this.change(staff, orderId, seenVersion, 'cancelled', async (order, tx) => {
      await this.assertCancellable(tx, staff, order);
      return { before: { status: order.status }, after: await this.cancelLocked(tx, staff, order, reason), result: undefined };
    });
    this.options.jobs.wakeWorkers();
  }

  /** An order that may be cancelled: awaiting dispatch, nothing of it shipped (order-states.ts). */
  private async assertCancellable(tx: Executor, staff: StaffMember, order: OrderToAdminister): Promise<void> {
    assertOrderAction('cancel', await orderActionFactsOf(tx, order.orderId), staff.role);
  }

  /**
   * The cancellation itself, inside the transaction holding the order's lock (`order` as read
   * there): the allocation released, the customer's e-mail, the credit note an invoice calls for.
   * Answers the audit entry's `after`.
   */
  private async cancelLocked(tx: Executor, staff: StaffMember, order: OrderToAdminister, reason: string): Promise<Record<string, unknown>> {
    const orderId = order.orderId;
    await this.update(tx, order, sql`status = 'Cancelled', cancelled_at = now(), cancel_reason = ${reason}`);
    await stockMovements.release(tx, orderId, 'all', staff.staffId);
    await this.options.jobs.record(orderUpdateJob(order.userId, orderId, 'cancelled'), tx);
    const creditNote = await issueCreditNoteFor(tx, this.options, { kind: 'cancellation', orderId, reason, staffId: staff.staffId });
    return { status: 'Cancelled', reason, ...creditNoteIssued(creditNote) };
  }

  /**
   * "Also cancel the order" on the refund form: checked before any money moves (the order awaits
   * dispatch, nothing shipped, the staff member may cancel), then done after the refund in the
   * same transaction, with its own audit entry. The reason the customer reads is the refund's,
   * or a plain sentence.
   */
  private async checkRefundCancel(tx: Executor, staff: StaffMember, order: OrderToAdminister, cancel: boolean): Promise<void> {
    if (!cancel) return;
    await this.assertCancellable(tx, staff, order);
  }

  /** Answers the cancellation's audit entry, written after the refund's. */
  private async cancelAfterRefund(tx: Executor, staff: StaffMember, orderId: number, reasonText: string) {
    // The refund changed the order's row (refunded total, version): the cancellation reads it afresh.
    const order = await this.orderRow(orderId, tx, true);
    const reason = reasonText.trim().slice(0, 200) || orderAdminMessages.refundedAndCancelled;
    return { kind: 'cancelled', before: { status: order.status }, after: await this.cancelLocked(tx, staff, order, reason) };
  }

  /**
   * Money that reached the bank (a bank transfer, or an account paying its invoice); a part
   * payment leaves the rest due. More than is due is refused unless staff confirm it
   * (`confirmOverpayment`): the excess is then owed back to the customer (refund due). Money that
   * reaches a cancelled order (a bank transfer sent after it was cancelled) is recorded too, with
   * no confirmation: all of it is owed back, and the order shows it as a refund due until it is
   * refunded from its page (DESIGN section 10 "Money": every money state has its form).
   */
  async recordPayment(
    staff: StaffMember,
    orderId: number,
    seenVersion: number,
    input: { amountPence: number; receivedOn: string; bankReference: string; confirmOverpayment?: boolean },
  ): Promise<void> {
    permit(staff, 'payments:record');
    const { amountPence, receivedOn, bankReference } = this.checkMoney(input);
    await this.change(staff, orderId, seenVersion, 'payment_recorded', async (order, tx) => {
      assertOrderAction('recordPayment', await orderActionFactsOf(tx, orderId), staff.role);
      const cancelled = order.status === 'Cancelled';
      const { duePence } = paymentFiguresOf(order);
      const overPence = amountPence - duePence;
      if (overPence > 0 && !input.confirmOverpayment && !cancelled) {
        throw new Invalid(orderAdminMessages.overpayment(amountPence, duePence), {
          fields: [
            { field: 'amount', message: orderAdminMessages.overpayment(amountPence, duePence) },
            // The words of the box that confirms it (the page shows it once refused).
            { field: 'confirm', message: orderAdminMessages.confirmOverpayment(amountPence, duePence) },
          ],
          duePence,
        });
      }
      await this.insertPayment(tx, staff, orderId, 'payment', amountPence, receivedOn, bankReference);
      await this.update(tx, order, sql`paid_pence = paid_pence + ${amountPence}`);
      return {
        before: { paid_pence: order.paidPence },
        after: {
          paid_pence: order.paidPence + amountPence,
          amount_pence: amountPence,
          received_on: receivedOn,
          bank_reference: bankReference,
          ...(cancelled ? { owed_back_pence: amountPence } : overPence > 0 ? { overpaid_pence: overPence } : {}),
        },
        result: undefined,
      };
    });
  }

  /** Money returned to the customer (after a cancellation, or goodwill); never more than was paid. */
  async recordRefund(
    staff: StaffMember,
    orderId: number,
    seenVersion: number,
    /** `goods`: the packs refunded, when it is for goods (a return): lines of its credit note. */
    input: { amountPence: number; receivedOn: string; bankReference: string; reason?: string; cancelOrder?: boolean; goods?: readonly CreditedGoods[] },
    /** Runs in the refund's transaction once it counts (a return settled by this refund, core/returns). */
    within?: (tx: Executor, orderPaymentId: number) => Promise<void>,
  ): Promise<void> {
    permit(staff, 'payments:record');
    const { amountPence, receivedOn, bankReference } = this.checkMoney(input);
    // Why the money went back, printed on the credit note it may issue; optional.
    const reason = (input.reason ?? '').trim();
    if (reason.length > 200) throw invalidField('reason', orderAdminMessages.refundReason);
    await this.change(staff, orderId, seenVersion, 'refund_recorded', async (order, tx) => {
      const { refundablePence: refundable } = await this.assertRefundable(tx, staff, orderId);
      if (amountPence > refundable) throw invalidField('amount', orderAdminMessages.refundTooLarge(refundable));
      await this.checkRefundCancel(tx, staff, order, input.cancelOrder === true);
      const orderPaymentId = await this.insertPayment(tx, staff, orderId, 'refund', amountPence, receivedOn, bankReference);
      // The order was locked and its version checked by change(): the refund counts now.
      const creditNote = await this.refundCompleted(tx, staff, orderId, { orderPaymentId, amountPence, paidBackOn: receivedOn, reason, goods: input.goods });
      if (within) await within(tx, orderPaymentId);
      const then = input.cancelOrder ? await this.cancelAfterRefund(tx, staff, orderId, reason) : null;
      return {
        before: { refunded_pence: order.refundedPence },
        after: { refunded_pence: order.refundedPence + amountPence, amount_pence: amountPence, paid_back_on: receivedOn, bank_reference: bankReference, ...creditNoteIssued(creditNote) },
        result: undefined,
        then,
      };
    });
    this.options.jobs.wakeWorkers();
  }

  /**
   * A refund of a card/wallet order through the provider that took the money (whole or part).
   * Transaction 1 (the order locked, its version checked) writes the refund 'pending' with a
   * fresh key and an audit entry; then the provider is asked; transaction 2 settles it. Answers
   * how it stands: 'pending' when the provider did not answer (the page offers "Try again").
   */
  async refundThroughProvider(
    staff: StaffMember,
    orderId: number,
    seenVersion: number,
    input: { amountPence: number; note?: string; cancelOrder?: boolean; goods?: readonly CreditedGoods[] },
  ): Promise<ProviderRefundResult> {
    permit(staff, 'payments:record');
    const amountPence = checkAmount(input.amountPence);
    const note = (input.note ?? '').trim();
    if (note.length > 255) throw invalidField('note', orderAdminMessages.noteToPayer);
    const seen = await this.orderRow(orderId, this.db);
    const provider = refundProviderOf(seen);
    if (!provider) throw new Invalid(orderAdminMessages.notProviderPaid);
    const refunds = this.refundsOf(provider);
    // Orders placed before captures were recorded: ask the provider, outside any transaction.
    const captureId = seen.providerCaptureId ?? (await this.askProvider(() => refunds.captureIdOf(seen.paymentReference)));
    const pending = await this.change(staff, orderId, seenVersion, 'refund_requested', async (order, tx) => {
      const { refundablePence: refundable } = await this.assertRefundable(tx, staff, orderId);
      if (amountPence > refundable) throw invalidField('amount', orderAdminMessages.refundTooLarge(refundable));
      await this.checkRefundCancel(tx, staff, order, input.cancelOrder === true);
      const idempotencyKey = randomUUID();
      const [raw] = await queryRows<object>(
        tx,
        sql`INSERT INTO order_payments (order_id, kind, amount_pence, received_on, bank_reference, staff_id, provider, provider_state, idempotency_key)
            VALUES (${orderId}, 'refund', ${amountPence}, ${this.today()}::date, '', ${staff.staffId}, ${provider}, 'pending', ${idempotencyKey})
            RETURNING ${REFUND_ID.list}`,
      );
      const { orderPaymentId } = REFUND_ID.read(raw!);
      await this.update(tx, order, sql`provider_capture_id = ${captureId}`);
      // Cancelled with the request, whatever the provider answers: a refund it refuses or does
      // not answer then shows as "refund due" on the cancelled order, to be tried again.
      const then = input.cancelOrder ? await this.cancelAfterRefund(tx, staff, orderId, note) : null;
      return {
        before: { refunded_pence: order.refundedPence },
        after: {
          amount_pence: amountPence,
          provider,
          state: 'pending',
          // What its credit note says, kept for a retry of a refund the provider did not answer.
          order_payment_id: orderPaymentId,
          ...(note ? { note } : {}),
          ...(input.goods?.length ? { goods: input.goods.map((g) => ({ order_line_id: g.orderLineId, count: g.count })) } : {}),
        },
        result: { orderPaymentId, amountPence, idempotencyKey },
        then,
      };
    });
    return this.sendRefund(staff, orderId, refunds, { ...pending, captureId, note, goods: input.goods });
  }

  /** Resends a refund still pending (the provider did not answer) with the SAME key: the provider makes it at most once. */
  async retryProviderRefund(staff: StaffMember, orderId: number, orderPaymentId: number): Promise<ProviderRefundResult> {
    permit(staff, 'payments:record');
    const [raw] = await queryRows<object>(this.db, sql`SELECT ${PROVIDER_REFUND.list} FROM order_payments WHERE order_payment_id = ${orderPaymentId}`);
    const refund = raw ? PROVIDER_REFUND.read(raw) : null;
    if (!refund || refund.orderId !== orderId || refund.kind !== 'refund' || !refund.provider || !refund.idempotencyKey) {
      throw new NotFound(orderAdminMessages.refundNotFound);
    }
    if (refund.providerState !== 'pending') throw new Invalid(orderAdminMessages.refundNotPending);
    const order = await this.orderRow(orderId, this.db);
    // Written by transaction 1 of the refund, before it was first sent.
    const captureId = order.providerCaptureId ?? (await this.askProvider(() => this.refundsOf(refund.provider!).captureIdOf(order.paymentReference)));
    await insertOrderEvent(this.db, { orderId, staffId: staff.staffId, kind: 'refund_retried', before: null, after: { amount_pence: refund.amountPence, provider: refund.provider } });
    // The note and goods it was first sent with (its credit note's reason and lines).
    const [requestedRaw] = await queryRows<object>(
      this.db,
      sql`SELECT ${REQUESTED.list} FROM order_events
          WHERE order_id = ${orderId} AND kind = 'refund_requested' AND (after ->> 'order_payment_id')::int = ${orderPaymentId}
          ORDER BY order_event_id DESC LIMIT 1`,
    );
    const requested = requestedRaw ? REQUESTED.read(requestedRaw).after : null;
    const goods: unknown = requested?.goods;
    return this.sendRefund(staff, orderId, this.refundsOf(refund.provider), {
      orderPaymentId,
      amountPence: refund.amountPence,
      idempotencyKey: refund.idempotencyKey,
      captureId,
      note: typeof requested?.note === 'string' ? requested.note : '',
      goods: Array.isArray(goods) ? goods.map((g: { order_line_id: unknown; count: unknown }) => ({ orderLineId: Number(g.order_line_id), count: Number(g.count) })) : [],
    });
  }

  /** The provider call between the two transactions, then transaction 2 with its outcome (none: still pending). */
  private async sendRefund(
    staff: StaffMember,
    orderId: number,
    refunds: PaymentRefunds,
    /** `note`, the staff's note to the customer, is also the reason on the credit note the refund may issue. */
    refund: { orderPaymentId: number; amountPence: number; idempotencyKey: string; captureId: string; note: string; goods?: readonly CreditedGoods[] },
  ): Promise<ProviderRefundResult> {
    let outcome: RefundOutcome;
    try {
      outcome = await refunds.refund({
        captureId: refund.captureId,
        amountPence: refund.amountPence,
        idempotencyKey: refund.idempotencyKey,
        ...(refund.note ? { noteToPayer: refund.note } : {}),
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      // It may or may not have been made: pending until a retry with the same key finds out.
      this.options.log?.error({ orderId, orderPaymentId: refund.orderPaymentId, error: error.detail }, 'the payment provider did not answer a refund; it stays pending');
      return { orderPaymentId: refund.orderPaymentId, state: 'pending', amountPence: refund.amountPence, reason: null };
    }
    await this.settleRefund(staff, orderId, refund.orderPaymentId, outcome, { reason: refund.note, goods: refund.goods });
    this.options.jobs.wakeWorkers(); // the credit note's e-mail, when the refund issued one
    return { orderPaymentId: refund.orderPaymentId, state: outcome.state, amountPence: refund.amountPence, reason: outcome.reason ?? null };
  }

  /**
   * Transaction 2: the pending refund learns its outcome, once (migration 0016 lets a pending row
   * change only to completed or failed). A second answer for the same refund (two retries at
   * once) finds it settled and changes nothing.
   */
  private async settleRefund(
    staff: StaffMember,
    orderId: number,
    orderPaymentId: number,
    outcome: RefundOutcome,
    credited: { reason?: string; goods?: readonly CreditedGoods[] } = {},
  ): Promise<void> {
    if (outcome.state === 'pending') return;
    await this.db.transaction(async (tx) => {
      const order = await this.orderRow(orderId, tx, true);
      const reason = outcome.state === 'failed' ? (outcome.reason ?? 'The payment provider refused the refund.').slice(0, 500) : null;
      const [settled] = await queryRows<object>(
        tx,
        sql`UPDATE order_payments SET provider_state = ${outcome.state}, provider_refund_id = ${outcome.refundId}, failure_reason = ${reason}
            WHERE order_payment_id = ${orderPaymentId} AND provider_state = 'pending'
            RETURNING ${SETTLED_REFUND.list}`,
      );
      if (!settled) return;
      const { amountPence } = SETTLED_REFUND.read(settled);
      const creditNote =
        outcome.state === 'completed' ? await this.refundCompleted(tx, staff, orderId, { orderPaymentId, amountPence, paidBackOn: this.today(), ...credited }) : null;
      if (outcome.state !== 'completed') await this.update(tx, order);
      await insertOrderEvent(tx, {
        orderId,
        staffId: staff.staffId,
        kind: outcome.state === 'completed' ? 'refund_completed' : 'refund_failed',
        before: { refunded_pence: order.refundedPence },
        after:
          outcome.state === 'completed'
            ? { refunded_pence: order.refundedPence + amountPence, amount_pence: amountPence, provider_refund_id: outcome.refundId, ...creditNoteIssued(creditNote) }
            : { amount_pence: amountPence, reason },
      });
    });
  }

  /**
   * The one place a refund counts as made, whether staff recorded it by hand or the provider
   * confirmed it: the order's refunded total grows (and its version, so a page showing the old
   * figures is told it changed). Runs inside the transaction that holds the order's lock.
   */
  /**
   * A refund now counts (recorded by hand, or completed by the provider): the one place that adds
   * it to the order and issues the VAT credit note it calls for (documents/credit-notes.ts).
   */
  private async refundCompleted(
    tx: Executor,
    staff: StaffMember,
    orderId: number,
    refund: { orderPaymentId: number; amountPence: number; paidBackOn: string; reason?: string; goods?: readonly CreditedGoods[] },
  ): Promise<IssuedCreditNote | null> {
    await tx.execute(sql`UPDATE orders SET refunded_pence = refunded_pence + ${refund.amountPence}, version = version + 1 WHERE order_id = ${orderId}`);
    return issueCreditNoteFor(tx, this.options, {
      kind: 'refund',
      orderId,
      refundPence: refund.amountPence,
      orderPaymentId: refund.orderPaymentId,
      reason: refund.reason || refundCreditReason(refund.paidBackOn),
      staffId: staff.staffId,
      goods: refund.goods,
    });
  }

  /** What may still be refunded: paid, less refunds made and refunds pending with the provider. */
  /** A refund the order allows now (something paid is left to refund): what may be refunded. */
  private async assertRefundable(tx: Executor, staff: StaffMember, orderId: number) {
    const facts = await orderActionFactsOf(tx, orderId);
    assertOrderAction('recordRefund', facts, staff.role);
    return facts;
  }

  private refundsOf(provider: RefundProvider): PaymentRefunds {
    const refunds = this.options.refunds?.[provider];
    if (!refunds) throw new Invalid(orderAdminMessages.noRefundProvider);
    return refunds;
  }

  /** A provider call made before anything is written: no answer refuses the request, nothing changed. */
  private async askProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentProviderUnavailable) throw new ProviderUnavailable(orderAdminMessages.providerUnreachable);
      throw error;
    }
  }

  private checkMoney(input: { amountPence: number; receivedOn: string; bankReference: string }) {
    checkAmount(input.amountPence);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.receivedOn) || Number.isNaN(Date.parse(`${input.receivedOn}T00:00:00Z`)) || input.receivedOn > this.today()) {
      throw invalidField('received_on', orderAdminMessages.receivedOn);
    }
    const bankReference = input.bankReference.trim();
    if (bankReference.length < 1 || bankReference.length > 50) throw invalidField('bank_reference', orderAdminMessages.bankReference);
    return { amountPence: input.amountPence, receivedOn: input.receivedOn, bankReference };
  }

  /**
   * One staff change: the order read and locked, the work, the audit entry, in one transaction.
   * The version check happens twice: early, for a clear answer, and in the UPDATE itself.
   */
  private async change<T>(
    staff: StaffMember,
    orderId: number,
    seenVersion: number,
    kind: string,
    /** `then`: a second audit entry, after this one (a cancellation made with a refund). */
    work: (order: OrderToAdminister, tx: Executor) => Promise<{ before: object; after: object; result: T; then?: { kind: string; before: object; after: object } | null }>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const order = await this.orderRow(orderId, tx, true);
      if (order.version !== seenVersion) throw new Conflict(orderAdminMessages.changedMeanwhile, { version: order.version });
      const { before, after, result, then } = await work(order, tx);
      await insertOrderEvent(tx, { orderId, staffId: staff.staffId, kind, before, after });
      if (then) await insertOrderEvent(tx, { orderId, staffId: staff.staffId, ...then });
      return result;
    });
  }

  /** Changes the order (`set`, or only its version) if it is still the version read. */
  private async update(tx: Executor, order: OrderToAdminister, set?: SQL): Promise<void> {
    const rows = await queryRows(
      tx,
      sql`UPDATE orders SET ${set ? sql`${set}, ` : sql``}version = version + 1 WHERE order_id = ${order.orderId} AND version = ${order.version} RETURNING order_id`,
    );
    if (rows.length === 0) throw new Conflict(orderAdminMessages.changedMeanwhile);
  }

  private async insertPayment(
    tx: Executor,
    staff: StaffMember,
    orderId: number,
    kind: 'payment' | 'refund',
    amountPence: number,
    receivedOn: string,
    bankReference: string,
  ): Promise<number> {
    return insertOrderPayment(tx, { orderId, kind, amountPence, receivedOn, bankReference, staffId: staff.staffId });
  }

  private async orderRow(orderId: number, executor: Executor, lock = false): Promise<OrderToAdminister> {
    const [row] = await queryRows<object>(
      executor,
      sql`SELECT ${ORDER.list}, ${CUSTOMER.list}, ${TERMS.list}
          FROM orders o JOIN users u ON u.user_id = o.user_id LEFT JOIN trade_accounts t ON t.user_id = o.user_id
          WHERE o.order_id = ${orderId}
          ${lock ? sql`FOR UPDATE OF o` : sql``}`,
    );
    if (!row) throw new NotFound(orderAdminMessages.notFound(orderId));
    return { ...ORDER.read(row), ...CUSTOMER.read(row), ...TERMS.read(row) };
  }
}

const POSTCODE_EXPRESSION = sql.raw(`upper(replace(o.delivery_address ->> 'post_code', ' ', ''))`);
const FULL_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;
const OUTWARD_CODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/** What a search text names (`text`: trimmed, at most 100 characters), decided once for the customer lookup and the order condition. */
type OrderSearch = { text: string } & (
  | { kind: 'number'; orderId: number }
  | { kind: 'postcode' | 'outward-code'; compact: string }
  | { kind: 'customer'; like: string }
);

/**
 * What a search box entry means, each kind answered by an index, so a search stays fast however
 * many orders there are: an order number (or a payment reference of digits), a whole postcode, the
 * start of one (its outward code), an e-mail, else a customer's name or a payment reference.
 * Customers are found first (their table is far smaller), then their orders by user id. Null for
 * an empty search.
 */
function classifySearch(search: string): OrderSearch | null {
  const text = search.trim().slice(0, 100);
  if (!text) return null;
  const number = /^#?(\d{1,9})$/.exec(text); // "1042" or "#1042"
  if (number) return { text, kind: 'number', orderId: Number(number[1]) };
  const compact = text.toUpperCase().replace(/\s+/g, '');
  if (FULL_POSTCODE.test(compact)) return { text, kind: 'postcode', compact };
  if (OUTWARD_CODE.test(compact)) return { text, kind: 'outward-code', compact };
  return { text, kind: 'customer', like: `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}

function searchCondition(what: OrderSearch, customerIds: number[], purchaseOrderIds: number[]): SQL {
  // A payment reference as typed, in any case, with or without its hyphen or spaces (orders_payment_reference_idx);
  // or a purchase order number (the orders purchaseOrderSearchQuery found).
  const reference = sql`(o.payment_reference IN (${sql.join(
    referenceSearchForms(what.text).map((form) => sql`${form}`),
    sql`, `,
  )}) OR o.order_id = ANY (${`{${purchaseOrderIds.join(',')}}`}::int[]))`;
  switch (what.kind) {
    case 'number':
      return sql`(o.order_id = ${what.orderId} OR ${reference})`;
    case 'postcode':
      return sql`(${POSTCODE_EXPRESSION} = ${what.compact} OR ${reference})`;
    case 'outward-code':
      // "LS4" finds LS4 4AP (and LS40..., as a prefix does): a range on the indexed expression.
      return sql`((${POSTCODE_EXPRESSION} >= ${what.compact} AND ${POSTCODE_EXPRESSION} < ${nextPrefix(what.compact)}) OR ${reference})`;
    case 'customer':
      // A customer's name, e-mail or company: the customers found by customerSearchQuery.
      return sql`(o.user_id = ANY (${`{${customerIds.join(',')}}`}::int[]) OR ${reference})`;
  }
}

/**
 * The customers a search names: by e-mail when it has an @, else by name, e-mail or company,
 * or by the contact or company of one of their addresses (a delivery contact: the orders
 * keep a copy of the address, but searching those copies would read every order).
 */
function customerSearchQuery(what: OrderSearch & { kind: 'customer' }): SQL {
  return what.text.includes('@')
    ? sql`SELECT ${FOUND_CUSTOMER.list} FROM users WHERE lower(email) LIKE ${what.like}`
    : sql`SELECT ${FOUND_CUSTOMER.list} FROM users WHERE lower(first_name || ' ' || last_name) LIKE ${what.like} OR lower(email) LIKE ${what.like} OR lower(company_name) LIKE ${what.like}
          UNION SELECT ${FOUND_ADDRESS_OWNER.list} FROM addresses WHERE lower(contact_name) LIKE ${what.like} OR lower(company_name) LIKE ${what.like}`;
}

/**
 * The orders whose purchase order number holds the text (any case). Only customers with a trade
 * account (open or closed) give one, so their orders are read through the user_id index, not
 * every order.
 */
function purchaseOrderSearchQuery(text: string): SQL {
  const like = `%${text.replace(/^#/, '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The ids as one array first: as a join, PostgreSQL read the whole user_id index (about 120 ms over 100,000 orders; 0.5 ms so).
  return sql`SELECT ${FOUND_ORDER.list} FROM orders o
             WHERE o.user_id = ANY (ARRAY(SELECT user_id FROM trade_accounts))
               AND o.purchase_order_number IS NOT NULL AND lower(o.purchase_order_number) LIKE ${like}`;
}

/** The smallest string after every string that starts with `prefix` (upper-case letters and digits, as postcodes are). */
function nextPrefix(prefix: string): string {
  const last = prefix.at(-1)!;
  if (last === 'Z') return `${prefix}\u00ff`;
  // Digits sort before letters (bytes and collations alike): after '9' comes 'A'.
  return `${prefix.slice(0, -1)}${last === '9' ? 'A' : String.fromCharCode(last.charCodeAt(0) + 1)}`;
}

function permit(staff: StaffMember, permission: Parameters<typeof can>[1]): void {
  if (!can(staff.role, permission)) throw new Forbidden(orderAdminMessages.notPermitted);
}

/**
 * How a refund of the order goes: card/wallet orders through their provider (the simulated one
 * for test orders: no money went through PayPal, so none comes back through it), others by hand.
 * Every page that offers a refund names the provider from it.
 */
export function refundProviderOf(order: { paymentMethod: string; paymentIsTest: boolean }): RefundProvider | null {
  if (!paidThroughProvider(order.paymentMethod)) return null;
  return order.paymentIsTest ? 'test' : 'paypal';
}

/** A real YYYY-MM-DD day (not 2026-02-30). */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

function checkAmount(amountPence: number): number {
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0 || amountPence > 100_000_000) throw invalidField('amount', orderAdminMessages.amount);
  return amountPence;
}

function pounds(pence: number): string {
  return formatPounds(pence / 100);
}

function invalidField(field: string, message: string): Invalid {
  return new Invalid(message, { fields: [{ field, message }] });
}

/** The warehouse's timeline: what happened, without amounts or bank references. */
function withoutMoney(value: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!value) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !/pence|reference/.test(key)));
}
