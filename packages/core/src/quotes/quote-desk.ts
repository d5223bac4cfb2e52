/**
 * The sales desk's quotes (docs/sales-desk.md, decision record 018): a signed-in customer asks
 * for a price, staff (owner or manager, 'quotes') price and send it, the customer accepts it
 * within its validity and it becomes their order at the quoted prices.
 *
 * - One row per quote (`quotes`) from request to acceptance; staff edits carry the version they
 *   saw, so of two staff pricing at once one is told.
 * - Numbers come from `quote_number_counter` in the request's transaction (an upsert that holds
 *   the counter's row lock until commit, as invoice numbers do): no gaps, no repeats.
 * - Sending records the e-mail (the PDF attached and the link) as a durable job with the change.
 * - Accepting locks the quote's row: of two acceptances at once the first makes the order
 *   (PricedOrderPlacement) and marks the quote accepted in the same transaction; the second
 *   waits, then finds it accepted and answers the same order. The orders' unique
 *   (customer, Idempotency-Key = quote:<id>) index is the last word.
 * - Paid by card: when the order cannot be placed after the provider took the money (stock sold
 *   out, the quote expired or withdrawn meanwhile, another amount paid, accepted already with
 *   another payment), the payment is recorded as unplaced and returned by the shop, as checkout's
 *   (payments/unplaced-payments.ts), and the customer is told so.
 * - Every staff action is an audit entry on the customer (customer_events).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { formatPounds } from '@shop/contract';
import { columnsOf, productPrices, products, productSizes, queryNumber, queryRows, quoteLines, quoteNumberCounter, quoteRequestItems, quotes, staff, users, type Database, type Executor, type Row } from '@shop/db';
import { recordCustomerEvent } from '../back-office/customers/customer-events.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import { formatDayMonthYear } from '../documents/document-format.ts';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { Conflict, Invalid, NotFound, PaymentRequired } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { companyAccessMessages } from '../companies/companies.ts';
import { PaymentPaysAnOrder, type PricedOrderPayment, type PricedOrderPlacement } from '../orders/priced-order-placement.ts';
import { PAYMENT_COMPLETED, PaymentReferenceUnknown, type PaymentVerifier } from '../payments/payment-verifier.ts';
import { lockProviderReference, returnTakenPayment, type UnplacedPayments } from '../payments/unplaced-payments.ts';
import { orderMessages } from '../orders/order-placement.ts';
import type { CartTotals } from '../pricing/cart-totals.ts';
import { penceToPounds, type Pence } from '../pricing/money.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { Artwork } from './artwork.ts';
import { quoteRequestedJob, quoteSentJob, quoteUrl } from './quote-email.ts';
import { quotePdf } from './quote-pdf.ts';
import { MAX_LEAD_WORKING_DAYS, quoteDispatchDate, quoteDispatchMessages, quoteDispatchOf, quoteDispatchText, type QuoteDispatch } from './quote-dispatch.ts';
import { MAX_QUOTE_VALIDITY_DAYS, quoteValidityDays, quoteValidUntil } from './quote-validity.ts';
import { assertQuoteMove, QUOTE_MOVE_MESSAGES, QUOTE_STATE_LABELS, quoteStateOf, type QuoteState } from './quote-states.ts';

type QuoteRow = Row<typeof quotes>;
/** The number the counter gives a new quote (RETURNING). */
const COUNTER = columnsOf(quoteNumberCounter, ['lastNumber']);

/** "Q-000042": how a quote number is printed (PDF, e-mails, pages): one place. */
export function formatQuoteNumber(quoteNumber: number): string {
  return `Q-${String(quoteNumber).padStart(6, '0')}`;
}

export const MAX_QUOTE_ITEMS = 20;
export const MAX_QUOTE_LINES = 30;
/** Units a line may ask for or quote (a lorry load of boxes, not a typo's 10 digits). */
export const MAX_QUOTE_QUANTITY = 1_000_000;
/** Unit price at most £10,000 ex-VAT, a line at most £1,000,000 (orders hold pence in an int). */
const MAX_UNIT_PRICE_PENCE = 1_000_000;
const MAX_LINE_PENCE = 100_000_000;

