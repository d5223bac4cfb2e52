/**
 * The reports (docs/reports.md) over two years of history on PostgreSQL: `npm run
 * reports:generate`'s 100,000 orders written into a scratch database, then each report as its
 * page asks for it, in turn, 15 rounds after a warm-up: p50, p95 and max per report. Budget
 * (issue 41): p95 under 300 ms each.
 *
 *   BENCH_REPORT_ORDERS=100000   orders generated
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { londonDateOf, Reports, type ReportRange } from '@shop/core';
import { openDatabase, type Database } from '@shop/db';
import { generateReportHistory } from '../reports/report-history.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { percentile } from './percentile.ts';

export interface ReportTiming {
  report: string;
  p50: number;
  p95: number;
  max: number;
}

export interface ReportsBenchResult {
  orders: number;
  lines: number;
  seedSeconds: number;
  timings: ReportTiming[];
}

function daysBefore(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** Each report as its page asks for it: the default 90 days, a year, two years. */
export function reportCalls(reports: Reports, today: string): { report: string; run: () => Promise<unknown> }[] {
  const days90: ReportRange = { from: daysBefore(today, 89), to: today };
  const year: ReportRange = { from: daysBefore(today, 364), to: today };
  const twoYears: ReportRange = { from: daysBefore(today, 729), to: today };
  return [
    { report: 'sales by day, 90 days', run: () => reports.sales(days90, 'day') },
    { report: 'sales by week, a year', run: () => reports.sales(year, 'week') },
    { report: 'sales by month, two years', run: () => reports.sales(twoYears, 'month') },
    { report: 'best sellers by units, a year', run: () => reports.bestSellers(year, 'units') },
    { report: 'best sellers by value, two years', run: () => reports.bestSellers(twoYears, 'value') },
    { report: 'sales by category, a year', run: () => reports.categories(year) },
    { report: 'sales by customer, a year', run: () => reports.customers(year) },
    { report: 'sales by company, a year', run: () => reports.companies(year) },
    { report: 'margin, a year', run: () => reports.margin(year) },
    { report: 'stock value', run: () => reports.stockValue() },
    { report: 'slow movers, 90 days', run: () => reports.slowMovers(90) },
  ];
}

/** Times each report on `db`: a warm-up, then `rounds` rounds of every report in turn. */
export async function timeReports(db: Database, rounds = 15): Promise<ReportTiming[]> {
  const reports = new Reports(db);
  const calls = reportCalls(reports, londonDateOf(new Date()));
  for (const call of calls) await call.run();
  const samples = calls.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, call] of calls.entries()) {
      const t0 = performance.now();
      await call.run();
      samples[i]!.push(performance.now() - t0);
    }
  }
  return calls.map((call, i) => {
    const taken = samples[i]!;
    return { report: call.report, p50: percentile(taken, 0.5), p95: percentile(taken, 0.95), max: Math.max(...taken) };
  });
}

export async function measureReports(postgresUrl: string, orders = Number(process.env.BENCH_REPORT_ORDERS ?? 100_000)): Promise<ReportsBenchResult> {
  const scratch = await createScratchDatabase(postgresUrl, 'shop_bench_reports');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    const seedStart = performance.now();
    const history = await generateReportHistory(database.db, { orders });
    // As autovacuum leaves an insert-only table: statistics and the visibility map.
    await database.db.execute(sql`VACUUM ANALYZE`);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    return { orders: history.orders, lines: history.lines, seedSeconds, timings: await timeReports(database.db) };
  } finally {
    await database.close();
    await scratch.drop();
  }
}
