/** What a customer on price lists pays for one pack, by core's one resolver. */
import { describe, expect, it } from 'vitest';
import { percentOffPence, resolvePackPrice, type PriceListEntry } from './price-lists.ts';

const box25 = { pricePence: 2500, productSizeId: 7, packQuantity: 25, categoryPath: [30, 3] };
const box100 = { pricePence: 8000, productSizeId: 7, packQuantity: 100, categoryPath: [30, 3] };
const entry = (fields: Partial<PriceListEntry>): PriceListEntry => ({
  priceListId: 1,
  productSizeId: null,
  categoryId: null,
  packQuantity: null,
  fixedPricePence: null,
  percentOff: null,
  ...fields,
});

describe('a customer price for a pack', () => {
  it('without a list the public price, not marked as a trade price', () => {
    expect(resolvePackPrice(box25, [])).toEqual({ pricePence: 2500, tradePrice: false, priceListId: null });
  });

  it("a fixed price for a size's pack of that many units, and for no other pack of the size", () => {
    const fixed = [entry({ productSizeId: 7, packQuantity: 25, fixedPricePence: 1999 })];
    expect(resolvePackPrice(box25, fixed)).toEqual({ pricePence: 1999, tradePrice: true, priceListId: 1 });
    expect(resolvePackPrice(box100, fixed)).toMatchObject({ pricePence: 8000, tradePrice: false });
    expect(resolvePackPrice({ ...box25, productSizeId: 8 }, fixed)).toMatchObject({ pricePence: 2500, tradePrice: false });
  });

  it('a percentage off every pack of a size, the discount rounded half-up to the penny', () => {
    const off = [entry({ productSizeId: 7, percentOff: 1250 })];
    expect(resolvePackPrice(box25, off)).toMatchObject({ pricePence: 2187, tradePrice: true }); // 3.125 off rounds to 3.13: 21.87
    expect(resolvePackPrice(box100, off)).toMatchObject({ pricePence: 7000, tradePrice: true });
    expect(percentOffPence(1, 5000)).toBe(1); // never below a penny
  });

  it('a category entry covers its sub-categories, not its siblings', () => {
    const top = [entry({ categoryId: 3, percentOff: 1000 })];
    expect(resolvePackPrice(box25, top)).toMatchObject({ pricePence: 2250, tradePrice: true });
    expect(resolvePackPrice({ ...box25, categoryPath: [31, 4] }, top)).toMatchObject({ pricePence: 2500, tradePrice: false });
  });

  it('the best (lowest) price wins where two entries or two lists apply', () => {
    const two = [
      entry({ priceListId: 1, categoryId: 3, percentOff: 1000 }),
      entry({ priceListId: 2, productSizeId: 7, packQuantity: 25, fixedPricePence: 2100 }),
      entry({ priceListId: 3, productSizeId: 7, percentOff: 500 }),
    ];
    expect(resolvePackPrice(box25, two)).toEqual({ pricePence: 2100, tradePrice: true, priceListId: 2 });
    expect(resolvePackPrice(box100, two)).toEqual({ pricePence: 7200, tradePrice: true, priceListId: 1 });
  });

  it('a list price above the public price never applies: the customer pays the public price', () => {
    expect(resolvePackPrice(box25, [entry({ productSizeId: 7, packQuantity: 25, fixedPricePence: 2600 })])).toEqual({ pricePence: 2500, tradePrice: false, priceListId: null });
  });
});
