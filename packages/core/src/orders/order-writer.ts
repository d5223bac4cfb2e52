/**
 * The one writer of orders (DESIGN section 8: one way of placing an order). Each source decides
 * what is ordered and at what price: checkout from the locked basket at the customer's prices
 * (order-placement.ts), a quote accepted at the quoted prices and agreed carriage, and an order
 * staff take by phone at today's prices (priced-order-placement.ts). The source checks its own
 * rules and computes the totals, VAT included, for the delivery address's zone; from there every
 * order is written here, the same way, so what an order carries is added in this one place:
 *
 * - a card/wallet payment (verified by the caller) pays exactly the total; bank transfer and
 *   trade account orders carry their own reference (payments/order-reference.ts), the basket's
 *   or one drawn here; on account the total must be within the customer's available credit
 *   (trade-accounts/), read in this transaction;
 * - a company's viewer places no order, and a buyer placing their own order stays within their
 *   limits (companies/); the order is its company's (orders.company_id);
 * - the order row: its addresses' snapshots, its totals and VAT, the dispatch date promised for
 *   the delivery address (unless the source promised one: a quote's), its Idempotency-Key; the
 *   unique (customer, key) index answers a second attempt, which the source then answers;
 * - then ONE statement (decision record 015): the line snapshots,
 *   their stock allocated (stock/stock-allocation.ts; made-to-order lines and charges take
 *   none), the confirmation e-mail's durable job and the source's own writes (the basket emptied
 *   of the lines ordered), so the sizes' stock rows are locked only until the commit; too few
 *   units throws NotEnoughStock (409) and nothing is placed;
 * - the order's timeline entry saying how it was placed, when the source gives one;
 * - last, when offers apply, each checked still usable, and one use of each with a limit in all
 *   taken under its row's lock (offers/offer-uses.ts): the row everyone on a limited code waits
 *   for is held for that statement and the commit only.
 *
 * The caller runs `write` inside its own transaction, holding its own locks (the basket's, the
 * quote's), and wakes the job workers once it has committed.
 */
import type { SQL } from 'drizzle-orm';
import { ORDER_STATUS_PENDING_DELIVERY } from '@shop/contract';
import type { Executor } from '@shop/db';
import type { AddressRow } from '../addresses/address-repository.ts';
import { addressSnapshot } from '../addresses/address-service.ts';
import { orderingMembershipOf, requireMayOrder, requireWithinLimits, type OrderingMembership } from '../companies/companies.ts';
import { insertOrderEvent } from '../back-office/orders/order-payments.ts';
import type { CartRepository } from '../cart/cart-repository.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import { DispatchPromises } from '../delivery/dispatch-promises.ts';
import { orderConfirmationJob } from '../email/email-jobs.ts';
import { Conflict } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { newOrderReference } from '../payments/order-reference.ts';
import type { VerifiedPayment } from '../payments/payment-verifier.ts';
import { lineTotalPence, type CartTotals } from '../pricing/cart-totals.ts';
import { penceToPounds } from '../pricing/money.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import { writeLinesAndAllocate } from '../stock/stock-allocation.ts';
import type { TradeAccounts } from '../trade-accounts/trade-accounts.ts';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { offerUseStatement, takeOfferUses } from '../offers/offer-uses.ts';
import type { AppliedOffer } from '../offers/offer-rules.ts';
import { orderMessages } from './order-placement.ts';
import type { NewOrder, NewOrderLine, OrderRepository } from './order-repository.ts';

/**
 * How an order is paid. Bank transfer and trade account: the reference the customer was shown
 * (a basket's), or null to draw a new one. Card/wallet: the provider's payment, verified.
 */
export type OrderPayment = { method: 'bank' | 'account'; reference: string | null } | { method: 'paypal'; payment: VerifiedPayment };

/** An order as its source priced it, ready to write. */
export interface OrderToWrite {
  userId: number;
  /** The customer's own addresses (AddressRepository.forOrder), the delivery one delivered to. */
  delivery: AddressRow;
  billing: AddressRow;
  /** The lines at their prices, in order; `totalPricePence` follows from them. */
  lines: readonly Omit<NewOrderLine, 'totalPricePence'>[];
  /** The lines' totals with delivery and VAT, for the delivery address's zone. */
  totals: CartTotals;
  payment: OrderPayment;
  note: string;
  purchaseOrderNumber: string | null;
  /** The customer's Idempotency-Key and the fingerprint of the request it came with (checkout's). */
  idempotency: { key: string; requestFingerprint: string | null } | null;
  /** A dispatch date promised by the source (a quote's); absent or null: the next one for the delivery address. */
  promisedDispatchDate?: IsoDate | null;
  /** The source's writes that commit with the order's lines (checkout: the basket emptied of them). */
  alongside?: readonly SQL[];
  /** The order timeline's entry saying how the order was placed (and by whom, for staff). */
  event?: { staffId: number | null; kind: string; after: Record<string, unknown> };
  /**
   * A company's buyer places it themselves (checkout, a quote accepted online): their spending
   * limits apply, and an order over one is refused with these words (companies/companies.ts; the
   * default is checkout's). Absent: staff placed it, or an admin approved it.
   */
  buyerLimits?: { refusal?: (notice: string) => string };
  /**
   * The customer's company membership as the source read it in this transaction (checkout, with
   * its locked basket: a round trip fewer); absent, the writer reads it.
   */
  membership?: OrderingMembership | null;
  /**
   * The offers the source applied (checkout: offers/offer-rules.ts): each counted here, within its
   * limits, and recorded against the order; the lines carry their shares of the discount.
   */
  offers?: readonly AppliedOffer[];
}

