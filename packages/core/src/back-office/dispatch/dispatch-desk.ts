/**
 * The dispatch desk: the "Ready to dispatch" queue (oldest first), many orders' picking lists at
 * once (documents/picking-list-pdf.ts), and many orders marked dispatched at once with one
 * carrier and either a tracking number each or a CSV of order number and tracking number as
 * carriers' portals export them. Each order leaves in its own shipment and transaction
 * (order-shipments.ts), so one that cannot go does not stop the others; every row of a CSV that
 * does not match an order ready to go is reported, none is guessed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { columnsOf, figuresOf, orders, queryNumber, queryRows, users, type Database } from '@shop/db';
import { Invalid } from '../../errors.ts';
import { isoTime } from '../../iso-time.ts';
import type { StaffMember } from '../../staff/staff-roles.ts';
import type { OrderShipmentsService } from '../orders/order-shipments.ts';
import { DISPATCH_HOLD_REASONS, dispatchHoldOf, isPartDispatched, mayDispatchCondition, orderProgressLabel, orderStateLabel, TRACKING_NUMBER_RULE, trackingNumberOf } from '../orders/order-states.ts';

/**
 * THE rule of what is ready to dispatch, as a condition on `orders <alias>`: the order may be
 * dispatched by the state module's rule (`mayDispatchCondition`: awaiting dispatch, so not
 * cancelled and something still to send, and net paid in full or on a trade account), and the
 * shelf holds it. The queue, its count on the dashboard and the CSV dispatch all read it here.
 *
 * In stock: the shelf holds what is left to send of each size the order has that is tracked
 * (docs/stock.md); a backordered line waits for goods-in. Custom lines are made to order and
 * lines of untracked sizes are never held back.
 */
export function readyToDispatchCondition(alias = 'o'): SQL {
  const o = sql.raw(alias);
  return sql`(${sql.raw(mayDispatchCondition(alias))}
    AND NOT EXISTS (
      SELECT 1 FROM (
        SELECT pp.product_size_id, sum(ol.qty * (ol.count - ol.withdrawn_count - coalesce((SELECT sum(sl.count) FROM shipment_lines sl WHERE sl.order_line_id = ol.order_line_id), 0))) AS units
        FROM order_lines ol JOIN product_prices pp ON pp.product_price_id = ol.product_price_id
        WHERE ol.order_id = ${o}.order_id AND NOT ol.custom
        GROUP BY pp.product_size_id
      ) needed JOIN stock_levels s ON s.product_size_id = needed.product_size_id
      WHERE s.on_hand < needed.units))`;
}

export const QUEUE_LIMIT = 500;

export interface DispatchQueueFilter {
  /** Only orders promised for dispatch on or before this London date (YYYY-MM-DD): "due today". */
  dueBy?: string;
  /** An order number ('1042' or '#1042') or a postcode (or its start). */
  search?: string;
}

export interface DispatchQueueRow {
  orderId: number;
  /** ISO 8601. */
  created: string;
  promisedDispatchDate: string | null;
  customerName: string;
  companyName: string;
  town: string;
  postCode: string;
  packsOrdered: number;
  packsLeft: number;
  /** "Part dispatched" or "Awaiting dispatch" (the state module's words). */
  stateLabel: string;
  /** Some packs have already left: the page marks it (never by comparing the label's words). */
  partDispatched: boolean;
  /** A made-to-order line: it is dispatched from the order page, with the units delivered. */
  hasCustomLine: boolean;
  paymentMethod: 'paypal' | 'bank' | 'account';
}

export interface DispatchQueue {
  rows: DispatchQueueRow[];
  /** All ready orders matching the filter (rows holds at most QUEUE_LIMIT). */
  total: number;
}

/** A row of a carrier's CSV: the order it names and its tracking number. */
export interface TrackingRow {
  /** The line of the file (1 = the first). */
  line: number;
  orderId: number;
  trackingNumber: string;
}

export interface TrackingProblem {
  line: number;
  /** The row as it was in the file, for staff to find it. */
  text: string;
  message: string;
}

export interface ParsedTrackingCsv {
  rows: TrackingRow[];
  problems: TrackingProblem[];
  /** The headers the columns were recognised by, or null when the file had none. */
  columns: { order: string; tracking: string } | null;
}

export interface BulkDispatchReport {
  dispatched: { orderId: number; message: string }[];
  /** Orders that could not go, and CSV rows that match no order ready to go. */
  problems: { line: number | null; orderId: number | null; message: string }[];
}

