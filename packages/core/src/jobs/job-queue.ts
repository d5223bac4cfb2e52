/**
 * Durable jobs (DESIGN section 11), as an outbox table that runs on PGlite and PostgreSQL alike
 * (decision record 006). A job is recorded in the transaction of the change that causes it, so
 * it exists exactly when the change does. Workers claim due jobs with FOR UPDATE SKIP LOCKED and
 * take a lease (`locked_until`): two processes never hold one job at once, and a job whose
 * process died is taken up again when its lease runs out. Times come from the database's clock,
 * the one clock every process shares.
 */
import { sql, type SQL } from 'drizzle-orm';
import { columnsOf, figuresOf, jobs, queryRows, type Database, type Executor, type Row } from '@shop/db';

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** One job per key, however many times it is recorded (e.g. `order-confirmation:42`). */
  dedupeKey?: string;
  /** Not before this instant (decision record 021); default: as soon as it is recorded. */
  runAt?: Date;
}

export type ClaimedJob = Pick<Row<typeof jobs>, 'jobId' | 'kind' | 'payload' | 'createdAt'> & {
  /** This attempt's number, from 1. */
  attempt: number;
};

const CLAIMED = columnsOf(jobs, ['jobId', 'kind', 'payload', 'attempts', 'createdAt']);
/** Milliseconds until the next pending job is due; null: no pending job. */
const WAIT = figuresOf({ wait_ms: 'number?' });

/** A job that ran successfully, and what to keep of its payload (undefined: all of it). */
export interface FinishedJob {
  jobId: number;
  payload?: Record<string, unknown>;
}

export class JobQueue {
  private readonly wakeListeners = new Set<() => void>();

  constructor(private readonly db: Database) {}

  /** Records a job; call it with the transaction of the change that causes it. */
  async record(job: NewJob, executor: Executor = this.db): Promise<void> {
    await executor.execute(this.recordStatement(job));
  }

  /** The statement that records a job, to run within the change's own statement (inOneStatement). */
  recordStatement(job: NewJob): SQL {
    return sql`
      INSERT INTO jobs (kind, payload, dedupe_key, run_at)
      VALUES (${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.dedupeKey ?? null},
              COALESCE(${job.runAt?.toISOString() ?? null}::timestamptz, now()))
      ON CONFLICT (dedupe_key) DO NOTHING`;
  }

  /**
   * Call after the transaction that recorded jobs has committed: this process's worker runs them
   * now. (No NOTIFY: it would serialise every order's commit. Other processes' workers poll, and
   * only need to when this one dies before its lease ends.)
   */
  wakeWorkers(): void {
    for (const wake of this.wakeListeners) wake();
  }

  onWake(listener: () => void): () => void {
    this.wakeListeners.add(listener);
    return () => this.wakeListeners.delete(listener);
  }

  /** Takes up to `limit` due jobs for `leaseMs`; each claim counts as an attempt. */
  async claim(limit: number, leaseMs: number): Promise<ClaimedJob[]> {
    const rows = await queryRows<object>(
      this.db,
      sql`
        UPDATE jobs SET attempts = attempts + 1, locked_until = now() + ${leaseMs} * interval '1 millisecond'
        WHERE job_id IN (
          SELECT job_id FROM jobs
          WHERE state = 'pending' AND run_at <= now() AND (locked_until IS NULL OR locked_until <= now())
          ORDER BY run_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING ${CLAIMED.list}`,
    );
    return rows.map((raw) => {
      const { attempts, ...job } = CLAIMED.read(raw);
      return { ...job, attempt: attempts };
    });
  }

  /** The job is done; `payload` replaces the stored one (to forget a secret such as a reset token). */
  async complete(jobId: number, payload?: Record<string, unknown>): Promise<void> {
    await this.db.execute(sql`
      UPDATE jobs SET state = 'done', finished_at = now(), locked_until = NULL, last_error = NULL,
        payload = COALESCE(${payload === undefined ? null : JSON.stringify(payload)}::jsonb, payload)
      WHERE job_id = ${jobId}`);
  }

  /** Several jobs are done (a worker's batch), each with the payload to keep if it gives one. */
  async completeAll(jobs: readonly FinishedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const rows = JSON.stringify(jobs.map((job) => ({ job_id: job.jobId, payload: job.payload ?? null })));
    await this.db.execute(sql`
      UPDATE jobs SET state = 'done', finished_at = now(), locked_until = NULL, last_error = NULL,
        payload = COALESCE(finished.payload, jobs.payload)
      FROM jsonb_to_recordset(${rows}::jsonb) AS finished(job_id bigint, payload jsonb)
      WHERE jobs.job_id = finished.job_id`);
  }

  /** The attempt failed: run it again after `delayMs`. */
  async retryLater(jobId: number, error: string, delayMs: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE jobs SET run_at = now() + ${Math.round(delayMs)} * interval '1 millisecond', locked_until = NULL, last_error = ${error}
      WHERE job_id = ${jobId}`);
  }

  /** No more attempts: the job stays as `failed`, with its last error, for someone to look at. */
  async fail(jobId: number, error: string, payload?: Record<string, unknown>): Promise<void> {
    await this.db.execute(sql`
      UPDATE jobs SET state = 'failed', finished_at = now(), locked_until = NULL, last_error = ${error},
        payload = COALESCE(${payload === undefined ? null : JSON.stringify(payload)}::jsonb, payload)
      WHERE job_id = ${jobId}`);
  }

  /** Milliseconds until the next pending job is due (its run time or the end of its lease), or null if none. */
  async msUntilNextDue(): Promise<number | null> {
    // No GREATEST(0, ...) in SQL: GREATEST ignores a NULL, so "no pending job" would read as "due now"
    // and an idle worker would poll every 10 ms.
    const [raw = {}] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`
        SELECT EXTRACT(EPOCH FROM (min(GREATEST(run_at, COALESCE(locked_until, run_at))) - now())) * 1000 AS wait_ms
        FROM jobs WHERE state = 'pending'`,
    );
    const wait = WAIT.read(raw).wait_ms;
    return wait === null ? null : Math.max(0, wait);
  }

  /**
   * Ends every lease at once. Only for the embedded database at start: PGlite is held by one
   * process, so a lease still running belongs to a process that is gone (killed mid-send).
   */
  async releaseAllLeases(): Promise<void> {
    await this.db.execute(sql`UPDATE jobs SET locked_until = NULL WHERE state = 'pending' AND locked_until IS NOT NULL`);
  }
}
