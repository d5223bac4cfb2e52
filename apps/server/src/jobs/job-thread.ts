/**
 * The job worker of an app process on PostgreSQL runs in a worker thread (DESIGN section 11:
 * a worker in every app process). The request thread only records jobs in the change's
 * transaction and wakes the thread; rendering and sending the e-mails happen beside it, so a
 * burst of orders is answered at the pace of the database, not of the mail. Claims are the
 * queue's (FOR UPDATE SKIP LOCKED), so the thread and any other process never run one job twice.
 *
 * The thread runs at a lower CPU priority than requests (JOB_THREAD_NICENESS): under a burst of
 * orders their answers come first and the e-mails follow within seconds.
 *
 * If the thread dies it is started again after a pause (1 s, doubling up to a minute); the
 * jobs it held are taken up again when their lease ends.
 */
import { Worker } from 'node:worker_threads';
import type { JobWorkerLog } from '@shop/core';
import type { AppConfig } from '../config.ts';

/** What the two threads say to each other: the main thread `wake` and `stop`, the job thread `ready`. */
export type JobThreadMessage = 'wake' | 'stop' | 'ready';

/** Connections of the job thread's own pool: a worker's batch runs its reads two at a time at most. */
export const JOB_THREAD_POOL_SIZE = 2;
/** The job thread's niceness on Linux (0 normal, 19 lowest): below requests, never starved (job-thread-main.ts). */
export const JOB_THREAD_NICENESS = 10;
/** How long shutdown waits for attempts under way (below the server's 10 s shutdown limit). */
const STOP_TIMEOUT_MS = 8_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 60_000;
/** A thread that ran this long before dying starts again after the first delay, not a longer one. */
const HEALTHY_RUN_MS = 60_000;

/** Where the thread's start, failures and restarts are reported (the app's logger). */
export type JobThreadLog = Pick<JobWorkerLog, 'info' | 'error'>;

export class JobThread {
  private worker: Worker | null = null;
  private stopping = false;
  private restartDelayMs = FIRST_RESTART_DELAY_MS;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly log: JobThreadLog,
  ) {}

  start(): void {
    if (this.worker || this.stopping) return;
    const startedAt = Date.now();
    const worker = new Worker(new URL('./job-thread-entry.mjs', import.meta.url), {
      workerData: { config: this.config },
      name: 'jobs',
    });
    this.worker = worker;
    worker.on('message', (message: JobThreadMessage) => {
      if (message === 'ready') this.log.info({ threadId: worker.threadId }, 'job worker thread started');
    });
    worker.on('error', (error) => this.log.error({ error: `${error.name}: ${error.message}` }, 'job worker thread failed'));
    worker.on('exit', (code) => {
      this.worker = null;
      if (this.stopping) return;
      if (Date.now() - startedAt >= HEALTHY_RUN_MS) this.restartDelayMs = FIRST_RESTART_DELAY_MS;
      this.log.error({ code, restartInMs: this.restartDelayMs }, 'job worker thread stopped; starting it again');
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        this.start();
      }, this.restartDelayMs);
      this.restartTimer.unref();
      this.restartDelayMs = Math.min(this.restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    });
  }

  /** A job was recorded and committed by this process: run it now rather than at the next poll. */
  wake(): void {
    this.worker?.postMessage('wake' satisfies JobThreadMessage);
  }

  /** Lets attempts under way finish (at most STOP_TIMEOUT_MS); jobs not yet run wait in the table. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop' satisfies JobThreadMessage);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
    });
    if ((await Promise.race([exited, timedOut])) === 'timeout') {
      this.log.error({ timeoutMs: STOP_TIMEOUT_MS }, 'job worker thread did not stop in time; ending it (its jobs run again when their lease ends)');
      await worker.terminate();
    }
    clearTimeout(timer);
  }
}

/** The job worker runs in a thread only on PostgreSQL: the embedded PGlite lives in the main thread. */
export function jobsRunInThread(config: AppConfig, driver: 'pglite' | 'postgres'): boolean {
  return driver === 'postgres' && config.jobs.inThread;
}