export const dispatchDeskMessages = {
  noneChosen: 'Tick at least one order.',
  emptyFile: 'The file is empty: export the CSV of order numbers and tracking numbers from the carrier\'s portal.',
  unreadableFile: 'The file could not be read as CSV. Save it as CSV (comma, semicolon or tab separated) and try again.',
  noColumns:
    'The file has no column of order numbers and tracking numbers that could be recognised. Name them "Order number" and "Tracking number" (or start each row with the order number, then the tracking number).',
  notAnOrder: (text: string) => `"${text}" is not an order number.`,
  noTracking: 'It has no tracking number.',
  badTracking: (text: string) => `"${text}" is not a tracking number. ${TRACKING_NUMBER_RULE}.`,
  twice: (orderId: number, line: number) => `Order ${orderId} is listed again (first on line ${line}): this row is left out.`,
  noSuchOrder: (orderId: number) => `There is no order ${orderId}.`,
  notReady: (orderId: number, why: string) => `Order ${orderId} is not ready to dispatch: ${why}.`,
} as const;

const QUEUED = columnsOf(orders, ['orderId', 'created', 'promisedDispatchDate', 'deliveryAddress', 'status', 'paymentMethod'], 'o');
const QUEUED_CUSTOMER = columnsOf(users, ['firstName', 'lastName', 'companyName'], 'u');
/** Computed over a queued order's lines: packs ordered (less those taken off), packs that have left, any made-to-order line. */
const QUEUED_FIGURES = figuresOf({ ordered: 'number', shipped: 'number', custom: 'boolean' });
/** What the rule of dispatch reads of an order, to say why one in a carrier's CSV may not go. */
const READINESS = columnsOf(orders, ['orderId', 'status', 'paymentMethod', 'totalPence', 'paidPence', 'refundedPence', 'paymentDueDate'], 'o');
/** Computed beside it: the ready-to-dispatch condition. */
const READY = figuresOf({ ready: 'boolean' });

export class DispatchDesk {
  constructor(
    private readonly db: Database,
    private readonly shipments: OrderShipmentsService,
  ) {}

  /** The orders ready to go, oldest first (the order they were placed in). */
  async queue(filter: DispatchQueueFilter = {}): Promise<DispatchQueue> {
    const parts: SQL[] = [readyToDispatchCondition('o')];
    if (filter.dueBy && /^\d{4}-\d{2}-\d{2}$/.test(filter.dueBy)) parts.push(sql`(o.promised_dispatch_date IS NULL OR o.promised_dispatch_date <= ${filter.dueBy}::date)`);
    const search = (filter.search ?? '').trim().slice(0, 50);
    const number = /^#?(\d{1,9})$/.exec(search);
    if (number) parts.push(sql`o.order_id = ${Number(number[1])}`);
    else if (search) parts.push(sql`upper(replace(o.delivery_address ->> 'post_code', ' ', '')) LIKE ${`${search.toUpperCase().replace(/[^A-Z0-9]/g, '')}%`}`);
    const where = sql.join(parts, sql` AND `);
    const [rows, total] = await Promise.all([
      // Sums and a flag over the order's lines (QUEUED_FIGURES) beside its columns.
      queryRows<object>(
        this.db,
        sql`SELECT ${QUEUED.list}, ${QUEUED_CUSTOMER.list},
                   (SELECT COALESCE(sum(l.count - l.withdrawn_count), 0) FROM order_lines l WHERE l.order_id = o.order_id AND l.kind = 'goods') AS ordered,
                   (SELECT COALESCE(sum(sl.count), 0) FROM shipment_lines sl JOIN shipments sh ON sh.shipment_id = sl.shipment_id WHERE sh.order_id = o.order_id) AS shipped,
                   EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.order_id AND l.custom) AS custom
            FROM orders o JOIN users u ON u.user_id = o.user_id
            WHERE ${where}
            ORDER BY o.created, o.order_id
            LIMIT ${QUEUE_LIMIT}`,
      ),
      queryNumber(this.db, sql`SELECT count(*) AS value FROM orders o WHERE ${where}`),
    ]);
    return {
      total,
      rows: rows.map((raw) => {
        const o = QUEUED.read(raw);
        const u = QUEUED_CUSTOMER.read(raw);
        const figures = QUEUED_FIGURES.read(raw);
        const progress = { orderedPacks: figures.ordered, shippedPacks: figures.shipped };
        return {
          orderId: o.orderId,
          created: isoTime(o.created),
          promisedDispatchDate: o.promisedDispatchDate,
          customerName: o.deliveryAddress?.contact_name.trim() || `${u.firstName} ${u.lastName}`.trim(),
          companyName: o.deliveryAddress?.company_name.trim() || u.companyName?.trim() || '',
          town: o.deliveryAddress?.town ?? '',
          postCode: o.deliveryAddress?.post_code ?? '',
          packsOrdered: progress.orderedPacks,
          packsLeft: Math.max(0, progress.orderedPacks - progress.shippedPacks),
          stateLabel: orderProgressLabel(o.status, progress),
          partDispatched: isPartDispatched(o.status, progress),
          hasCustomLine: figures.custom,
          paymentMethod: o.paymentMethod,
        };
      }),
    };
  }

