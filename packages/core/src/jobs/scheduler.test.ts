/**
 * Schedules: occasions fall at London wall-clock times (GMT and BST), monthly ones on the first
 * working day (weekends and bank holidays skipped); an occasion missed within its catch-up window
 * is still enqueued, older ones are not; schedulers racing for one occasion enqueue it once; a
 * job may be recorded to run at a later time and is not claimed before it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs as jobsTable, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { JobQueue } from './job-queue.ts';
import { dailyAt, dueOccasions, firstWorkingDayOf, firstWorkingDayOfMonthAt, londonInstant, Scheduler } from './scheduler.ts';

describe('schedule occasions', () => {
  it('a daily 07:00 falls at 06:00 UTC in summer and 07:00 UTC in winter', () => {
    expect(londonInstant('2025-06-10', 7, 0).toISOString()).toBe('2025-06-10T06:00:00.000Z');
    expect(londonInstant('2025-12-10', 7, 0).toISOString()).toBe('2025-12-10T07:00:00.000Z');
    // The day the clocks go forward (30 March 2025, at 01:00 UTC).
    expect(londonInstant('2025-03-30', 7, 0).toISOString()).toBe('2025-03-30T06:00:00.000Z');
  });

  it('the latest daily occasion is yesterday until 07:00 London, then today', () => {
    const daily = dailyAt('d', 'k', 7, 0);
    expect(daily.latestDue(new Date('2025-06-10T05:59:00Z')).key).toBe('2025-06-09');
    expect(daily.latestDue(new Date('2025-06-10T06:00:00Z')).key).toBe('2025-06-10');
  });

  it('the monthly run is on the first working day: 2 January 2026 (New Year), 1 December 2025, 2 June 2025 (a Monday)', () => {
    expect(firstWorkingDayOf('2026-01')).toBe('2026-01-02');
    expect(firstWorkingDayOf('2025-12')).toBe('2025-12-01');
    expect(firstWorkingDayOf('2025-06')).toBe('2025-06-02');
    const monthly = firstWorkingDayOfMonthAt('m', 'k', 6, 0);
    expect(monthly.latestDue(new Date('2026-01-01T12:00:00Z')).key).toBe('2025-12');
    expect(monthly.latestDue(new Date('2026-01-02T06:00:00Z')).key).toBe('2026-01');
  });

  it('an occasion missed within the catch-up window is due; older ones are skipped', () => {
    const monthly = firstWorkingDayOfMonthAt('m', 'k', 6, 0);
    expect(dueOccasions(monthly, new Date('2025-06-06T12:00:00Z')).map((o) => o.key)).toEqual(['2025-06']);
    // First started mid-month: last month's statements are not sent.
    expect(dueOccasions(monthly, new Date('2025-06-20T12:00:00Z'))).toEqual([]);
    const daily = dailyAt('d', 'k', 7, 0);
    expect(dueOccasions(daily, new Date('2025-06-10T09:00:00Z')).map((o) => o.key)).toEqual(['2025-06-10']);
  });
});

for (const kind of databaseKinds()) {
  describe(`scheduler on the database [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
    });
    afterAll(async () => drop?.());

    it('five schedulers ticking at once enqueue the occasion once, with one job', async () => {
      const jobs = new JobQueue(database.db);
      const schedule = dailyAt('race-test', 'test.race', 7, 0);
      const now = () => new Date('2025-06-10T09:00:00Z');
      const schedulers = Array.from({ length: 5 }, () => new Scheduler(database.db, jobs, [schedule], now));
      const enqueued = (await Promise.all(schedulers.map((s) => s.tick()))).flat();
      expect(enqueued).toEqual([{ schedule: 'race-test', occasion: '2025-06-10' }]);
      const rows = await database.db.select({ payload: jobsTable.payload }).from(jobsTable).where(eq(jobsTable.kind, 'test.race'));
      expect(rows.map((r) => r.payload)).toEqual([{ schedule: 'race-test', occasion: '2025-06-10', dueAt: '2025-06-10T06:00:00.000Z' }]);
      expect(await schedulers[0]!.tick()).toEqual([]);
    });

    it('a job recorded to run at a later time is not claimed before it', async () => {
      const jobs = new JobQueue(database.db);
      await database.db.execute(sql`DELETE FROM jobs`);
      await jobs.record({ kind: 'test.later', payload: {}, dedupeKey: 'later:1', runAt: new Date(Date.now() + 60_000) });
      expect((await jobs.claim(10, 1_000)).filter((job) => job.kind === 'test.later')).toEqual([]);
      const wait = await jobs.msUntilNextDue();
      expect(wait).toBeGreaterThan(50_000);
      await database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = 'later:1'`);
      expect((await jobs.claim(10, 1_000)).map((job) => job.kind)).toEqual(['test.later']);
    });
  });
}
