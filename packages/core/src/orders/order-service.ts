/**
 * Reading orders (order detail, order history) and the order log. Orders are the signed-in
 * customer's own; another user's order answers 404 as if it did not exist.
 */
import type { AddressFields, OrderDto, OrderLogBody } from '@shop/contract';
import type { AddressRepository } from '../addresses/address-repository.ts';
import { addressSnapshot } from '../addresses/address-service.ts';
import { paymentFiguresOf, paymentStatusOf, trackingUrl, type PaymentFacts } from '../back-office/orders/order-states.ts';
import { londonWallClock } from '../delivery/dispatch-promise.ts';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { NotFound, Unauthorized } from '../errors.ts';
import { penceToPounds } from '../pricing/money.ts';
import { BatchedReads } from '../batched-reads.ts';
import { orderKey, type OrderKey, type OrderLineRow, type OrderOffer, type OrderRepository, type OrderRow, type OrderWithCustomer } from './order-repository.ts';
import { isoTimeOrNull } from '../iso-time.ts';
import { formatQuoteNumber } from '../quotes/quote-desk.ts';
import type { OrderShipments } from '../back-office/orders/order-shipments.ts';

export interface OrderServiceOptions {
  /** Prefix for image paths, as the catalogue and basket use (a CDN). */
  mediaBaseUrl?: string;
  /** The shipments of orders (back-office/orders/order-shipments.ts), without staff names; none without it. */
  shipmentsOf?: (orderIds: readonly number[]) => Promise<Map<number, OrderShipments>>;
}

export class OrderService {
  private readonly mediaBaseUrl: string;
  private readonly shipmentsOf: NonNullable<OrderServiceOptions['shipmentsOf']>;
  private readonly emailReads: BatchedReads<OrderKey, { order: OrderDto; customer: OrderWithCustomer['customer'] }>;

  constructor(
    readonly repository: OrderRepository,
    private readonly addresses: AddressRepository,
    options: OrderServiceOptions = {},
  ) {
    this.mediaBaseUrl = (options.mediaBaseUrl ?? '').replace(/\/$/, '');
    this.shipmentsOf = options.shipmentsOf ?? (async () => new Map());
    this.emailReads = new BatchedReads(async (keys: OrderKey[]) => {
      const found = [...(await repository.findManyWithLinesAndCustomer(keys)).entries()];
      const orders = await this.detailDtos(found.map(([, read]) => read));
      return new Map(found.map(([id, { customer }], i) => [id, { order: orders[i]!, customer }]));
    }, orderKey);
  }

  /** GET /api/order/{id}. */
  async detail(callerUserId: number | null, orderId: number): Promise<OrderDto> {
    if (callerUserId === null) throw new Unauthorized('Sign in to see your orders');
    const found = await this.repository.findWithLines(callerUserId, orderId);
    if (!found) throw new NotFound(`You have no order ${orderId}.`);
    const [order] = await this.detailDtos([found]);
    return order!;
  }

  /**
   * An order as its e-mails show it, with whom to write to; null when either is gone. The orders
   * asked for in one turn (the e-mail worker's batch) are read together: one statement for the
   * orders, then one each for their shipments, quote numbers and offers, whatever the batch's size.
   */
  detailForEmail(userId: number, orderId: number): Promise<{ order: OrderDto; customer: OrderWithCustomer['customer'] } | null> {
    return this.emailReads.read({ userId, orderId });
  }