  /** Marks the orders dispatched with one carrier, each with its own tracking number (none for our own van). */
  async dispatchMany(staff: StaffMember, carrier: string, parcels: readonly { orderId: number; trackingNumber: string }[]): Promise<BulkDispatchReport> {
    if (parcels.length === 0) throw new Invalid(dispatchDeskMessages.noneChosen);
    const results = await this.shipments.shipMany(staff, carrier, parcels);
    return {
      dispatched: results.filter((r) => r.ok).map((r) => ({ orderId: r.orderId, message: r.message })),
      problems: results.filter((r) => !r.ok).map((r) => ({ line: null, orderId: r.orderId, message: r.message })),
    };
  }

  /**
   * A carrier's CSV of order numbers and tracking numbers: each row naming an order that is ready
   * leaves in a shipment with that carrier and number; every other row is reported with why.
   */
  async dispatchFromCsv(staff: StaffMember, carrier: string, bytes: Uint8Array): Promise<BulkDispatchReport> {
    const parsed = parseTrackingCsv(bytes);
    const problems: BulkDispatchReport['problems'] = parsed.problems.map((p) => ({ line: p.line, orderId: null, message: `Line ${p.line} (${p.text}): ${p.message}` }));
    const firstLine = new Map<number, number>();
    const wanted: TrackingRow[] = [];
    for (const row of parsed.rows) {
      const first = firstLine.get(row.orderId);
      if (first !== undefined) {
        problems.push({ line: row.line, orderId: row.orderId, message: `Line ${row.line}: ${dispatchDeskMessages.twice(row.orderId, first)}` });
        continue;
      }
      firstLine.set(row.orderId, row.line);
      wanted.push(row);
    }
    const ready = await this.readiness(wanted.map((r) => r.orderId));
    const parcels: { orderId: number; trackingNumber: string; line: number }[] = [];
    for (const row of wanted) {
      const why = ready.get(row.orderId);
      if (why === undefined) problems.push({ line: row.line, orderId: row.orderId, message: `Line ${row.line}: ${dispatchDeskMessages.noSuchOrder(row.orderId)}` });
      else if (why !== null) problems.push({ line: row.line, orderId: row.orderId, message: `Line ${row.line}: ${dispatchDeskMessages.notReady(row.orderId, why)}` });
      else parcels.push({ orderId: row.orderId, trackingNumber: row.trackingNumber, line: row.line });
    }
    const results = parcels.length > 0 ? await this.shipments.shipMany(staff, carrier, parcels) : [];
    const lineOf = new Map(parcels.map((p) => [p.orderId, p.line]));
    for (const r of results.filter((r) => !r.ok)) problems.push({ line: lineOf.get(r.orderId) ?? null, orderId: r.orderId, message: `Line ${lineOf.get(r.orderId)}: ${r.message}` });
    problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    return { dispatched: results.filter((r) => r.ok).map((r) => ({ orderId: r.orderId, message: r.message })), problems };
  }

