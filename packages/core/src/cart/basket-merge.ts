/**
 * Signing in (or up) with a guest basket: the rule for merging it into the customer's saved
 * basket (DESIGN 4 "Sign-in merges baskets"), and what the customer is told.
 *
 * - A pack in both baskets keeps the larger of the two counts, never their sum: a customer who
 *   put 20 packs in as a guest and finds the same 20 saved from an earlier visit wants 20, not 40.
 * - A pack in one basket only is kept as it is (so the guest's lines are added to the saved ones).
 * - The customer is told once what changed, when both baskets had lines.
 *
 * Pure: the repository reads and locks both baskets, asks planBasketMerge what to write, and
 * writes it; the sentence is built from the merged basket's display names.
 */

/** One line of a basket as the merge sees it: a pack and its number of packs. */
export interface MergeLine {
  productPriceId: number;
  count: number;
}

/** A pack both baskets held. */
export interface PackInBoth {
  productPriceId: number;
  savedCount: number;
  guestCount: number;
  /** The count kept: the larger one. */
  count: number;
}

export interface BasketMerge {
  /** Packs only the saved basket had: new to the customer's basket as they saw it a moment ago. */
  fromSaved: MergeLine[];
  /** Packs only the guest basket had: added to the saved basket as they are. */
  fromGuest: MergeLine[];
  /** Packs in both, each kept at the larger count. */
  inBoth: PackInBoth[];
}

/** The count a pack keeps when it is in both baskets. The one place of the rule. */
export function mergedCount(savedCount: number, guestCount: number): number {
  return Math.max(savedCount, guestCount);
}

/** How the guest basket merges into the saved one (each list in its basket's order). */
export function planBasketMerge(saved: readonly MergeLine[], guest: readonly MergeLine[]): BasketMerge {
  const guestCounts = new Map(guest.map((line) => [line.productPriceId, line.count]));
  const savedCounts = new Map(saved.map((line) => [line.productPriceId, line.count]));
  return {
    fromSaved: saved.filter((line) => !guestCounts.has(line.productPriceId)).map(copy),
    fromGuest: guest.filter((line) => !savedCounts.has(line.productPriceId)).map(copy),
    inBoth: saved
      .filter((line) => guestCounts.has(line.productPriceId))
      .map((line) => {
        const guestCount = guestCounts.get(line.productPriceId)!;
        return { productPriceId: line.productPriceId, savedCount: line.count, guestCount, count: mergedCount(line.count, guestCount) };
      }),
  };
}

/**
 * The lines the saved basket must write: every guest-only pack (inserted) and every pack in both
 * whose kept count differs from the saved one (updated).
 */
export function linesToWrite(merge: BasketMerge): MergeLine[] {
  return [
    ...merge.fromGuest,
    ...merge.inBoth.filter((pack) => pack.count !== pack.savedCount).map((pack) => ({ productPriceId: pack.productPriceId, count: pack.count })),
  ];
}

/** How many pack names a notice lists before "and N more". */
const NAMES_LISTED = 3;

/**
 * What the customer is told after signing in, e.g. "We added 2 items from your earlier visit to
 * your basket. Cardboard Box 12x9x6 (pack of 25) was in both and is kept at 20 packs, not added
 * twice." Null when there is nothing to tell: one of the baskets was empty, so nothing was merged.
 * `nameOf` gives a pack's display name (with its pack size).
 */
export function basketMergeNotice(merge: BasketMerge, nameOf: (productPriceId: number) => string): string | null {
  const guestHadLines = merge.fromGuest.length + merge.inBoth.length > 0;
  const savedHadLines = merge.fromSaved.length + merge.inBoth.length > 0;
  if (!guestHadLines || !savedHadLines) return null;
  const sentences: string[] = [];
  const added = merge.fromSaved.length;
  if (added > 0) sentences.push(`We added ${added} ${added === 1 ? 'item' : 'items'} from your earlier visit to your basket.`);
  if (merge.inBoth.length > 0) {
    const kept = merge.inBoth.map((pack) => `${nameOf(pack.productPriceId)} at ${packs(pack.count)}`);
    const listed = listOf(kept.slice(0, NAMES_LISTED), kept.length - NAMES_LISTED);
    sentences.push(
      merge.inBoth.length === 1
        ? `${nameOf(merge.inBoth[0]!.productPriceId)} was in both baskets and is kept at ${packs(merge.inBoth[0]!.count)}, not added twice.`
        : `Items in both baskets are kept at the larger count, not added twice: ${listed}.`,
    );
  }
  return sentences.join(' ');
}

function packs(count: number): string {
  return `${count} ${count === 1 ? 'pack' : 'packs'}`;
}

/** "a, b and c", or "a, b, c and 2 more". */
function listOf(items: string[], more: number): string {
  if (more > 0) return `${items.join(', ')} and ${more} more`;
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function copy(line: MergeLine): MergeLine {
  return { productPriceId: line.productPriceId, count: line.count };
}
