import { describe, expect, it } from 'vitest';
import { displayedPounds, displayedUnitPounds, priceBasisOfCookieHeader, tradeSaving } from './price-display.ts';

describe('prices ex VAT or inc VAT', () => {
  it('shows a price unchanged ex-VAT (SPEC), and with VAT rounded half-up to the penny as baskets are', () => {
    expect(displayedPounds(18.5, 'ex', 20)).toBe(18.5);
    expect(displayedPounds(18.5, 'inc', 20)).toBe(22.2);
    expect(displayedPounds(12.88, 'inc', 20)).toBe(15.46); // 257.6p of VAT: 258p
    expect(displayedPounds(0.57, 'inc', 20)).toBe(0.68); // 11.4p of VAT: 11p
    expect(displayedPounds(7, 'inc', 0)).toBe(7); // a zero-rated export basket
  });

  it('keeps a unit price to 4 decimals with VAT', () => {
    expect(displayedUnitPounds(0.0644, 'inc', 20)).toBe(0.0773);
    expect(displayedUnitPounds(0.0644, 'ex', 20)).toBe(0.0644);
  });

  it("reads the visitor's choice from the cookie; anything else is SPEC's ex-VAT", () => {
    expect(priceBasisOfCookieHeader('a=1; shop_prices=inc; b=2')).toBe('inc');
    expect(priceBasisOfCookieHeader('shop_prices=ex')).toBe('ex');
    expect(priceBasisOfCookieHeader('shop_prices=gross')).toBe('ex');
    expect(priceBasisOfCookieHeader('not_shop_prices=inc')).toBe('ex');
    expect(priceBasisOfCookieHeader(null)).toBe('ex');
  });

  it("gives a trade buyer's list price and saving as they see prices: £12.50 less £10.63 saves £1.87 (15%) ex-VAT, £15.00 less £12.76 saves £2.24 inc VAT", () => {
    expect(tradeSaving(12.5, 10.63, 'ex', 20)).toEqual({ listPounds: 12.5, savingPounds: 1.87, savingPercent: 15 });
    expect(tradeSaving(12.5, 10.63, 'inc', 20)).toEqual({ listPounds: 15, savingPounds: 2.24, savingPercent: 15 });
  });
});
