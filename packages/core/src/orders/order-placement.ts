/**
 * Placing an order (DESIGN section 4 "Orders"): the one use case that coordinates the basket,
 * the address book, pricing and payments (Medusa's workflows).
 *
 * - All or nothing: the lines and totals are recomputed from the database, and the order, its
 *   line snapshots, its confirmation job and the emptied basket are written together by the one
 *   order writer (order-writer.ts, which writes quotes' and phone orders' orders too), in one
 *   transaction with the basket row and lines locked, so two checkouts of one basket run one
 *   after the other and the second finds it empty (or, with the same Idempotency-Key, the
 *   first order). One way only (DESIGN section 8; decision record 009 is superseded).
 * - The totals the customer saw (body) must equal the server's, else 409 with the fresh totals
 *   and nothing placed. Prices never come from the request.
 * - Idempotency-Key: the same key with the same request answers the same order; with a
 *   different request it is refused (422), since it is the client's bug. The unique index
 *   (user_id, idempotency_key) is the final word; the lookups before it only save work.
 * - Card/wallet: the provider payment is verified before the transaction (a network call is
 *   not made while holding locks): COMPLETED, GBP, amount = the order total, never used for
 *   another order (partial unique index). Any failure places nothing and is written to the
 *   order log.
 * - No money without an order: the payment step checks the basket by the same rules before the
 *   customer pays (`problemBeforePayment`); should placing still fail once the provider took the
 *   money (a size sold out meanwhile), the payment is recorded as unplaced and returned by the
 *   shop itself (payments/unplaced-payments.ts), and the customer is told so. A payment already
 *   paying for an order is never returned; one being returned never places an order.
 * - Bank transfer and trade account: the order carries its own reference (DESIGN section 4
 *   "Orders", payments/order-reference.ts), the one the payment step showed for the basket, or
 *   one drawn for a basket that never showed one (an API client); it leaves the basket with
 *   the lines. Card/wallet: the provider's order id.
 * - A simulated (test) payment is accepted only while the shop runs test payments; the order
 *   says it was paid by one (`payment_is_test`, DESIGN section 4).
 * - The confirmation e-mail is a durable job recorded with the order, atomically (jobs/):
 *   every placed order gets one, even across a crash; a mail failure never undoes the order.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatPounds, type PlaceOrderBody } from '@shop/contract';
import type { Executor } from '@shop/db';
import { addressesForOrder, type AddressRepository, type AddressRow } from '../addresses/address-repository.ts';
import { deliverableZone } from '../addresses/address-service.ts';
import type { CartContents, CartRepository } from '../cart/cart-repository.ts';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { errorForLog } from '../error-for-log.ts';
import { Conflict, DomainError, Invalid, NotFound, PaymentRequired, ProviderUnavailable, Unauthorized, Unprocessable } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { PAYMENT_COMPLETED, PaymentProviderUnavailable, PaymentReferenceUnknown, type PaymentVerifier, type VerifiedPayment } from '../payments/payment-verifier.ts';
import { computeCartTotals, rulesForZone, type CartPricingRules, type CartTotals } from '../pricing/cart-totals.ts';
import { penceToPounds, poundsToPence } from '../pricing/money.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { CustomerPrices } from '../pricing/customer-prices.ts';
import type { TradeAccounts } from '../trade-accounts/trade-accounts.ts';
import type { OrderRepository } from './order-repository.ts';
import { OrderWriter } from './order-writer.ts';
import { isUniqueViolationOf } from '../database-errors.ts';
import { newOrderReference } from '../payments/order-reference.ts';
import { NotEnoughStock } from '../stock/stock-allocation.ts';
import { cartDiscountOf, NO_OFFERS, type BasketOffers } from '../offers/basket-offers.ts';
import { OfferNoLongerAvailable } from '../offers/offer-uses.ts';
import { lockProviderReference, returnTakenPayment, unplacedPaymentMessages, type UnplacedPayments } from '../payments/unplaced-payments.ts';
import { membershipFromColumn, orderingMembershipColumn } from '../companies/companies.ts';

export const PAYMENT_CURRENCY = 'GBP';

export interface OrderPlacementLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OrderPlacementOptions {
  shop: ShopConfig;
  rules: CartPricingRules;
  /** The confirmation e-mail is a durable job recorded with the order. */
  jobs: JobQueue;
  /** Verifies card/wallet payments; without one only bank transfer is offered. */
  payments: PaymentVerifier | null;
  /** Trade accounts: an order on account must be within the customer's available credit. */
  tradeAccounts: Pick<TradeAccounts, 'requireCredit'>;
  log?: OrderPlacementLog;
  /** The server's clock, for the dispatch date the order promises (default: the system clock). */
  now?: () => Date;
  /** The customer's prices from their price lists (without it, the public prices). */
  customerPrices?: Pick<CustomerPrices, 'cartLines'>;
  /** Discount codes and automatic offers (offers/basket-offers.ts); without it none applies. */
  offers?: Pick<BasketOffers, 'outcomeFor'>;
  /** Returns a verified payment whose order could not be placed (without it, the payment is only logged). */
  unplacedPayments?: Pick<UnplacedPayments, 'record' | 'isRecorded'>;
}

