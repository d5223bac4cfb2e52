import { describe, expect, it } from 'vitest';
import { priceOffers, type OfferBasket, type OfferLine, type OfferTerms } from './offer-rules.ts';

const BAGS = 12; // a category, under PACKAGING = 3
const PACKAGING = 3;
const TAPE = 40;

function offer(terms: Partial<OfferTerms>): OfferTerms {
  return {
    offerId: 1,
    code: 'SPRING10',
    name: '10% off mailing bags',
    kind: 'percent',
    percentOff: 1000,
    amountOffPence: null,
    appliesTo: 'basket',
    categoryIds: [],
    productSizeIds: [],
    minSpendPence: 0,
    startsOn: '2026-11-01',
    endsOn: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    uses: 0,
    audience: 'everyone',
    userIds: [],
    companyIds: [],
    ended: false,
    ...terms,
  };
}

const bag = (pricePence: number, count: number, productPriceId = 1): OfferLine => ({ productPriceId, productSizeId: 100 + productPriceId, categoryPath: [BAGS, PACKAGING], pricePence, count });
const tape = (pricePence: number, count: number, productPriceId = 9): OfferLine => ({ productPriceId, productSizeId: 900, categoryPath: [TAPE], pricePence, count });

function basket(lines: OfferLine[], more: Partial<OfferBasket> = {}): OfferBasket {
  return {
    lines,
    code: 'spring10',
    customer: { userId: 7, companyId: null, firstOrder: false, usesByOffer: new Map() },
    today: '2026-11-29',
    deliveryFeePence: 499,
    freeDeliveryPossible: true,
    ...more,
  };
}

