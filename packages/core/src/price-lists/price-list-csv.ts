/**
 * A price list's entries as CSV (docs/price-lists.md, keep the two in step): one row per entry.
 * Export writes the list's entries; import reads a file, reports a dry run (entries to add, to
 * change with old -> new, to remove, unchanged, every error with its row, column and message)
 * and applies it in one transaction, all or nothing: the file becomes the list's entries, so
 * applying it twice changes nothing the second time and export -> import -> export gives the
 * same file. File-level checks and messages, formula guards and price parsing are the catalogue
 * import's (catalogue-admin/catalogue-csv.ts, catalogue-values.ts).
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { withoutDirectionControls } from '@shop/contract';
import { guardFormula, IMPORT_MAX_BYTES, importMessages, unguardFormula } from '../catalogue-admin/catalogue-csv.ts';
import { formatPricePounds, parsePricePounds } from '../catalogue-admin/catalogue-values.ts';

export const PRICE_LIST_CSV_COLUMNS = ['product_code', 'size1', 'pack_quantity', 'price_ex_vat', 'category', 'percent_off'] as const;
export type PriceListCsvColumn = (typeof PRICE_LIST_CSV_COLUMNS)[number];

export const priceListCsvMessages = {
  empty: "The file is empty: download the price list's CSV for a file to start from.",
  unknownColumn: (column: string) => `The header has a column this import does not know: "${column}". The columns are: ${PRICE_LIST_CSV_COLUMNS.join(', ')}.`,
  missingColumn: (column: string) => `The column ${column} is missing from the first row (the header).`,
  oneTarget: 'Give either a product code and size (size1), or a category, not both.',
  noTarget: 'Give a product code and size (size1), or a category.',
  sizeNeeded: 'Give the size (size1) of the product, as the catalogue export writes it.',
  unknownProduct: (code: string) => `No product has the code ${code}.`,
  unknownSize: (code: string, size: string) => `Product ${code} has no size "${size}".`,
  unknownPack: (code: string, size: string, quantity: number) => `Product ${code} size ${size} has no pack of ${quantity}.`,
  unknownCategory: (path: string) => `No category has the path "${path}" (names from the top, separated by " > ", as the export writes them).`,
  oneRule: 'Give either a price (price_ex_vat, with pack_quantity) or a percentage off (percent_off), not both.',
  noRule: 'Give a price (price_ex_vat, with pack_quantity) or a percentage off (percent_off).',
  packQuantityNeeded: 'A fixed price is for one pack: give its pack_quantity (units in the pack, as the catalogue lists it).',
  packQuantityWithPercent: 'A percentage off applies to every pack of the size: leave pack_quantity empty.',
  categoryFixed: 'A category takes a percentage off (percent_off), not a fixed price.',
  packQuantity: (raw: string) => `"${raw}" is not a pack quantity: give the units in the pack, a whole number such as 25.`,
  percent: (raw: string) => `"${raw}" is not a percentage off: give a number above 0 and below 100 with at most 2 decimals, such as 12.5.`,
  duplicate: (first: number) => `The same product size and pack, or category, is on row ${first} too (list each once).`,
  changedSinceDryRun: 'The price list or the catalogue changed since this dry run. Nothing was applied: run the dry run again and check it.',
  hasErrors: 'The file has errors: nothing was applied. Correct them and run the dry run again.',
} as const;

/** What an entry prices: a size (with a pack quantity for a fixed price) or a category. */
export type EntryTarget = { kind: 'size'; productSizeId: number; packQuantity: number | null } | { kind: 'category'; categoryId: number };
/** How it prices: a fixed pack price, or hundredths of a percent off. */
export type EntryRule = { fixedPricePence: number; percentOff: null } | { fixedPricePence: null; percentOff: number };

/** The catalogue as the import resolves names: sizes by product code and size1, categories by path. */
export interface CatalogueIndex {
  /** Lower-cased product code -> its sizes by size1, each with the pack quantities it is sold in. */
  sizes: Map<string, { productCode: string; bySize: Map<string, { productSizeId: number; packQuantities: number[] }> }>;
  /** "Top > Middle > Name" -> category id. */
  categories: Map<string, number>;
}

