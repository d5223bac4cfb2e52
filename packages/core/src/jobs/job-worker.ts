/**
 * Runs durable jobs (job-queue.ts) in this process: woken at once when this process records a
 * job, otherwise polling, so jobs recorded by a process that died are taken up by the others.
 * A failed attempt is retried with exponential backoff and jitter; after the last attempt the
 * job is kept as `failed` and its kind's `gaveUp` runs once.
 *
 * Delivery is at least once: if a process dies after the mail server accepted a message but
 * before the job was marked done, the job runs again when its lease ends. E-mails carry a
 * Message-ID made from the job, so a repeat is recognisable as the same message.
 */
import { errorForLog } from '../error-for-log.ts';
import type { ClaimedJob, FinishedJob, JobQueue } from './job-queue.ts';

export interface JobKind {
  run(job: ClaimedJob): Promise<void>;
  /** What to keep of the payload once the job has finished (drop secrets); default: all of it. */
  finishedPayload?(payload: Record<string, unknown>): Record<string, unknown>;
  /** Runs once when the job is given up (after its last attempt, or a permanent failure). */
  gaveUp?(job: ClaimedJob, error: unknown): Promise<void>;
}

/** A failure that another attempt cannot fix (the customer was deleted, a link expired). */
export class PermanentJobFailure extends Error {}

export interface JobWorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerSettings {
  /** Delay before the first retry; each further retry waits twice as long, up to `maxRetryDelayMs`. */
  retryBaseMs: number;
  maxRetryDelayMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** How long a claimed job is reserved for this process; longer than the slowest attempt (SMTP timeouts). */
  leaseMs: number;
  /** The longest sleep between looks for due jobs. */
  pollIntervalMs: number;
}

export const DEFAULT_JOB_SETTINGS: JobWorkerSettings = {
  retryBaseMs: 5_000,
  maxRetryDelayMs: 15 * 60_000,
  // 5 s doubling to 15 min: about 3 hours of retries.
  maxAttempts: 20,
  leaseMs: 2 * 60_000,
  pollIntervalMs: 5_000,
};

const BATCH_SIZE = 10;

export class JobWorker {
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeRequested = false;
  private wakeSleeper: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Runs are chained: the background loop and drain() never claim at the same time. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly queue: JobQueue,
    private readonly kinds: Readonly<Record<string, JobKind>>,
    private readonly settings: JobWorkerSettings = DEFAULT_JOB_SETTINGS,
    private readonly log?: JobWorkerLog,
  ) {}

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.unsubscribe = this.queue.onWake(() => this.wake());
    this.loop = this.runLoop();
  }

  /** Finishes the attempts under way and stops; jobs not yet run stay in the table for later. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.wake();
    await this.loop;
    this.loop = null;
    await this.chain;
  }

  /** Runs every job due now, and those they make due now, until none is left (tests, shutdown). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0);
  }

  private wake(): void {
    this.wakeRequested = true;
    this.wakeSleeper?.();
  }

  private async runLoop(): Promise<void> {
    while (!this.stopping) {
      this.wakeRequested = false;
      let ran = 0;
      let waitMs = this.settings.pollIntervalMs;
      try {
        ran = await this.runOnce();
        if (ran === 0) waitMs = Math.min(waitMs, (await this.queue.msUntilNextDue()) ?? waitMs);
      } catch (error) {
        // The database is away (restart, failover): look again after a poll interval.
        this.log?.warn({ error: errorText(error) }, 'job worker could not read the jobs table; will try again');
      }
      if (ran === 0 && !this.stopping && !this.wakeRequested) await this.sleep(waitMs);
    }
  }

  /** Sleeps `ms`, or less if woken (a job recorded by this process, or stop()). */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, Math.max(ms, 10));
      timer.unref?.();
      this.wakeSleeper = done;
    });
  }

  private runOnce(): Promise<number> {
    const run = this.chain.then(() => this.claimAndRun());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async claimAndRun(): Promise<number> {
    const jobs = await this.queue.claim(BATCH_SIZE, this.settings.leaseMs);
    const results = await Promise.allSettled(jobs.map((job) => this.runJob(job)));
    const done: FinishedJob[] = [];
    for (const result of results) {
      if (result.status === 'rejected') this.log?.error({ error: errorText(result.reason) }, 'could not record the outcome of a job');
      else if (result.value) done.push(result.value);
    }
    // The batch's successes are marked done in one statement (one round trip, not one per job).
    if (done.length > 0) {
      await this.queue.completeAll(done).catch((error: unknown) => this.log?.error({ error: errorText(error) }, 'could not record the outcome of a job'));
    }
    return jobs.length;
  }

  /** Runs one job; answers it when it succeeded (to be marked done), null when it failed (already recorded). */
  private async runJob(job: ClaimedJob): Promise<FinishedJob | null> {
    const kind = this.kinds[job.kind];
    try {
      if (!kind) throw new PermanentJobFailure(`No handler for jobs of kind ${job.kind}`);
      await kind.run(job);
    } catch (error) {
      await this.failed(job, kind, error);
      return null;
    }
    return { jobId: job.jobId, payload: kind.finishedPayload?.(job.payload) };
  }

  private async failed(job: ClaimedJob, kind: JobKind | undefined, error: unknown): Promise<void> {
    const message = errorText(error);
    const details = { jobId: job.jobId, kind: job.kind, attempt: job.attempt, error: message };
    if (error instanceof PermanentJobFailure || job.attempt >= this.settings.maxAttempts) {
      await this.queue.fail(job.jobId, message, kind?.finishedPayload?.(job.payload));
      this.log?.error(details, 'job given up');
      await kind?.gaveUp?.(job, error).catch((gaveUpError: unknown) => this.log?.error({ ...details, error: errorText(gaveUpError) }, 'job give-up step failed'));
      return;
    }
    const delayMs = retryDelayMs(job.attempt, this.settings);
    await this.queue.retryLater(job.jobId, message, delayMs);
    this.log?.warn({ ...details, retryInMs: Math.round(delayMs) }, 'job attempt failed; will retry');
  }
}

/** Exponential backoff with ±20% jitter, so processes that failed together do not retry together. */
export function retryDelayMs(attempt: number, settings: Pick<JobWorkerSettings, 'retryBaseMs' | 'maxRetryDelayMs'>): number {
  const exponential = Math.min(settings.retryBaseMs * 2 ** (attempt - 1), settings.maxRetryDelayMs);
  return exponential * (0.8 + Math.random() * 0.4);
}

/** The error as logged and kept in `last_error`: never a failed query's SQL or parameters. */
function errorText(error: unknown): string {
  const { type, code, message } = errorForLog(error);
  return `${type}${code ? ` ${code}` : ''}: ${message}`;
}
