#!/usr/bin/env node
// `npm test`: every test. Unit, API and database suites (Vitest; again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser suites (Playwright in Chromium) when a Chromium
// is found (CHROME_PATH, else /usr/bin/chromium). REQUIRE_BROWSER_TESTS=1 makes a missing
// Chromium a failure. Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storefrontBuildIsStale } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'shop-test-reports-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const extraArgs = process.argv.slice(2);

function run(command, args, env = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let exitCode = 0;

if (storefrontBuildIsStale()) {
  console.log('Building the storefront...');
  if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);
}

// 1. Unit, API and database suites.
const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...extraArgs]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (vitestStatus !== 0) {
  exitCode = 1;
  if (!vitest || vitest.numFailedTests === 0) failed += 1; // a suite failed to load
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
  const playwrightReport = path.join(reports, 'playwright.json');
  const status = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const report = readJson(playwrightReport);
  if (report?.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
  }
  if (status !== 0) {
    exitCode = 1;
    if (!report?.stats?.unexpected) failed += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode);
