/**
 * Placing an order from given lines at given prices for a customer: a quote accepted
 * (quotes/quote-desk.ts) and an order staff take by phone (quotes/phone-orders.ts). The basket
 * checkout (order-placement.ts) prices its lines from the locked basket; here the caller has
 * already fixed the lines and their prices (the quote's, or today's prices staff chose). This
 * module decides the rest of what such an order costs, and the one order writer
 * (order-writer.ts) writes it as it writes every order:
 *
 * - the delivery address is the customer's, never a PO box, in a zone delivered to; its zone
 *   decides the VAT (pricing/vat-by-destination.ts through cart-totals.ts) and, unless a delivery
 *   charge was agreed (a quote's), the fee (the threshold, remote carriage);
 * - a card/wallet payment must be verified by the caller before the transaction, and pay for no
 *   other order; when placing fails after that, the caller returns the payment
 *   (payments/unplaced-payments.ts `returnTakenPayment`);
 * - one order per (customer, Idempotency-Key): a second attempt is answered the first order.
 *
 * The caller runs `placeIn` inside its own transaction, holding its own lock (the quote's row),
 * so the order and the caller's record of it commit together.
 */
import type { Executor } from '@shop/db';
import type { AddressRepository } from '../addresses/address-repository.ts';
import { deliverableZone } from '../addresses/address-service.ts';
import type { CartRepository } from '../cart/cart-repository.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import type { AppliedOffer } from '../offers/offer-rules.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { VerifiedPayment } from '../payments/payment-verifier.ts';
import { computeCartTotals, rulesForZone, type CartPricingRules, type CartTotals } from '../pricing/cart-totals.ts';
import type { Pence } from '../pricing/money.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { TradeAccounts } from '../trade-accounts/trade-accounts.ts';
import { orderMessages } from './order-placement.ts';
import type { NewOrderLine, OrderRepository } from './order-repository.ts';
import { OrderWriter, type OrderToWrite } from './order-writer.ts';

/** How a priced order is paid: the customer's choice (a quote), or staff's (a phone order). */
export type PricedOrderPayment = { method: 'bank' } | { method: 'account' } | { method: 'paypal'; payment: VerifiedPayment };

export interface PricedOrderRequest {
  userId: number;
  /**
   * The lines at their agreed prices: one "pack" of `qty` units at `pricePence`, `count` times
   * (`custom`: made to order, no stock allocated).
   */
  lines: readonly Omit<NewOrderLine, 'totalPricePence'>[];
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
  /**
   * Offers applied when the lines were priced (a company buyer's basket held for approval):
   * the lines carry their shares of the discount, and each offer's use is taken now, within its limits.
   */
  offers?: readonly AppliedOffer[];
  /** The order timeline's entry saying how the order was placed (and by whom, for staff). */
  event: NonNullable<OrderToWrite['event']>;
  /**
   * A company's buyer places it themselves (a quote accepted online): their spending limits
   * apply, and an order over one is refused with these words (companies/companies.ts). Absent:
   * staff placed it, or an admin approved it.
   */
  buyerLimits?: { refusal: (notice: string) => string };
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

/** The card payment pays for an order already: refused, and never returned for this request. */
export class PaymentPaysAnOrder extends Conflict {}

export class PricedOrderPlacement {
  private readonly writer: OrderWriter;

  constructor(
    private readonly orders: OrderRepository,
    private readonly addresses: AddressRepository,
    carts: Pick<CartRepository, 'referenceIsFree'>,
    private readonly options: PricedOrderPlacementOptions,
  ) {
    this.writer = new OrderWriter(orders, carts, options);
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
    // A discount the lines carry (offers, a held basket) comes off before VAT, as checkout's did.
    const goodsDiscountPence = request.lines.reduce((sum, line) => sum + (line.discountPence ?? 0), 0);
    const totals = computeCartTotals(
      request.lines,
      { ...rulesForZone(this.options.rules, zone), agreedDeliveryFeePence: request.agreedDeliveryFeePence },
      { goodsDiscountPence, freeDelivery: false },
    );
    if (earlier) return { orderId: earlier.orderId, created: false, orderLineIds: [], totals };

    const { payment } = request;
    if (payment.method === 'paypal') {
      const used = await this.orders.byProviderReference(payment.payment.reference, tx);
      if (used) throw new PaymentPaysAnOrder(used.userId === request.userId ? orderMessages.paymentUsedBySameUser(used.orderId) : orderMessages.paymentUsed);
    }
    const written = await this.writer.write(tx, {
      userId: request.userId,
      delivery,
      billing,
      lines: request.lines,
      totals,
      payment: payment.method === 'paypal' ? payment : { method: payment.method, reference: null },
      note: request.note,
      purchaseOrderNumber: request.purchaseOrderNumber,
      idempotency: { key: request.idempotencyKey, requestFingerprint: null },
      promisedDispatchDate: request.promisedDispatchDate,
      event: request.event,
      buyerLimits: request.buyerLimits,
      offers: request.offers,
    });
    if (written === null) throw new Error('Order insert conflicted on a key that had no order a moment ago');
    return { orderId: written.orderId, created: true, orderLineIds: written.orderLineIds, totals };
  }
}