describe('offers on a basket', () => {
  it('a code for 10% off a category takes 10% of that category\'s goods (its sub-categories included), shared over its lines to the penny', () => {
    const spring = offer({ appliesTo: 'categories', categoryIds: [PACKAGING] });
    const outcome = priceOffers([spring], basket([bag(333, 3, 1), bag(1001, 1, 2), tape(500, 2)]));
    // Covered: 9.99 + 10.01 = 20.00; 10% = 2.00. Tape is not covered.
    expect(outcome.goodsDiscountPence).toBe(200);
    expect(outcome.lineDiscounts.get(1)! + outcome.lineDiscounts.get(2)!).toBe(200);
    expect(outcome.lineDiscounts.get(9)).toBeUndefined();
    expect(outcome.applied).toEqual([{ offerId: 1, code: 'SPRING10', name: '10% off mailing bags', discountPence: 200, deliverySavedPence: 0 }]);
    expect(outcome.codeProblem).toBeNull();
  });

  it('a percentage rounds half-up to the penny, and odd pennies go to the lines with the largest remainders', () => {
    const outcome = priceOffers([offer({ percentOff: 1250 })], basket([bag(101, 1, 1), bag(101, 1, 2), bag(101, 1, 3)]));
    // 12.5% of 3.03 = 0.37875 -> 0.38, shared 13 + 13 + 12.
    expect(outcome.goodsDiscountPence).toBe(38);
    expect([...outcome.lineDiscounts.values()].sort()).toEqual([12, 13, 13]);
  });

  it('an amount off never takes more than the goods it covers cost', () => {
    const outcome = priceOffers([offer({ kind: 'amount', percentOff: null, amountOffPence: 5000, appliesTo: 'sizes', productSizeIds: [900] })], basket([tape(500, 2), bag(1000, 1)]));
    expect(outcome.goodsDiscountPence).toBe(1000);
    expect(outcome.lineDiscounts.get(9)).toBe(1000);
  });

  it('below its minimum spend a code takes nothing off and says how much more to spend', () => {
    const outcome = priceOffers([offer({ minSpendPence: 5000 })], basket([bag(1250, 2)]));
    expect(outcome.goodsDiscountPence).toBe(0);
    expect(outcome.codeProblem).toBe('Spend £25.00 more on what the code SPRING10 covers to use it.');
  });

  it('an automatic free-delivery offer shows how much more to spend, then makes mainland delivery free', () => {
    const free = offer({ offerId: 2, code: null, name: 'Free delivery over £50', kind: 'free-delivery', percentOff: null, minSpendPence: 5000 });
    const short = priceOffers([free], basket([bag(3760, 1)], { code: null }));
    expect(short.freeDelivery).toBe(false);
    expect(short.nextThresholds.map((step) => step.text)).toEqual(['Spend £12.40 more for free delivery']);
    const enough = priceOffers([free], basket([bag(5000, 1)], { code: null }));
    expect(enough.freeDelivery).toBe(true);
    expect(enough.applied).toEqual([{ offerId: 2, code: null, name: 'Free delivery over £50', discountPence: 0, deliverySavedPence: 499 }]);
    // A remote or export zone pays its carriage: free delivery is for mainland UK.
    expect(priceOffers([free], basket([bag(5000, 1)], { code: null, freeDeliveryPossible: false })).freeDelivery).toBe(false);
  });

  it('one discount on the goods: the one that takes most off, code or automatic; free delivery comes besides', () => {
    const automatic = offer({ offerId: 2, code: null, name: '5% off everything', percentOff: 500 });
    const free = offer({ offerId: 3, code: null, name: 'Free delivery', kind: 'free-delivery', percentOff: null });
    const outcome = priceOffers([offer({}), automatic, free], basket([bag(2000, 1)]));
    expect(outcome.applied.map((a) => a.offerId)).toEqual([1, 3]);
    expect(outcome.goodsDiscountPence).toBe(200);
    const better = priceOffers([offer({ percentOff: 200 }), automatic], basket([bag(2000, 1)]));
    expect(better.applied.map((a) => a.offerId)).toEqual([2]);
    expect(better.codeProblem).toBe('The code SPRING10 is not used: "5% off everything" takes more off your basket.');
  });

  it('refuses a code that is unknown, not started, ended, used up, or used up by this customer, each with its reason', () => {
    const lines = [bag(2000, 1)];
    expect(priceOffers([], basket(lines)).codeProblem).toBe('There is no offer with the code SPRING10. Check the code and try again.');
    expect(priceOffers([offer({ startsOn: '2026-12-01' })], basket(lines)).codeProblem).toBe('The code SPRING10 starts on 1 December 2026.');
    expect(priceOffers([offer({ endsOn: '2026-11-28' })], basket(lines)).codeProblem).toBe('The code SPRING10 has ended.');
    expect(priceOffers([offer({ ended: true })], basket(lines)).codeProblem).toBe('The code SPRING10 has ended.');
    expect(priceOffers([offer({ maxUses: 100, uses: 100 })], basket(lines)).codeProblem).toBe('The code SPRING10 has been used as many times as it may be.');
    const usedOnce = basket(lines, { customer: { userId: 7, companyId: null, firstOrder: false, usesByOffer: new Map([[1, 1]]) } });
    expect(priceOffers([offer({ maxUsesPerCustomer: 1 })], usedOnce).codeProblem).toBe('You have used the code SPRING10 as many times as it may be.');
    // The last day is included.
    expect(priceOffers([offer({ endsOn: '2026-11-29' })], basket(lines)).goodsDiscountPence).toBe(200);
  });

  it('an offer for named customers or companies, or for a first order, is had by them only', () => {
    const lines = [bag(2000, 1)];
    const named = offer({ audience: 'named', userIds: [8], companyIds: [55] });
    expect(priceOffers([named], basket(lines)).codeProblem).toBe('The code SPRING10 is not for your account.');
    expect(priceOffers([named], basket(lines, { customer: { userId: 7, companyId: 55, firstOrder: false, usesByOffer: new Map() } })).goodsDiscountPence).toBe(200);
    expect(priceOffers([named], basket(lines, { customer: { userId: null, companyId: null, firstOrder: null, usesByOffer: new Map() } })).codeProblem).toBe(
      'Sign in to use the code SPRING10: it is for some customers only.',
    );
    const firstOrder = offer({ audience: 'new-customers' });
    expect(priceOffers([firstOrder], basket(lines)).codeProblem).toBe('The code SPRING10 is for a first order only.');
    expect(priceOffers([firstOrder], basket(lines, { customer: { userId: 7, companyId: null, firstOrder: true, usesByOffer: new Map() } })).goodsDiscountPence).toBe(200);
  });

  it('a code covering nothing in the basket says so', () => {
    const outcome = priceOffers([offer({ appliesTo: 'categories', categoryIds: [BAGS] })], basket([tape(500, 1)]));
    expect(outcome.codeProblem).toBe('The code SPRING10 does not cover anything in your basket.');
  });
});
