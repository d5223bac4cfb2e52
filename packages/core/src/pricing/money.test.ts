import { describe, expect, it } from 'vitest';
import { csvPounds, penceToPounds, percentOfPence, unitPricePounds } from './money.ts';

describe('money', () => {
  it('answers pounds with at most two decimals', () => {
    expect(penceToPounds(1999)).toBe(19.99);
    expect(penceToPounds(7500)).toBe(75);
  });

  it.each([
    [1000, 20, 200],
    [1, 20, 0], // 0.2p rounds down
    [3, 20, 1], // 0.6p rounds up
    [25, 20, 5],
    [2, 25, 1], // exactly 0.5p rounds half-up
  ])('%ip at %i%% is %ip (half-up to the penny)', (amount, percent, expected) => {
    expect(percentOfPence(amount, percent)).toBe(expected);
  });

  it('unit price is the pack price over the units, to 4 decimals', () => {
    expect(unitPricePounds(1250, 25)).toBe(0.5);
    expect(unitPricePounds(999, 100)).toBe(0.0999);
  });
});

describe('amounts in CSV files', () => {
  it('are pounds with two decimals, no symbol and a minus when negative, exact for any number of pence', () => {
    expect(csvPounds(123450)).toBe('1234.50');
    expect(csvPounds(5)).toBe('0.05');
    expect(csvPounds(0)).toBe('0.00');
    expect(csvPounds(-1250)).toBe('-12.50');
    expect(csvPounds(900_719_925_474_099)).toBe('9007199254740.99');
  });
});