export const quoteMessages = {
  noItems: 'Add at least one product to ask for a quote.',
  tooManyItems: `A quote request may hold at most ${MAX_QUOTE_ITEMS} products.`,
  quantity: `Enter a quantity from 1 to ${MAX_QUOTE_QUANTITY.toLocaleString('en-GB')} units.`,
  unknownPack: (id: number) => `There is no product size ${id} on sale.`,
  neededByPast: 'The date you need it by has already passed.',
  notYours: 'There is no such quote.',
  notPricedYet: (number: string) => `Quote ${number} has not been priced yet, so it cannot be accepted. We will e-mail you when it is ready.`,
  expired: (number: string, validUntil: IsoDate) =>
    `Quote ${number} expired at the end of ${formatDayMonthYear(validUntil)}, so it can no longer be accepted. Please ask us for a new quote.`,
  withdrawn: (number: string, reason: string | null) =>
    `Quote ${number} was withdrawn${reason ? ` (${reason})` : ''}, so it can no longer be accepted. Please call us or ask for a new quote.`,
  alreadyAccepted: (number: string, orderId: number) => `Quote ${number} was already accepted: it is your order ${orderId}.`,
  staleVersion: 'Someone else changed this quote while you were looking at it. The page now shows their changes; please check and try again.',
  noLines: QUOTE_MOVE_MESSAGES.noLines,
  tooManyLines: `A quote may have at most ${MAX_QUOTE_LINES} lines.`,
  lineDescription: 'Describe the line (1-200 characters).',
  unitPrice: 'Enter a unit price from £0.01 to £10,000.00 ex-VAT.',
  lineTooLarge: 'A line may come to at most £1,000,000.00 ex-VAT.',
  linePack: 'Choose which requested product this line is for.',
  deliveryCharge: 'Enter a delivery charge of £0.00 or more.',
  validity: `Enter a validity from 1 to ${MAX_QUOTE_VALIDITY_DAYS} days.`,
  notEditable: QUOTE_MOVE_MESSAGES.notEditable,
  notSendable: QUOTE_MOVE_MESSAGES.notSendable,
  withdrawReason: 'Say why the quote is withdrawn (1-200 characters): the customer is told.',
  cardPaymentsOff: 'Card and wallet payments are not available at the moment. Please pay by bank transfer.',
  paymentNotCompleted: 'The card payment has not been completed, so the quote was not accepted. Please try again.',
  testPaymentsOff: 'This is a test payment, and this shop takes real payments only, so the quote was not accepted.',
  paymentCurrency: 'The card payment is not in pounds sterling, so the quote was not accepted.',
  alreadyAcceptedOtherwise: (number: string, orderId: number) => `Quote ${number} was accepted already, as order ${orderId}, so this payment was not needed.`,
  paymentBeingReturned: (reference: string) => `This card payment (reference ${reference}) is being returned to you, so the quote was not accepted with it. Please pay again.`,
} as const;

export interface QuoteItemInput {
  productPriceId: number;
  quantity: number;
  printed: boolean;
  custom: boolean;
  customSize: string;
  printColours: string;
  notes: string;
}

export interface QuoteRequestInput {
  items: readonly QuoteItemInput[];
  neededBy: IsoDate | null;
  note: string;
  artwork: Artwork | null;
}

export interface QuoteLineInput {
  /**
   * 'goods' (default): made of a requested item's pack; 'charge': a charge without stock (print
   * plates, set-up, origination), no product or size, never allocated, picked or dispatched.
   */
  kind?: 'goods' | 'charge';
  /** The requested item's pack this line is made of (the order line keeps it); ignored for a charge. */
  productPriceId: number | null;
  description: string;
  quantity: number;
  unitPricePence: Pence;
  isCustom: boolean;
}

export interface QuotePricingInput {
  lines: readonly QuoteLineInput[];
  deliveryChargePence: Pence;
  /** Null: the shop's default (30 days). */
  validityDays: number | null;
  note: string;
  /** When the order will be dispatched (quote-dispatch.ts); required when a line is made to order. */
  dispatch?: QuoteDispatch | null;
}

export type QuoteItem = Pick<
  Row<typeof quoteRequestItems>,
  'productId' | 'productPriceId' | 'productName' | 'size1' | 'quantity' | 'printed' | 'custom' | 'customSize' | 'printColours' | 'notes'
>;
export type QuoteLine = Pick<Row<typeof quoteLines>, 'lineNumber' | 'kind' | 'productId' | 'productPriceId' | 'size1' | 'description' | 'quantity' | 'unitPricePence' | 'isCustom' | 'orderLineId'> & {
  totalPence: Pence;
};

/** A quote as its customer (and staff) read it. */
export interface QuoteView {
  quoteId: number;
  number: string;
  userId: number;
  state: QuoteState;
  stateLabel: string;
  requestedAt: string;
  neededBy: IsoDate | null;
  requestNote: string;
  items: QuoteItem[];
  artwork: { name: string; type: string } | null;
  /** Priced lines: shown to the customer once the quote is sent. */
  lines: QuoteLine[];
  subTotalPence: Pence;
  deliveryChargePence: Pence | null;
  validityDays: number;
  validUntil: IsoDate | null;
  quoteNote: string;
  /** When its order will be dispatched, as staff set it (null: the next dispatch day, stock goods only). */
  dispatch: QuoteDispatch | null;
  /** The same in words ("Dispatch within 10 working days of your order"). */
  dispatchText: string | null;
  sentAt: string | null;
  acceptedAt: string | null;
  orderId: number | null;
  withdrawnReason: string | null;
  version: number;
  /** Why it cannot be accepted now (null: it can). */
  refusal: string | null;
}

export interface StaffQuoteView extends QuoteView {
  customer: { userId: number; name: string; email: string; companyName: string | null };
  sentBy: string | null;
}

