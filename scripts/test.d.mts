/** The exports of test.mjs, typed for the TypeScript that imports them (its test). */
export interface QuarantineEntry {
  test: string;
  reason: string;
}
export const QUARANTINE_FILE: string;
export function flakyTests(report: unknown): string[];
export function readQuarantine(file?: string): { entries: QuarantineEntry[]; error?: string };
export function judgeFlaky(flaky: string[], quarantine: QuarantineEntry[]): { failing: string[]; quarantined: QuarantineEntry[] };
export function failedVitestTests(report: unknown): string[];
export function failedBrowserTests(report: unknown): string[];