/** One entry as the CSV and the back office name it. */
export interface NamedEntry {
  target: EntryTarget;
  rule: EntryRule;
  productCode: string;
  size1: string;
  categoryPath: string;
}

export interface PriceListImportError {
  /** Row in the spreadsheet (the header is row 1); null for the file as a whole. */
  row: number | null;
  column: string | null;
  message: string;
}

export interface PriceListImportLine {
  /** Row in the file; null for an entry removed (it is in the list, not in the file). */
  row: number | null;
  /** "BOX-12 12x9x6\" pack of 25" or "Cardboard Boxes > Single Wall Boxes". */
  what: string;
  /** "£19.99", "12.5% off"; for a change "old -> new". */
  detail: string;
}

export interface PriceListImportReport {
  rows: number;
  adds: PriceListImportLine[];
  changes: PriceListImportLine[];
  removals: PriceListImportLine[];
  unchanged: number;
  errors: PriceListImportError[];
  /** Digest of the list's entries before and after: applying checks nothing changed since the dry run. */
  digest: string;
}

export function targetKey(target: EntryTarget): string {
  return target.kind === 'size' ? `size:${target.productSizeId}:${target.packQuantity ?? '*'}` : `category:${target.categoryId}`;
}

export function describeTarget(entry: Pick<NamedEntry, 'target' | 'productCode' | 'size1' | 'categoryPath'>): string {
  if (entry.target.kind === 'category') return `${entry.categoryPath} (category)`;
  return `${entry.productCode} ${entry.size1}${entry.target.packQuantity === null ? ', every pack' : `, pack of ${entry.target.packQuantity}`}`;
}

export function describeRule(rule: EntryRule): string {
  return rule.fixedPricePence !== null ? `£${formatPricePounds(rule.fixedPricePence)}` : `${formatPercent(rule.percentOff)}% off`;
}

/** 1250 -> "12.5". */
export function formatPercent(hundredths: number): string {
  return String(hundredths / 100);
}

