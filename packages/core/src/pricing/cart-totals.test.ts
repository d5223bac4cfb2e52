import { describe, expect, it } from 'vitest';
import { demoShopConfig } from '../shop/shop-config.ts';
import { DELIVERY_ZONES } from '@shop/contract';
import { cartPricingRules, chargedForPacks, computeCartTotals, discountShareOf, rulesForZone, type CartPricingRules, type CartTotals, type PricedLine } from './cart-totals.ts';
import { poundsToPence } from './money.ts';
import { VAT_TREATMENT_BY_ZONE } from './vat-by-destination.ts';

const ukRules: CartPricingRules = { vatRatePercent: 20, freeDeliveryThresholdPence: 7500, deliveryFeePence: 499, remoteDeliveryFeePence: 1499 };
const standard = { treatment: 'standard', ratePercent: 20 } as const;

describe('basket totals', () => {
  const cases: { name: string; lines: PricedLine[]; rules?: typeof ukRules; expected: CartTotals }[] = [
    {
      name: 'an empty basket costs nothing, not even delivery',
      lines: [],
      expected: { subTotalPence: 0, discountPence: 0, deliveryFeePence: 0, totalTaxPence: 0, totalPence: 0, count: 0, vat: standard },
    },
    {
      name: 'a basket of £74.99 pays £4.99 delivery, and VAT on goods plus delivery',
      lines: [{ pricePence: 7499, count: 1 }],
      // VAT: 20% of 79.98 = 15.996 -> 16.00
      expected: { subTotalPence: 7499, discountPence: 0, deliveryFeePence: 499, totalTaxPence: 1600, totalPence: 9598, count: 1, vat: standard },
    },
    {
      name: 'a basket of exactly £75.00 is delivered free',
      lines: [{ pricePence: 2500, count: 3 }],
      expected: { subTotalPence: 7500, discountPence: 0, deliveryFeePence: 0, totalTaxPence: 1500, totalPence: 9000, count: 3, vat: standard },
    },
    {
      name: 'VAT rounds a fraction below half a penny down',
      lines: [{ pricePence: 7, count: 1 }],
      // 20% of (0.07 + 4.99) = 1.012 -> 1.01
      expected: { subTotalPence: 7, discountPence: 0, deliveryFeePence: 499, totalTaxPence: 101, totalPence: 607, count: 1, vat: standard },
    },
    {
      name: 'VAT rounds exactly half a penny up',
      lines: [{ pricePence: 5, count: 1 }],
      rules: { ...ukRules, vatRatePercent: 10, deliveryFeePence: 0 },
      // 10% of 0.05 = 0.005 -> 0.01
      expected: { subTotalPence: 5, discountPence: 0, deliveryFeePence: 0, totalTaxPence: 1, totalPence: 6, count: 1, vat: { treatment: 'standard', ratePercent: 10 } },
    },
    {
      name: 'VAT rounds half a penny up at a fractional rate (17.5%)',
      lines: [{ pricePence: 7620, count: 1 }],
      rules: { ...ukRules, vatRatePercent: 17.5 },
      // 17.5% of 76.20 = 13.335 -> 13.34
      expected: { subTotalPence: 7620, discountPence: 0, deliveryFeePence: 0, totalTaxPence: 1334, totalPence: 8954, count: 1, vat: { treatment: 'standard', ratePercent: 17.5 } },
    },
    {
      name: 'one pack counts as 1',
      lines: [{ pricePence: 1234, count: 1 }],
      expected: { subTotalPence: 1234, discountPence: 0, deliveryFeePence: 499, totalTaxPence: 347, totalPence: 2080, count: 1, vat: standard },
    },
    {
      name: '1000 packs (the most one line may hold) are priced exactly',
      lines: [{ pricePence: 1234, count: 1000 }],
      expected: { subTotalPence: 1_234_000, discountPence: 0, deliveryFeePence: 0, totalTaxPence: 246_800, totalPence: 1_480_800, count: 1000, vat: standard },
    },
    {
      name: 'several lines add up their totals and their packs',
      lines: [
        { pricePence: 1999, count: 2 },
        { pricePence: 350, count: 10 },
        { pricePence: 1, count: 1 },
      ],
      expected: { subTotalPence: 7499, discountPence: 0, deliveryFeePence: 499, totalTaxPence: 1600, totalPence: 9598, count: 13, vat: standard },
    },
  ];

  it.each(cases)('$name', ({ lines, rules, expected }) => {
    expect(computeCartTotals(lines, rules ?? ukRules)).toEqual(expected);
  });

  describe('by delivery zone', () => {
    const remoteUkVatZones = DELIVERY_ZONES.filter((zone) => zone !== 'mainland' && VAT_TREATMENT_BY_ZONE[zone] === 'standard');

    it.each([null, 'mainland'] as const)('zone %s: free from £75.00, else £4.99 (no address yet is priced as mainland UK)', (zone) => {
      const rules = rulesForZone(ukRules, zone);
      expect(computeCartTotals([{ pricePence: 7499, count: 1 }], rules).deliveryFeePence).toBe(499);
      expect(computeCartTotals([{ pricePence: 7500, count: 1 }], rules).deliveryFeePence).toBe(0);
    });

    it.each(remoteUkVatZones)('%s pays the remote carriage whatever the subtotal, VAT on it too', (zone) => {
      const rules = rulesForZone(ukRules, zone);
      // 20% of (74.99 + 14.99) = 17.996 -> 18.00
      expect(computeCartTotals([{ pricePence: 7499, count: 1 }], rules)).toEqual({
        subTotalPence: 7499,
        discountPence: 0,
        deliveryFeePence: 1499,
        totalTaxPence: 1800,
        totalPence: 10798,
        count: 1,
        vat: standard,
      });
      // Over the mainland threshold: still the remote carriage (free delivery is for mainland UK).
      expect(computeCartTotals([{ pricePence: 50_000, count: 1 }], rules)).toMatchObject({ deliveryFeePence: 1499, totalTaxPence: 10_300, totalPence: 61_799 });
      // An empty basket costs nothing anywhere.
      expect(computeCartTotals([], rules).totalPence).toBe(0);
    });

    it.each(['channel-islands', 'republic-of-ireland'] as const)('%s is a zero-rated export: remote carriage and no VAT, total = goods + delivery', (zone) => {
      const rules = rulesForZone(ukRules, zone);
      expect(computeCartTotals([{ pricePence: 7499, count: 1 }], rules)).toEqual({
        subTotalPence: 7499,
        discountPence: 0,
        deliveryFeePence: 1499,
        totalTaxPence: 0,
        totalPence: 8998,
        count: 1,
        vat: { treatment: 'export', ratePercent: 0 },
      });
    });
  });

  it('total is always subtotal + delivery + VAT', () => {
    for (let pence = 0; pence < 20_000; pence += 37) {
      const t = computeCartTotals([{ pricePence: pence, count: 1 }], ukRules);
      expect(t.totalPence).toBe(t.subTotalPence + t.deliveryFeePence + t.totalTaxPence);
    }
  });
});

