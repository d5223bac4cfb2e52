/**
 * Offers (docs/offers.md, decision record 023): discount codes and automatic offers, the one
 * place that decides which apply to a basket and what they take off. Pure: the basket's lines,
 * the live offers and the customer's facts in, the discount out, in integer pence.
 *
 * - An offer takes a percentage or an amount off the goods it covers (the whole basket, some
 *   categories with their sub-categories, or some sizes), or the delivery fee (free delivery,
 *   mainland UK only, as the shop's own free-delivery threshold is).
 * - The goods it covers must come to its minimum spend; it must be live (started, not ended,
 *   London days; uses left); the customer must be in its audience (everyone, a first order,
 *   or the customers and companies it names) and have uses of it left.
 * - Automatic offers apply by themselves; a code only when the customer entered it.
 * - One discount on the goods: the one that takes most off (codes and automatic offers alike),
 *   and free delivery besides when an offer gives it. A customer on a price list gets the
 *   discount off their own prices (both apply, decision record 023).
 * - The discount is taken off before VAT (HMRC: a discount given at the time of sale lowers the
 *   value VAT is charged on) and shared over the lines it covers in proportion to their value,
 *   to the penny, so a refund of part of an order gives back that part's share.
 */
import { formatPounds } from '@shop/contract';
import type { Pence } from '../pricing/money.ts';

export type OfferKind = 'percent' | 'amount' | 'free-delivery';
export type OfferTarget = 'basket' | 'categories' | 'sizes';
export type OfferAudience = 'everyone' | 'new-customers' | 'named';

/** An offer as made in the back office (the offers table). */
export interface OfferTerms {
  offerId: number;
  /** Null: an automatic offer. */
  code: string | null;
  name: string;
  kind: OfferKind;
  /** Hundredths of a percent (1000 = 10%), for 'percent'. */
  percentOff: number | null;
  amountOffPence: Pence | null;
  appliesTo: OfferTarget;
  categoryIds: readonly number[];
  productSizeIds: readonly number[];
  minSpendPence: Pence;
  /** ISO dates, London days, both included. */
  startsOn: string;
  endsOn: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  uses: number;
  audience: OfferAudience;
  userIds: readonly number[];
  companyIds: readonly number[];
  ended: boolean;
}

/** A basket line as offers see it. */
export interface OfferLine {
  productPriceId: number;
  productSizeId: number;
  /** The product's category and its parents up to the top. */
  categoryPath: readonly number[];
  pricePence: Pence;
  count: number;
}

/** Who the basket is for; a guest (userId null) gets offers for everyone only until signing in. */
export interface OfferCustomer {
  userId: number | null;
  companyId: number | null;
  /** True while the customer has placed no order (a first order); null for a guest. */
  firstOrder: boolean | null;
  /** Orders the customer has placed with each offer, by offer id. */
  usesByOffer: ReadonlyMap<number, number>;
}

export interface AppliedOffer {
  offerId: number;
  code: string | null;
  name: string;
  /** Off the goods. */
  discountPence: Pence;
  /** Off the delivery fee (free delivery). */
  deliverySavedPence: Pence;
}

export interface OfferOutcome {
  /** The offers that take something off, goods discount first. */
  applied: AppliedOffer[];
  /** Off the goods, before VAT. */
  goodsDiscountPence: Pence;
  /** Each covered line's share of it, by pack (product_price_id); the shares add up to goodsDiscountPence. */
  lineDiscounts: ReadonlyMap<number, Pence>;
  freeDelivery: boolean;
  /** Why the code entered takes nothing off (the customer's words); null when it applies or none was entered. */
  codeProblem: string | null;
  /** What spending a little more would bring, nearest first. */
  nextThresholds: NextThreshold[];
}

/** "Spend £12.40 more for free delivery": how much more, and whether it is free delivery it brings. */
export interface NextThreshold {
  morePence: Pence;
  freeDelivery: boolean;
  text: string;
}

export interface OfferBasket {
  lines: readonly OfferLine[];
  /** The code entered (any case), or null. */
  code: string | null;
  customer: OfferCustomer;
  /** London today, ISO. */
  today: string;
  /** The delivery fee the basket would pay without offers, and whether free delivery can cover it (mainland UK). */
  deliveryFeePence: Pence;
  freeDeliveryPossible: boolean;
}

