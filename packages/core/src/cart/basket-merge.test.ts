import { describe, expect, it } from 'vitest';
import { basketMergeNotice, linesToWrite, mergedCount, planBasketMerge, type MergeLine } from './basket-merge.ts';

const BOX = 11;
const TAPE = 22;
const BAG = 33;
const WRAP = 44;
const names: Record<number, string> = {
  [BOX]: 'Cardboard Box 12x9x6 (pack of 25)',
  [TAPE]: 'Packing Tape Brown (pack of 6)',
  [BAG]: 'Grey Mailing Bag 10x14" (pack of 100)',
  [WRAP]: 'Bubble Wrap 500mm x 100m (pack of 1)',
};
const nameOf = (id: number) => names[id]!;
const line = (productPriceId: number, count: number): MergeLine => ({ productPriceId, count });

/** The basket after the merge: the saved lines with their kept counts, then the guest's new ones. */
function merged(saved: MergeLine[], guest: MergeLine[]): MergeLine[] {
  const writes = new Map(linesToWrite(planBasketMerge(saved, guest)).map((l) => [l.productPriceId, l.count]));
  const kept = saved.map((l) => line(l.productPriceId, writes.get(l.productPriceId) ?? l.count));
  return [...kept, ...guest.filter((g) => !saved.some((s) => s.productPriceId === g.productPriceId)).map((g) => line(g.productPriceId, writes.get(g.productPriceId)!))];
}

describe('sign-in basket merge (DESIGN 4 "Sign-in merges baskets")', () => {
  it.each([
    [20, 20, 20],
    [5, 12, 12],
    [12, 5, 12],
    [1, 1000, 1000],
    [1000, 1000, 1000],
  ])('a pack in both baskets (guest %i, saved %i) keeps the larger count, %i: never the sum', (guest, saved, expected) => {
    expect(mergedCount(saved, guest)).toBe(expected);
    expect(merged([line(BOX, saved)], [line(BOX, guest)])).toEqual([line(BOX, expected)]);
  });

  it('different packs are all kept: the guest\'s lines are added to the saved ones', () => {
    expect(merged([line(TAPE, 5)], [line(BOX, 20), line(BAG, 2)])).toEqual([line(TAPE, 5), line(BOX, 20), line(BAG, 2)]);
  });

  it('plans which lines come from where, and writes only what changes', () => {
    const plan = planBasketMerge([line(BOX, 20), line(TAPE, 5), line(WRAP, 3)], [line(BOX, 20), line(TAPE, 8), line(BAG, 2)]);
    expect(plan).toEqual({
      fromSaved: [line(WRAP, 3)],
      fromGuest: [line(BAG, 2)],
      inBoth: [
        { productPriceId: BOX, savedCount: 20, guestCount: 20, count: 20 },
        { productPriceId: TAPE, savedCount: 5, guestCount: 8, count: 8 },
      ],
    });
    expect(linesToWrite(plan)).toEqual([line(BAG, 2), line(TAPE, 8)]);
  });

  it('an empty basket on either side merges to the other as it is', () => {
    expect(merged([], [line(BOX, 20)])).toEqual([line(BOX, 20)]);
    expect(merged([line(BOX, 20)], [])).toEqual([line(BOX, 20)]);
    expect(linesToWrite(planBasketMerge([line(BOX, 20)], []))).toEqual([]);
  });

  describe('what the customer is told, once', () => {
    it('names the saved items added and the pack kept at the larger count (20 + the same 20 is 20)', () => {
      const plan = planBasketMerge([line(BOX, 20), line(TAPE, 5), line(WRAP, 1)], [line(BOX, 20)]);
      expect(basketMergeNotice(plan, nameOf)).toBe(
        'We added 2 items from your earlier visit to your basket. Cardboard Box 12x9x6 (pack of 25) was in both baskets and is kept at 20 packs, not added twice.',
      );
    });

    it('one saved item, no pack in both', () => {
      expect(basketMergeNotice(planBasketMerge([line(TAPE, 1)], [line(BOX, 20)]), nameOf)).toBe('We added 1 item from your earlier visit to your basket.');
    });

    it('only packs in both: lists each with the count kept', () => {
      const plan = planBasketMerge([line(BOX, 12), line(TAPE, 1)], [line(BOX, 5), line(TAPE, 1)]);
      expect(basketMergeNotice(plan, nameOf)).toBe(
        'Items in both baskets are kept at the larger count, not added twice: Cardboard Box 12x9x6 (pack of 25) at 12 packs and Packing Tape Brown (pack of 6) at 1 pack.',
      );
    });

    it('a long list ends with "and N more"', () => {
      const both = [line(BOX, 2), line(TAPE, 2), line(BAG, 2), line(WRAP, 2)];
      expect(basketMergeNotice(planBasketMerge(both, both), nameOf)).toMatch(/: .* at 2 packs, .* at 2 packs, .* at 2 packs and 1 more\.$/);
    });

    it('says nothing when nothing was merged (either basket empty)', () => {
      expect(basketMergeNotice(planBasketMerge([], [line(BOX, 20)]), nameOf)).toBeNull();
      expect(basketMergeNotice(planBasketMerge([line(BOX, 20)], []), nameOf)).toBeNull();
      expect(basketMergeNotice(planBasketMerge([], []), nameOf)).toBeNull();
    });
  });
});
