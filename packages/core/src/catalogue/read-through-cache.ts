/**
 * A small in-process read-through cache for catalogue reads. Safe to lose: every entry can be
 * rebuilt from the database. Cleared whole when the catalogue changes (any process's write
 * raises a NOTIFY that the composition root turns into `clear()`).
 */
import { LRUCache } from 'lru-cache';

export class ReadThroughCache {
  /** Past the bound the least recently read entry goes first. */
  private readonly entries: LRUCache<string, Promise<unknown>>;
  private generation = 0;

  constructor(maxEntries = 5_000) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit as Promise<T>;
    const generation = this.generation;
    const pending = load();
    this.entries.set(key, pending);
    pending.then(
      () => {
        // A clear() during the load means this value may predate the change: drop it.
        if (generation !== this.generation) this.entries.delete(key);
      },
      () => this.entries.delete(key),
    );
    return pending;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