  /** For each order: null when ready to go, else why not (words for staff); absent when there is no such order. */
  private async readiness(orderIds: readonly number[]): Promise<Map<number, string | null>> {
    const answer = new Map<number, string | null>();
    if (orderIds.length === 0) return answer;
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${READINESS.list}, ${readyToDispatchCondition('o')} AS ready FROM orders o WHERE o.order_id = ANY (${`{${orderIds.join(',')}}`}::int[])`,
    );
    for (const raw of rows) {
      const order = READINESS.read(raw);
      const hold = dispatchHoldOf(order);
      const why = READY.read(raw).ready
        ? null
        : order.status !== 'PendingDelivery'
          ? `it is ${orderStateLabel(order.status).toLowerCase()}`
          : hold === null
            ? 'its goods are not all on the shelf'
            : DISPATCH_HOLD_REASONS[hold];
      answer.set(order.orderId, why);
    }
    return answer;
  }
}

/** A header as compared: lower case, letters and digits only ("Order No." -> "orderno"). */
function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The names carriers' portals (Royal Mail Click & Drop, DPD, Parcelforce, DHL, UPS, Evri) give the two columns. */
const ORDER_HEADERS = new Set([
  'order',
  'ordernumber',
  'orderno',
  'ordernum',
  'orderid',
  'orderref',
  'orderreference',
  'reference',
  'ref',
  'reference1',
  'ref1',
  'customerreference',
  'customerref',
  'yourreference',
  'yourref',
  'senderreference',
  'shipperreference',
  'clientreference',
  'consignmentreference',
  'shipmentreference',
]);
const TRACKING_HEADERS = new Set([
  'tracking',
  'trackingnumber',
  'trackingno',
  'trackingnum',
  'trackingid',
  'trackingcode',
  'trackingref',
  'trackingreference',
  'trackingbarcode',
  'consignment',
  'consignmentnumber',
  'consignmentno',
  'parcelnumber',
  'parcelno',
  'parcelid',
  'barcode',
  'awb',
  'awbnumber',
  'waybill',
  'waybillnumber',
]);

function findColumn(headers: string[], known: Set<string>, hint: RegExp, other = -1): number {
  const keys = headers.map(headerKey);
  const exact = keys.findIndex((key, i) => i !== other && known.has(key));
  return exact >= 0 ? exact : keys.findIndex((key, i) => i !== other && hint.test(key));
}

/** "1042", "#1042", "Order 1042", "ORD-1042" -> 1042; anything else null. */
function orderNumberOf(text: string): number | null {
  const match = /^(?:#|order\s*|ord[-\s]?)?\s*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/**
 * Reads a carrier's CSV of order numbers and tracking numbers: comma, semicolon or tab separated,
 * with or without a byte order mark, headers in any case and spelling carriers use ("Order No.",
 * "Customer reference", "Consignment number", "Tracking ID", ...), other columns ignored. A file
 * without a recognised header is read as order number, then tracking number. Rows that say
 * nothing are skipped; rows that cannot be read are reported with their line.
 */
export function parseTrackingCsv(bytes: Uint8Array): ParsedTrackingCsv {
  const text = Buffer.from(bytes).toString('utf8');
  if (!text.trim()) throw new Invalid(dispatchDeskMessages.emptyFile, { fields: [{ field: 'file', message: dispatchDeskMessages.emptyFile }] });
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ',');
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, { bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof parsed;
  } catch {
    throw new Invalid(dispatchDeskMessages.unreadableFile, { fields: [{ field: 'file', message: dispatchDeskMessages.unreadableFile }] });
  }
  const records = parsed.map((p) => p.record);
  const first = records[0] ?? [];
  let orderColumn = findColumn(first, ORDER_HEADERS, /order|ref/);
  let trackingColumn = findColumn(first, TRACKING_HEADERS, /track|consign|parcel|barcode/, orderColumn);
  let start = 1;
  let columns: ParsedTrackingCsv['columns'] = null;
  if (orderColumn >= 0 && trackingColumn >= 0) {
    columns = { order: first[orderColumn]!, tracking: first[trackingColumn]! };
  } else if (first.length >= 2 && orderNumberOf(first[0]!) !== null) {
    // No header: order number, then tracking number.
    [orderColumn, trackingColumn, start] = [0, 1, 0];
  } else {
    throw new Invalid(dispatchDeskMessages.noColumns, { fields: [{ field: 'file', message: dispatchDeskMessages.noColumns }] });
  }
  const rows: TrackingRow[] = [];
  const problems: TrackingProblem[] = [];
  parsed.slice(start).forEach(({ record, info }) => {
    const line = info.lines;
    const shown = record.join(', ').slice(0, 120);
    const orderText = (record[orderColumn] ?? '').trim();
    const trackingNumber = (record[trackingColumn] ?? '').trim();
    if (!orderText && !trackingNumber) return;
    const orderId = orderNumberOf(orderText);
    if (orderId === null) problems.push({ line, text: shown, message: dispatchDeskMessages.notAnOrder(orderText) });
    else if (!trackingNumber) problems.push({ line, text: shown, message: dispatchDeskMessages.noTracking });
    else {
      const checked = trackingNumberOf(trackingNumber);
      if (checked === null) problems.push({ line, text: shown, message: dispatchDeskMessages.badTracking(trackingNumber.slice(0, 60)) });
      else rows.push({ line, orderId, trackingNumber: checked });
    }
  });
  return { rows, problems, columns };
}