export const offerMessages = {
  unknownCode: (code: string) => `There is no offer with the code ${code}. Check the code and try again.`,
  notStarted: (code: string, startsOn: string) => `The code ${code} starts on ${longDate(startsOn)}.`,
  ended: (code: string) => `The code ${code} has ended.`,
  usedUp: (code: string) => `The code ${code} has been used as many times as it may be.`,
  usedByYou: (code: string) => `You have used the code ${code} as many times as it may be.`,
  signInFirst: (code: string) => `Sign in to use the code ${code}: it is for some customers only.`,
  notForYou: (code: string) => `The code ${code} is not for your account.`,
  firstOrderOnly: (code: string) => `The code ${code} is for a first order only.`,
  nothingCovered: (code: string) => `The code ${code} does not cover anything in your basket.`,
  spendMore: (code: string, morePence: Pence) => `Spend ${formatPounds(morePence / 100)} more on what the code ${code} covers to use it.`,
  betterOffer: (code: string, name: string) => `The code ${code} is not used: "${name}" takes more off your basket.`,
  freeDeliveryNoSaving: (code: string) => `The code ${code} gives free delivery to mainland UK, and this basket pays no delivery fee it covers.`,
  spendForFreeDelivery: (morePence: Pence) => `Spend ${formatPounds(morePence / 100)} more for free delivery`,
  spendForOffer: (morePence: Pence, name: string) => `Spend ${formatPounds(morePence / 100)} more for ${name}`,
};

function longDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Codes are matched whatever their case, spaces around ignored. */
export function normaliseOfferCode(code: string): string {
  return code.trim().toUpperCase();
}

function covers(offer: OfferTerms, line: OfferLine): boolean {
  if (offer.appliesTo === 'basket') return true;
  if (offer.appliesTo === 'sizes') return offer.productSizeIds.includes(line.productSizeId);
  return line.categoryPath.some((categoryId) => offer.categoryIds.includes(categoryId));
}

/** Why the offer cannot be had by this customer today, or null (limits and dates, not the basket). */
function refusal(offer: OfferTerms, basket: OfferBasket): ((code: string) => string) | null {
  if (offer.ended || (offer.endsOn !== null && basket.today > offer.endsOn)) return offerMessages.ended;
  if (basket.today < offer.startsOn) return (code) => offerMessages.notStarted(code, offer.startsOn);
  if (offer.maxUses !== null && offer.uses >= offer.maxUses) return offerMessages.usedUp;
  const { customer } = basket;
  if (offer.audience === 'named') {
    if (customer.userId === null) return offerMessages.signInFirst;
    const named = offer.userIds.includes(customer.userId) || (customer.companyId !== null && offer.companyIds.includes(customer.companyId));
    if (!named) return offerMessages.notForYou;
  }
  if (offer.audience === 'new-customers' && customer.firstOrder === false) return offerMessages.firstOrderOnly;
  if (offer.maxUsesPerCustomer !== null && (customer.usesByOffer.get(offer.offerId) ?? 0) >= offer.maxUsesPerCustomer) return offerMessages.usedByYou;
  return null;
}

interface Candidate {
  offer: OfferTerms;
  coveredPence: Pence;
  goodsPence: Pence;
  deliveryPence: Pence;
}

/** What the offer would take off this basket, ignoring its minimum spend. */
function candidate(offer: OfferTerms, basket: OfferBasket): Candidate {
  const coveredPence = basket.lines.filter((line) => covers(offer, line)).reduce((sum, line) => sum + line.pricePence * line.count, 0);
  let goodsPence = 0;
  if (offer.kind === 'percent') goodsPence = Math.floor((coveredPence * (offer.percentOff ?? 0) + 5_000) / 10_000);
  if (offer.kind === 'amount') goodsPence = Math.min(offer.amountOffPence ?? 0, coveredPence);
  const deliveryPence = offer.kind === 'free-delivery' && basket.freeDeliveryPossible && coveredPence > 0 ? basket.deliveryFeePence : 0;
  return { offer, coveredPence, goodsPence, deliveryPence };
}

