/**
 * The basket use cases of SPEC 7. The caller is the user the server resolved from the Bearer
 * token (or null); without one, the anonymous session named in the request owns the basket.
 * user_id, cart_id and price from request bodies are never used: identity comes from the
 * token, prices from the catalogue, and totals from pricing/cart-totals.ts.
 */
import type { CustomerPrices } from '../pricing/customer-prices.ts';
import type { AddToCartBody, AssignAddressBody, AssignCartBody, CartDto, CartLineDto, DeliveryZone, ModifyCartBody, RemoveFromCartBody } from '@shop/contract';
import { fieldMessages } from '@shop/contract';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { basketMergeNotice } from './basket-merge.ts';
import { deliveryZoneOf } from '../delivery/delivery-zones.ts';
import type { DispatchPromise } from '../delivery/dispatch-promise.ts';
import { Invalid, NotFound, Unauthorized } from '../errors.ts';
import { computeCartTotals, rulesForZone, type CartPricingRules } from '../pricing/cart-totals.ts';
import { penceToPounds, unitPricePounds } from '../pricing/money.ts';
import { MAX_PACKS_PER_LINE, type CartContents, type CartOwner, type CartRepository, type PackForSale } from './cart-repository.ts';
import { FOREIGN_KEY_VIOLATION, isUniqueViolationOf, sqlStateOf } from '../database-errors.ts';
import { newOrderReference } from '../payments/order-reference.ts';
import { cartDiscountOf, NO_OFFERS, type BasketOffers } from '../offers/basket-offers.ts';
import { normaliseOfferCode, offerMessages, type OfferOutcome } from '../offers/offer-rules.ts';

export interface CartServiceOptions {
  rules: CartPricingRules;
  /** Prefix for image paths (as the catalogue uses), e.g. a CDN. */
  mediaBaseUrl?: string;
  /**
   * The address book; needed to choose a basket's delivery address: the zone of one of the
   * user's addresses, refusing another user's (NotFound) and PO boxes (Invalid).
   */
  addresses?: { deliveryZoneFor(userId: number, addressId: number): Promise<DeliveryZone> };
  /**
   * Where packs are looked up when added: the catalogue's cache (cleared on every catalogue
   * change) saves a database round trip per add. Default: the repository. Prices are always
   * read from the database with the basket.
   */
  packs?: { packForSale(productPriceId: number): Promise<PackForSale | null> };
  /** Stock (stock/stock-reads.ts): adding, or raising a line to, more packs than can be had is refused (409, saying how many can). */
  stock?: { checkBasketChange(owner: CartOwner, productPriceId: number, qty: number, packs: number, mode: 'add' | 'set'): Promise<void> };
  /** The dispatch promise by the server's clock, for the basket's delivery postcode (null: none chosen). */
  dispatch: { promiseFor(deliveryPostcode: string | null): DispatchPromise };
  /** The shop's bank reference prefix, the start of every order's own reference (payments/order-reference.ts). */
  referencePrefix: string;
  /** Draws a new reference (default: newOrderReference; tests make it repeat one to see a clash handled). */
  drawReference?: (prefix: string) => string;
  /** A signed-in customer's prices from their price lists (without it, everyone pays the public price). */
  customerPrices?: Pick<CustomerPrices, 'cartLines'>;
  /** Discount codes and automatic offers (offers/); without it no offer applies. */
  offers?: Pick<BasketOffers, 'outcomeFor'>;
}

/** A basket priced for its customer: their prices, and the offers that apply for its delivery zone. */
type PricedBasket = CartContents & { offerOutcome: OfferOutcome };

/** The words of PUT /api/cart/code's refusals (a code no offer has: offer-rules.ts). */
export const offerCodeMessages = {
  empty: 'Enter a discount code.',
};

/** The delivery zone of a basket's address; null before one is chosen (priced as mainland UK). */
function zoneOf(contents: Pick<CartContents, 'deliveryPostcode'>): DeliveryZone | null {
  return contents.deliveryPostcode ? deliveryZoneOf(contents.deliveryPostcode) : null;
}