/** "12.5", "12.5%" -> 1250; above 0, below 100, at most 2 decimals. */
export function parsePercent(raw: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?\s*%?$/.exec(raw.trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths >= 1 && hundredths <= 9999 ? hundredths : null;
}

/** The entries as CSV (a UTF-8 BOM first, so spreadsheets read £ right), in the order given. */
export function priceListCsv(entries: readonly NamedEntry[]): string {
  const rows = entries.map((entry) => {
    const cells: Record<PriceListCsvColumn, string> = {
      product_code: entry.target.kind === 'size' ? entry.productCode : '',
      size1: entry.target.kind === 'size' ? guardFormula(entry.size1) : '',
      pack_quantity: entry.target.kind === 'size' && entry.target.packQuantity !== null ? String(entry.target.packQuantity) : '',
      price_ex_vat: entry.rule.fixedPricePence !== null ? formatPricePounds(entry.rule.fixedPricePence) : '',
      category: entry.target.kind === 'category' ? guardFormula(entry.categoryPath) : '',
      percent_off: entry.rule.percentOff !== null ? formatPercent(entry.rule.percentOff) : '',
    };
    return PRICE_LIST_CSV_COLUMNS.map((column) => cells[column]);
  });
  return `\uFEFF${stringify([[...PRICE_LIST_CSV_COLUMNS], ...rows])}`;
}

/** One row of a file, read into an entry or its errors (also the back office's one-entry form). */
export function readEntryRow(cells: Partial<Record<PriceListCsvColumn, string>>, catalogue: CatalogueIndex): { entry: NamedEntry } | { errors: { column: string | null; message: string }[] } {
  const cell = (column: PriceListCsvColumn) => (cells[column] ?? '').trim();
  const errors: { column: string | null; message: string }[] = [];
  const code = cell('product_code');
  const size1 = cell('size1');
  const categoryPath = cell('category');
  const quantityText = cell('pack_quantity');
  const priceText = cell('price_ex_vat');
  const percentText = cell('percent_off');

  let packQuantity: number | null = null;
  if (quantityText) {
    if (!/^\d{1,7}$/.test(quantityText) || Number(quantityText) < 1) errors.push({ column: 'pack_quantity', message: priceListCsvMessages.packQuantity(quantityText) });
    else packQuantity = Number(quantityText);
  }
  let rule: EntryRule | null = null;
  if (priceText && percentText) errors.push({ column: 'percent_off', message: priceListCsvMessages.oneRule });
  else if (!priceText && !percentText) errors.push({ column: 'price_ex_vat', message: priceListCsvMessages.noRule });
  else if (priceText) {
    const price = parsePricePounds(priceText);
    if (!price.ok) errors.push({ column: 'price_ex_vat', message: price.message });
    else rule = { fixedPricePence: price.value, percentOff: null };
    if (!quantityText && !categoryPath) errors.push({ column: 'pack_quantity', message: priceListCsvMessages.packQuantityNeeded });
  } else {
    const percent = parsePercent(percentText);
    if (percent === null) errors.push({ column: 'percent_off', message: priceListCsvMessages.percent(percentText) });
    else rule = { fixedPricePence: null, percentOff: percent };
    if (quantityText) errors.push({ column: 'pack_quantity', message: priceListCsvMessages.packQuantityWithPercent });
  }

  let target: EntryTarget | null = null;
  let productCode = '';
  if ((code || size1) && categoryPath) errors.push({ column: 'category', message: priceListCsvMessages.oneTarget });
  else if (categoryPath) {
    const categoryId = catalogue.categories.get(categoryPath);
    if (categoryId === undefined) errors.push({ column: 'category', message: priceListCsvMessages.unknownCategory(categoryPath) });
    else target = { kind: 'category', categoryId };
    if (priceText) errors.push({ column: 'price_ex_vat', message: priceListCsvMessages.categoryFixed });
  } else if (code) {
    const product = catalogue.sizes.get(code.toLowerCase());
    if (!product) errors.push({ column: 'product_code', message: priceListCsvMessages.unknownProduct(code) });
    else if (!size1) errors.push({ column: 'size1', message: priceListCsvMessages.sizeNeeded });
    else {
      productCode = product.productCode;
      const size = product.bySize.get(size1);
      if (!size) errors.push({ column: 'size1', message: priceListCsvMessages.unknownSize(product.productCode, size1) });
      else if (packQuantity !== null && !size.packQuantities.includes(packQuantity)) {
        errors.push({ column: 'pack_quantity', message: priceListCsvMessages.unknownPack(product.productCode, size1, packQuantity) });
      } else target = { kind: 'size', productSizeId: size.productSizeId, packQuantity: priceText ? packQuantity : null };
    }
  } else errors.push({ column: 'product_code', message: priceListCsvMessages.noTarget });

  if (errors.length > 0 || !target || !rule) return { errors: errors.length > 0 ? errors : [{ column: null, message: priceListCsvMessages.noRule }] };
  return { entry: { target, rule, productCode, size1: target.kind === 'size' ? size1 : '', categoryPath: target.kind === 'category' ? categoryPath : '' } };
}

/** The file's entries (each with its row) or its errors; file-level problems as errors, never thrown. */
export function readPriceListFile(bytes: Uint8Array, catalogue: CatalogueIndex): { entries: (NamedEntry & { row: number })[]; rows: number; errors: PriceListImportError[] } {
  const fail = (message: string, row: number | null = null, column: string | null = null) => ({ entries: [], rows: 0, errors: [{ row, column, message }] });
  if (bytes.byteLength > IMPORT_MAX_BYTES) return fail(importMessages.tooLarge(bytes.byteLength));
  if (bytes.byteLength === 0) return fail(priceListCsvMessages.empty);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail(importMessages.notUtf8);
  }
  if (text.includes('\u0000')) return fail(importMessages.binary);
  if (!text.trim()) return fail(priceListCsvMessages.empty);
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return fail(importMessages.unreadable((error as Error).message.replace(/^Invalid [^:]*: /, '')), typeof line === 'number' ? line : null);
  }
  const header = (records[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const errors: PriceListImportError[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    if (!(PRICE_LIST_CSV_COLUMNS as readonly string[]).includes(name)) errors.push({ row: 1, column: name, message: priceListCsvMessages.unknownColumn(name) });
    else if (seen.has(name)) errors.push({ row: 1, column: name, message: importMessages.duplicateColumn(name) });
    seen.add(name);
  }
  for (const column of PRICE_LIST_CSV_COLUMNS) if (!seen.has(column)) errors.push({ row: 1, column, message: priceListCsvMessages.missingColumn(column) });
  if (errors.length > 0) return { entries: [], rows: 0, errors };
  const entries: (NamedEntry & { row: number })[] = [];
  const firstRowOf = new Map<string, number>();
  records.slice(1).forEach((record, i) => {
    const row = i + 2;
    if (record.length !== header.length) {
      errors.push({ row, column: null, message: importMessages.cellCount(record.length, header.length) });
      return;
    }
    const cells: Partial<Record<PriceListCsvColumn, string>> = {};
    header.forEach((name, j) => {
      cells[name as PriceListCsvColumn] = unguardFormula(withoutDirectionControls(record[j] ?? ''));
    });
    const read = readEntryRow(cells, catalogue);
    if ('errors' in read) {
      for (const e of read.errors) errors.push({ row, ...e });
      return;
    }
    const key = targetKey(read.entry.target);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      errors.push({ row, column: null, message: priceListCsvMessages.duplicate(first) });
      return;
    }
    firstRowOf.set(key, row);
    entries.push({ ...read.entry, row });
  });
  return { entries, rows: records.length - 1, errors };
}