/** The goods discount shared over the lines the offer covers, by value, to the penny (largest remainders). */
function sharedOut(offer: OfferTerms, lines: readonly OfferLine[], discountPence: Pence): Map<number, Pence> {
  const covered = lines.filter((line) => covers(offer, line));
  const total = covered.reduce((sum, line) => sum + line.pricePence * line.count, 0);
  const shares = new Map<number, Pence>();
  if (total === 0 || discountPence === 0) return shares;
  const exact = covered.map((line) => ({ line, exact: (discountPence * line.pricePence * line.count) / total }));
  let left = discountPence;
  for (const { line, exact: share } of exact) {
    shares.set(line.productPriceId, Math.floor(share));
    left -= Math.floor(share);
  }
  const byRemainder = [...exact].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.line.productPriceId - b.line.productPriceId);
  for (let i = 0; left > 0; i++, left--) {
    const id = byRemainder[i % byRemainder.length]!.line.productPriceId;
    shares.set(id, shares.get(id)! + 1);
  }
  return shares;
}

/** Which offers apply to the basket and what they take off (see the module comment). */
export function priceOffers(offers: readonly OfferTerms[], basket: OfferBasket): OfferOutcome {
  const code = basket.code === null ? null : normaliseOfferCode(basket.code);
  const entered = code === null ? null : (offers.find((offer) => offer.code !== null && normaliseOfferCode(offer.code) === code) ?? null);
  const considered = offers.filter((offer) => offer.code === null || offer === entered);
  const open: Candidate[] = [];
  const nextThresholds: NextThreshold[] = [];
  let codeProblem: string | null = code !== null && entered === null ? offerMessages.unknownCode(code) : null;

  for (const offer of considered) {
    const refused = refusal(offer, basket);
    const found = candidate(offer, basket);
    if (refused) {
      if (offer === entered) codeProblem = refused(code!);
      continue;
    }
    if (found.coveredPence === 0) {
      if (offer === entered) codeProblem = offerMessages.nothingCovered(code!);
      continue;
    }
    if (found.coveredPence < offer.minSpendPence) {
      const morePence = offer.minSpendPence - found.coveredPence;
      if (offer === entered) codeProblem = offerMessages.spendMore(code!, morePence);
      else if (offer.kind !== 'free-delivery' || basket.freeDeliveryPossible) {
        const freeDelivery = offer.kind === 'free-delivery';
        nextThresholds.push({ morePence, freeDelivery, text: freeDelivery ? offerMessages.spendForFreeDelivery(morePence) : offerMessages.spendForOffer(morePence, offer.name) });
      }
      continue;
    }
    if (offer.kind === 'free-delivery' && found.deliveryPence === 0) {
      if (offer === entered) codeProblem = offerMessages.freeDeliveryNoSaving(code!);
      continue;
    }
    open.push(found);
  }

  // The goods discount that takes most off; on a tie the code the customer entered, then the older offer.
  const goods = open
    .filter((c) => c.goodsPence > 0)
    .sort((a, b) => b.goodsPence - a.goodsPence || Number(b.offer === entered) - Number(a.offer === entered) || a.offer.offerId - b.offer.offerId)[0];
  const delivery = open.filter((c) => c.deliveryPence > 0).sort((a, b) => Number(b.offer === entered) - Number(a.offer === entered) || a.offer.offerId - b.offer.offerId)[0];
  if (entered && codeProblem === null && goods?.offer !== entered && delivery?.offer !== entered) {
    const winner = goods ?? delivery;
    if (winner) codeProblem = offerMessages.betterOffer(code!, winner.offer.name);
  }

  const applied: AppliedOffer[] = [];
  const chosen = [goods, delivery].filter((c): c is Candidate => c !== undefined);
  for (const c of chosen) {
    const already = applied.find((a) => a.offerId === c.offer.offerId);
    if (already) continue;
    applied.push({
      offerId: c.offer.offerId,
      code: c.offer.code,
      name: c.offer.name,
      discountPence: c === goods ? c.goodsPence : 0,
      deliverySavedPence: c === delivery ? c.deliveryPence : 0,
    });
  }
  const goodsDiscountPence = goods?.goodsPence ?? 0;
  return {
    applied,
    goodsDiscountPence,
    lineDiscounts: goods ? sharedOut(goods.offer, basket.lines, goodsDiscountPence) : new Map(),
    freeDelivery: delivery !== undefined,
    codeProblem,
    nextThresholds: nextThresholds.sort((a, b) => a.morePence - b.morePence),
  };
}
