/**
 * Work on a schedule (DESIGN section 11, decision record 021): recurring schedules whose
 * occasions (a daily run's London date, a monthly run's month) each become one job in the
 * durable queue, once, however many processes run the shop.
 *
 * Every process runs a scheduler. When an occasion falls due, each scheduler inserts it into
 * `schedule_occasions`, whose primary key (schedule name, occasion) lets exactly one insert win;
 * the winner records the occasion's job in the same transaction (with a dedupe key as well), so
 * the occasion and its job exist together or not at all. The job then runs like any other:
 * claimed by one worker, retried on failure, taken up again if its process dies.
 *
 * Restarts and downtime: a scheduler looks back over its schedule's catch-up window at start
 * and on every tick, so an occasion missed while every process was down is enqueued when the
 * first one is back (and not twice: the row is there). Occasions older than the window are
 * skipped on purpose: a daily run covers what earlier days would have done, and a shop started
 * for the first time mid-month does not send last month's statements.
 *
 * The occasion's identity comes from the schedule's rule, never from a clock reading, so
 * processes whose clocks differ by seconds still agree on it; a slow clock only enqueues late.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Row, type scheduleOccasions } from '@shop/db';
import { isWorkingDay, londonWallClock, type IsoDate } from '../delivery/dispatch-promise.ts';
import type { JobQueue } from './job-queue.ts';
import type { JobWorkerLog } from './job-worker.ts';

export interface Occasion {
  /** Names the occasion within its schedule: a London date (YYYY-MM-DD) or a month (YYYY-MM). */
  key: string;
  dueAt: Date;
}

export interface Schedule {
  /** Unique among schedules; with the occasion's key, the row that makes an occasion happen once. */
  name: string;
  /** The job each occasion records; its payload is { schedule, occasion, dueAt }. */
  jobKind: string;
  /** The latest occasion due at or before `now`. */
  latestDue(now: Date): Occasion;
  /** The occasion before this one. */
  previous(occasion: Occasion): Occasion;
  /** The occasion after this one. */
  next(occasion: Occasion): Occasion;
  /** How late an occasion may still be enqueued (after downtime); older ones are skipped. */
  catchUpWithinMs: number;
}

/** What an occasion's job carries. */
export interface OccasionPayload {
  schedule: string;
  occasion: string;
  /** ISO instant. */
  dueAt: string;
}

/** A schedule that runs every day at `hour:minute` London time; occasions are London dates. */
export function dailyAt(name: string, jobKind: string, hour: number, minute: number, catchUpWithinMs = 20 * 3_600_000): Schedule {
  const on = (date: IsoDate): Occasion => ({ key: date, dueAt: londonInstant(date, hour, minute) });
  return {
    name,
    jobKind,
    catchUpWithinMs,
    latestDue(now) {
      const today = on(londonWallClock(now).date);
      return today.dueAt <= now ? today : on(addDays(today.key, -1));
    },
    previous: (occasion) => on(addDays(occasion.key, -1)),
    next: (occasion) => on(addDays(occasion.key, 1)),
  };
}

/**
 * A schedule that runs on the first working day of each month (England and Wales: weekends and
 * bank holidays skipped) at `hour:minute` London time; occasions are months (YYYY-MM).
 */
export function firstWorkingDayOfMonthAt(name: string, jobKind: string, hour: number, minute: number, catchUpWithinMs = 7 * 86_400_000): Schedule {
  const on = (month: string): Occasion => ({ key: month, dueAt: londonInstant(firstWorkingDayOf(month), hour, minute) });
  return {
    name,
    jobKind,
    catchUpWithinMs,
    latestDue(now) {
      const thisMonth = on(londonWallClock(now).date.slice(0, 7));
      return thisMonth.dueAt <= now ? thisMonth : on(addMonths(thisMonth.key, -1));
    },
    previous: (occasion) => on(addMonths(occasion.key, -1)),
    next: (occasion) => on(addMonths(occasion.key, 1)),
  };
}

/** The first Monday-Friday of the month that is not a bank holiday in England and Wales. */
export function firstWorkingDayOf(month: string): IsoDate {
  let day = `${month}-01`;
  while (!isWorkingDay(day, 'england-and-wales')) day = addDays(day, 1);
  return day;
}

export interface SchedulerSettings {
  /** The longest sleep between ticks (a clock jump, a missed timer); default 5 minutes. */
  maxSleepMs: number;
}