describe('a discount from offers', () => {
  it('comes off the goods before VAT, which is charged on what is left and the delivery', () => {
    // £60.00 of goods less £6.00: VAT is 20% of (54.00 + 4.99) = 11.798 -> 11.80.
    expect(computeCartTotals([{ pricePence: 2000, count: 3 }], ukRules, { goodsDiscountPence: 600, freeDelivery: false })).toEqual({
      subTotalPence: 6000,
      discountPence: 600,
      deliveryFeePence: 499,
      totalTaxPence: 1180,
      totalPence: 5400 + 499 + 1180,
      count: 3,
      vat: standard,
    });
  });

  it('free delivery waives the mainland fee, never a remote zone\'s carriage; an export still pays no VAT', () => {
    const free = { goodsDiscountPence: 0, freeDelivery: true };
    expect(computeCartTotals([{ pricePence: 2000, count: 1 }], ukRules, free).deliveryFeePence).toBe(0);
    expect(computeCartTotals([{ pricePence: 2000, count: 1 }], rulesForZone(ukRules, 'highlands-and-islands'), free).deliveryFeePence).toBe(1499);
    const jersey = computeCartTotals([{ pricePence: 2000, count: 1 }], rulesForZone(ukRules, 'channel-islands'), { goodsDiscountPence: 200, freeDelivery: false });
    expect(jersey).toMatchObject({ discountPence: 200, totalTaxPence: 0, totalPence: 1800 + 1499 });
  });

  it("the free-delivery threshold counts the goods before the discount", () => {
    expect(computeCartTotals([{ pricePence: 7500, count: 1 }], ukRules, { goodsDiscountPence: 750, freeDelivery: false }).deliveryFeePence).toBe(0);
  });

  it('some packs of a line carry their share of its discount, half-up, and all of them carry all of it', () => {
    const line = { pricePence: 1000, count: 3, discountPence: 100 };
    expect(discountShareOf(line, 1)).toBe(33);
    expect(discountShareOf(line, 2)).toBe(67);
    expect(discountShareOf(line, 3)).toBe(100);
    expect(chargedForPacks(line, 1)).toBe(967);
    expect(chargedForPacks({ pricePence: 1000, count: 3, discountPence: 0 }, 2)).toBe(2000);
  });
});

describe('pricing rules from the shop configuration', () => {
  it('converts the configured pounds to pence', () => {
    expect(cartPricingRules(demoShopConfig)).toEqual({ vatRatePercent: 20, freeDeliveryThresholdPence: 7500, deliveryFeePence: 499, remoteDeliveryFeePence: 1499 });
  });

  it.each([
    [4.99, 499],
    [75, 7500],
    [0.1 + 0.2, 30],
    [0, 0],
  ])('%s pounds is %i pence', (pounds, pence) => {
    expect(poundsToPence(pounds)).toBe(pence);
  });
});
