/** Quick order's limits (docs/quick-order.md), zod-free so the page's browser code may read them. */

/** Typed rows the quick-order page offers (more lines are pasted or uploaded). */
export const QUICK_ORDER_PAGE_ROWS = 10;
/** Typed rows one request may send. */
export const QUICK_ORDER_ROWS_MAX = 50;
/** Lines one quick order may hold, rows, pasted lines and CSV lines together. */
export const QUICK_ORDER_LINES_MAX = 500;
/** Characters of pasted text, and of a CSV file's text (each within the page's 100 kB body). */
export const QUICK_ORDER_TEXT_MAX = 40_000;

/** Where a quick-order line came from: a typed row, a pasted line or a line of the CSV file. */
export const QUICK_ORDER_SOURCES = ['row', 'text', 'csv'] as const;
export type QuickOrderSource = (typeof QUICK_ORDER_SOURCES)[number];