export interface PlaceOrderInput {
  body: PlaceOrderBody;
  /** The Idempotency-Key header, already validated; null when the client sent none. */
  idempotencyKey: string | null;
}

export interface PlacedOrder {
  orderId: number;
  /** False when the Idempotency-Key named an order placed earlier. */
  created: boolean;
}

const PROVIDER_REFERENCE_INDEX = 'orders_provider_reference_key';
/** An order's own reference names one order (packages/db/src/schema.ts). */
const ORDER_REFERENCE_INDEX = 'orders_order_reference_key';
/** Placing again after a drawn reference met another order's at the last moment (about one in 100 million). */
const REFERENCE_ATTEMPTS = 3;
/** Simulated provider orders (apps/server/src/adapters/payments/test-payments.ts) start so. */
const TEST_PAYMENT_PREFIX = /^TEST-/i;

export const orderMessages = {
  emptyBasket: 'Your basket is empty, so there is nothing to order.',
  noAddress: 'Please choose a delivery address before placing your order.',
  paymentReferenceMissing: 'payment_reference is required for a card or wallet payment: send the provider order id.',
  cardPaymentsOff: 'Card and wallet payments are not available at the moment. Please pay by bank transfer.',
  totalsChanged: (total: number) =>
    `Your basket has changed since you saw it: the total is now ${formatPounds(total)}. Nothing was ordered; please check your order and try again.`,
  /** The basket's code stopped applying between the basket and the order (its last uses went to others, it ended). */
  codeNoLongerApplies: (problem: string, total: number) =>
    `${problem} Nothing was ordered: your basket now shows the total without it, ${formatPounds(total)}; please check it and place your order again.`,
  productsWithdrawn: (names: string[]) =>
    `We no longer sell ${names.join(', ')}. Nothing was ordered; please remove ${names.length === 1 ? 'it' : 'them'} from your basket and try again.`,
  paymentUsed: 'This payment has already been used for another order, so no new order was placed.',
  testPaymentsOff: 'This is a test payment, and this shop takes real payments only, so no order was placed. Please pay by card or bank transfer.',
  paymentUsedBySameUser: (orderId: number) => `This payment has already been used for your order ${orderId}, so no new order was placed.`,
  paymentUnknown: 'The payment provider does not know this payment, so no order was placed. Please try paying again.',
  paymentNotCompleted: (status: string) =>
    `The payment has not been completed (its status is ${status}), so no order was placed. Please try paying again.`,
  paymentCurrency: (currency: string) => `The payment is in ${currency || 'an unknown currency'}, but the shop takes ${PAYMENT_CURRENCY}, so no order was placed.`,
  paymentAmount: (paid: number, total: number) =>
    `The payment of ${formatPounds(paid)} does not match the order total of ${formatPounds(total)}, so no order was placed. ` +
    'Please contact us if you have been charged.',
  /** Checkout's: the payment is then returned by the shop (unplaced payments), whose sentence follows. */
  paymentDiffers: (paid: number, total: number) =>
    `The payment of ${formatPounds(paid)} does not match the order total of ${formatPounds(total)}, so no order was placed.`,
  idempotencyKeyReused: (orderId: number) =>
    `This Idempotency-Key was already used for order ${orderId} with a different request, so nothing was placed. ` +
    'Send a new key for a new order, or the same request to get order ' + `${orderId} again.`,
  providerDown: (reference: string) =>
    'We could not reach the payment provider to confirm your payment, so no order was placed yet. ' +
    `Please try again in a few minutes; if the problem continues, contact us quoting payment reference ${reference}.`,
} as const;

