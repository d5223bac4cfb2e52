#!/usr/bin/env node
// `npm test`: every test. Unit, API and database suites (Vitest; again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser suites (Playwright in Chromium) when a Chromium
// is found (CHROME_PATH, else /usr/bin/chromium). REQUIRE_BROWSER_TESTS=1 makes a missing
// Chromium a failure. Ends with one line: "N passed, N flaky, N failed".
//
// A flaky browser test (failed, then passed on its retry) fails the run unless it is listed,
// with a reason, in e2e/quarantine.json (e2e/README.md says how).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { storefrontBuildIsStale } from './start.mjs';
import { TIMED_PROJECT, UNTIMED_PROJECTS } from './test-projects.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const QUARANTINE_FILE = path.join(root, 'e2e/quarantine.json');

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The browser tests Playwright's JSON report calls flaky, each named as the quarantine file
 * names it: the spec file, its describe titles and its own title, joined by " › ".
 */
export function flakyTests(report) {
  const names = [];
  const visit = (suite, titles) => {
    // A file's suite is titled by the file; a describe's by its title.
    const titlePath = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === 'flaky')) names.push([...titlePath, spec.title].join(' › '));
    }
    for (const child of suite.suites ?? []) visit(child, titlePath);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return names;
}

/**
 * The quarantine file's entries ({ test, reason }), or the reason the file is unusable: every
 * entry must name a test and say why it is there.
 */
export function readQuarantine(file = QUARANTINE_FILE) {
  if (!existsSync(file)) return { entries: [] };
  const content = readJson(file);
  const entries = content?.flaky;
  if (!Array.isArray(entries)) return { entries: [], error: `${file} must hold { "flaky": [{ "test": "...", "reason": "..." }] }` };
  const incomplete = entries.filter((entry) => typeof entry?.test !== 'string' || !entry.test.trim() || typeof entry?.reason !== 'string' || !entry.reason.trim());
  if (incomplete.length > 0) return { entries: [], error: `${file}: every entry needs a test and a reason: ${JSON.stringify(incomplete)}` };
  return { entries };
}

/** Which flaky tests fail the run (not quarantined) and which are let through (with their reason). */
export function judgeFlaky(flaky, quarantine) {
  const reasons = new Map(quarantine.map((entry) => [entry.test, entry.reason]));
  return {
    failing: flaky.filter((name) => !reasons.has(name)),
    quarantined: flaky.filter((name) => reasons.has(name)).map((name) => ({ test: name, reason: reasons.get(name) })),
  };
}

/** The Vitest tests that failed, each as "file › title". */
export function failedVitestTests(report) {
  return (report?.testResults ?? []).flatMap((file) => {
    const name = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed').map((test) => `${name} › ${test.fullName ?? test.title}`);
    // A file that failed to load has no failed test of its own.
    return failed.length === 0 && file.status === 'failed' ? [`${name} › ${(file.message ?? 'failed to load').split('\n')[0]}`] : failed;
  });
}

/** The browser tests that failed on every try, each as "file › title". */
export function failedBrowserTests(report) {
  const names = [];
  const walk = (suite, titlePath) => {
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === 'unexpected')) names.push([...titlePath, spec.title].join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, [...titlePath, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return names;
}

function main() {
  const reports = mkdtempSync(path.join(tmpdir(), 'shop-test-reports-'));
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  const extraArgs = process.argv.slice(2);
  const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

  let passed = 0;
  let flaky = 0;
  let failed = 0;
  let exitCode = 0;

  if (storefrontBuildIsStale()) {
    console.log('Building the storefront...');
    if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);
  }

  // 1. Unit, API and database suites; then, on a full run, the timed suites alone.
  const vitestRuns =
    extraArgs.length > 0
      ? [{ name: 'vitest.json', args: extraArgs }]
      : [
          // By project: a command line's --exclude does not reach the projects' own excludes.
          { name: 'vitest.json', args: UNTIMED_PROJECTS.flatMap((project) => ['--project', project]) },
          { name: 'vitest-timed.json', args: ['--project', TIMED_PROJECT, '--maxWorkers=1'] },
        ];
  const vitestReports = [];
  for (const { name, args } of vitestRuns) {
    const report = path.join(reports, name);
    const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args]);
    const vitest = readJson(report);
    vitestReports.push(vitest);
    if (vitest) {
      passed += vitest.numPassedTests;
      failed += vitest.numFailedTests;
    }
    if (status !== 0) {
      exitCode = 1;
      if (!vitest || vitest.numFailedTests === 0) failed += 1; // a suite failed to load
    }
  }

  // 2. Browser suites.
  const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log(`\nBrowser tests: NOT RUN (no Chromium at ${chromium}; set CHROME_PATH or install Debian's chromium).`);
    if (process.env.REQUIRE_BROWSER_TESTS === '1') {
      console.error('REQUIRE_BROWSER_TESTS=1: a missing Chromium is a failure.');
      exitCode = 1;
      failed += 1;
    }
  } else if (extraArgs.length === 0) {
    const quarantine = readQuarantine();
    if (quarantine.error) {
      console.error(quarantine.error);
      exitCode = 1;
      failed += 1;
    }
    const playwrightReport = path.join(reports, 'playwright.json');
    const status = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      CHROME_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    });
    const report = readJson(playwrightReport);
    if (report?.stats) {
      passed += report.stats.expected;
      flaky += report.stats.flaky ?? 0;
      failed += report.stats.unexpected;
    }
    const { failing, quarantined } = judgeFlaky(flakyTests(report), quarantine.entries);
    for (const { test, reason } of quarantined) console.log(`\nFlaky, quarantined (${reason}): ${test}`);
    if (failing.length > 0) {
      console.error(`\nFlaky, not in e2e/quarantine.json (a failure; fix it, or quarantine it with a reason):\n${failing.map((name) => `  ${name}`).join('\n')}`);
      exitCode = 1;
    }
    if (status !== 0) {
      exitCode = 1;
      if (!report?.stats?.unexpected) failed += 1;
    }
  }

  // Named again at the very end, where a CI log's tail shows them.
  const failedNames = [...vitestReports.flatMap(failedVitestTests), ...failedBrowserTests(readJson(path.join(reports, 'playwright.json')))];
  if (failedNames.length > 0) console.error(`\nFailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
  console.log(`\n${passed} passed, ${flaky} flaky, ${failed} failed`);
  process.exit(exitCode);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
