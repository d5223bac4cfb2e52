/**
 * `npm start` stops as a user expects: SIGTERM or SIGINT sent to the npm
 * process (what a process manager or Ctrl-C in an IDE sends) stops the server gracefully, the
 * port stops answering within seconds, and no process is left behind. And when npm dies
 * without passing a signal on (SIGKILL), the server notices and stops too.
 *
 * The real `npm start` on a free port with a temporary DATA_DIR, in a process group of its own
 * (detached), so "no process left" is checked over the whole group: a child re-parented after
 * npm exits keeps its group. It needs the storefront build: without a fresh one the test is
 * skipped (npm start would build it first), unless CI or REQUIRE_BROWSER_TESTS=1 is set.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../apps/server/src/testing/until.ts';
import { storefrontBuildIsStale } from '../../scripts/start.mjs';
import { freePort, NOT_INHERITED, repositoryRoot } from './server-process.ts';

const required = Boolean(process.env.CI) || process.env.REQUIRE_BROWSER_TESTS === '1';
const built = existsSync(path.join(repositoryRoot, 'apps/web/build/server/index.js'));
const skipReason = required
  ? null
  : !built
    ? 'the storefront is not built (run `npm run build`)'
    : storefrontBuildIsStale()
      ? 'the storefront build is older than its sources (run `npm run build`)'
      : null;
if (skipReason) console.warn(`npm start signal tests: SKIPPED, ${skipReason}; CI or REQUIRE_BROWSER_TESTS=1 makes them run.`);

/** `npm start` may build the storefront first when CI runs it on a stale build. */
const READY_TIMEOUT_MS = required ? 300_000 : 90_000;
const PORT_CLOSED_WITHIN_MS = 5_000;
const GROUP_GONE_WITHIN_MS = 12_000;

interface NpmStart {
  npm: ChildProcess;
  port: number;
  output: string[];
}

let dataDir: string;
const groups = new Set<number>();

async function npmStart(): Promise<NpmStart> {
  const port = await freePort();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !NOT_INHERITED.includes(key)) env[key] = value;
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const npm = spawn('npm', ['start'], { cwd: repositoryRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  groups.add(npm.pid!);
  const output: string[] = [];
  npm.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  npm.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));

  const ready = async () => {
    if (npm.exitCode !== null || npm.signalCode !== null) throw new Error('npm start exited before it was ready');
    try {
      return (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 200;
    } catch {
      return false; // not listening yet
    }
  };
  await waitFor('npm start to be ready', READY_TIMEOUT_MS, ready, () => output.join(''));
  return { npm, port, output };
}

/** The processes of npm's group still alive (npm, a shell, node...): `pgrep -g`. */
function processesInGroup(groupId: number): string[] {
  const found = spawnSync('pgrep', ['-a', '-g', String(groupId)], { encoding: 'utf8' });
  return found.stdout.split('\n').filter(Boolean);
}

function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** until(), with what the processes and npm said when it fails. */
async function waitFor(what: string, withinMs: number, done: () => boolean | Promise<boolean>, describeState: () => string): Promise<void> {
  try {
    await until(async () => done(), withinMs, what);
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${describeState()}`);
  }
}

describe.skipIf(skipReason !== null)('npm start stops on a signal sent to npm, leaving no process behind', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-npm-start-'));
  });

  afterAll(async () => {
    for (const group of groups) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // the group is gone, as it should be
      }
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm: the server shuts down gracefully, the port closes and no process remains`, async () => {
      const { npm, port, output } = await npmStart();
      const group = npm.pid!;
      const state = () => `processes: ${processesInGroup(group).join('; ') || 'none'}\noutput:\n${output.join('').slice(-3_000)}`;

      npm.kill(signal);

      await waitFor('the port refusing connections', PORT_CLOSED_WITHIN_MS, () => portRefuses(port), state);
      await waitFor('every process of npm start gone', GROUP_GONE_WITHIN_MS, () => processesInGroup(group).length === 0, state);
      const log = output.join('');
      // The server's own shutdown ran (not a kill): it received the signal and closed the database.
      expect(log).toContain(`"signal":"${signal}"`);
      expect(log).toContain('database closed');
    });
  }

  it('SIGKILL to npm (nothing forwarded): the orphaned server notices and stops gracefully', async () => {
    const { npm, port, output } = await npmStart();
    const group = npm.pid!;
    const state = () => `processes: ${processesInGroup(group).join('; ') || 'none'}\noutput:\n${output.join('').slice(-3_000)}`;

    npm.kill('SIGKILL');

    await waitFor('the port refusing connections', PORT_CLOSED_WITHIN_MS, () => portRefuses(port), state);
    await waitFor('every process of npm start gone', GROUP_GONE_WITHIN_MS, () => processesInGroup(group).length === 0, state);
    expect(output.join('')).toContain('database closed');
  });
});