export interface WrittenOrder {
  orderId: number;
  /** The order's line ids, in the order of the lines written. */
  orderLineIds: number[];
}

export interface OrderWriterOptions {
  shop: ShopConfig;
  /** The confirmation e-mail is a durable job recorded with the order. */
  jobs: JobQueue;
  tradeAccounts: Pick<TradeAccounts, 'requireCredit'>;
  /** 'test' when the shop runs simulated payments: an order paid by one says so (DESIGN section 4). */
  paymentsMode: 'test' | 'paypal' | null;
  /** The server's clock, for the dispatch date the order promises (default: the system clock). */
  now?: () => Date;
}

const REFERENCE_DRAWS = 5;

export class OrderWriter {
  private readonly dispatch: DispatchPromises;
  private readonly now: () => Date;

  constructor(
    private readonly orders: OrderRepository,
    private readonly carts: Pick<CartRepository, 'referenceIsFree'>,
    private readonly options: OrderWriterOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.dispatch = new DispatchPromises({ now: this.now, warehousePostcode: options.shop.address.postcode });
  }

  /**
   * Writes the order within the caller's transaction (see the module comment for the rules).
   * Null, and nothing written, when the customer's Idempotency-Key has an order already.
   */
  async write(tx: Executor, order: OrderToWrite): Promise<WrittenOrder | null> {
    const { payment, totals, delivery, billing } = order;
    if (payment.method === 'paypal' && payment.payment.amountPence !== totals.totalPence) {
      // The caller returns the payment (payments/unplaced-payments.ts) and says so after this.
      throw new Conflict(orderMessages.paymentDiffers(penceToPounds(payment.payment.amountPence), penceToPounds(totals.totalPence)));
    }
    const reference = payment.method === 'paypal' ? payment.payment.reference : (payment.reference ?? (await this.freeReference(tx)));
    // A company's viewer sees orders but places none; a buyer orders within their limits, ex VAT
    // (companies/companies.ts): one read of the membership for both, the source's when it read it.
    const membership = order.membership !== undefined ? order.membership : await orderingMembershipOf(tx, order.userId);
    requireMayOrder(membership);
    if (order.buyerLimits) {
      await requireWithinLimits(tx, order.userId, totals.totalPence - totals.totalTaxPence, this.now(), membership, order.buyerLimits.refusal);
    }
    if (payment.method === 'account') await this.options.tradeAccounts.requireCredit(order.userId, totals.totalPence, tx);
    const offers = order.offers ?? [];

    const row: NewOrder = {
      userId: order.userId,
      addressId: delivery.addressId,
      billingAddressId: billing.addressId,
      deliveryAddress: addressSnapshot(delivery),
      billingAddress: addressSnapshot(billing),
      paymentMethod: payment.method,
      paymentReference: reference,
      paymentIsTest: payment.method === 'paypal' && this.options.paymentsMode === 'test',
      status: ORDER_STATUS_PENDING_DELIVERY,
      // The goods as charged: the discount is out of them (and out of the lines), before VAT.
      subTotalPence: totals.subTotalPence - totals.discountPence,
      discountPence: totals.discountPence,
      deliveryFeePence: totals.deliveryFeePence,
      totalTaxPence: totals.totalTaxPence,
      totalPence: totals.totalPence,
      // VAT by the delivery address's zone, from the totals the source computed (never a client's).
      vatTreatment: totals.vat.treatment,
      vatRatePercent: totals.vat.ratePercent,
      note: order.note.slice(0, 50),
      idempotencyKey: order.idempotency?.key ?? null,
      requestFingerprint: order.idempotency?.requestFingerprint ?? null,
      // What the customer was shown at this moment for this address (London 3pm cut-off, working days).
      promisedDispatchDate: order.promisedDispatchDate ?? this.dispatch.promiseFor(delivery.postCode).dispatchDate,
      purchaseOrderNumber: order.purchaseOrderNumber,
      providerCaptureId: payment.method === 'paypal' ? (payment.payment.captureId ?? null) : null,
    };
    const orderId = await this.orders.insert(row, tx);
    if (orderId === null) return null;

    const lines = order.lines.map((line) => ({ ...line, totalPricePence: lineTotalPence(line) - (line.discountPence ?? 0) }));
    const confirmation = this.options.jobs.recordStatement(orderConfirmationJob(order.userId, orderId));
    const orderLineIds = await writeLinesAndAllocate(tx, orderId, order.userId, this.orders.insertLinesStatement(orderId, lines), [
      ...(order.alongside ?? []),
      confirmation,
      ...(offers.length > 0 ? [offerUseStatement(orderId, order.userId, offers)] : []),
    ]);
    if (order.event) await insertOrderEvent(tx, { orderId, staffId: order.event.staffId, kind: order.event.kind, before: null, after: order.event.after });
    // Each offer's use is taken last, under its row's lock (held until commit): of concurrent
    // checkouts only as many as it has uses left get it, and the others' orders roll back. Taken
    // earlier, every order on a popular code would wait for the others' inserts as well.
    if (offers.length > 0) await takeOfferUses(tx, { userId: order.userId, orderId }, offers, londonDate(this.now()));
    return { orderId, orderLineIds };
  }

  /** A new order reference no basket or order has. */
  private async freeReference(tx: Executor): Promise<string> {
    for (let draw = 0; draw < REFERENCE_DRAWS; draw++) {
      const candidate = newOrderReference(this.options.shop.bank.referencePrefix);
      if (await this.carts.referenceIsFree(candidate, tx)) return candidate;
    }
    throw new Error(`No free payment reference after ${REFERENCE_DRAWS} draws`);
  }
}
