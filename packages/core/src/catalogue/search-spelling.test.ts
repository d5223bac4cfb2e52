import { describe, expect, it } from 'vitest';
import { correctSpelling, editDistance } from './search-spelling.ts';

const vocabulary = new Set(['tape', 'cardboard', 'box', 'boxes', 'postal', 'bubble', 'wrap', 'brown', 'mailing', 'bags']);

describe('search spelling correction', () => {
  it.each([
    ['tpae', 'tape'], // transposed letters
    ['cardbaord boxes', 'cardboard boxes'],
    ['postl box', 'postal box'], // a missing letter
    ['bubbel wrap', 'bubble wrap'],
    ['brwon tape', 'brown tape'],
    ['mailng bags', 'mailing bags'],
  ])('reads %j as %j', (typed, expected) => {
    expect(correctSpelling(typed, vocabulary)).toBe(expected);
  });

  it('leaves known words, numbers, sizes and unrelated words alone', () => {
    expect(correctSpelling('box 12x9x6 zzzz', vocabulary)).toBe('box 12x9x6 zzzz');
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('tpae', 'tape')).toBe(1);
    expect(editDistance('tape', 'tap')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
