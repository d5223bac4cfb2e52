import { describe, expect, it } from 'vitest';
import { parseSearch } from './search-query.ts';

describe('reading a search', () => {
  it.each([
    ['12x9x6', '12x9x6'],
    ['12 x 9 x 6', '12x9x6'],
    ['12X9X6"', '12x9x6'],
    ['box 12" x 9" x 6"', '12x9x6'],
    ['305x229', '305x229'],
    ['12×9×6', '12x9x6'],
  ])('finds the size in %j', (raw, sizeKey) => {
    expect(parseSearch(raw).sizeKey).toBe(sizeKey);
  });

  it('plain words have no size and are lower-cased and trimmed', () => {
    expect(parseSearch('  Bubble   WRAP ')).toEqual({ text: 'bubble wrap', sizeKey: null });
  });

  it('an empty search is empty', () => {
    expect(parseSearch('   ').text).toBe('');
  });
});
