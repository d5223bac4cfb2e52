import { describe, expect, it } from 'vitest';
import { penceToFreeDelivery } from './free-delivery';

describe('penceToFreeDelivery', () => {
  it('counts the rest in whole pence, without floating-point drift', () => {
    expect(penceToFreeDelivery(62.66, 75)).toBe(1234);
    expect(penceToFreeDelivery(74.99, 75)).toBe(1);
  });

  it('is null for an empty basket and for one that already qualifies', () => {
    expect(penceToFreeDelivery(0, 75)).toBeNull();
    expect(penceToFreeDelivery(75, 75)).toBeNull();
    expect(penceToFreeDelivery(120.5, 75)).toBeNull();
  });
});
