import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatPounds, formatUnitPrice } from './format';

const intlPounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const intlUnitPrice = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 4 });

describe('prices shown to customers', () => {
  it.each([
    [0, '£0.00', '£0.00'],
    [74.99, '£74.99', '£74.99'],
    [1234.5, '£1,234.50', '£1,234.50'],
    [1000000, '£1,000,000.00', '£1,000,000.00'],
    [0.0425, '£0.04', '£0.0425'],
    [0.125, '£0.13', '£0.125'],
    [-5.5, '-£5.50', '-£5.50'],
    [-0.001, '-£0.00', '-£0.001'],
    [0.99, '£0.99', '£0.99'],
    [1.005, '£1.01', '£1.01'],
    [2.675, '£2.68', '£2.68'],
    [4.336, '£4.34', '£4.34'],
    [371.135, '£371.14', '£371.14'],
  ])('%s is shown as %s (unit price %s: fractions of a penny below £1 only)', (amount, pounds, unitPrice) => {
    expect(formatPounds(amount)).toBe(pounds);
    expect(formatUnitPrice(amount)).toBe(unitPrice);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [16500, '16,500'],
    [1234567, '1,234,567'],
  ])('a count of %s results is written %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });

  it('reads exactly as the en-GB currency format for any amount a shop shows', () => {
    const amount = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((pence) => pence / 100),
      fc.integer({ min: 0, max: 10_000_000 }).map((tenThousandths) => tenThousandths / 10_000),
    );
    fc.assert(
      fc.property(amount, (value) => {
        expect(formatPounds(value)).toBe(intlPounds.format(value));
        expect(formatUnitPrice(value)).toBe((Math.abs(value) >= 1 ? intlPounds : intlUnitPrice).format(value));
      }),
      { numRuns: 5000 },
    );
  });
});
