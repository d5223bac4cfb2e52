import { describe, expect, it } from 'vitest';
import { applySynonyms, planSearch, synonymIndex, type WordStatus } from './search-plan.ts';
import { parseSearch } from './search-query.ts';
import { searchSynonyms } from './search-synonyms.ts';

const vocabulary = new Set(['double', 'wall', 'box', 'boxes', 'tape', 'packing', 'clear', 'padded', 'envelopes', 'letter', 'large', 'with']);

/** Words outside the vocabulary: 'envelope' and 'strong' are in descriptions, 'the' is ignored. */
async function lookUp(words: string[]): Promise<Map<string, WordStatus>> {
  const known: Record<string, WordStatus> = { envelope: 'found', strong: 'found', the: 'stop' };
  return new Map(words.map((word) => [word, known[word] ?? 'missing']));
}

const plan = (text: string) => planSearch(parseSearch(text), vocabulary, lookUp);

describe('reading a search into what to look for', () => {
  it('reads trade words from the synonym list, longest phrase first, plurals too', async () => {
    expect((await plan('dbl wall box')).terms).toEqual([['double'], ['wall'], ['box']]);
    expect((await plan('Jiffy Bags')).terms).toEqual([['padded envelope', 'padded bag']]);
    expect((await plan('parcel tape')).terms).toEqual([['packing'], ['tape']]);
    expect((await plan('PIP boxes')).terms).toEqual([['large letter', 'small parcel']]);
    expect((await plan('a4 envelopes')).sizeWords).toEqual(['c4']);
  });

  it('keeps sizes apart: dimensions as a size key, trade sizes as size words', async () => {
    const read = await plan('C5 double wall 12x9x6 8oz DL');
    expect(read).toMatchObject({ sizeKey: '12x9x6', sizeWords: ['c5', '8oz', 'dl'], terms: [['double'], ['wall']], matchable: true });
  });

  it('uses words found in descriptions as typed, drops ignored words, and corrects only words found nowhere', async () => {
    expect(await plan('strong envelope the tpae')).toMatchObject({ terms: [['strong'], ['envelope'], ['tape']], matchable: true });
  });

  it('finds nothing when a word matches nothing even after correction', async () => {
    expect(await plan('unicorn glitter')).toMatchObject({ matchable: false });
    expect(await plan('glitter box')).toMatchObject({ matchable: false });
  });

  it('offers one word as a product code, exactly as typed', async () => {
    expect((await plan('p000012')).code).toBe('p000012');
    expect((await plan('double wall')).code).toBeNull();
  });

  it('looks up only words outside the name vocabulary, all at once', async () => {
    const asked: string[][] = [];
    await planSearch(parseSearch('double strong envelope box'), vocabulary, async (words) => {
      asked.push(words);
      return lookUp(words);
    });
    expect(asked).toEqual([['strong']]); // 'envelope' is the singular of a name word
    await planSearch(parseSearch('double wall box'), vocabulary, async (words) => {
      asked.push(words);
      return lookUp(words);
    });
    expect(asked).toHaveLength(1);
  });

  it('reads every typed phrase of the synonym list', () => {
    const index = synonymIndex(searchSynonyms);
    for (const entry of searchSynonyms) {
      for (const typed of entry.typed) {
        const pieces = applySynonyms(parseSearch(typed).words, index);
        const expected = entry.means.length === 1 ? parseSearch(entry.means[0]!).words.map((word) => ({ word })) : [{ alternatives: entry.means }];
        expect(pieces, typed).toEqual(expected);
      }
    }
  });
});
