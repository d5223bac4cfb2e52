/**
 * Placing an order from given lines at given prices for a customer: a quote accepted
 * (quotes/quote-acceptance.ts) and an order staff take by phone (quotes/phone-orders.ts). The
 * basket checkout (order-placement.ts) recomputes its lines from the locked basket; here the
 * caller has already fixed the lines and their prices (the quote's, or today's catalogue prices
 * staff chose), and everything else follows the same rules as any order:
 *
 * - the delivery address is the customer's, never a PO box, in a zone delivered to; its zone
 *   decides the VAT (pricing/vat-by-destination.ts through cart-totals.ts) and, unless a delivery
 *   charge was agreed (a quote's), the fee (the threshold, remote carriage);
 * - bank transfer and trade account orders carry their own reference (payments/order-reference.ts);
 *   on account the total must be within the customer's available credit (trade-accounts/), read
 *   in this transaction; a card/wallet payment must be verified by the caller before the
 *   transaction and pay exactly the total, once; when placing fails after that, the caller
 *   returns the payment (payments/unplaced-payments.ts `returnTakenPayment`);
 * - the confirmation e-mail is a durable job and the order's timeline gets an entry saying how it
 *   was placed and by whom, in the same transaction;
 * - one order per (customer, Idempotency-Key): the unique index answers a second attempt with
 *   the first order.
 *
 * The caller runs `placeIn` inside its own transaction, holding its own lock (the quote's row),
 * so the order and the caller's record of it commit together.
 *
 * Stock: when stock allocation exists (the stock branch adds it to OrderPlacement), it is applied
 * in `placeIn` right after the lines are written, where the comment says, with the same call as
 * the basket checkout's.
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUS_PENDING_DELIVERY } from '@shop/contract';
import { intArrayParam, queryRows, type Executor } from '@shop/db';
import type { AddressRepository } from '../addresses/address-repository.ts';
import { addressSnapshot, deliverableZone } from '../addresses/address-service.ts';
import type { CartRepository } from '../cart/cart-repository.ts';
import { insertOrderEvent } from '../back-office/orders/order-payments.ts';
import { DispatchPromises } from '../delivery/dispatch-promises.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import { orderConfirmationJob } from '../email/email-jobs.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { newOrderReference } from '../payments/order-reference.ts';
import type { VerifiedPayment } from '../payments/payment-verifier.ts';
import { computeCartTotals, lineTotalPence, rulesForZone, type CartPricingRules, type CartTotals } from '../pricing/cart-totals.ts';
import { penceToPounds, type Pence } from '../pricing/money.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { TradeAccounts } from '../trade-accounts/trade-accounts.ts';
import { orderMessages } from './order-placement.ts';
import { allocateOrder } from '../stock/stock-allocation.ts';
import type { NewOrder, NewOrderLine, OrderRepository } from './order-repository.ts';

/** How a priced order is paid: the customer's choice (a quote), or staff's (a phone order). */
export type PricedOrderPayment = { method: 'bank' } | { method: 'account' } | { method: 'paypal'; payment: VerifiedPayment };

export interface PricedOrderRequest {
  userId: number;
  /**
   * The lines at their agreed prices: one "pack" of `qty` units at `pricePence`, `count` times.
   * `custom`: made to order (a quote's printed or custom-sized goods): the ±10% rule at dispatch
   * applies, and no stock is allocated.
   */
  lines: readonly (Omit<NewOrderLine, 'totalPricePence'> & { custom?: boolean })[];
  deliveryAddressId: number;
  /** Null: the customer's billing address (else the delivery address), as checkout does. */
  billingAddressId: number | null;
  payment: PricedOrderPayment;
  /** Carriage agreed in a quote (ex-VAT); null: the shop's fee for the address's zone. */
  agreedDeliveryFeePence: Pence | null;
  note: string;
  purchaseOrderNumber: string | null;
  /** One order per customer and key (e.g. `quote:42`): a second attempt answers the first order. */
  idempotencyKey: string;
  /**
   * The dispatch date promised when it is not the next dispatch day: a quote's, which staff set
   * (quotes/quote-dispatch.ts). Absent or null: the basket's promise for the delivery address.
   */
  promisedDispatchDate?: IsoDate | null;
  /** The order timeline's entry saying how the order was placed (and by whom, for staff). */
  event: { staffId: number | null; kind: string; after: Record<string, unknown> };
}

export interface PricedOrderPlaced {
  orderId: number;
  /** False when the key already had an order (nothing new was written). */
  created: boolean;
  /** The order's line ids, in the order of the request's lines (empty when not created). */
  orderLineIds: number[];
  totals: CartTotals;
}

export interface PricedOrderPlacementOptions {
  shop: ShopConfig;
  rules: CartPricingRules;
  jobs: JobQueue;
  tradeAccounts: Pick<TradeAccounts, 'requireCredit'>;
  /** 'test' when the shop runs simulated payments (the order then says it was paid by one). */
  paymentsMode: 'test' | 'paypal' | null;
  now?: () => Date;
}

const REFERENCE_DRAWS = 5;

/** The card payment pays for an order already: refused, and never returned for this request. */
export class PaymentPaysAnOrder extends Conflict {}

export class PricedOrderPlacement {
  private readonly dispatch: DispatchPromises;

  constructor(
    private readonly orders: OrderRepository,
    private readonly addresses: AddressRepository,
    private readonly carts: Pick<CartRepository, 'referenceIsFree'>,
    private readonly options: PricedOrderPlacementOptions,
  ) {
    this.dispatch = new DispatchPromises({ now: options.now ?? (() => new Date()), warehousePostcode: options.shop.address.postcode });
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.orders.transaction(work);
  }