export interface QuoteListEntry {
  quoteId: number;
  number: string;
  state: QuoteState;
  stateLabel: string;
  requestedAt: string;
  neededBy: IsoDate | null;
  validUntil: IsoDate | null;
  itemSummary: string;
  subTotalPence: Pence | null;
  orderId: number | null;
  customerName: string;
  customerEmail: string;
}

export interface QuoteAcceptance {
  payment: { method: 'bank' } | { method: 'account' } | { method: 'paypal'; reference: string };
  deliveryAddressId: number;
  billingAddressId: number | null;
  purchaseOrderNumber: string | null;
  /** Staff accepting it for the customer on the phone (the order's timeline says who); absent: the customer online. */
  takenBy?: { staffId: number; name: string };
}

export interface QuoteDeskOptions {
  shop: ShopConfig;
  jobs: JobQueue;
  pricedOrders: PricedOrderPlacement;
  payments: PaymentVerifier | null;
  /** Where the storefront is served: the PDF's link to accept. */
  publicBaseUrl?: string;
  now?: () => Date;
  /** Returns a verified card payment whose order could not be placed (without it, it is only refused). */
  unplacedPayments?: Pick<UnplacedPayments, 'record' | 'isRecorded'>;
  log?: { error(details: object, message: string): void };
}

export class QuoteDesk {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: QuoteDeskOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  // ---- the customer ----

  /** A signed-in customer asks for a quote: its number is given now, they are e-mailed an acknowledgement; staff see it in their queue. */
  async request(userId: number, input: QuoteRequestInput): Promise<{ quoteId: number; number: string }> {
    if (input.items.length === 0) throw new Invalid(quoteMessages.noItems);
    if (input.items.length > MAX_QUOTE_ITEMS) throw new Invalid(quoteMessages.tooManyItems);
    for (const item of input.items) {
      if (!Number.isSafeInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_QUOTE_QUANTITY) {
        throw new Invalid(quoteMessages.quantity, { fields: [{ field: 'quantity', message: quoteMessages.quantity }] });
      }
    }
    const today = londonDate(this.now());
    if (input.neededBy !== null && input.neededBy < today) {
      throw new Invalid(quoteMessages.neededByPast, { fields: [{ field: 'neededBy', message: quoteMessages.neededByPast }] });
    }
    const packs = await this.packsOnSale(input.items.map((item) => item.productPriceId));
    const created = await this.db.transaction(async (tx) => {
      const [counter] = await queryRows<Record<string, unknown>>(
        tx,
        sql`INSERT INTO quote_number_counter (id, last_number) VALUES (true, 1)
            ON CONFLICT (id) DO UPDATE SET last_number = quote_number_counter.last_number + 1
            RETURNING ${COUNTER.list}`,
      );
      const quoteNumber = COUNTER.read(counter!).lastNumber;
      const [quote] = await tx
        .insert(quotes)
        .values({
          quoteNumber,
          userId,
          requestNote: input.note.slice(0, 2000),
          neededBy: input.neededBy,
          artworkName: input.artwork?.name ?? null,
          artworkType: input.artwork?.type ?? null,
          artworkBytes: input.artwork?.bytes ?? null,
          requestedAt: this.now(),
        })
        .returning({ quoteId: quotes.quoteId });
      await tx.insert(quoteRequestItems).values(
        input.items.map((item) => {
          const pack = packs.get(item.productPriceId)!;
          return {
            quoteId: quote!.quoteId,
            productId: pack.productId,
            productPriceId: item.productPriceId,
            productName: pack.productName,
            size1: pack.size1,
            quantity: item.quantity,
            printed: item.printed,
            custom: item.custom,
            customSize: item.customSize.slice(0, 200),
            printColours: item.printColours.slice(0, 200),
            notes: item.notes.slice(0, 1000),
          };
        }),
      );
      // Acknowledged by e-mail, recorded with the request: sent once, even if the worker restarts.
      await this.options.jobs.record(quoteRequestedJob(userId, quote!.quoteId), tx);
      return { quoteId: quote!.quoteId, number: formatQuoteNumber(quoteNumber) };
    });
    this.options.jobs.wakeWorkers();
    return created;
  }

  /** The customer's quotes, newest first (My account). */
  async listOf(userId: number): Promise<QuoteListEntry[]> {
    return this.list(and(eq(quotes.userId, userId)), 100);
  }

  /** One of the customer's quotes; anyone else's is not found (404). */
  async forCustomer(userId: number, quoteId: number): Promise<QuoteView> {
    const view = await this.view(quoteId);
    if (!view || view.userId !== userId) throw new NotFound(quoteMessages.notYours);
    // Prices are the customer's to see once staff have sent them, not while staff are pricing.
    if (view.state === 'requested') return { ...view, lines: [], subTotalPence: 0, deliveryChargePence: null, quoteNote: '', dispatch: null, dispatchText: null };
    return view;
  }

