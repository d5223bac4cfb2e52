/**
 * Durable jobs on both databases: a job exists exactly when the change that recorded it
 * committed; a failing job is retried with backoff and given up after its last attempt; a
 * lease keeps a job to one worker, and a job whose worker died is run once its lease ends;
 * workers sharing one database never run one job twice.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle, type Executor } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { JobQueue, type ClaimedJob } from './job-queue.ts';
import { DEFAULT_JOB_SETTINGS, JobWorker, PermanentJobFailure, retryDelayMs, type JobKind, type JobWorkerSettings } from './job-worker.ts';

const fast: JobWorkerSettings = { ...DEFAULT_JOB_SETTINGS, retryBaseMs: 20, maxRetryDelayMs: 100, maxAttempts: 3, leaseMs: 60_000, pollIntervalMs: 50 };

async function jobRow(database: DatabaseHandle, dedupeKey: string) {
  const [row] = await queryRows<{ state: string; attempts: number; last_error: string | null; payload: Record<string, unknown> }>(
    database.db,
    sql`SELECT state, attempts, last_error, payload FROM jobs WHERE dedupe_key = ${dedupeKey}`,
  );
  return row;
}

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const kind of databaseKinds()) {
  describe(`durable jobs [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let queue: JobQueue;
    let n = 0;
    const key = () => `test:${++n}`;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      queue = new JobQueue(database.db);
    });
    afterAll(async () => drop?.());

    it('an idle worker looks at the jobs table once per poll interval, not continuously', async () => {
      // Runs first: no job exists yet.
      expect(await queue.msUntilNextDue()).toBeNull();
      let claims = 0;
      const counting = Object.assign(Object.create(queue) as JobQueue, {
        claim: (limit: number, leaseMs: number) => {
          claims += 1;
          return queue.claim(limit, leaseMs);
        },
      });
      const worker = new JobWorker(counting, {}, { ...fast, pollIntervalMs: 300 });
      worker.start();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await worker.stop();
      expect(claims).toBeGreaterThanOrEqual(2);
      expect(claims).toBeLessThanOrEqual(6);
    });

    it('a job recorded in a transaction that rolls back never exists; one that commits does', async () => {
      const [kept, undone] = [key(), key()];
      await database.db.transaction(async (tx) => queue.record({ kind: 'k', payload: {}, dedupeKey: kept }, tx as unknown as Executor));
      await database.db
        .transaction(async (tx) => {
          await queue.record({ kind: 'k', payload: {}, dedupeKey: undone }, tx as unknown as Executor);
          throw new Error('the change failed');
        })
        .catch(() => {});
      expect(await jobRow(database, kept)).toMatchObject({ state: 'pending', attempts: 0 });
      expect(await jobRow(database, undone)).toBeUndefined();
    });

    it('one job per dedupe key, however often it is recorded', async () => {
      const dedupeKey = key();
      await queue.record({ kind: 'k', payload: { first: true }, dedupeKey });
      await queue.record({ kind: 'k', payload: { first: false }, dedupeKey });
      const [{ count }] = (await queryRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM jobs WHERE dedupe_key = ${dedupeKey}`)) as [
        { count: number },
      ];
      expect(count).toBe(1);
      expect((await jobRow(database, dedupeKey))?.payload).toEqual({ first: true });
    });

    it('runs a job as soon as the recording process wakes its worker, then marks it done', async () => {
      const dedupeKey = key();
      const ran: ClaimedJob[] = [];
      const worker = new JobWorker(queue, { quick: { run: async (job) => void ran.push(job) } }, { ...fast, pollIntervalMs: 60_000 });
      worker.start();
      try {
        await queue.record({ kind: 'quick', payload: { orderId: 7 }, dedupeKey });
        queue.wakeWorkers();
        await until(async () => (await jobRow(database, dedupeKey))?.state === 'done');
        expect(ran.map((job) => [job.payload, job.attempt])).toEqual([[{ orderId: 7 }, 1]]);
      } finally {
        await worker.stop();
      }
    });

    it('a batch of jobs is marked done together, each keeping only what its kind keeps of the payload', async () => {
      const [secret, plain] = [key(), key()];
      const kinds: Record<string, JobKind> = {
        reset: { run: async () => undefined, finishedPayload: (payload) => ({ userId: payload.userId }) },
        note: { run: async () => undefined },
      };
      await queue.record({ kind: 'reset', payload: { userId: 3, token: 'do-not-keep' }, dedupeKey: secret });
      await queue.record({ kind: 'note', payload: { orderId: 9 }, dedupeKey: plain });
      await new JobWorker(queue, kinds, fast).drain();
      expect(await jobRow(database, secret)).toMatchObject({ state: 'done', payload: { userId: 3 } });
      expect(await jobRow(database, plain)).toMatchObject({ state: 'done', payload: { orderId: 9 } });
    });

    it('retries a failing job with backoff, then succeeds', async () => {
      const dedupeKey = key();
      let calls = 0;
      const kinds: Record<string, JobKind> = {
        flaky: {
          async run() {
            calls += 1;
            if (calls < 3) throw new Error(`mail server away (${calls})`);
          },
        },
      };
      const worker = new JobWorker(queue, kinds, fast);
      await queue.record({ kind: 'flaky', payload: {}, dedupeKey });
      worker.start();
      try {
        const row = await until(async () => {
          const current = await jobRow(database, dedupeKey);
          return current?.state === 'done' && current;
        });
        expect(row.attempts).toBe(3);
        expect(calls).toBe(3);
      } finally {
        await worker.stop();
      }
    });

    it('gives a job up after its last attempt, keeps it as failed with the error, and runs the give-up step once', async () => {
      const dedupeKey = key();
      const gaveUp: string[] = [];
      const kinds: Record<string, JobKind> = {
        broken: {
          run: async () => {
            throw new Error('550 mailbox unavailable');
          },
          gaveUp: async (_job, error) => void gaveUp.push((error as Error).message),
          finishedPayload: () => ({ secret: 'forgotten' }),
        },
      };
      const worker = new JobWorker(queue, kinds, fast);
      await queue.record({ kind: 'broken', payload: { secret: 'token' }, dedupeKey });
      worker.start();
      try {
        const row = await until(async () => {
          const current = await jobRow(database, dedupeKey);
          return current?.state === 'failed' && current;
        });
        expect(row).toMatchObject({ attempts: 3, last_error: 'Error: 550 mailbox unavailable', payload: { secret: 'forgotten' } });
        expect(gaveUp).toEqual(['550 mailbox unavailable']);
      } finally {
        await worker.stop();
      }
    });

    it('a permanent failure is given up at once', async () => {
      const dedupeKey = key();
      const worker = new JobWorker(
        queue,
        {
          gone: {
            run: async () => {
              throw new PermanentJobFailure('customer deleted');
            },
          },
        },
        fast,
      );
      await queue.record({ kind: 'gone', payload: {}, dedupeKey });
      await worker.drain();
      expect(await jobRow(database, dedupeKey)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'PermanentJobFailure: customer deleted' });
    });

    it('a job claimed by a worker that died is run by another once the lease ends, not before', async () => {
      const dedupeKey = key();
      await queue.record({ kind: 'quick', payload: {}, dedupeKey });
      // A worker claims it and dies without finishing (kill -9 mid-send).
      const claimed = await queue.claim(100, 300);
      expect(claimed.some((job) => job.kind === 'quick')).toBe(true);
      const ran: number[] = [];
      const survivor = new JobWorker(queue, { quick: { run: async (job) => void ran.push(job.attempt) } }, fast);
      await survivor.drain();
      expect(ran).toEqual([]); // still leased
      await new Promise((resolve) => setTimeout(resolve, 350));
      await survivor.drain();
      expect(ran).toEqual([2]);
      expect((await jobRow(database, dedupeKey))?.state).toBe('done');
    });

    it('four workers on one database run each of 60 jobs exactly once', async () => {
      const runs = new Map<number, number>();
      const kinds: Record<string, JobKind> = {
        counted: {
          async run(job) {
            runs.set(job.payload.i as number, (runs.get(job.payload.i as number) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, 2));
          },
        },
      };
      const workers = Array.from({ length: 4 }, () => new JobWorker(queue, kinds, fast));
      for (let i = 0; i < 60; i++) await queue.record({ kind: 'counted', payload: { i }, dedupeKey: `counted:${kind}:${i}` });
      workers.forEach((worker) => worker.start());
      try {
        await until(async () => runs.size === 60 && [...runs.values()].every((count) => count >= 1));
        await Promise.all(workers.map((worker) => worker.drain()));
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(runs.size).toBe(60);
    });
  });
}

describe('retry delays', () => {
  it('double from the base, within ±20%, and stop growing at the maximum', () => {
    const settings = { retryBaseMs: 1_000, maxRetryDelayMs: 10_000 };
    for (const [attempt, nominal] of [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
      [4, 8_000],
      [5, 10_000],
      [12, 10_000],
    ] as const) {
      for (let i = 0; i < 20; i++) {
        const delay = retryDelayMs(attempt, settings);
        expect(delay).toBeGreaterThanOrEqual(nominal * 0.8);
        expect(delay).toBeLessThanOrEqual(nominal * 1.2);
      }
    }
  });
});
