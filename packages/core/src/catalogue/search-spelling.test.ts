import { describe, expect, it } from 'vitest';
import { completeWord, correctWord, editDistance } from './search-spelling.ts';

const vocabulary = new Set(['tape', 'cardboard', 'box', 'boxes', 'postal', 'bubble', 'wrap', 'brown', 'mailing', 'bags', 'letter', 'polypropylene', 'corrugated']);

describe('search spelling correction', () => {
  it.each([
    ['tpae', 'tape'], // transposed letters
    ['cardbaord', 'cardboard'],
    ['postl', 'postal'], // a missing letter
    ['bubbel', 'bubble'],
    ['brwon', 'brown'],
    ['mailng', 'mailing'],
    ['bxo', 'box'],
  ])('reads %j as %j', (typed, expected) => {
    expect(correctWord(typed, vocabulary)).toBe(expected);
  });

  it('does not turn a different word into a product word: "glitter" is not "letter"', () => {
    expect(correctWord('glitter', vocabulary)).toBeNull();
    expect(correctWord('unicorn', vocabulary)).toBeNull();
    expect(correctWord('gape', vocabulary)).toBeNull(); // a changed first letter
    expect(correctWord('zz', vocabulary)).toBeNull();
    expect(correctWord('12x9x6', vocabulary)).toBeNull();
  });

  it('completes a word typed short, from four letters', () => {
    expect(completeWord('polyprop', vocabulary)).toEqual(['polypropylene']);
    expect(completeWord('corrug', vocabulary)).toEqual(['corrugated']);
    expect(completeWord('box', vocabulary)).toEqual([]);
    expect(completeWord('zzzz', vocabulary)).toEqual([]);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('tpae', 'tape')).toBe(1);
    expect(editDistance('tape', 'tap')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
