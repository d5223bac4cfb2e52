import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { TIMED_PROJECT, TIMED_SUITES, UNTIMED_PROJECTS } from './scripts/test-projects.mjs';

const ALL_SUITES = ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'];
const NEVER = ['**/node_modules/**', 'e2e/**', 'apps/web/build/**'];

/**
 * Suites that need a module graph of their own: they replace modules or globals (vi.mock,
 * vi.stubEnv, vi.stubGlobal, fake timers, process.env), or run whole processes whose timing a
 * shared worker would disturb. Every other suite shares its worker's loaded modules with the
 * suites before it (isolate: false): loading the server, core and React afresh for each of ~200
 * files was about half of the CPU the API suites took. Each suite still builds its own app over
 * its own database, so no state passes between them through the shop itself.
 */
const OWN_MODULES = [
  'tests/resilience/**/*.test.ts',
  'tests/fuzz/**/*.test.ts',
  'tests/security/page-errors.test.ts',
  'packages/core/src/back-office/orders/order-shipments.test.ts',
  'apps/server/src/api/catalogue-routes.test.ts',
  'apps/server/src/api/unplaced-payments.test.ts',
  'apps/web/app/components/**/*.test.tsx',
  'apps/web/app/routes/delivery.test.tsx',
  'apps/web/app/routes/admin/*-page.test.tsx',
  'apps/web/app/server/admin/dispatch-desk.server.test.ts',
  'apps/web/app/server/forms.server.test.ts',
  'scripts/**/*.test.ts',
];

const common = {
  // The storefront's `~/` imports (apps/web/vite.config.ts has the same alias), for its component tests.
  resolve: { alias: { '~': new URL('./apps/web/app', import.meta.url).pathname } },
} satisfies Partial<TestProjectInlineConfiguration>;
const testCommon = { environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, setupFiles: ['./vitest.setup.ts'] };

export default defineConfig({
  test: {
    // Migrates the template databases every suite's database is copied from, once per run.
    globalSetup: ['./vitest.global-setup.ts'],
    // Two cores: PGlite instances are CPU-heavy, so keep parallelism modest.
    maxWorkers: 2,
    // `npm test` runs the timed suites (scripts/test.mjs) after the others, alone: a project of their own.
    projects: [
      { ...common, test: { ...testCommon, name: UNTIMED_PROJECTS[0], include: ALL_SUITES, exclude: [...NEVER, ...OWN_MODULES, ...TIMED_SUITES], isolate: false } },
      { ...common, test: { ...testCommon, name: UNTIMED_PROJECTS[1], include: OWN_MODULES, exclude: [...NEVER, ...TIMED_SUITES], isolate: true } },
      { ...common, test: { ...testCommon, name: TIMED_PROJECT, include: TIMED_SUITES, exclude: NEVER, isolate: true } },
    ],
  },
});