  /** Call once the transaction that placed an order has committed: the confirmation goes now. */
  wakeWorkers(): void {
    this.options.jobs.wakeWorkers();
  }

  /** The totals these lines make delivered to this address of the customer's (shown before placing). */
  async totalsFor(userId: number, lines: readonly Pick<NewOrderLine, 'pricePence' | 'count'>[], deliveryAddressId: number, agreedDeliveryFeePence: Pence | null, executor?: Executor): Promise<CartTotals> {
    const { delivery } = await this.addresses.forOrder(userId, deliveryAddressId, null, executor);
    if (!delivery) throw new NotFound(`You have no address ${deliveryAddressId}.`);
    const zone = deliverableZone(delivery, 'address_id');
    return computeCartTotals(lines, { ...rulesForZone(this.options.rules, zone), agreedDeliveryFeePence });
  }

  /** Places the order within the caller's transaction; see the module comment for the rules. */
  async placeIn(tx: Executor, request: PricedOrderRequest): Promise<PricedOrderPlaced> {
    if (request.lines.length === 0) throw new Invalid('An order needs at least one line.');
    const earlier = await this.orders.byKey(request.userId, request.idempotencyKey, tx);
    const { delivery, billing } = await this.addresses.forOrder(request.userId, request.deliveryAddressId, request.billingAddressId, tx);
    if (!delivery) throw new NotFound(`The customer has no address ${request.deliveryAddressId}.`);
    if (!billing) throw new NotFound(`The customer has no address ${request.billingAddressId}.`);
    const zone = deliverableZone(delivery, 'address_id');
    const totals = computeCartTotals(request.lines, { ...rulesForZone(this.options.rules, zone), agreedDeliveryFeePence: request.agreedDeliveryFeePence });
    if (earlier) return { orderId: earlier.orderId, created: false, orderLineIds: [], totals };

    const { payment } = request;
    let reference: string;
    if (payment.method === 'paypal') {
      if (payment.payment.amountPence !== totals.totalPence) {
        // The caller returns the payment (payments/unplaced-payments.ts) and says so after this.
        throw new Conflict(orderMessages.paymentDiffers(penceToPounds(payment.payment.amountPence), penceToPounds(totals.totalPence)));
      }
      const used = await this.orders.byProviderReference(payment.payment.reference, tx);
      if (used) throw new PaymentPaysAnOrder(used.userId === request.userId ? orderMessages.paymentUsedBySameUser(used.orderId) : orderMessages.paymentUsed);
      reference = payment.payment.reference;
    } else {
      reference = await this.freeReference(tx);
    }
    if (payment.method === 'account') await this.options.tradeAccounts.requireCredit(request.userId, totals.totalPence, tx);

    const order: NewOrder = {
      userId: request.userId,
      addressId: delivery.addressId,
      billingAddressId: billing.addressId,
      deliveryAddress: addressSnapshot(delivery),
      billingAddress: addressSnapshot(billing),
      paymentMethod: payment.method,
      paymentReference: reference,
      paymentIsTest: payment.method === 'paypal' && this.options.paymentsMode === 'test',
      status: ORDER_STATUS_PENDING_DELIVERY,
      subTotalPence: totals.subTotalPence,
      deliveryFeePence: totals.deliveryFeePence,
      totalTaxPence: totals.totalTaxPence,
      totalPence: totals.totalPence,
      vatTreatment: totals.vat.treatment,
      vatRatePercent: totals.vat.ratePercent,
      note: request.note.slice(0, 50),
      idempotencyKey: request.idempotencyKey,
      requestFingerprint: null,
      promisedDispatchDate: request.promisedDispatchDate ?? this.dispatch.promiseFor(delivery.postCode).dispatchDate,
      purchaseOrderNumber: request.purchaseOrderNumber,
      providerCaptureId: payment.method === 'paypal' ? (payment.payment.captureId ?? null) : null,
    };
    const orderId = await this.orders.insert(order, tx);
    if (orderId === null) throw new Error('Order insert conflicted on a key that had no order a moment ago');
    const lines = request.lines.map((line) => ({ ...line, totalPricePence: lineTotalPence(line) }));
    await tx.execute(this.orders.insertLinesStatement(orderId, lines));
    const orderLineIds = (
      await queryRows<{ order_line_id: number }>(tx, sql`SELECT order_line_id FROM order_lines WHERE order_id = ${orderId} ORDER BY order_line_id`)
    ).map((row) => Number(row.order_line_id));
    const customLineIds = orderLineIds.filter((_, i) => request.lines[i]?.custom === true);
    if (customLineIds.length > 0) {
      await tx.execute(sql`UPDATE order_lines SET custom = true WHERE order_line_id = ANY(${intArrayParam(customLineIds)}::int[])`);
    }
    // Stock as for a basket's order: allocated in this transaction, or nothing is placed.
    await allocateOrder(tx, orderId, request.userId);
    await this.options.jobs.record(orderConfirmationJob(request.userId, orderId), tx);
    await insertOrderEvent(tx, { orderId, staffId: request.event.staffId, kind: request.event.kind, before: null, after: request.event.after });
    return { orderId, created: true, orderLineIds, totals };
  }

  /** A new order reference no basket or order has (as OrderPlacement draws one for a basket that never showed one). */
  private async freeReference(tx: Executor): Promise<string> {
    for (let draw = 0; draw < REFERENCE_DRAWS; draw++) {
      const candidate = newOrderReference(this.options.shop.bank.referencePrefix);
      if (await this.carts.referenceIsFree(candidate, tx)) return candidate;
    }
    throw new Error(`No free payment reference after ${REFERENCE_DRAWS} draws`);
  }
}
