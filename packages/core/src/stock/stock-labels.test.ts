/**
 * What a customer reads about a size's stock, and what search engines are told: "In stock",
 * "Only N left" below the threshold, "Out of stock" (with the date more is expected), and with
 * backorders "Available to order, dispatched around ..." (London dates); nothing for a size not tracked.
 */
import { describe, expect, it } from 'vitest';
import { NO_BACKORDERS, stockStatus } from './stock-levels.ts';

const TODAY = '2026-11-27';
const level = (onHand: number, allocated = 0, lowThreshold = 0) => ({ onHand, allocated, lowThreshold });

describe('stock labels', () => {
  it('a size not tracked claims nothing', () => {
    expect(stockStatus(null, NO_BACKORDERS, 25, TODAY)).toEqual({ state: 'untracked', availableUnits: null, label: '', schemaAvailability: null });
  });

  it('available at or above the threshold is "In stock"', () => {
    expect(stockStatus(level(500, 100, 400), NO_BACKORDERS, 25, TODAY)).toMatchObject({ label: 'In stock', schemaAvailability: 'InStock', availableUnits: 400 });
  });

  it('below the threshold says how many are left, in units or packs', () => {
    expect(stockStatus(level(40, 0, 100), NO_BACKORDERS, 1, TODAY)).toMatchObject({ label: 'Only 40 left', schemaAvailability: 'LimitedAvailability' });
    expect(stockStatus(level(60, 10, 100), NO_BACKORDERS, 25, TODAY)).toMatchObject({ label: 'Only 2 packs of 25 left', state: 'low' });
  });

  it('less than one pack available is "Out of stock", with the date more is expected when it is still ahead', () => {
    expect(stockStatus(level(20, 0, 100), NO_BACKORDERS, 25, TODAY)).toMatchObject({ label: 'Out of stock', schemaAvailability: 'OutOfStock' });
    expect(stockStatus(level(0), { backordersAllowed: false, expectedDate: '2026-12-04' }, 25, TODAY).label).toBe('Out of stock. Back in stock around 4 December');
    expect(stockStatus(level(0), { backordersAllowed: false, expectedDate: '2026-11-20' }, 25, TODAY).label).toBe('Out of stock');
  });

  it('with backorders allowed an out size is "Available to order", dispatched around the expected date', () => {
    expect(stockStatus(level(5, 30), { backordersAllowed: true, expectedDate: '2026-12-04' }, 25, TODAY)).toMatchObject({
      state: 'backorder',
      label: 'Available to order, dispatched around 4 December',
      schemaAvailability: 'BackOrder',
      availableUnits: 0,
    });
    expect(stockStatus(level(0), { backordersAllowed: true, expectedDate: null }, 25, TODAY).label).toBe('Available to order');
  });
});