/** The dry run: what the file makes of the list's current entries. */
export function planPriceListImport(current: readonly NamedEntry[], file: ReturnType<typeof readPriceListFile>): PriceListImportReport {
  const byKey = new Map(current.map((entry) => [targetKey(entry.target), entry]));
  const inFile = new Set<string>();
  const adds: PriceListImportLine[] = [];
  const changes: PriceListImportLine[] = [];
  let unchanged = 0;
  for (const entry of file.entries) {
    const key = targetKey(entry.target);
    inFile.add(key);
    const before = byKey.get(key);
    if (!before) adds.push({ row: entry.row, what: describeTarget(entry), detail: describeRule(entry.rule) });
    else if (before.rule.fixedPricePence !== entry.rule.fixedPricePence || before.rule.percentOff !== entry.rule.percentOff) {
      changes.push({ row: entry.row, what: describeTarget(entry), detail: `${describeRule(before.rule)} -> ${describeRule(entry.rule)}` });
    } else unchanged += 1;
  }
  const removals = current.filter((entry) => !inFile.has(targetKey(entry.target))).map((entry) => ({ row: null, what: describeTarget(entry), detail: describeRule(entry.rule) }));
  const canonical = (entries: readonly NamedEntry[]) => entries.map((e) => `${targetKey(e.target)}=${e.rule.fixedPricePence ?? ''}/${e.rule.percentOff ?? ''}`).sort();
  const digest = createHash('sha256').update(JSON.stringify([canonical(current), canonical(file.entries)])).digest('base64url');
  return { rows: file.rows, adds, changes, removals, unchanged, errors: file.errors, digest };
}

/** A dry run as CSV (errors first), for a report too long for the page. */
export function priceListImportReportCsv(report: PriceListImportReport): string {
  const rows: string[][] = [['what', 'row', 'column', 'entry', 'detail']];
  for (const e of report.errors) rows.push(['error', e.row === null ? 'file' : String(e.row), e.column ?? '', '', guardFormula(e.message)]);
  for (const a of report.adds) rows.push(['add', String(a.row), '', guardFormula(a.what), a.detail]);
  for (const c of report.changes) rows.push(['change', String(c.row), '', guardFormula(c.what), c.detail]);
  for (const r of report.removals) rows.push(['remove', '', '', guardFormula(r.what), r.detail]);
  return `\uFEFF${stringify(rows)}`;
}