export class OrderPlacement {
  private readonly writer: OrderWriter;

  constructor(
    private readonly orders: OrderRepository,
    private readonly carts: CartRepository,
    private readonly addresses: AddressRepository,
    private readonly options: OrderPlacementOptions,
  ) {
    this.writer = new OrderWriter(orders, carts, { ...options, paymentsMode: options.payments?.mode ?? null });
  }

  /** POST /api/order: the signed-in user's basket becomes an order; answers its id. */
  async place(callerUserId: number | null, input: PlaceOrderInput): Promise<PlacedOrder> {
    if (callerUserId === null) throw new Unauthorized('Sign in to place an order');
    const userId = callerUserId;
    const verified: { payment: VerifiedPayment | null } = { payment: null };
    try {
      const placed = await this.placeFor(userId, input, verified);
      if (placed.created) this.options.jobs.wakeWorkers();
      return placed;
    } catch (thrown) {
      const error = verified.payment ? await this.returnUnplacedPayment(userId, verified.payment, thrown) : thrown;
      await this.recordFailure(userId, input, error);
      throw error;
    }
  }

  /**
   * The basket as the payment step would send it, checked by placing's own rules before the
   * customer pays (DESIGN section 4 "Orders"): a withdrawn product, no delivery address, one not
   * delivered to (a PO box, a postcode outside the zones). Answers what is wrong, or null. Stock
   * is the StockReader's basket check, which the basket page shows line by line.
   */
  async problemBeforePayment(userId: number): Promise<string | null> {
    const contents = await this.carts.contents({ kind: 'user', userId });
    if (!contents || contents.lines.length === 0) return null;
    try {
      await this.checkedBasket(userId, { deliveryAddressId: contents.addressId, billingAddressId: null }, contents);
      return null;
    } catch (error) {
      if (error instanceof DomainError) return error.message;
      throw error;
    }
  }

  /**
   * The user's basket, locked in the caller's transaction and priced by every rule of checkout
   * (`checkedBasket`), its totals checked against those the customer saw (409 with the fresh
   * ones): what an approval request holds instead of an order (companies/approvals.ts). Answers
   * the lines at their prices, the addresses, the totals and the statements that empty the
   * basket of these lines, for the caller to run with its own writes.
   */
  async lockedPricedBasket(tx: Executor, userId: number, body: SeenTotals & { address_id?: number | null; billing_address_id?: number | null }) {
    const basket = await this.lockedBasket(tx, userId, { deliveryAddressId: body.address_id ?? null, billingAddressId: body.billing_address_id ?? null });
    if (basket === null) throw new Invalid(orderMessages.emptyBasket);
    const { contents, lineIds } = basket;
    const priced = await this.checkedBasket(userId, basket.addressIds, contents, tx, basket.addresses);
    if (!sameTotals(body, priced.totals)) {
      throw new Conflict(orderMessages.totalsChanged(penceToPounds(priced.totals.totalPence)), { totals: totalsInPounds(priced.totals) });
    }
    const { removeLines, touchBasket } = this.carts.removeOrderedLines(contents.cartId, lineIds);
    return { ...priced, emptyBasket: [removeLines, touchBasket] };
  }

