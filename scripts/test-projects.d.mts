/** The exports of test-projects.mjs, typed for the TypeScript that imports them. */
export const TIMED_SUITES: string[];
export const TIMED_PROJECT: string;
export const UNTIMED_PROJECTS: string[];
