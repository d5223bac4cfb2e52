/**
 * Offers on a basket (offer-rules.ts decides): the basket's lines as offers see them (each
 * product's category path, from the cached category tree, only when a live offer covers
 * categories), the customer's facts read with the basket (cart/cart-repository.ts), London
 * today, and the delivery fee before offers. The basket page, the payment step and checkout all
 * price offers here, so what the customer is shown is what the order charges.
 */
import type { CategoryDto } from '@shop/contract';
import type { CartContents } from '../cart/cart-repository.ts';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { deliveryFeePence, freeDeliveryPossible, lineTotalPence, type CartDiscount, type CartPricingRules } from '../pricing/cart-totals.ts';
import { offerMessages, priceOffers, type OfferLine, type OfferOutcome } from './offer-rules.ts';

export const NO_OFFERS: OfferOutcome = { applied: [], goodsDiscountPence: 0, lineDiscounts: new Map(), freeDelivery: false, codeProblem: null, nextThresholds: [] };

export interface BasketOffersOptions {
  /** The category tree (the catalogue's cached one): a category offer covers its sub-categories. */
  categoryTree: () => Promise<CategoryDto[]>;
  now?: () => Date;
}

export class BasketOffers {
  constructor(private readonly options: BasketOffersOptions) {}

  /** The offers that apply to the basket, priced for the delivery zone of `rules` (see the module comment). */
  async outcomeFor(contents: Pick<CartContents, 'lines' | 'offers'>, rules: CartPricingRules, userId: number | null): Promise<OfferOutcome> {
    const { offers, code } = contents.offers;
    const subTotalPence = contents.lines.reduce((sum, line) => sum + lineTotalPence(line), 0);
    const feePence = deliveryFeePence(subTotalPence, contents.lines.length, rules);
    const canBeFree = freeDeliveryPossible(rules);
    const outcome =
      offers.length === 0 && code === null
        ? NO_OFFERS
        : priceOffers(offers, {
            lines: await this.offerLines(contents, offers.some((offer) => offer.appliesTo === 'categories')),
            code,
            customer: { userId, companyId: contents.offers.companyId, firstOrder: contents.offers.firstOrder, usesByOffer: contents.offers.usesByOffer },
            today: londonDate((this.options.now ?? (() => new Date()))()),
            deliveryFeePence: feePence,
            freeDeliveryPossible: canBeFree,
          });
    // The shop's own free-delivery threshold is a next step too, when no offer makes delivery free already.
    const thresholdMorePence = rules.freeDeliveryThresholdPence - subTotalPence;
    const nearerFreeDelivery = outcome.nextThresholds.some((step) => step.freeDelivery && step.morePence <= thresholdMorePence);
    if (!outcome.freeDelivery && feePence > 0 && canBeFree && contents.lines.length > 0 && thresholdMorePence > 0 && !nearerFreeDelivery) {
      const shopStep = { morePence: thresholdMorePence, freeDelivery: true, text: offerMessages.spendForFreeDelivery(thresholdMorePence) };
      const others = outcome.nextThresholds.filter((step) => !step.freeDelivery);
      return { ...outcome, nextThresholds: [...others, shopStep].sort((a, b) => a.morePence - b.morePence) };
    }
    // Only the nearest way to free delivery is worth saying.
    const firstFree = outcome.nextThresholds.find((step) => step.freeDelivery);
    return { ...outcome, nextThresholds: outcome.nextThresholds.filter((step) => !step.freeDelivery || step === firstFree) };
  }

  private async offerLines(contents: Pick<CartContents, 'lines'>, needsCategories: boolean): Promise<OfferLine[]> {
    const parents = needsCategories ? parentsOf(await this.options.categoryTree()) : new Map<number, number | null>();
    return contents.lines.map((line) => ({
      productPriceId: line.productPriceId,
      productSizeId: line.productSizeId,
      categoryPath: pathOf(line.categoryId, parents),
      pricePence: line.pricePence,
      count: line.count,
    }));
  }
}

/** What offers change in a basket's totals (cart-totals.ts). */
export function cartDiscountOf(outcome: OfferOutcome): CartDiscount {
  return { goodsDiscountPence: outcome.goodsDiscountPence, freeDelivery: outcome.freeDelivery };
}

function parentsOf(tree: readonly CategoryDto[]): Map<number, number | null> {
  const parents = new Map<number, number | null>();
  const visit = (nodes: readonly CategoryDto[]) => {
    for (const node of nodes) {
      parents.set(node.category_id, node.parent_id);
      visit(node.subCategories);
    }
  };
  visit(tree);
  return parents;
}

/** The category and its parents up to the top (a cycle, which the back office prevents, stops it). */
function pathOf(categoryId: number | null, parents: ReadonlyMap<number, number | null>): number[] {
  const path: number[] = [];
  for (let id = categoryId; id !== null && !path.includes(id); id = parents.get(id) ?? null) path.push(id);
  return path;
}
