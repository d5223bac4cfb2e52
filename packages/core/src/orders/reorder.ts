/**
 * "Order again": the lines of one of the customer's past orders that are still
 * on sale go into their basket at today's prices, and the customer is told what changed: a new
 * price ("Cardboard Box 12x9x6, pack of 25: now £12.40 (was £11.90)") or a pack no longer sold
 * ("Bubble Wrap 500mm is no longer sold", left out).
 *
 * An order placed from a quote is not ordered again from the basket: its lines were priced for
 * that quote alone (custom quantities), so the customer is asked to request a new quote.
 *
 * A pack already in the basket keeps the larger of the two counts, as a sign-in merge does
 * (DESIGN 4 "Sign-in merges baskets"): ordering again never doubles what is already there.
 * Not one transaction: each line goes through the basket's own add (its checks and limits), and
 * a basket changed meanwhile in another tab simply ends up with both changes.
 */
import { mergedCount } from '../cart/basket-merge.ts';
import type { ReorderChangeDto, ReorderResultDto } from '@shop/contract';
import { formatPounds } from '@shop/contract';
import type { CartService } from '../cart/cart-service.ts';
import type { CartOwner, PackForSale } from '../cart/cart-repository.ts';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { Conflict, DomainError, NotFound, Unauthorized } from '../errors.ts';
import { formatQuoteNumber } from '../quotes/quote-desk.ts';
import { penceToPounds, poundsToPence } from '../pricing/money.ts';
import type { OrderLineRow, OrderRepository } from './order-repository.ts';

/** What "Order again" says when it cannot put an order's lines back in the basket. */
export const reorderMessages = {
  /** An order placed from a quote: its lines were priced (and often made) for that quote alone. */
  quoted: (quoteNumber: string) =>
    `This order was placed from your quote ${quoteNumber}, at prices for that quote only, so it cannot go back in the basket. To order it again, ask us for a new quote.`,
  /** Nothing of the order could go in the basket (every line withdrawn): said on the order, not on an empty basket. */
  nothingAdded: (orderId: number, changes: readonly string[]) =>
    `Nothing from order ${orderId} could go in your basket${changes.length > 0 ? `: ${changes.join('; ')}` : ''}.`,
} as const;

export class Reorder {
  constructor(
    private readonly orders: OrderRepository,
    private readonly carts: CartService,
  ) {}

  /** POST /api/order/{id}/reorder and the order pages' "Order again". Another user's order is a NotFound. */
  async reorder(callerUserId: number | null, orderId: number): Promise<ReorderResultDto> {
    if (callerUserId === null) throw new Unauthorized('Sign in to order again');
    const found = await this.orders.findWithLines(callerUserId, orderId);
    if (!found) throw new NotFound(`You have no order ${orderId}.`);
    // A quote's lines (custom quantities at the quote's prices) are no packs of the catalogue: ask for a new quote.
    const quoteNumber = (await this.orders.quoteNumbersOf([orderId])).get(orderId);
    if (quoteNumber !== undefined) throw new Conflict(reorderMessages.quoted(formatQuoteNumber(quoteNumber)));
    const owner: CartOwner = { kind: 'user', userId: callerUserId };
    // A quoted charge (print plates, set-up) is no product: it is not bought again from the basket.
    const lines = found.lines.filter((line): line is GoodsLine => line.isActive && line.kind === 'goods' && line.productId !== null && line.productPriceId !== null);

    // In the order of the lines: a withdrawn pack now, a price compared once the basket is read.
    const outcomes: (ReorderChangeDto | { line: GoodsLine; publicPence: number })[] = [];
    for (const line of lines) {
      // Read from the database, not the catalogue cache: "still on sale" and "today's price" are now.
      const pack = await this.carts.repository.packForSale(line.productPriceId);
      if (!onSale(pack, line)) {
        outcomes.push(withdrawn(line));
        continue;
      }
      const already = await this.carts.repository.countOf(owner, line.productPriceId);
      // The basket-merge rule: a pack already in the basket keeps the larger count, never the sum.
      const wanted = mergedCount(already, line.count);
      if (wanted > already) {
        try {
          await this.carts.add(callerUserId, {
            product_id: line.productId,
            product_price_id: line.productPriceId,
            qty: line.qty,
            count: wanted - already,
          });
        } catch (error) {
          // Withdrawn between the check and the add (the add refuses a pack not for sale).
          if (error instanceof DomainError && error.code === 'invalid_request') {
            outcomes.push(withdrawn(line));
            continue;
          }
          throw error;
        }
      }
      outcomes.push({ line, publicPence: pack.pricePence });
    }
    const cart = await this.carts.cartOf(owner);
    // Today's price is the basket's: the customer's own where their price list gives one.
    const todayPence = new Map(cart.cartIems.map((item) => [item.product_price_id, poundsToPence(item.price)]));
    const changes: ReorderChangeDto[] = [];
    for (const outcome of outcomes) {
      if (!('publicPence' in outcome)) changes.push(outcome);
      else {
        const today = todayPence.get(outcome.line.productPriceId) ?? outcome.publicPence;
        if (today !== outcome.line.pricePence) changes.push(priceChanged(outcome.line, today));
      }
    }
    return { ...cart, changes };
  }
}

/** A line of goods: a pack of a product. */
type GoodsLine = OrderLineRow & { productId: number; productPriceId: number };

function onSale(pack: PackForSale | null, line: GoodsLine): pack is PackForSale {
  return pack !== null && pack.productIsActive && pack.productId === line.productId && pack.packRange.includes(line.qty);
}

function lineFacts(line: GoodsLine) {
  return {
    product_id: line.productId,
    product_price_id: line.productPriceId,
    item_name: itemDisplayName(line.productName, line.size1),
    qty: line.qty,
    old_price: penceToPounds(line.pricePence),
  };
}

function withdrawn(line: GoodsLine): ReorderChangeDto {
  const described = lineFacts(line);
  return { kind: 'withdrawn', ...described, new_price: null, message: `${described.item_name} is no longer sold` };
}

function priceChanged(line: GoodsLine, newPricePence: number): ReorderChangeDto {
  const described = lineFacts(line);
  const newPrice = penceToPounds(newPricePence);
  return {
    kind: 'price_changed',
    ...described,
    new_price: newPrice,
    message: `${described.item_name}, pack of ${line.qty}: now ${formatPounds(newPrice)} (was ${formatPounds(described.old_price)})`,
  };
}
