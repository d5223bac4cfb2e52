/**
 * The database's own pace on this machine, as the yardstick for placing orders (DESIGN section
 * 8): pgbench's TPC-B-like script, 10 clients, on a scratch database beside the shop's, measured
 * in the same bench run. Returns null when pgbench is not installed (Debian: postgresql-client).
 */
import { spawnSync } from 'node:child_process';
import { createScratchDatabase } from './scratch-database.ts';

export interface PgbenchResult {
  transactionsPerSecond: number;
  clients: number;
  seconds: number;
}

export async function measurePgbench(adminUrl: string, seconds = 15, clients = 10): Promise<PgbenchResult | null> {
  if (spawnSync('pgbench', ['--version']).status !== 0) return null;
  const scratch = await createScratchDatabase(adminUrl, 'shop_pgbench');
  try {
    const init = spawnSync('pgbench', ['-i', '-s', '10', '-q', scratch.url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const run = spawnSync('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), scratch.url], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
    // "tps = 2987.123456 (without initial connection time)"
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
    if (!match) throw new Error(`no tps in pgbench output: ${run.stdout}`);
    return { transactionsPerSecond: Number(match[1]), clients, seconds };
  } finally {
    await scratch.drop();
  }
}
