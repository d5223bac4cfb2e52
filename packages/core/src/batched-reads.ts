/**
 * Reads asked for in the same turn of the event loop, made as one (DataLoader's idea, without its
 * cache). The e-mail worker runs a batch of jobs at once and each asks for its order: one
 * statement answers the batch instead of one per e-mail.
 */
export class BatchedReads<Key, Value> {
  private pending: { key: Key; resolve: (value: Value | null) => void; reject: (error: unknown) => void }[] = [];

  /**
   * @param readMany reads every key given, answering the values found by `idOf(key)`
   * @param idOf a key's identity (keys asked for twice are read once)
   */
  constructor(
    private readonly readMany: (keys: Key[]) => Promise<Map<string, Value>>,
    private readonly idOf: (key: Key) => string,
  ) {}

  /** The value of `key`, or null when there is none; read with every other key asked for in this turn. */
  read(key: Key): Promise<Value | null> {
    return new Promise((resolve, reject) => {
      // The first read of a turn schedules the batch; the rest of the turn's reads join it.
      if (this.pending.push({ key, resolve, reject }) === 1) queueMicrotask(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const keys = [...new Map(batch.map(({ key }) => [this.idOf(key), key])).values()];
    try {
      const found = await this.readMany(keys);
      for (const { key, resolve } of batch) resolve(found.get(this.idOf(key)) ?? null);
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}
