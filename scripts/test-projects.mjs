// Vitest's projects as `npm test` runs them (vitest.config.ts, scripts/test.mjs): a module of its own,
// since the config cannot load test.mjs (its imports reach the compiled server).

/**
 * Suites that assert how fast the shop answers under load they make themselves (another client's
 * /healthz during big uploads): a full run gives them the machine alone, after the rest, so another
 * suite's work on the same two cores is never counted against them.
 */
export const TIMED_SUITES = ['tests/resilience/parallel-uploads.test.ts', 'tests/security/bounded-form-lists.test.ts'];
/** vitest.config.ts's project of the timed suites, and the projects of all the others. */
export const TIMED_PROJECT = 'timed';
export const UNTIMED_PROJECTS = ['shared-modules', 'own-modules'];
