/**
 * Browser tests in Debian's Chromium (no browser download): the real server on its own port
 * with a fresh embedded database, seeded with the demo catalogue.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { COMPILED_SERVER_ARGS } from '../scripts/compile-server.mjs';

const port = Number(process.env.E2E_PORT ?? 3210);
// Workers load this file again: the environment carries the one data directory to all of them
// (tests read the e-mail outbox there).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'shop-e2e-')));
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * The browser the specs run in: E2E_CHROMIUM if set; else Debian's headless shell when installed
 * (`apt-get install chromium-headless-shell`: the same Chromium build as /usr/bin/chromium without
 * the browser's own window and UI, what Playwright itself runs headless tests in), which took the
 * browser stage from 26.6 to about 14 minutes on this machine (tests/README.md); else CHROME_PATH,
 * else Debian's chromium.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.E2E_CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : process.env.CHROME_PATH || '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  outputDir: path.join(tmpdir(), 'shop-e2e-results'),
  use: {
    baseURL,
    // As a visitor who asks for less motion: no transitions (app.css), so what a test reads (axe's
    // colour contrast above all) is the page at rest, never a colour mid-transition.
    reducedMotion: 'reduce',
    // A trace is recorded when a failed test is tried again (CI retries once), not for every test:
    // recording every action's snapshot took the stage from 5.5 to 7.1 minutes (tests/README.md).
    // E2E_TRACE=all records each test's and keeps the failures' (a failure that does not repeat).
    trace: process.env.E2E_TRACE === 'all' ? 'retain-on-failure' : 'on-first-retry',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Compiled if stale first, when Playwright is run on its own (npm test compiles before).
    command: `node scripts/compile-server.mjs && node ${COMPILED_SERVER_ARGS.join(' ')}`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: baseURL,
    },
  },
});