  /** What the order would come to, delivered to this address of the customer's (the accept page). */
  async totalsFor(userId: number, quoteId: number, deliveryAddressId: number): Promise<CartTotals> {
    const view = await this.forCustomer(userId, quoteId);
    return this.options.pricedOrders.totalsFor(userId, orderLinesOf(view.lines), deliveryAddressId, view.deliveryChargePence ?? 0);
  }

  /**
   * The customer accepts their quote: it becomes their order at the quoted prices, paid as they
   * chose. Refused, saying why, when it is not yet priced, expired, withdrawn; answered with the
   * same order when it was already accepted by the same customer (a double click, or two tabs).
   */
  async accept(userId: number, quoteId: number, acceptance: QuoteAcceptance): Promise<{ orderId: number; created: boolean }> {
    // A card payment is verified before the transaction (no network call while holding the lock).
    const payment: PricedOrderPayment =
      acceptance.payment.method === 'paypal' ? { method: 'paypal', payment: await this.verifiedCardPayment(acceptance.payment.reference) } : acceptance.payment;
    try {
      return await this.acceptWith(userId, quoteId, acceptance, payment);
    } catch (error) {
      // No money without an order (DESIGN section 4 "Orders"): the taken payment is returned, as checkout's.
      if (payment.method !== 'paypal' || !this.options.payments || error instanceof PaymentBeingReturned || error instanceof PaymentPaysAnOrder) throw error;
      throw await returnTakenPayment(this.options.unplacedPayments, {
        provider: this.options.payments.mode,
        payment: payment.payment,
        userId,
        error,
        paysSomething: () => new Conflict(orderMessages.paymentUsed),
        log: this.options.log,
      });
    }
  }

