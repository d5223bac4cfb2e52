import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The storefront's `~/` imports (apps/web/vite.config.ts has the same alias), for its component tests.
  resolve: { alias: { '~': new URL('./apps/web/app', import.meta.url).pathname } },
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**', 'apps/web/build/**'],
    environment: 'node',
    // Migrates the template databases every suite's database is copied from, once per run.
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: PGlite instances are CPU-heavy, so keep parallelism modest.
    maxWorkers: 2,
  },
});
