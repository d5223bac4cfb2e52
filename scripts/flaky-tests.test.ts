/**
 * `npm test` and flaky browser tests: a test that failed and then passed on its retry fails the
 * run, unless e2e/quarantine.json lists it with a reason (scripts/test.mjs, e2e/README.md).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failedBrowserTests, failedVitestTests, flakyTests, judgeFlaky, QUARANTINE_FILE, readQuarantine } from './test.mjs';
import { TIMED_PROJECT, TIMED_SUITES, UNTIMED_PROJECTS } from './test-projects.mjs';

/** The shape of Playwright's JSON report, trimmed to what is read: files, describes, specs and their tests' outcomes. */
const report = {
  suites: [
    {
      title: 'checkout.spec.ts',
      specs: [{ title: 'places an order', tests: [{ status: 'flaky' }] }],
      suites: [
        {
          title: 'without JavaScript',
          specs: [
            { title: 'posts the form', tests: [{ status: 'flaky' }] },
            { title: 'shows the basket', tests: [{ status: 'expected' }] },
          ],
        },
      ],
    },
    { title: 'search.spec.ts', specs: [{ title: 'finds tape', tests: [{ status: 'unexpected' }] }] },
  ],
};

const scratch = mkdtempSync(path.join(tmpdir(), 'shop-quarantine-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
function quarantineFile(content: unknown): string {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('the end of a test run', () => {
  it('names each failed test, and a file that failed to load, where the log ends', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const vitest = {
      testResults: [
        { name: path.join(root, 'packages/core/a.test.ts'), status: 'failed', assertionResults: [{ status: 'passed', fullName: 'fine' }, { status: 'failed', fullName: 'orders › adds VAT' }] },
        { name: path.join(root, 'apps/server/b.test.ts'), status: 'failed', message: 'Cannot find module x\nstack', assertionResults: [] },
      ],
    };
    expect(failedVitestTests(vitest)).toEqual(['packages/core/a.test.ts › orders › adds VAT', 'apps/server/b.test.ts › Cannot find module x']);
    expect(failedBrowserTests(report)).toEqual(['search.spec.ts › finds tape']);
    expect(failedVitestTests(null)).toEqual([]);
  });

  it('runs each timed suite alone after the rest, and each one named exists', () => {
    const root = path.resolve(import.meta.dirname, '..');
    expect(TIMED_SUITES.length).toBeGreaterThan(0);
    for (const suite of TIMED_SUITES) expect(existsSync(path.join(root, suite)), suite).toBe(true);
  });

  it('leaves the timed suites out of the main run: only their own project holds them', async () => {
    const { default: config } = await import('../vitest.config.ts');
    const projects = (config.test?.projects ?? []) as { test: { name: string; include: string[]; exclude: string[] } }[];
    expect(projects.map((project) => project.test.name).sort()).toEqual([...UNTIMED_PROJECTS, TIMED_PROJECT].sort());
    for (const project of projects) {
      if (project.test.name === TIMED_PROJECT) expect(project.test.include).toEqual(TIMED_SUITES);
      else expect(project.test.exclude).toEqual(expect.arrayContaining(TIMED_SUITES));
    }
  });
});

describe('flaky browser tests', () => {
  it('are named by file, describe titles and title, as the quarantine file names them', () => {
    expect(flakyTests(report)).toEqual(['checkout.spec.ts › places an order', 'checkout.spec.ts › without JavaScript › posts the form']);
    expect(flakyTests(null)).toEqual([]);
  });

  it('fail the run unless quarantined; a quarantined one passes with its reason', () => {
    const quarantine = [{ test: 'checkout.spec.ts › places an order', reason: 'PayPal sandbox times out' }];
    expect(judgeFlaky(flakyTests(report), quarantine)).toEqual({
      failing: ['checkout.spec.ts › without JavaScript › posts the form'],
      quarantined: [{ test: 'checkout.spec.ts › places an order', reason: 'PayPal sandbox times out' }],
    });
  });

  it('the quarantine file needs a reason for every test it lists', () => {
    expect(readQuarantine(quarantineFile({ flaky: [{ test: 'checkout.spec.ts › places an order', reason: '' }] })).error).toMatch(/needs a test and a reason/);
    expect(readQuarantine(quarantineFile({ tests: [] })).error).toMatch(/must hold/);
    expect(readQuarantine(path.join(scratch, 'none.json'))).toEqual({ entries: [] });
  });

  it("the repository's quarantine file is valid", () => {
    expect(readQuarantine(QUARANTINE_FILE).error).toBeUndefined();
  });
});