const DEFAULT_SCHEDULER_SETTINGS: SchedulerSettings = { maxSleepMs: 5 * 60_000 };

export class Scheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly schedules: readonly Schedule[],
    private readonly now: () => Date = () => new Date(),
    private readonly log?: JobWorkerLog,
    private readonly settings: SchedulerSettings = DEFAULT_SCHEDULER_SETTINGS,
  ) {
    const names = new Set(schedules.map((schedule) => schedule.name));
    if (names.size !== schedules.length) throw new Error('Two schedules have the same name');
  }

  /** Ticks now (catching up), then whenever the next occasion falls due. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Enqueues every occasion due now and within its schedule's catch-up window that no process
   * has enqueued yet; answers the occasions this call enqueued (the others were there already).
   */
  async tick(): Promise<{ schedule: string; occasion: string }[]> {
    const now = this.now();
    const enqueued: { schedule: string; occasion: string }[] = [];
    for (const schedule of this.schedules) {
      for (const occasion of dueOccasions(schedule, now)) {
        if (await this.enqueue(schedule, occasion)) enqueued.push({ schedule: schedule.name, occasion: occasion.key });
      }
    }
    if (enqueued.length > 0) this.jobs.wakeWorkers();
    return enqueued;
  }

  /** The occasion's row and its job in one transaction; false when another process (or an earlier tick) has it. */
  private async enqueue(schedule: Schedule, occasion: Occasion): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted = await queryRows<Pick<Row<typeof scheduleOccasions>, 'occasion'>>(
        tx,
        sql`INSERT INTO schedule_occasions (schedule_name, occasion, due_at)
            VALUES (${schedule.name}, ${occasion.key}, ${occasion.dueAt.toISOString()}::timestamptz)
            ON CONFLICT (schedule_name, occasion) DO NOTHING
            RETURNING occasion`,
      );
      if (inserted.length === 0) return false;
      const payload: OccasionPayload = { schedule: schedule.name, occasion: occasion.key, dueAt: occasion.dueAt.toISOString() };
      await this.jobs.record({ kind: schedule.jobKind, payload: { ...payload }, dedupeKey: `schedule:${schedule.name}:${occasion.key}` }, tx);
      this.log?.info({ schedule: schedule.name, occasion: occasion.key }, 'scheduled occasion enqueued');
      return true;
    });
  }

  /** Milliseconds until the next occasion of any schedule (at least 1 s, at most maxSleepMs). */
  msUntilNextOccasion(): number {
    const now = this.now();
    const next = Math.min(...this.schedules.map((schedule) => schedule.next(schedule.latestDue(now)).dueAt.getTime()));
    return Math.min(Math.max(next - now.getTime(), 1_000), this.settings.maxSleepMs);
  }

  private loop(): void {
    if (this.stopped) return;
    this.running = this.tick()
      .catch((error: unknown) => this.log?.warn({ error: String(error) }, 'scheduler could not enqueue; will try again'))
      .then(() => {
        if (this.stopped) return;
        this.timer = setTimeout(() => this.loop(), this.schedules.length === 0 ? this.settings.maxSleepMs : this.msUntilNextOccasion());
        this.timer.unref?.();
      });
  }
}

/** The schedule's occasions due at `now` and not older than its catch-up window, oldest first. */
export function dueOccasions(schedule: Schedule, now: Date): Occasion[] {
  const due: Occasion[] = [];
  // A guard against a schedule whose window holds thousands of occasions (a misconfiguration).
  for (let occasion = schedule.latestDue(now); now.getTime() - occasion.dueAt.getTime() <= schedule.catchUpWithinMs && due.length < 100; occasion = schedule.previous(occasion)) {
    due.unshift(occasion);
  }
  return due;
}

/** The instant London's wall clock reads `hour:minute` on `date` (GMT or BST). */
export function londonInstant(date: IsoDate, hour: number, minute: number): Date {
  const wallAsUtc = Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  // London is UTC+0 or UTC+1: correct by the offset at the guess, then once more across a change.
  let instant = wallAsUtc - offsetAt(new Date(wallAsUtc));
  instant = wallAsUtc - offsetAt(new Date(instant));
  return new Date(instant);
}

function offsetAt(instant: Date): number {
  const { date, secondsOfDay } = londonWallClock(instant);
  return Date.parse(`${date}T00:00:00Z`) + secondsOfDay * 1000 - Math.floor(instant.getTime() / 1000) * 1000;
}

function addDays(date: IsoDate, days: number): IsoDate {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function addMonths(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
