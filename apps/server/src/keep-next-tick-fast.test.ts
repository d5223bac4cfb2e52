import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const keepNextTickFast = path.join(import.meta.dirname, 'keep-next-tick-fast.ts');

/**
 * A fresh Node process queues ticks, goes through full collections with no tick queued (as
 * seeding the embedded database does), queues ticks again, and prints V8's view of nextTick's
 * feedback. The natives syntax is parsed by `new Function`, after the loader.
 */
const afterCollectionsWithNoTickQueued = `
const ticks = async () => { for (let i = 0; i < 20; i++) await new Promise((resolve) => process.nextTick(resolve)); };
await ticks();
for (let round = 0; round < 4; round++) {
  gc(); gc(); gc();
  await ticks();
  await new Promise((resolve) => setImmediate(resolve));
}
new Function('f', '%DebugPrint(f)')(process.nextTick);
`;

const outputDir = mkdtempSync(path.join(tmpdir(), 'next-tick-'));
afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

async function nextTickFeedback(preload: string[]): Promise<string> {
  // V8 prints with C's stdio, which loses output on a non-blocking pipe: the child writes to a file.
  const outputFile = path.join(outputDir, `${preload.length}.txt`);
  const output = openSync(outputFile, 'w');
  try {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--allow-natives-syntax', ...preload, '--input-type=module', '--eval', afterCollectionsWithNoTickQueued],
      { cwd: path.join(import.meta.dirname, '..'), stdio: ['ignore', output, 'inherit'] },
    );
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
  } finally {
    closeSync(output);
  }
  return readFileSync(outputFile, 'utf8');
}

// The stores that build a tick object (its symbol keys are computed, hence "KeyedOwn...InLiteral").
const tickStores = /DefineKeyedOwnPropertyInLiteral (\w+)/g;
const statesOf = (feedback: string) => [...feedback.matchAll(tickStores)].map((match) => match[1]);

describe('process.nextTick after full garbage collections with no tick queued', () => {
  it('turns megamorphic (five times slower) in plain Node 20: the reason keep-next-tick-fast.ts exists', async () => {
    const states = statesOf(await nextTickFeedback([]));
    expect(states.length).toBeGreaterThan(0);
    expect(states).toContain('MEGAMORPHIC');
  });

  it('stays monomorphic in a process that imported keep-next-tick-fast.ts first', async () => {
    const states = statesOf(await nextTickFeedback(['--import', 'tsx', '--import', keepNextTickFast]));
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state === 'MONOMORPHIC')).toBe(true);
  });
});