/** Draws of a new reference before giving up: a clash is about one in 100 million per draw, so more than one is rare. */
const REFERENCE_DRAWS = 5;

/** Two baskets never share a payment reference (packages/db/src/schema.ts). */
export const PAYMENT_REFERENCE_INDEX = 'carts_payment_reference_key';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class CartService {
  private readonly mediaBaseUrl: string;

  constructor(
    readonly repository: CartRepository,
    private readonly options: CartServiceOptions,
  ) {
    this.mediaBaseUrl = (options.mediaBaseUrl ?? '').replace(/\/$/, '');
  }

  /**
   * GET /api/cart/{sessionOrUserId}: a session id reads that session's basket (the id is the
   * secret); a user id needs that user's token. No basket reads as an empty one.
   */
  async cartFor(callerUserId: number | null, sessionOrUserId: string): Promise<CartDto> {
    if (UUID_PATTERN.test(sessionOrUserId)) return this.cartOf({ kind: 'session', sessionId: sessionOrUserId.toLowerCase() });
    const userId = Number(sessionOrUserId);
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new Invalid('Expected a session id (UUID) or a user id (number)');
    if (callerUserId === null) throw new Unauthorized('Sign in to see this basket');
    if (callerUserId !== userId) throw new NotFound(`No basket for user ${userId}`);
    return this.cartOf({ kind: 'user', userId });
  }

  /** The owner's basket as the API answers it. */
  async cartOf(owner: CartOwner): Promise<CartDto> {
    return this.toDto(await this.priced(owner, await this.repository.contents(owner)));
  }

  /**
   * The payment reference of the user's basket, made the first time the payment step shows it
   * (DESIGN section 4 "Orders"): the customer can pay by bank transfer before placing the order,
   * which then carries it. The same one on every later view; null when the user has no basket.
   * A drawn reference that another basket or an order has is drawn again.
   */
  async paymentReference(userId: number): Promise<string | null> {
    for (let draw = 0; draw < REFERENCE_DRAWS; draw++) {
      try {
        const draw = this.options.drawReference ?? newOrderReference;
        const { hasBasket, reference } = await this.repository.claimPaymentReference(userId, draw(this.options.referencePrefix));
        if (!hasBasket) return null;
        if (reference !== null) return reference;
      } catch (error) {
        if (!isUniqueViolationOf(error, PAYMENT_REFERENCE_INDEX)) throw error;
      }
    }
    throw new Error(`No free payment reference after ${REFERENCE_DRAWS} draws`);
  }

  /**
   * PUT /api/cart/code: keeps the discount code for the basket (a guest's too: it comes along at
   * sign-in). A code no offer has is refused (400) and not kept; a known code that takes nothing
   * off yet is kept, and the basket says why (`offer_code_problem`: spend more, sign in, ...).
   */
  async applyCode(callerUserId: number | null, body: { code: string; session_id?: string | null }): Promise<CartDto> {
    const owner = this.ownerOf(callerUserId, body);
    const code = normaliseOfferCode(body.code);
    if (code === '') throw invalidField('code', offerCodeMessages.empty);
    if (!(await this.repository.offerCodeExists(code))) throw invalidField('code', offerMessages.unknownCode(code));
    await this.repository.setOfferCode(owner, code);
    return this.cartOf(owner);
  }

  /** DELETE /api/cart/code: the basket goes on without a code. */
  async removeCode(callerUserId: number | null, body: { session_id?: string | null }): Promise<CartDto> {
    const owner = this.ownerOf(callerUserId, body);
    await this.repository.setOfferCode(owner, null);
    return this.cartOf(owner);
  }

  /** POST /api/cart: adds packs (default 1); a pack already in the basket gets more packs. */
  async add(callerUserId: number | null, body: AddToCartBody): Promise<CartDto> {
    const owner = this.ownerOf(callerUserId, body);
    const count = body.count ?? 1;
    const pack = await (this.options.packs ?? this.repository).packForSale(body.product_price_id);
    if (!pack || !pack.productIsActive) {
      throw invalidField('product_price_id', `Pack ${body.product_price_id} is not for sale.`);
    }
    if (pack.productId !== body.product_id) {
      throw invalidField('product_price_id', `Pack ${body.product_price_id} is not a pack of product ${body.product_id}.`);
    }
    const qty = body.qty ?? pack.packRange[0]!;
    if (!pack.packRange.includes(qty)) {
      throw invalidField('qty', `qty must be one of the pack sizes of this pack: ${pack.packRange.join(', ')}.`);
    }
    const line = { productId: pack.productId, productPriceId: pack.productPriceId, qty, count };
    const added = await this.addToBasket(owner, line);
    if (added.count === null) {
      const already = await this.repository.countOf(owner, pack.productPriceId);
      throw invalidField(
        'count',
        `${fieldMessages.packCount}: your basket already has ${already} of this pack, so at most ${MAX_PACKS_PER_LINE - already} more can be added.`,
      );
    }
    return added.contents ? this.toDto(await this.priced(owner, added.contents)) : this.cartOf(owner);
  }

  /** PUT /api/cart/ModifyCart: sets the number of packs of a line of the caller's basket. */
  async modify(callerUserId: number | null, body: ModifyCartBody): Promise<CartDto> {
    const owner = this.ownerOf(callerUserId, body);
    const line = await this.repository.lineOf(owner, body.product_price_id);
    if (!line) throw lineNotFound(body);
    // More packs than the line had: refused past what can be had, as adding is. Fewer are always
    // taken (a customer bringing a short line down to what is left).
    if (body.count > line.count) await this.options.stock?.checkBasketChange(owner, body.product_price_id, line.qty, body.count, 'set');
    if (!(await this.repository.setCount(owner, body.product_id, body.product_price_id, body.count))) throw lineNotFound(body);
    return this.cartOf(owner);
  }

  /** POST /api/cart/remove: removes a line of the caller's basket. */
  async remove(callerUserId: number | null, body: RemoveFromCartBody): Promise<CartDto> {
    const owner = this.ownerOf(callerUserId, body);
    if (!(await this.repository.removeLine(owner, body.product_id, body.product_price_id))) throw lineNotFound(body);
    return this.cartOf(owner);
  }

  /**
   * PUT /api/cart: after sign-in, the anonymous basket moves into the user's basket by the
   * sign-in merge rule (basket-merge.ts: a pack in both keeps the larger count, never the sum;
   * other lines are added). Only the signed-in user may claim a basket for themselves; anyone
   * holding the session id already controls that basket.
   */
  async assignToUser(callerUserId: number | null, body: AssignCartBody): Promise<CartDto> {
    return (await this.mergeGuestBasket(callerUserId, body)).cart;
  }

  /**
   * assignToUser, with the sentence the customer is told once about the merge (null when one of
   * the baskets was empty, so nothing was merged): the storefront's sign-in and sign-up show it.
   */
  async mergeGuestBasket(callerUserId: number | null, body: AssignCartBody): Promise<{ cart: CartDto; notice: string | null }> {
    if (callerUserId === null) throw new Unauthorized('Sign in to keep your basket');
    if (callerUserId !== body.userId) throw new NotFound(`No basket for user ${body.userId}`);
    const merge = body.anonymousUserId ? await this.repository.moveSessionCartToUser(body.anonymousUserId.toLowerCase(), callerUserId) : null;
    const contents = await this.repository.contents({ kind: 'user', userId: callerUserId });
    const lines = new Map((contents?.lines ?? []).map((line) => [line.productPriceId, line]));
    const nameOf = (productPriceId: number) => {
      const line = lines.get(productPriceId);
      return line ? `${itemDisplayName(line.productName, line.size1)} (pack of ${line.qty})` : `Pack ${productPriceId}`;
    };
    return { cart: this.toDto(await this.priced({ kind: 'user', userId: callerUserId }, contents)), notice: merge ? basketMergeNotice(merge, nameOf) : null };
  }

  /**
   * PUT /api/cart/AssignAddress: "Deliver to this Address". Only the signed-in owner, only to
   * one of their own addresses, never a PO box (SPEC 9); a cartId that is not their basket
   * answers 404. From then on the basket's delivery fee is that address's zone's.
   */
  async assignAddress(callerUserId: number | null, body: AssignAddressBody): Promise<CartDto> {
    if (callerUserId === null) throw new Unauthorized('Sign in to choose a delivery address');
    const owner: CartOwner = { kind: 'user', userId: callerUserId };
    if (!this.options.addresses) throw new NotFound(`You have no address ${body.addressId}.`);
    await this.options.addresses.deliveryZoneFor(callerUserId, body.addressId);
    const cartId = await this.repository.ensureCart(owner);
    if (body.cartId != null && body.cartId !== cartId) throw new NotFound(`You have no basket ${body.cartId}.`);
    await this.repository.setAddress(cartId, body.addressId);
    return this.cartOf(owner);
  }

  /** Throws NotEnoughStock (409, saying how many packs can be had) when the basket may not take the line's packs. */
  private async refuseShortStock(owner: CartOwner, line: { productPriceId: number; qty: number; count: number }): Promise<void> {
    await this.options.stock?.checkBasketChange(owner, line.productPriceId, line.qty, line.count, 'add');
  }

  /**
   * A signed-in customer's basket at their prices (price lists; a session's basket as it is),
   * with the offers that apply to it for its delivery zone.
   */
  private async priced(owner: CartOwner, contents: CartContents | null): Promise<PricedBasket | null> {
    if (!contents) return null;
    const lines =
      owner.kind === 'user' && contents.onPriceList && this.options.customerPrices ? await this.options.customerPrices.cartLines(owner.userId, contents.lines) : contents.lines;
    const offerOutcome = this.options.offers
      ? await this.options.offers.outcomeFor({ lines, offers: contents.offers }, rulesForZone(this.options.rules, zoneOf(contents)), owner.kind === 'user' ? owner.userId : null)
      : NO_OFFERS;
    return { ...contents, lines, offerOutcome };
  }

  private toDto(contents: PricedBasket | null): CartDto {
    const lines = contents?.lines ?? [];
    // The delivery address's zone; before one is chosen (or for a postcode outside every zone,
    // which checkout refuses) the basket quotes mainland UK. The zone decides the VAT as well.
    const zone = contents ? zoneOf(contents) : null;
    const outcome = contents?.offerOutcome ?? NO_OFFERS;
    const totals = computeCartTotals(lines, rulesForZone(this.options.rules, zone), cartDiscountOf(outcome));
    const cartId = contents?.cartId ?? null;
    const addressId = contents?.addressId ?? null;
    const promise = this.options.dispatch.promiseFor(contents?.deliveryPostcode ?? null);
    return {
      cart_id: cartId,
      address_id: addressId,
      count: totals.count,
      subTotal: penceToPounds(totals.subTotalPence),
      discount: penceToPounds(totals.discountPence),
      deliveryFee: penceToPounds(totals.deliveryFeePence),
      taxPercentage: totals.vat.ratePercent,
      totalTax: penceToPounds(totals.totalTaxPence),
      total: penceToPounds(totals.totalPence),
      vatTreatment: totals.vat.treatment,
      deliveryZone: zone,
      offers: outcome.applied.map((offer) => ({
        name: offer.name,
        code: offer.code,
        discount: penceToPounds(offer.discountPence),
        delivery_saved: penceToPounds(offer.deliverySavedPence),
      })),
      offer_code: contents?.offers.code ?? null,
      offer_code_problem: outcome.codeProblem,
      next_offers: outcome.nextThresholds.map((step) => step.text),
      dispatchPromise: {
        dispatchDate: promise.dispatchDate,
        dispatchToday: promise.dispatchToday,
        deliveryFrom: promise.deliveryFrom,
        deliveryTo: promise.deliveryTo,
        dispatchText: promise.dispatchText,
        deliveryText: promise.deliveryText,
      },
      cartIems: lines.map(
        (line): CartLineDto => ({
          cart_id: cartId!,
          address_id: addressId,
          product_id: line.productId,
          product_price_id: line.productPriceId,
          price: penceToPounds(line.pricePence),
          qty: line.qty,
          count: line.count,
          total_price: penceToPounds(line.pricePence * line.count),
          unit_price: unitPricePounds(line.pricePence, line.qty),
          ...(line.tradePrice ? { trade_price: true as const, public_price: penceToPounds(line.publicPricePence ?? line.pricePence) } : {}),
          item_name: itemDisplayName(line.productName, line.size1),
          product: {
            product_id: line.productId,
            name: line.productName,
            image_url: this.mediaUrl(line.imageUrl),
            produc_prices: [{ product_price_id: line.productPriceId, size1: line.size1 }],
          },
        }),
      ),
    };
  }

  /**
   * Whose basket a call changes: the signed-in user's, else the session's named by session_id
   * or, as SPEC's bodies name the owner in one slot (like GET /api/cart/{sessionOrUserId}), by
   * a session id sent in user_id.
   */
  ownerOf(
    callerUserId: number | null,
    body: { session_id?: string | null; user_id?: number | string | null },
  ): CartOwner {
    if (callerUserId !== null) return { kind: 'user', userId: callerUserId };
    const sessionId = body.session_id ?? (typeof body.user_id === 'string' && UUID_PATTERN.test(body.user_id) ? body.user_id : null);
    if (!sessionId) {
      throw invalidField('session_id', 'Send the session_id of your basket (from POST /api/session), or sign in.');
    }
    return { kind: 'session', sessionId: sessionId.toLowerCase() };
  }

  /**
   * Adds the packs; answers the line's new count (null: over MAX_PACKS_PER_LINE, nothing
   * changed) and, when it was read in the same round trip, the basket afterwards.
   */
  private async addToBasket(
    owner: CartOwner,
    line: { productId: number; productPriceId: number; qty: number; count: number },
  ): Promise<{ count: number | null; contents: CartContents | null }> {
    // Most adds go to an existing basket: one statement checks stock, adds the packs and reads the basket.
    for (let attempt = 1; attempt <= 3; attempt++) {
      let added: Awaited<ReturnType<CartRepository['addPacksAndRead']>>;
      try {
        added = await this.repository.addPacksAndRead(owner, line);
      } catch (error) {
        // A sign-in moved and deleted this basket meanwhile: the loop below finds the new one.
        if (sqlStateOf(error) !== FOREIGN_KEY_VIOLATION) throw error;
        break;
      }
      if (!added) break;
      if (!added.stockRefused) return added;
      // Too few units: the stock check says how many can be had (409). Should units have come in
      // since, the add is tried again.
      await this.refuseShortStock(owner, line);
    }
    // No basket yet (or a sign-in moved it): the basket the add goes to holds nothing of the size,
    // so only this add's units are checked.
    await this.refuseShortStock(owner, line);
    for (let attempt = 1; ; attempt++) {
      // An unknown session is refused there (404).
      const cartId = await this.repository.ensureCart(owner);
      try {
        return { count: await this.repository.addPacks(cartId, line), contents: null };
      } catch (error) {
        // A sign-in moved and deleted this basket between the two statements: use the new one.
        if (attempt < 3 && sqlStateOf(error) === FOREIGN_KEY_VIOLATION) continue;
        throw error;
      }
    }
  }

  private mediaUrl(path: string): string {
    if (!path || /^https?:\/\//.test(path)) return path;
    return `${this.mediaBaseUrl}${path}`;
  }
}

function invalidField(field: string, message: string): Invalid {
  return new Invalid(message, { fields: [{ field, message }] });
}

function lineNotFound(body: { product_id: number; product_price_id: number }): NotFound {
  return new NotFound(`Pack ${body.product_price_id} of product ${body.product_id} is not in your basket.`);
}
