/** Packs for a typed quantity: units round up to whole packs; limits in SPEC 5's style. */
import { describe, expect, it } from 'vitest';
import { packsFor, parseQuantity, quantityProblem } from './order-quantity';

describe('packs for a quantity', () => {
  it('takes packs as typed and says the units they hold', () => {
    expect(packsFor(4, 'packs', 25)).toEqual({ count: 4, units: 100 });
  });

  it('rounds units up to whole packs', () => {
    expect(packsFor(130, 'units', 25)).toEqual({ count: 6, units: 150 });
    expect(packsFor(150, 'units', 25)).toEqual({ count: 6, units: 150 });
    expect(packsFor(151, 'units', 25)).toEqual({ count: 7, units: 175 });
    expect(packsFor(1, 'units', 500)).toEqual({ count: 1, units: 500 });
  });

  it('reads whole numbers from 1 only', () => {
    expect(parseQuantity(' 12 ')).toBe(12);
    for (const text of ['', '0', '-3', '2.5', '1e3', 'ten', '12345678']) expect(parseQuantity(text)).toBeNull();
  });

  it('allows 1 to 1000 packs, in packs or as units', () => {
    expect(quantityProblem(1000, 'packs', 25)).toBeNull();
    expect(quantityProblem(1001, 'packs', 25)).toBe('No. of Pack must be a whole number from 1 to 1000');
    expect(quantityProblem(null, 'packs', 25)).toBe('No. of Pack must be a whole number from 1 to 1000');
    expect(quantityProblem(25_000, 'units', 25)).toBeNull();
    expect(quantityProblem(25_001, 'units', 25)).toBe('That is 1001 packs of 25; at most 1000 packs can be added at once.');
    expect(quantityProblem(null, 'units', 25)).toBe('Units must be a whole number from 1 to 1,000,000');
  });
});
