/**
 * The lines of a quick order as the customer gave them (docs/quick-order.md), before anything is
 * looked up: typed rows, pasted text and a CSV file's text, each line numbered in its own source
 * so that a refusal names the line the customer sees.
 *
 * A pasted line is split by tabs (a spreadsheet's cells), else by commas or semicolons (with CSV
 * quoting, so `"12x9x6""",25` works), else by spaces. Its cells are, in order, the product code,
 * then optionally the size and the pack, then the number of packs: `P000123, 4`,
 * `P000123 12x9x6" 25 4`, `P000123<TAB>12x9x6"<TAB>25<TAB>4`. Split by spaces, what lies between
 * the code and the number of packs is kept whole (`between`): a size may hold spaces, so only the
 * catalogue can tell the size from the pack (quick-order.ts).
 *
 * The first line of pasted text or of a CSV file may be a header: a line with no whole number in
 * it that names a code column. Its column names then say which cell is which (code, size, pack,
 * quantity in any order; other columns, such as a description or a price, are ignored).
 */
import { parse } from 'csv-parse/sync';
import type { QuickOrderRequest, QuickOrderSource } from '@shop/contract';

export interface QuickOrderLine {
  source: QuickOrderSource;
  /** Line (or row) number in its source, from 1. */
  line: number;
  /** The line as typed (a row's cells joined with commas). */
  text: string;
  code: string;
  size: string | null;
  pack: string | null;
  /** Words between the code and the number of packs of a line split by spaces: a size, a pack, or both. */
  between: string | null;
  quantity: string | null;
  /** Why the line cannot be read at all (too many cells); null when it can. */
  problem: string | null;
}

export const quickOrderLineMessages = {
  tooManyCells: 'Too many columns: write the product code, then the size and pack if needed, then the number of packs.',
} as const;

type Column = 'code' | 'size' | 'pack' | 'quantity';

/** Header names of each column, compared in lower case without spaces, dots or underscores. */
const COLUMN_NAMES: Record<Column, readonly string[]> = {
  code: ['code', 'productcode', 'sku', 'itemcode', 'partnumber', 'partno', 'product'],
  size: ['size', 'size1', 'productsize'],
  pack: ['pack', 'packsize', 'packof', 'packquantity', 'packqty', 'unitsperpack', 'units'],
  quantity: ['quantity', 'qty', 'packs', 'noofpacks', 'noofpack', 'numberofpacks', 'count', 'amount'],
};

const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s._\-/]+/g, '');

/** The lines of a quick order: rows first, then pasted text, then the CSV file, each in its order. */
export function quickOrderLines(request: Pick<QuickOrderRequest, 'rows' | 'text' | 'csv'>): QuickOrderLine[] {
  const lines: QuickOrderLine[] = [];
  request.rows.forEach((row, index) => {
    const cells = [row.code, row.size, row.pack, row.quantity].map((value) => (value ?? '').trim());
    if (cells.every((value) => value === '')) return;
    const [code, size, pack, quantity] = cells as [string, string, string, string];
    lines.push({
      source: 'row',
      line: index + 1,
      text: cells.filter(Boolean).join(', '),
      code,
      size: size || null,
      pack: pack || null,
      between: null,
      quantity: quantity || null,
      problem: null,
    });
  });
  lines.push(...textLines('text', request.text));
  lines.push(...textLines('csv', request.csv));
  return lines;
}

/** Pasted text or a CSV file's text, one line per non-blank line (a header and `#` comments skipped). */
function textLines(source: 'text' | 'csv', text: string): QuickOrderLine[] {
  const lines: QuickOrderLine[] = [];
  let columns: Partial<Record<Column, number>> | null = null;
  let first = true;
  const rawLines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  rawLines.forEach((raw, index) => {
    const typed = raw.trim();
    if (typed === '' || typed.startsWith('#')) return;
    const cells = cellsOf(raw);
    if (first) {
      first = false;
      const header = headerColumns(cells);
      if (header) {
        columns = header;
        return;
      }
    }
    lines.push(columns ? byHeader(source, index + 1, typed, cells, columns) : byPosition(source, index + 1, typed, cells));
  });
  return lines;
}

/** A line's cells: by tabs, else commas or semicolons (CSV quoting), else spaces (kept as one cell each, then joined by byPosition). */
function cellsOf(raw: string): { cells: string[]; bySpaces: boolean } {
  if (raw.includes('\t')) return { cells: trimmedCells(raw.split('\t')), bySpaces: false };
  if (/[,;]/.test(raw)) {
    const delimiter = raw.includes(',') ? ',' : ';';
    try {
      const [record] = parse(raw, { delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
      return { cells: trimmedCells(record ?? []), bySpaces: false };
    } catch {
      return { cells: trimmedCells(raw.split(delimiter)), bySpaces: false };
    }
  }
  return { cells: raw.trim().split(/\s+/), bySpaces: true };
}

/** Cells trimmed, with empty cells at the end dropped (a spreadsheet's row pasted with its empty columns). */
function trimmedCells(cells: string[]): string[] {
  const trimmed = cells.map((cell) => cell.trim());
  while (trimmed.length > 0 && trimmed.at(-1) === '') trimmed.pop();
  return trimmed;
}

/** The columns a header line names, or null when the line is not a header (it holds a whole number, or names no code column). */
function headerColumns({ cells }: { cells: string[] }): Partial<Record<Column, number>> | null {
  if (cells.some((cell) => /^\d+$/.test(cell))) return null;
  const columns: Partial<Record<Column, number>> = {};
  cells.forEach((cell, index) => {
    const key = headerKey(cell);
    for (const column of Object.keys(COLUMN_NAMES) as Column[]) {
      if (columns[column] === undefined && COLUMN_NAMES[column].includes(key)) columns[column] = index;
    }
  });
  return columns.code !== undefined ? columns : null;
}

function byHeader(source: 'text' | 'csv', line: number, text: string, { cells }: { cells: string[] }, columns: Partial<Record<Column, number>>): QuickOrderLine {
  const cell = (column: Column) => {
    const index = columns[column];
    const value = index === undefined ? '' : (cells[index] ?? '').trim();
    return value === '' ? null : value;
  };
  return { source, line, text, code: cell('code') ?? '', size: cell('size'), pack: cell('pack'), between: null, quantity: cell('quantity'), problem: null };
}

function byPosition(source: 'text' | 'csv', line: number, text: string, { cells, bySpaces }: { cells: string[]; bySpaces: boolean }): QuickOrderLine {
  const base = { source, line, text, size: null, pack: null, between: null, quantity: null, problem: null };
  const code = cells[0] ?? '';
  if (cells.length <= 1) return { ...base, code };
  if (bySpaces) {
    const between = cells.slice(1, -1).join(' ');
    return { ...base, code, between: between || null, quantity: cells.at(-1) ?? null };
  }
  if (cells.length === 2) return { ...base, code, quantity: cells[1] || null };
  // Three cells: the middle one is a size or a pack, which only the catalogue can tell.
  if (cells.length === 3) return { ...base, code, between: cells[1] || null, quantity: cells[2] || null };
  if (cells.length === 4) return { ...base, code, size: cells[1] || null, pack: cells[2] || null, quantity: cells[3] || null };
  return { ...base, code, problem: quickOrderLineMessages.tooManyCells };
}