  /** GET /api/order/GetMine?Filter=: newest first, each with its lines (SPEC 3's Order). */
  async mine(callerUserId: number | null, filter: string | undefined): Promise<OrderDto[]> {
    if (callerUserId === null) throw new Unauthorized('Sign in to see your orders');
    const text = (filter ?? '').trim().replace(/^#/, '');
    const orders = await this.repository.listOf(callerUserId, text);
    const ids = orders.map((order) => order.orderId);
    const [lines, shipments, quoted, offers] = await Promise.all([
      this.repository.linesOfOrders(ids),
      this.shipmentsOf(ids),
      this.repository.quoteNumbersOf(ids),
      this.repository.offersOf(ids),
    ]);
    return orders.map((order) =>
      this.toDto(order, lines.get(order.orderId) ?? [], null, shipments.get(order.orderId), quoted.get(order.orderId) ?? null, offers.get(order.orderId) ?? []),
    );
  }

  /** POST /api/OrderLog: the storefront's report of a card/wallet problem. */
  async log(callerUserId: number | null, body: OrderLogBody): Promise<void> {
    await this.repository.insertLog({
      error: body.error,
      request: body.request,
      extraInfo: body.extra_info,
      externalId: body.external_id,
      userId: callerUserId,
    });
  }

  /** Orders as their detail shows them, with their billing addresses; what each needs besides its row and lines is read for all at once. */
  private async detailDtos(found: readonly { order: OrderRow; lines: readonly OrderLineRow[] }[]): Promise<OrderDto[]> {
    if (found.length === 0) return [];
    const ids = found.map(({ order }) => order.orderId);
    // Only an order with a discount or free delivery can have offers: most read nothing more.
    const withOffers = found.filter(({ order }) => order.discountPence > 0 || order.deliveryFeePence === 0).map(({ order }) => order.orderId);
    const [billings, shipments, quoted, offers] = await Promise.all([
      // The order's own snapshot; an order without one (placed by a process older than the snapshot) reads the address.
      Promise.all(
        found.map(({ order }) => order.billingAddress ?? (order.billingAddressId === null ? null : this.liveBillingAddress(order.userId, order.billingAddressId))),
      ),
      this.shipmentsOf(ids),
      this.repository.quoteNumbersOf(ids),
      withOffers.length > 0 ? this.repository.offersOf(withOffers) : new Map<number, OrderOffer[]>(),
    ]);
    return found.map(({ order, lines }, i) =>
      this.toDto(order, lines, billings[i] ?? null, shipments.get(order.orderId), quoted.get(order.orderId) ?? null, offers.get(order.orderId) ?? []),
    );
  }

  private async liveBillingAddress(userId: number, addressId: number): Promise<AddressFields | null> {
    const row = await this.addresses.find(userId, addressId);
    return row ? addressSnapshot(row) : null;
  }

  toDto(
    order: OrderRow,
    lines: readonly OrderLineRow[],
    billing: AddressFields | null,
    shipping?: OrderShipments,
    quoteNumber: number | null = null,
    offers: readonly OrderOffer[] = [],
  ): OrderDto {
    return {
      order_id: order.orderId,
      created: order.created.toISOString(),
      payment_reference: order.paymentReference,
      payment_method: order.paymentMethod,
      payment_is_test: order.paymentIsTest,
      status: order.status,
      // As the basket showed it: the goods before the discount, and the discount (the order stores them after it).
      sub_total: penceToPounds(order.subTotalPence + order.discountPence),
      discount: penceToPounds(order.discountPence),
      offers: offers.map((offer) => ({ name: offer.name, code: offer.code, discount: penceToPounds(offer.discountPence), delivery_saved: penceToPounds(offer.deliverySavedPence) })),
      delivery_fee: penceToPounds(order.deliveryFeePence),
      total_tax: penceToPounds(order.totalTaxPence),
      total: penceToPounds(order.totalPence),
      vat_treatment: order.vatTreatment,
      vat_rate_percent: order.vatRatePercent,
      note: order.note,
      user_id: order.userId,
      address_id: order.addressId,
      is_active: order.isActive,
      address: order.deliveryAddress,
      billing_address: billing,
      orderLines: lines.map((line) => ({
        product_id: line.productId,
        product_price_id: line.productPriceId,
        kind: line.kind,
        name: line.productName,
        item_name: itemDisplayName(line.productName, line.size1),
        size1: line.size1,
        image_url: this.mediaUrl(line.imageUrl),
        price: penceToPounds(line.pricePence),
        qty: line.qty,
        count: line.count,
        total_price: penceToPounds(line.totalPricePence + line.discountPence),
        discount: penceToPounds(line.discountPence),
        is_active: line.isActive,
      })),
      purchase_order_number: order.purchaseOrderNumber,
      quote_number: quoteNumber === null ? null : formatQuoteNumber(quoteNumber),
      promised_dispatch_date: order.promisedDispatchDate,
      dispatched_at: isoTimeOrNull(order.dispatchedAt),
      carrier: order.carrier,
      tracking_number: order.trackingNumber,
      tracking_url: trackingUrl(order.carrier, order.trackingNumber),
      shipments: (shipping?.shipments ?? []).map((s) => ({
        number: s.number,
        carrier: s.carrier,
        tracking_number: s.trackingNumber,
        tracking_url: s.trackingUrl,
        dispatched_at: s.dispatchedAt,
        lines: s.lines.map((l) => ({ item_name: l.itemName, size1: l.size1, qty: l.qty, count: l.count, delivered_units: l.deliveredUnits })),
      })),
      delivered_at: isoTimeOrNull(order.deliveredAt),
      cancelled_at: isoTimeOrNull(order.cancelledAt),
      cancel_reason: order.cancelReason,
      ...this.moneyOf(order),
      payment_due_date: order.paymentDueDate,
    };
  }

  /** Where the order's money stands for the customer: the status and its figures, from core's state module. */
  private moneyOf(order: PaymentFacts) {
    const figures = paymentFiguresOf(order);
    return {
      payment_status: paymentStatusOf(order, londonWallClock(new Date()).date),
      amount_paid: penceToPounds(figures.paidPence),
      amount_due: penceToPounds(figures.duePence),
      refund_due: penceToPounds(figures.refundDuePence),
      amount_refunded: penceToPounds(figures.refundedPence),
    };
  }

  private mediaUrl(path: string): string {
    if (!path || /^https?:\/\//.test(path)) return path;
    return `${this.mediaBaseUrl}${path}`;
  }
}