  /**
   * The user's basket and its lines, locked in `tx`, read in one statement with what placing
   * needs besides: the order's addresses (the body's, else the basket's delivery address) and the
   * customer's company membership, each a round trip fewer per order (docs/performance.md).
   * `addressIds` answers the ids the order asks for, the basket's delivery address filled in.
   */
  private async lockedBasket(tx: Executor, userId: number, { deliveryAddressId, billingAddressId }: { deliveryAddressId: number | null; billingAddressId: number | null }) {
    const basket = await this.carts.lockedUserContents(userId, tx, newOrderReference(this.options.shop.bank.referencePrefix), {
      order_addresses: this.addresses.forOrderColumn(userId, deliveryAddressId === null ? sql`c.address_id` : sql`${deliveryAddressId}::int`, billingAddressId),
      ordering_membership: orderingMembershipColumn(userId),
    });
    if (basket === null) return null;
    const addressIds = { deliveryAddressId: deliveryAddressId ?? basket.contents.addressId, billingAddressId };
    // Both drivers answer a JSON column parsed.
    const rows = (basket.readAlong.order_addresses ?? []) as object[];
    return {
      ...basket,
      addressIds,
      addresses: addressIds.deliveryAddressId === null ? { delivery: null, billing: null } : addressesForOrder(rows, addressIds.deliveryAddressId, billingAddressId),
      membership: membershipFromColumn(basket.readAlong.ordering_membership),
    };
  }

  /**
   * A verified (COMPLETED) payment that did not become an order is returned by the shop, unless
   * it pays for an order already: the customer's message then says so (details.payment_returned).
   * A fault (the database away) is recorded too when the database answers again.
   */
  private async returnUnplacedPayment(userId: number, payment: VerifiedPayment, error: unknown): Promise<unknown> {
    if (!this.options.payments || error instanceof PaymentAlreadyUsed) return error;
    return returnTakenPayment(this.options.unplacedPayments, {
      provider: this.options.payments.mode,
      payment,
      userId,
      error,
      paysSomething: () => new PaymentAlreadyUsed(orderMessages.paymentUsed),
      beingReturned: unplacedPaymentMessages.beingReturned,
      log: this.options.log,
    });
  }

