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
    expect(parseSearch('  Bubble   WRAP ')).toEqual({ text: 'bubble wrap', sizeKey: null, words: ['bubble', 'wrap'] });
  });

  it('takes the size out of the words and keeps trade sizes and units as one word', () => {
    expect(parseSearch('Double wall 12" x 9" x 6" boxes').words).toEqual(['double', 'wall', 'boxes']);
    expect(parseSearch('305x229mm box')).toMatchObject({ sizeKey: '305x229', words: ['box'] });
    expect(parseSearch('12x9x6 inch boxes')).toMatchObject({ sizeKey: '12x9x6', words: ['boxes'] });
    expect(parseSearch('305 x 229 MM')).toMatchObject({ sizeKey: '305x229', words: [] });
    expect(parseSearch('C4 envelopes, 12 oz cups; 48 mm tape; Foil No.2 d/w').words).toEqual([
      'c4', 'envelopes', '12oz', 'cups', '48mm', 'tape', 'foil', 'no.2', 'd', 'w',
    ]);
  });

  it('an empty search is empty', () => {
    expect(parseSearch('   ').text).toBe('');
  });
});