  private async acceptWith(userId: number, quoteId: number, acceptance: QuoteAcceptance, payment: PricedOrderPayment): Promise<{ orderId: number; created: boolean }> {
    const result = await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const [quote] = await tx.select().from(quotes).where(and(eq(quotes.quoteId, quoteId), eq(quotes.userId, userId))).for('update');
      if (!quote) throw new NotFound(quoteMessages.notYours);
      const number = formatQuoteNumber(quote.quoteNumber);
      if (payment.method === 'paypal') {
        // The payment's lock, then the check: recording it as unplaced waits for this transaction.
        await lockProviderReference(tx, payment.payment.reference);
        if (await this.options.unplacedPayments?.isRecorded(payment.payment.reference, tx)) {
          throw new PaymentBeingReturned(quoteMessages.paymentBeingReturned(payment.payment.reference));
        }
      }
      if (quote.status === 'accepted' && quote.orderId !== null) {
        // A repeat with the payment that placed the order answers it; another payment paid for nothing.
        if (payment.method === 'paypal' && !(await this.paidWith(quote.orderId, payment.payment.reference, tx))) {
          throw new Conflict(quoteMessages.alreadyAcceptedOtherwise(number, quote.orderId));
        }
        return { orderId: quote.orderId, created: false, number };
      }
      const refusal = refusalOf(quote, this.now());
      if (refusal) throw new Conflict(refusal);
      const lines = await this.linesOf(quoteId, tx);
      // The dispatch staff promised on the quote, never the next dispatch day (made-to-order goods).
      const promised = quoteDispatchDate(quoteDispatchOf(quote), this.now(), this.options.shop.address.postcode);
      if (promised === 'missed') throw new Conflict(quoteDispatchMessages.missed(number, quote.dispatchBy!));
      const placed = await this.options.pricedOrders.placeIn(tx, {
        promisedDispatchDate: promised,
        userId,
        lines: orderLinesOf(lines),
        deliveryAddressId: acceptance.deliveryAddressId,
        billingAddressId: acceptance.billingAddressId,
        payment,
        agreedDeliveryFeePence: quote.deliveryChargePence ?? 0,
        note: `Quote ${number}`,
        purchaseOrderNumber: acceptance.purchaseOrderNumber,
        idempotencyKey: `quote:${quoteId}`,
        event: acceptance.takenBy
          ? { staffId: acceptance.takenBy.staffId, kind: 'taken-by-phone', after: { how: 'by phone', taken_by: acceptance.takenBy.name, quote: number, payment: payment.method } }
          : { staffId: null, kind: 'quote-accepted', after: { quote: number, payment: payment.method } },
        // Accepted online by a company's buyer: their limits hold (staff taking it by phone decide themselves).
        buyerLimits: acceptance.takenBy ? undefined : { refusal: companyAccessMessages.overLimitQuoteRefusal },
      });
      const acceptedAt = this.now();
      await tx.update(quotes).set({ status: 'accepted', acceptedAt, orderId: placed.orderId, version: sql`${quotes.version} + 1` }).where(eq(quotes.quoteId, quoteId));
      // Which order line each quote line became: the dispatch desk's +/-10% rule reads `is_custom` through it.
      for (const [i, line] of lines.entries()) {
        const orderLineId = placed.orderLineIds[i];
        if (orderLineId !== undefined) {
          await tx.update(quoteLines).set({ orderLineId }).where(and(eq(quoteLines.quoteId, quoteId), eq(quoteLines.lineNumber, line.lineNumber)));
        }
      }
      return { orderId: placed.orderId, created: placed.created, number };
    });
    if (result.created) this.options.pricedOrders.wakeWorkers();
    return { orderId: result.orderId, created: result.created };
  }

  /** Whether the order was placed with this provider payment. */
  private async paidWith(orderId: number, reference: string, tx: Executor): Promise<boolean> {
    const rows = await queryRows<object>(tx, sql`SELECT 1 FROM orders WHERE order_id = ${orderId} AND payment_method = 'paypal' AND payment_reference = ${reference}`);
    return rows.length > 0;
  }

  /** The quote as a PDF, for its customer (or staff: pass `userId` null). */
  async pdfOf(userId: number | null, quoteId: number): Promise<{ fileName: string; pdf: Buffer }> {
    const view = await this.view(quoteId);
    const customerAsks = userId !== null;
    if (!view || (customerAsks && (view.userId !== userId || view.state === 'requested'))) throw new NotFound(quoteMessages.notYours);
    const customer = await this.customerOf(view.userId);
    return { fileName: `quote-${view.number}.pdf`, pdf: await quotePdf({ shop: this.options.shop, quote: view, customer, acceptUrl: this.options.publicBaseUrl ? quoteUrl(this.options.publicBaseUrl, quoteId) : undefined }) };
  }

  // ---- staff ----

  /** The queue: quotes in a state (default: those to price), oldest request first for 'requested'. */
  async queue(state: QuoteState | 'all' = 'requested'): Promise<QuoteListEntry[]> {
    const today = londonDate(this.now());
    const where =
      state === 'all'
        ? undefined
        : state === 'expired'
          ? and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} < ${today}::date`)
          : state === 'sent'
            ? and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} >= ${today}::date`)
            : eq(quotes.status, state);
    return this.list(where, 200, state === 'requested' ? 'oldest' : 'newest');
  }

  async forStaff(quoteId: number): Promise<StaffQuoteView> {
    const view = await this.view(quoteId);
    if (!view) throw new NotFound(`There is no quote ${quoteId}.`);
    const customer = await this.customerOf(view.userId);
    const [sender] = view.sentAt
      ? await this.db.select({ name: staff.name }).from(staff).innerJoin(quotes, eq(quotes.sentBy, staff.staffId)).where(eq(quotes.quoteId, quoteId))
      : [];
    return { ...view, customer, sentBy: sender?.name ?? null };
  }

  /** The customer's artwork file, for staff to download. */
  async artworkOf(quoteId: number): Promise<{ name: string; type: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ name: quotes.artworkName, type: quotes.artworkType, bytes: quotes.artworkBytes })
      .from(quotes)
      .where(eq(quotes.quoteId, quoteId));
    if (!row || !row.name || !row.type || !row.bytes) return null;
    return { name: row.name, type: row.type, bytes: row.bytes };
  }

  /** Staff price a requested quote (saved, not yet sent): its lines replace any priced before. */
  async price(staffId: number, quoteId: number, seenVersion: number, input: QuotePricingInput): Promise<void> {
    checkPricing(input, londonDate(this.now()));
    await this.staffChange(quoteId, seenVersion, async (quote, tx) => {
      const number = formatQuoteNumber(quote.quoteNumber);
      assertQuoteMove('price', { state: stateOf(quote, this.now()), priced: false }, number);
      const items = await tx.select().from(quoteRequestItems).where(eq(quoteRequestItems.quoteId, quoteId));
      const byPack = new Map(items.map((item) => [item.productPriceId, item]));
      const rows = input.lines.map((line, i) => {
        if (line.kind === 'charge') {
          // A charge names no product: it takes nothing off stock and is never dispatched.
          return { quoteId, lineNumber: i + 1, kind: 'charge' as const, productId: null, productPriceId: null, size1: '', description: line.description.trim(), quantity: line.quantity, unitPricePence: line.unitPricePence, isCustom: false };
        }
        const item = line.productPriceId === null ? undefined : byPack.get(line.productPriceId);
        if (!item) throw new Invalid(quoteMessages.linePack, { fields: [{ field: `lines[${i}].productPriceId`, message: quoteMessages.linePack }] });
        return {
          quoteId,
          lineNumber: i + 1,
          kind: 'goods' as const,
          productId: item.productId,
          productPriceId: item.productPriceId,
          size1: item.size1,
          description: line.description.trim(),
          quantity: line.quantity,
          unitPricePence: line.unitPricePence,
          isCustom: line.isCustom,
        };
      });
      await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
      await tx.insert(quoteLines).values(rows);
      await tx
        .update(quotes)
        .set({
          deliveryChargePence: input.deliveryChargePence,
          validityDays: input.validityDays ?? quoteValidityDays(this.options.shop),
          quoteNote: input.note.slice(0, 1000),
          dispatchBy: input.dispatch && 'byDate' in input.dispatch ? input.dispatch.byDate : null,
          leadTimeWorkingDays: input.dispatch && 'leadWorkingDays' in input.dispatch ? input.dispatch.leadWorkingDays : null,
        })
        .where(eq(quotes.quoteId, quoteId));
      const subTotalPence = rows.reduce((sum, row) => sum + row.quantity * row.unitPricePence, 0);
      await recordCustomerEvent(tx, {
        userId: quote.userId,
        staffId,
        kind: 'quote.priced',
        before: null,
        after: { quote: number, quote_id: quoteId, lines: rows.length, subTotalPence, deliveryChargePence: input.deliveryChargePence, dispatch: quoteDispatchText(input.dispatch ?? null) ?? 'next dispatch day' },
      });
    });
  }

  /** Staff send a priced quote: valid from today for its validity; the customer is e-mailed the PDF and the link. */
  async send(staffId: number, quoteId: number, seenVersion: number): Promise<{ validUntil: IsoDate }> {
    const sent = await this.staffChange(quoteId, seenVersion, async (quote, tx) => {
      const number = formatQuoteNumber(quote.quoteNumber);
      const lineCount = await queryNumber(tx, sql`SELECT count(*) AS value FROM quote_lines WHERE quote_id = ${quoteId}`);
      assertQuoteMove('send', { state: stateOf(quote, this.now()), priced: lineCount > 0 && quote.deliveryChargePence !== null }, number);
      const sentAt = this.now();
      const validUntil = quoteValidUntil(sentAt, quote.validityDays ?? quoteValidityDays(this.options.shop));
      await tx.update(quotes).set({ status: 'sent', sentAt, sentBy: staffId, validUntil }).where(eq(quotes.quoteId, quoteId));
      await this.options.jobs.record(quoteSentJob(quote.userId, quoteId), tx);
      await recordCustomerEvent(tx, { userId: quote.userId, staffId, kind: 'quote.sent', before: null, after: { quote: number, quote_id: quoteId, validUntil } });
      return { validUntil };
    });
    this.options.jobs.wakeWorkers();
    return sent;
  }

  /** Staff withdraw a quote that is not accepted: the customer can no longer accept it, and sees why. */
  async withdraw(staffId: number, quoteId: number, seenVersion: number, reason: string): Promise<void> {
    const why = reason.trim();
    if (why.length < 1 || why.length > 200) throw new Invalid(quoteMessages.withdrawReason, { fields: [{ field: 'reason', message: quoteMessages.withdrawReason }] });
    await this.staffChange(quoteId, seenVersion, async (quote, tx) => {
      const number = formatQuoteNumber(quote.quoteNumber);
      assertQuoteMove('withdraw', { state: stateOf(quote, this.now()), priced: false }, number);
      await tx.update(quotes).set({ status: 'withdrawn', withdrawnAt: this.now(), withdrawnReason: why }).where(eq(quotes.quoteId, quoteId));
      await recordCustomerEvent(tx, { userId: quote.userId, staffId, kind: 'quote.withdrawn', before: { status: quote.status }, after: { quote: number, quote_id: quoteId, reason: why } });
    });
  }

  /** A customer's quotes that may be accepted now (the phone order page offers them). */
  async acceptableOf(userId: number): Promise<QuoteListEntry[]> {
    return (await this.listOf(userId)).filter((quote) => quote.state === 'sent');
  }

  // ---- reading ----

  private async staffChange<T>(quoteId: number, seenVersion: number, change: (quote: QuoteRow, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const [quote] = await tx.select().from(quotes).where(eq(quotes.quoteId, quoteId)).for('update');
      if (!quote) throw new NotFound(`There is no quote ${quoteId}.`);
      if (quote.version !== seenVersion) throw new Conflict(quoteMessages.staleVersion);
      const result = await change(quote, tx);
      await tx.update(quotes).set({ version: quote.version + 1 }).where(eq(quotes.quoteId, quoteId));
      return result;
    });
  }

  private async view(quoteId: number, executor: Executor = this.db): Promise<QuoteView | null> {
    const [quote] = await executor.select().from(quotes).where(eq(quotes.quoteId, quoteId));
    if (!quote) return null;
    const [items, lines] = await Promise.all([
      executor.select().from(quoteRequestItems).where(eq(quoteRequestItems.quoteId, quoteId)).orderBy(asc(quoteRequestItems.itemId)),
      this.linesOf(quoteId, executor),
    ]);
    const state = stateOf(quote, this.now());
    return {
      quoteId,
      number: formatQuoteNumber(quote.quoteNumber),
      userId: quote.userId,
      state,
      stateLabel: QUOTE_STATE_LABELS[state],
      requestedAt: quote.requestedAt.toISOString(),
      neededBy: quote.neededBy,
      requestNote: quote.requestNote,
      items: items.map(({ productId, productPriceId, productName, size1, quantity, printed, custom, customSize, printColours, notes }) => ({
        productId,
        productPriceId,
        productName,
        size1,
        quantity,
        printed,
        custom,
        customSize,
        printColours,
        notes,
      })),
      artwork: quote.artworkName && quote.artworkType ? { name: quote.artworkName, type: quote.artworkType } : null,
      lines,
      subTotalPence: lines.reduce((sum, line) => sum + line.totalPence, 0),
      deliveryChargePence: quote.deliveryChargePence,
      validityDays: quote.validityDays ?? quoteValidityDays(this.options.shop),
      validUntil: quote.validUntil,
      quoteNote: quote.quoteNote,
      dispatch: quoteDispatchOf(quote),
      dispatchText: quoteDispatchText(quoteDispatchOf(quote)),
      sentAt: quote.sentAt?.toISOString() ?? null,
      acceptedAt: quote.acceptedAt?.toISOString() ?? null,
      orderId: quote.orderId,
      withdrawnReason: quote.withdrawnReason,
      version: quote.version,
      refusal: refusalOf(quote, this.now()),
    };
  }

  private async linesOf(quoteId: number, executor: Executor = this.db): Promise<QuoteLine[]> {
    const rows = await executor.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.lineNumber));
    return rows.map(({ lineNumber, kind, productId, productPriceId, size1, description, quantity, unitPricePence, isCustom, orderLineId }) => ({
      lineNumber,
      kind,
      productId,
      productPriceId,
      size1,
      description,
      quantity,
      unitPricePence,
      isCustom,
      orderLineId,
      totalPence: quantity * unitPricePence,
    }));
  }

  private async list(where: ReturnType<typeof and> | undefined, limit: number, order: 'newest' | 'oldest' = 'newest'): Promise<QuoteListEntry[]> {
    const rows = await this.db
      .select({
        quote: quotes,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        items: sql<string>`(SELECT string_agg(i.quantity || ' x ' || i.product_name || ' ' || i.size1, '; ' ORDER BY i.item_id) FROM quote_request_items i WHERE i.quote_id = ${quotes.quoteId})`,
        subTotalPence: sql<number | null>`(SELECT sum(l.quantity * l.unit_price_pence)::int FROM quote_lines l WHERE l.quote_id = ${quotes.quoteId})`,
      })
      .from(quotes)
      .innerJoin(users, eq(users.userId, quotes.userId))
      .where(where)
      .orderBy(order === 'oldest' ? asc(quotes.quoteId) : desc(quotes.quoteId))
      .limit(limit);
    const now = this.now();
    return rows.map(({ quote, firstName, lastName, email, items, subTotalPence }) => {
      const state = stateOf(quote, now);
      return {
        quoteId: quote.quoteId,
        number: formatQuoteNumber(quote.quoteNumber),
        state,
        stateLabel: QUOTE_STATE_LABELS[state],
        requestedAt: quote.requestedAt.toISOString(),
        neededBy: quote.neededBy,
        validUntil: quote.validUntil,
        itemSummary: items ?? '',
        subTotalPence: subTotalPence === null ? null : Number(subTotalPence),
        orderId: quote.orderId,
        customerName: `${firstName} ${lastName}`.trim(),
        customerEmail: email,
      };
    });
  }

  private async customerOf(userId: number): Promise<StaffQuoteView['customer']> {
    const [user] = await this.db
      .select({ userId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email, companyName: users.companyName })
      .from(users)
      .where(eq(users.userId, userId));
    if (!user) throw new NotFound(`There is no customer ${userId}.`);
    return { userId, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, companyName: user.companyName ?? null };
  }

  private async packsOnSale(ids: readonly number[]): Promise<Map<number, { productId: number; productName: string; size1: string }>> {
    const rows = await this.db
      .select({ productPriceId: productPrices.productPriceId, productId: products.productId, productName: products.name, size1: productSizes.size1, isActive: products.isActive })
      .from(productPrices)
      .innerJoin(products, eq(products.productId, productPrices.productId))
      .innerJoin(productSizes, eq(productSizes.productSizeId, productPrices.productSizeId))
      .where(sql`${productPrices.productPriceId} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const found = new Map(rows.filter((row) => row.isActive).map((row) => [row.productPriceId, row]));
    for (const id of ids) if (!found.has(id)) throw new Invalid(quoteMessages.unknownPack(id), { fields: [{ field: 'productPriceId', message: quoteMessages.unknownPack(id) }] });
    return found;
  }

  private async verifiedCardPayment(reference: string) {
    const verifier = this.options.payments;
    if (/^TEST-/i.test(reference) && verifier?.mode !== 'test') throw new PaymentRequired(quoteMessages.testPaymentsOff);
    if (!verifier) throw new Invalid(quoteMessages.cardPaymentsOff);
    try {
      const payment = await verifier.verify(reference);
      if (payment.status !== PAYMENT_COMPLETED) throw new PaymentRequired(quoteMessages.paymentNotCompleted);
      if (payment.currency !== 'GBP') throw new PaymentRequired(quoteMessages.paymentCurrency);
      return { ...payment, reference };
    } catch (error) {
      if (error instanceof PaymentReferenceUnknown) throw new PaymentRequired(quoteMessages.paymentNotCompleted);
      throw error;
    }
  }
}

/** The card payment is being returned already: refused, and not returned again. */
class PaymentBeingReturned extends Conflict {}

function stateOf(quote: Pick<QuoteRow, 'status' | 'validUntil'>, now: Date): QuoteState {
  return quoteStateOf(quote, now);
}

/** Why the quote cannot be accepted at `now`, or null when it can. */
function refusalOf(quote: QuoteRow, now: Date): string | null {
  const number = formatQuoteNumber(quote.quoteNumber);
  switch (stateOf(quote, now)) {
    case 'sent':
      return null;
    case 'requested':
      return quoteMessages.notPricedYet(number);
    case 'expired':
      return quoteMessages.expired(number, quote.validUntil!);
    case 'withdrawn':
      return quoteMessages.withdrawn(number, quote.withdrawnReason);
    case 'accepted':
      return quoteMessages.alreadyAccepted(number, quote.orderId ?? 0);
  }
}

function checkPricing(input: QuotePricingInput, today: IsoDate): void {
  if (input.lines.length === 0) throw new Invalid(quoteMessages.noLines);
  if (input.lines.length > MAX_QUOTE_LINES) throw new Invalid(quoteMessages.tooManyLines);
  input.lines.forEach((line, i) => {
    const field = (name: string, message: string) => new Invalid(message, { fields: [{ field: `lines[${i}].${name}`, message }] });
    const description = line.description.trim();
    if (description.length < 1 || description.length > 200) throw field('description', quoteMessages.lineDescription);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUOTE_QUANTITY) throw field('quantity', quoteMessages.quantity);
    if (!Number.isSafeInteger(line.unitPricePence) || line.unitPricePence < 1 || line.unitPricePence > MAX_UNIT_PRICE_PENCE) throw field('unitPrice', quoteMessages.unitPrice);
    if (line.quantity * line.unitPricePence > MAX_LINE_PENCE) throw field('unitPrice', quoteMessages.lineTooLarge);
  });
  if (!Number.isSafeInteger(input.deliveryChargePence) || input.deliveryChargePence < 0 || input.deliveryChargePence > MAX_LINE_PENCE) {
    throw new Invalid(quoteMessages.deliveryCharge, { fields: [{ field: 'deliveryCharge', message: quoteMessages.deliveryCharge }] });
  }
  if (input.validityDays !== null && (!Number.isSafeInteger(input.validityDays) || input.validityDays < 1 || input.validityDays > MAX_QUOTE_VALIDITY_DAYS)) {
    throw new Invalid(quoteMessages.validity, { fields: [{ field: 'validityDays', message: quoteMessages.validity }] });
  }
  const dispatch = input.dispatch ?? null;
  if (dispatch && 'leadWorkingDays' in dispatch && (!Number.isSafeInteger(dispatch.leadWorkingDays) || dispatch.leadWorkingDays < 1 || dispatch.leadWorkingDays > MAX_LEAD_WORKING_DAYS)) {
    throw new Invalid(quoteDispatchMessages.leadTime, { fields: [{ field: 'leadTimeDays', message: quoteDispatchMessages.leadTime }] });
  }
  if (dispatch && 'byDate' in dispatch && dispatch.byDate < today) {
    throw new Invalid(quoteDispatchMessages.byDatePast, { fields: [{ field: 'dispatchBy', message: quoteDispatchMessages.byDatePast }] });
  }
  // Made-to-order goods are never promised the next dispatch day (docs/sales-desk.md).
  if (!dispatch && input.lines.some((line) => line.kind !== 'charge' && line.isCustom)) {
    throw new Invalid(quoteDispatchMessages.needed, { fields: [{ field: 'leadTimeDays', message: quoteDispatchMessages.needed }] });
  }
}

/**
 * A quote's lines as order lines: each line is one "pack" of its whole quantity at the line's
 * total (so 2,500 boxes at 48p is one pack of 2,500 at £1,200.00), within the order lines'
 * 1-1000 packs and exact to the penny. The order line names the pack the quote was made of.
 */
export function orderLinesOf(lines: readonly QuoteLine[]) {
  return lines.map((line) => ({
    // A charge (print plates, set-up) stays a charge: no product, no size, no stock.
    kind: line.kind,
    productId: line.productId,
    productPriceId: line.productPriceId,
    productName: line.description,
    size1: line.size1,
    imageUrl: '',
    pricePence: line.quantity * line.unitPricePence,
    qty: line.quantity,
    count: 1,
    totalPricePence: line.quantity * line.unitPricePence,
    custom: line.kind === 'goods' && line.isCustom,
  }));
}

/** "£1,200.00": a quote's amount in words for pages and e-mails. */
export function quotePounds(pence: Pence): string {
  return formatPounds(penceToPounds(pence));
}