  private async placeFor(userId: number, { body, idempotencyKey }: PlaceOrderInput, verified: { payment: VerifiedPayment | null }): Promise<PlacedOrder> {
    const fingerprint = requestFingerprint(body);
    // A card/wallet retry is answered before the provider is asked again; for a bank transfer the
    // check inside the transaction is enough (one round trip fewer per order).
    if (idempotencyKey && body.payment_method === 'paypal') {
      const earlier = await this.earlierOrder(userId, idempotencyKey, fingerprint);
      if (earlier !== null) return { orderId: earlier, created: false };
    }

    let payment: VerifiedPayment | null = null;
    const reference = body.payment_method === 'paypal' ? (body.payment_reference ?? '').trim() : '';
    if (body.payment_method === 'paypal') {
      if (!reference) {
        throw new Invalid(orderMessages.paymentReferenceMissing, {
          fields: [{ field: 'payment_reference', message: orderMessages.paymentReferenceMissing }],
        });
      }
      await this.refuseUsedReference(userId, reference);
      payment = await this.verifyPayment(reference);
      verified.payment = payment;
    }

    for (let attempt = 1; ; attempt++) {
      try {
        return await this.orders.transaction((tx) => this.placeInTransaction(tx, userId, body, { idempotencyKey, fingerprint }, payment));
      } catch (error) {
        if (isUniqueViolationOf(error, PROVIDER_REFERENCE_INDEX)) throw new PaymentAlreadyUsed(orderMessages.paymentUsed);
        // Nothing was written: the next attempt draws another reference.
        if (isUniqueViolationOf(error, ORDER_REFERENCE_INDEX) && attempt < REFERENCE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  private async placeInTransaction(
    tx: Executor,
    userId: number,
    body: PlaceOrderBody,
    { idempotencyKey, fingerprint }: { idempotencyKey: string | null; fingerprint: string },
    payment: VerifiedPayment | null,
  ): Promise<PlacedOrder> {
    // The basket and its lines, locked first: a second checkout of this basket waits here, then
    // finds it empty (or the order insert meets the first one's Idempotency-Key).
    const basket = await this.lockedBasket(tx, userId, { deliveryAddressId: body.address_id ?? null, billingAddressId: body.billing_address_id ?? null });
    try {
      return await this.placeLockedBasket(tx, userId, body, basket, { idempotencyKey, fingerprint }, payment);
    } catch (error) {
      // A retry of an order placed under this key finds the basket emptied, or its totals or
      // payment already used: it is answered the earlier order (422 for a different request).
      // Looked up only here, so a first attempt makes no extra round trip. A database error
      // has aborted the transaction: it is rethrown as it is. Too little stock, or an offer with no
      // use left, is found after this attempt's own order was written: it must roll back, never
      // be answered as an earlier order.
      if (!idempotencyKey || !(error instanceof DomainError) || error instanceof NotEnoughStock || error instanceof OfferNoLongerAvailable) throw error;
      const earlier = await this.earlierOrder(userId, idempotencyKey, fingerprint, tx);
      if (earlier !== null) return { orderId: earlier, created: false };
      throw error;
    }
  }

  private async placeLockedBasket(
    tx: Executor,
    userId: number,
    body: PlaceOrderBody,
    basket: LockedBasket | null,
    { idempotencyKey, fingerprint }: { idempotencyKey: string | null; fingerprint: string },
    payment: VerifiedPayment | null,
  ): Promise<PlacedOrder> {
    // The payment's lock, then the check: recording it as unplaced waits for this transaction.
    if (payment) {
      await lockProviderReference(tx, payment.reference);
      await this.refuseUsedReference(userId, payment.reference, tx);
    }
    if (basket === null) throw new Invalid(orderMessages.emptyBasket);
    const { contents, lineIds } = basket;
    // Prices and totals from the locked basket, by every rule of checkout; the body's totals
    // must be what the server computes (never prices from the request).
    const { lines, delivery, billing, totals, offerOutcome } = await this.checkedBasket(
      userId,
      basket.addressIds,
      contents,
      tx,
      basket.addresses,
    );
    if (!sameTotals(body, totals)) {
      const total = penceToPounds(totals.totalPence);
      const codeLost = contents.offers.code !== null && offerOutcome.codeProblem !== null;
      throw new Conflict(codeLost ? orderMessages.codeNoLongerApplies(offerOutcome.codeProblem!, total) : orderMessages.totalsChanged(total), { totals: totalsInPounds(totals) });
    }
    const { removeLines, touchBasket } = this.carts.removeOrderedLines(contents.cartId, lineIds);
    const written = await this.writer.write(tx, {
      userId,
      delivery,
      billing,
      lines: lines.map((line) => ({
        productId: line.productId,
        productPriceId: line.productPriceId,
        productName: line.productName,
        size1: line.size1,
        imageUrl: line.imageUrl,
        pricePence: line.pricePence,
        qty: line.qty,
        count: line.count,
        discountPence: offerOutcome.lineDiscounts.get(line.productPriceId) ?? 0,
      })),
      totals,
      offers: offerOutcome.applied,
      // Card/wallet: the provider's id. Otherwise the reference the customer was shown (and may
      // have paid with already), or a new one when the basket never showed one.
      payment: payment ? { method: 'paypal', payment } : { method: body.payment_method === 'account' ? 'account' : 'bank', reference: basket.paymentReference ?? basket.freeReference },
      note: body.note,
      purchaseOrderNumber: body.purchase_order_number ?? null,
      idempotency: idempotencyKey ? { key: idempotencyKey, requestFingerprint: fingerprint } : null,
      // The basket leaves with the order: emptied of the lines ordered, in the lines' statement.
      alongside: [removeLines, touchBasket],
      // A company's buyer orders within their limits (their membership read with the basket).
      buyerLimits: {},
      membership: basket.membership,
    });
    if (written === null) {
      // The key's order exists (a retry whose basket was filled again): the unique index answers it.
      const earlier = idempotencyKey ? await this.earlierOrder(userId, idempotencyKey, fingerprint, tx) : null;
      if (earlier === null) throw new Error('Order insert conflicted without an earlier order');
      return { orderId: earlier, created: false };
    }
    return { orderId: written.orderId, created: true };
  }

  /**
   * The rules a basket must meet whatever the customer saw (placing, and the payment step before
   * paying): no withdrawn product, a delivery address of theirs in a zone delivered to (never a
   * PO box), a billing address of theirs. Answers the priced lines, the addresses and the totals.
   */
  private async checkedBasket(
    userId: number,
    { deliveryAddressId, billingAddressId }: { deliveryAddressId: number | null; billingAddressId: number | null },
    contents: CartContents,
    tx?: Executor,
    /** The addresses as read with the locked basket (`lockedBasket`); absent, they are read here. */
    addressesRead?: { delivery: AddressRow | null; billing: AddressRow | null },
  ) {
    // The customer's own prices where their price list makes a pack cheaper, read in this transaction.
    const lines =
      contents.onPriceList && this.options.customerPrices ? await this.options.customerPrices.cartLines(userId, contents.lines, tx) : contents.lines;
    const withdrawn = lines.filter((line) => !line.productIsActive);
    if (withdrawn.length > 0) throw new Conflict(orderMessages.productsWithdrawn(withdrawn.map((line) => itemDisplayName(line.productName, line.size1))));

    if (deliveryAddressId === null) {
      throw new Invalid(orderMessages.noAddress, { fields: [{ field: 'address_id', message: orderMessages.noAddress }] });
    }
    const { delivery, billing } = addressesRead ?? (await this.addresses.forOrder(userId, deliveryAddressId, billingAddressId, tx));
    if (!delivery) throw new NotFound(`You have no address ${deliveryAddressId}.`);
    if (!billing) throw new NotFound(`You have no address ${billingAddressId}.`);
    // The delivery fee is the delivery address's zone's (never a PO box), as the basket quoted it.
    const zone = deliverableZone(delivery, 'address_id');
    // The offers as the basket showed them, for this address's zone (offers/basket-offers.ts).
    const rules = rulesForZone(this.options.rules, zone);
    const offerOutcome = this.options.offers ? await this.options.offers.outcomeFor({ lines, offers: contents.offers }, rules, userId) : NO_OFFERS;
    const totals = computeCartTotals(lines, rules, cartDiscountOf(offerOutcome));
    return { lines, delivery, billing, totals, offerOutcome };
  }

  /** The order placed earlier under this key; the same key with a different request is refused (422). */
  private async earlierOrder(userId: number, idempotencyKey: string, fingerprint: string, executor?: Executor): Promise<number | null> {
    const earlier = await this.orders.byKey(userId, idempotencyKey, executor);
    if (!earlier) return null;
    if (earlier.requestFingerprint !== null && earlier.requestFingerprint !== fingerprint) {
      throw new Unprocessable(orderMessages.idempotencyKeyReused(earlier.orderId), { orderId: earlier.orderId });
    }
    return earlier.orderId;
  }

  /** A payment that pays for an order already, or is being returned, pays for no other (and is not returned again). */
  private async refuseUsedReference(userId: number, reference: string, executor?: Executor): Promise<void> {
    const used = await this.orders.byProviderReference(reference, executor);
    if (used) throw new PaymentAlreadyUsed(used.userId === userId ? orderMessages.paymentUsedBySameUser(used.orderId) : orderMessages.paymentUsed);
    if (await this.options.unplacedPayments?.isRecorded(reference, executor)) {
      throw new PaymentAlreadyUsed(unplacedPaymentMessages.alreadyReturned(reference));
    }
  }

  private async verifyPayment(reference: string): Promise<VerifiedPayment> {
    const verifier = this.options.payments;
    // DESIGN section 4: simulated payments pay only where test payments are on.
    if (TEST_PAYMENT_PREFIX.test(reference) && verifier?.mode !== 'test') throw new PaymentRequired(orderMessages.testPaymentsOff);
    if (!verifier) throw new Invalid(orderMessages.cardPaymentsOff);
    let payment: VerifiedPayment;
    try {
      payment = await verifier.verify(reference);
    } catch (error) {
      if (error instanceof PaymentReferenceUnknown) throw new PaymentRequired(orderMessages.paymentUnknown);
      if (error instanceof PaymentProviderUnavailable) {
        throw new PaymentProviderDown(orderMessages.providerDown(reference), error.detail);
      }
      throw error;
    }
    if (payment.status !== PAYMENT_COMPLETED) throw new PaymentRequired(orderMessages.paymentNotCompleted(payment.status));
    if (payment.currency !== PAYMENT_CURRENCY) throw new PaymentRequired(orderMessages.paymentCurrency(payment.currency));
    return { ...payment, reference };
  }

  /** Every refused checkout is written to the order log (nothing was placed). */
  private async recordFailure(userId: number, { body, idempotencyKey }: PlaceOrderInput, error: unknown): Promise<void> {
    const providerDetail = error instanceof PaymentProviderDown ? error.providerDetail : undefined;
    const request = {
      payment_method: body.payment_method,
      payment_reference: body.payment_reference ?? null,
      address_id: body.address_id ?? null,
      billing_address_id: body.billing_address_id ?? null,
      totals: { sub_total: body.sub_total, delivery_fee: body.delivery_fee, total_tax: body.total_tax, total: body.total },
      idempotency_key: idempotencyKey,
    };
    const extra =
      error instanceof DomainError
        ? { code: error.code, ...(providerDetail ? { provider: providerDetail } : {}), ...(error.details.totals ? { totals: error.details.totals } : {}) }
        : { code: 'internal_error', detail: error instanceof Error ? error.message : String(error) };
    try {
      await this.orders.insertLog({
        error: clip(`Order not placed: ${error instanceof Error ? error.message : String(error)}`),
        request: clip(JSON.stringify(request)),
        extraInfo: clip(JSON.stringify(extra)),
        externalId: clip(body.payment_method === 'paypal' ? (body.payment_reference ?? '') : ''),
        userId,
      });
    } catch (logError) {
      this.options.log?.error({ error: errorForLog(logError) }, 'could not write the order log');
    }
  }
}

type LockedBasket = NonNullable<Awaited<ReturnType<OrderPlacement['lockedBasket']>>>;

/** The payment pays for an order already, or is being returned: refused, and never returned (again) for this request. */
class PaymentAlreadyUsed extends Conflict {}

/** A 502 whose provider detail goes to the order log, never to the customer (details are sent; this field is not). */
class PaymentProviderDown extends ProviderUnavailable {
  constructor(
    message: string,
    readonly providerDetail: string,
  ) {
    super(message);
  }
}

/**
 * What identifies an order request for its Idempotency-Key: every field of the body, amounts in
 * pence (so 12.5 and 12.50 are the same request).
 */
export function requestFingerprint(body: PlaceOrderBody): string {
  const canonical = [
    body.payment_method,
    (body.payment_reference ?? '').trim(),
    body.address_id ?? null,
    body.billing_address_id ?? null,
    poundsToPence(body.sub_total),
    poundsToPence(body.delivery_fee),
    poundsToPence(body.total_tax),
    poundsToPence(body.total),
    body.note ?? '',
    // Only when given, so keys of requests made before the field existed keep their fingerprint.
    ...(body.purchase_order_number ? [body.purchase_order_number] : []),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

/** The totals a customer saw, in pounds, as a request sends them. */
type SeenTotals = Pick<PlaceOrderBody, 'sub_total' | 'delivery_fee' | 'total_tax' | 'total'>;

function sameTotals(body: SeenTotals, totals: CartTotals): boolean {
  return (
    poundsToPence(body.sub_total) === totals.subTotalPence &&
    poundsToPence(body.delivery_fee) === totals.deliveryFeePence &&
    poundsToPence(body.total_tax) === totals.totalTaxPence &&
    poundsToPence(body.total) === totals.totalPence
  );
}

function totalsInPounds(totals: CartTotals) {
  return {
    sub_total: penceToPounds(totals.subTotalPence),
    delivery_fee: penceToPounds(totals.deliveryFeePence),
    total_tax: penceToPounds(totals.totalTaxPence),
    total: penceToPounds(totals.totalPence),
  };
}

const LOG_TEXT_MAX = 4000;
function clip(text: string): string {
  return text.length > LOG_TEXT_MAX ? `${text.slice(0, LOG_TEXT_MAX - 1)}…` : text;
}
