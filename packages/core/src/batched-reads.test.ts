import { describe, expect, it } from 'vitest';
import { BatchedReads } from './batched-reads.ts';

/** A reader of squares that records each batch it was asked for. */
function squares() {
  const batches: number[][] = [];
  const reads = new BatchedReads<number, number>(
    async (keys) => {
      batches.push(keys);
      return new Map(keys.filter((key) => key >= 0).map((key) => [String(key), key * key]));
    },
    (key) => String(key),
  );
  return { reads, batches };
}

describe('reads asked for in one turn are made as one', () => {
  it('ten reads in one turn are one batch, each answered its own value', async () => {
    const { reads, batches } = squares();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => reads.read(i)));
    expect(answers).toEqual([0, 1, 4, 9, 16, 25, 36, 49, 64, 81]);
    expect(batches).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
  });

  it('a key asked for twice is read once and both callers get it; a key not found answers null', async () => {
    const { reads, batches } = squares();
    expect(await Promise.all([reads.read(3), reads.read(3), reads.read(-1)])).toEqual([9, 9, null]);
    expect(batches).toEqual([[3, -1]]);
  });

  it('reads in later turns are later batches', async () => {
    const { reads, batches } = squares();
    expect(await reads.read(2)).toBe(4);
    expect(await reads.read(5)).toBe(25);
    expect(batches).toEqual([[2], [5]]);
  });

  it('a failed batch fails every read in it, and the next turn reads again', async () => {
    let fail = true;
    const reads = new BatchedReads<number, number>(
      async (keys) => {
        if (fail) throw new Error('database away');
        return new Map(keys.map((key) => [String(key), key]));
      },
      String,
    );
    const first = await Promise.allSettled([reads.read(1), reads.read(2)]);
    expect(first.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await reads.read(1)).toBe(1);
  });
});
