/**
 * The catalogue as CSV (the format is documented in docs/catalogue-csv.md,
 * keep the two in step): a row per pack, products ordered by code, sizes and packs in the
 * shop's order. Export streams it; import reads a file, reports a dry run (rows to add, to
 * change with old -> new, unchanged, every error with row, column and message) and applies it
 * in one transaction, all or nothing, matched by product code, so applying a file twice
 * changes nothing the second time and export -> import -> export gives the same file.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { withoutDirectionControls } from '@shop/contract';
import { figuresOf, queryRows, type Database, type Executor, type products, type productSizes, type productStockSettings, type Row, type stockLevels } from '@shop/db';
import { Conflict, Invalid } from '../errors.ts';
import {
  formatPackRange,
  formatPricePounds,
  parseImageUrl,
  parsePackRange,
  parsePricePounds,
  parseProductCode,
  parseYesNo,
  parseUnitCostPounds,
  formatUnitCostPounds,
  PRODUCT_CODE_PATTERN,
  catalogueMessages,
} from './catalogue-values.ts';
import { flattenCategories, readCategoryTree } from './category-editor.ts';
import { loadProducts, productFieldsDiffer, writeProducts, type ProductState, type StoredProduct } from './product-store.ts';
import { recordCount, setBackorderSettings, setLowThreshold } from '../stock/stock-admin.ts';

export const CATALOGUE_CSV_COLUMNS = [
  'product_code',
  'name',
  'category',
  'description',
  'size1',
  'size2',
  'pack_quantities',
  'price_ex_vat',
  'on_sale',
  'new',
  'featured',
  'linked_product_code',
  'image_url',
  // Stock (docs/stock.md): per size, on hand in units (empty: not tracked) and its low-stock
  // threshold; per product, backorders and the date more is expected. On hand is imported only
  // as a count with the reason "CSV import", audited like any count.
  'stock_on_hand',
  'low_stock_threshold',
  'backorders',
  'expected_date',
  // Per size: what one unit costs the shop ex VAT, in pounds (empty: not known), for the stock
  // value and margin reports (docs/reports.md). Left out of a file, costs stay as they are.
  'unit_cost_ex_vat',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** Columns an import file must have; the others keep a product's stored value when left out. */
export const REQUIRED_IMPORT_COLUMNS: readonly CatalogueCsvColumn[] = ['product_code', 'name', 'category', 'size1', 'size2', 'pack_quantities', 'price_ex_vat'];

/** The largest file the import reads (a 10,000-row catalogue is about 1.5 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Errors listed in a report; the count says how many there were in all. */
export const IMPORT_MAX_LISTED_ERRORS = 500;

const EXPORT_PAGE_SIZE = 500;
/** A product code lowered (computed), as the links are compared. */
const LOWERED_CODE = figuresOf({ code: 'text' });

export const importMessages = {
  empty: 'The file is empty: export the catalogue for a file to start from.',
  tooLarge: (bytes: number) =>
    `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the largest file that can be imported is ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files (by category) and import each.`,
  notUtf8: 'The file is not UTF-8 text. In your spreadsheet choose "Save as" and "CSV UTF-8 (comma delimited)", then import that file.',
  binary: 'The file is not a CSV text file (it holds binary data). Save the sheet as "CSV UTF-8 (comma delimited)".',
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  otherSeparator: (separator: 'semicolons' | 'tabs') =>
    `The file separates its cells with ${separator}, not commas (a spreadsheet set to another country's format saves it so). In your spreadsheet choose "Save as" and "CSV UTF-8 (comma delimited)", then import that file.`,
  missingColumn: (column: string) => `The column ${column} is missing from the first row (the header).`,
  unknownColumn: (column: string) => `The header has a column this import does not know: "${column}". The columns are: ${CATALOGUE_CSV_COLUMNS.join(', ')}.`,
  duplicateColumn: (column: string) => `The column ${column} appears twice in the header.`,
  cellCount: (found: number, expected: number) =>
    found > expected ? `This row has ${found} cells but the header has ${expected} columns (an extra cell: a comma outside quotes?).` : `This row has ${found} cells but the header has ${expected} columns (cells are missing).`,
  noRows: 'The file has a header but no rows.',
  unknownCategory: (path: string) => `No category has the path "${path}" (names from the top, separated by " > ", as the export writes them).`,
  ambiguousCategory: (path: string) => `More than one category has the path "${path}": rename one of them first.`,
  disagree: (code: string, column: string, first: number) => `The rows of product ${code} must agree on ${column}: this row differs from row ${first}.`,
  duplicatePack: (code: string) => `Product ${code} has this size and pack quantity on an earlier row too (a code's rows list each pack once).`,
  codeCase: (code: string, first: number) => `Product ${code} is written differently on row ${first} (codes are compared without case; write it the same way).`,
  noPackRowMixed: 'A row without size, pack quantities and price declares a product without packs: it must be that product\'s only row.',
  unknownLinked: (code: string) => `No product has the code ${code}, in the catalogue or in this file.`,
  codeTakenCase: (code: string) => `The product code ${code} is used by another product.`,
  changedSinceDryRun: 'The catalogue changed since this dry run (someone saved a product, or another import ran). Nothing was applied: run the dry run again and check it.',
  hasErrors: 'The file has errors: nothing was applied. Correct them and run the dry run again.',
  stockUnits: (column: string) => `${column} must be a whole number of units from 0 to 10,000,000, or empty to leave it as it is.`,
  sizeDisagree: (code: string, column: string, first: number) => `The rows of one size of product ${code} must agree on ${column}: this row differs from row ${first}.`,
  thresholdUntracked: 'This size is not tracked yet: give its stock_on_hand too (a count), or leave low_stock_threshold empty.',
  expectedDate: 'expected_date must be a date as YYYY-MM-DD (e.g. 2026-12-04), or empty for none.',
} as const;

/** Stock as the CSV reads and writes it: per size id, and per product id. */
interface StockOfSizes {
  sizes: Map<number, { onHand: number; lowThreshold: number }>;
  products: Map<number, { backordersAllowed: boolean; expectedDate: string | null }>;
}

async function stockOf(db: Executor, productIds: readonly number[]): Promise<StockOfSizes> {
  if (productIds.length === 0) return { sizes: new Map(), products: new Map() };
  const ids = `{${productIds.join(',')}}`;
  const [sizes, settings] = await Promise.all([
    queryRows<Pick<Row<typeof stockLevels>, 'productSizeId' | 'onHand' | 'lowThreshold'>>(
      db,
      sql`SELECT s.product_size_id AS "productSizeId", s.on_hand AS "onHand", s.low_threshold AS "lowThreshold" FROM stock_levels s JOIN product_sizes z ON z.product_size_id = s.product_size_id WHERE z.product_id = ANY (${ids}::int[])`,
    ),
    // The date as to_char's text, which is what the schema's date column (mode 'string') holds.
    queryRows<Pick<Row<typeof productStockSettings>, 'productId' | 'backordersAllowed' | 'expectedDate'>>(
      db,
      sql`SELECT product_id AS "productId", backorders_allowed AS "backordersAllowed", to_char(expected_date, 'YYYY-MM-DD') AS "expectedDate" FROM product_stock_settings WHERE product_id = ANY (${ids}::int[])`,
    ),
  ]);
  return {
    sizes: new Map(sizes.map((r) => [r.productSizeId, { onHand: r.onHand, lowThreshold: r.lowThreshold }])),
    products: new Map(settings.map((r) => [r.productId, { backordersAllowed: r.backordersAllowed, expectedDate: r.expectedDate }])),
  };
}

/** What an import changes of stock: counts and thresholds per size, settings per product. */
interface StockWrite {
  productCode: string;
  size1: string;
  size2: string;
  /** Count on hand to this (null: leave). */
  onHand: number | null;
  /** Set the threshold to this (null: leave). */
  lowThreshold: number | null;
}

interface SettingsWrite {
  productCode: string;
  backordersAllowed: boolean;
  expectedDate: string | null;
}

const MAX_STOCK_UNITS = 10_000_000;

function parseUnits(text: string): number | null | 'invalid' {
  if (!text) return null;
  if (!/^\d{1,8}$/.test(text)) return 'invalid';
  const units = Number(text);
  return units <= MAX_STOCK_UNITS ? units : 'invalid';
}

function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export interface ImportError {
  /** Row in the spreadsheet (the header is row 1); null for the file as a whole. */
  row: number | null;
  column: string | null;
  message: string;
}

export interface ImportChange {
  row: number;
  productCode: string;
  name: string;
  /** What changes, each "what: old -> new". */
  changes: string[];
}

export interface ImportReport {
  rows: number;
  products: number;
  adds: ImportChange[];
  changes: ImportChange[];
  unchanged: number;
  errors: ImportError[];
  errorCount: number;
  /** Digest of what would be written: applying checks the catalogue still gives the same. */
  digest: string;
}

export interface ImportResult extends ImportReport {
  applied: true;
  priceChanges: number;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula gets a leading apostrophe (the import removes it again). */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unguardFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Category id -> "Top > Middle > Name". */
async function categoryPaths(db: Executor): Promise<Map<number, string>> {
  return new Map(flattenCategories(await readCategoryTree(db)).map((c) => [c.categoryId, c.path]));
}

function rowsOf(product: StoredProduct, path: string, stock: StockOfSizes): string[][] {
  const settings = stock.products.get(product.productId);
  const common = {
    product_code: product.productCode,
    name: guardFormula(product.name),
    category: path,
    description: guardFormula(product.description),
    on_sale: yesNo(product.onSale),
    new: yesNo(product.isNew),
    featured: yesNo(product.isFeatured),
    linked_product_code: product.linkProductCode ?? '',
    image_url: product.imageUrl,
    backorders: yesNo(settings?.backordersAllowed ?? false),
    expected_date: settings?.expectedDate ?? '',
    stock_on_hand: '',
    low_stock_threshold: '',
  };
  const cells = (size1: string, size2: string, pack: string, price: string, sizeId?: number, unitCost: number | null = null) =>
    CATALOGUE_CSV_COLUMNS.map((column) => {
      const level = sizeId === undefined ? undefined : stock.sizes.get(sizeId);
      if (column === 'unit_cost_ex_vat') return formatUnitCostPounds(unitCost);
      if (column === 'stock_on_hand') return level ? String(level.onHand) : '';
      if (column === 'low_stock_threshold') return level ? String(level.lowThreshold) : '';
      if (column === 'size1') return guardFormula(size1);
      if (column === 'size2') return guardFormula(size2);
      if (column === 'pack_quantities') return pack;
      if (column === 'price_ex_vat') return price;
      return common[column];
    });
  const rows = product.sizes.flatMap((size) =>
    size.packs.map((pack) => cells(size.size1, size.size2, formatPackRange(pack.packRange), formatPricePounds(pack.pricePence), size.productSizeId, size.unitCostPence)),
  );
  return rows.length > 0 ? rows : [cells('', '', '', '')];
}

/** The whole catalogue as CSV text, in pieces (a UTF-8 BOM first, so spreadsheets read £ and accents right). */
export async function* exportCatalogueCsv(db: Database): AsyncGenerator<string> {
  const paths = await categoryPaths(db);
  yield `\uFEFF${stringify([[...CATALOGUE_CSV_COLUMNS]])}`;
  let after: { code: string; id: number } | null = null;
  for (;;) {
    // code: the product code lowered, the key the pages are walked by.
    const page: (Pick<Row<typeof products>, 'productId'> & { code: string })[] = await queryRows(
      db,
      sql`SELECT product_id AS "productId", lower(product_code) AS code FROM products
          ${after ? sql`WHERE (lower(product_code), product_id) > (${after.code}, ${after.id})` : sql``}
          ORDER BY lower(product_code), product_id LIMIT ${EXPORT_PAGE_SIZE}`,
    );
    if (page.length === 0) return;
    const stored = await loadProducts(db, { ids: page.map((r) => r.productId) });
    const byId = new Map(stored.map((p) => [p.productId, p]));
    const stock = await stockOf(db, stored.map((p) => p.productId));
    const rows = page.flatMap((r) => {
      const product = byId.get(r.productId);
      return product ? rowsOf(product, paths.get(product.categoryId) ?? '', stock) : [];
    });
    yield stringify(rows);
    const last = page[page.length - 1]!;
    after = { code: last.code, id: last.productId };
  }
}

interface ParsedRow {
  row: number;
  cells: Partial<Record<CatalogueCsvColumn, string>>;
}

/** Decodes and parses the file; file-level problems come back as errors, never thrown. */
export function readImportFile(bytes: Uint8Array): { rows: ParsedRow[]; columns: Set<CatalogueCsvColumn>; errors: ImportError[] } {
  const fail = (message: string, row: number | null = null, column: string | null = null) => ({ rows: [], columns: new Set<CatalogueCsvColumn>(), errors: [{ row, column, message }] });
  if (bytes.byteLength > IMPORT_MAX_BYTES) return fail(importMessages.tooLarge(bytes.byteLength));
  if (bytes.byteLength === 0) return fail(importMessages.empty);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // UTF-16 from "Unicode text" exports starts with its own BOM: name it the same way.
    return fail(importMessages.notUtf8);
  }
  if (text.includes('\u0000')) return fail(importMessages.binary);
  if (!text.trim()) return fail(importMessages.empty);
  // A header of column names joined by ";" or a tab: one message naming the cause, rather
  // than every column reported missing or a quote error further down.
  const headerLine = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').toLowerCase();
  for (const [mark, separator] of [[';', 'semicolons'], ['\t', 'tabs']] as const) {
    if (!headerLine.includes(',') && headerLine.split(mark).some((name) => name.trim().replace(/^"|"$/g, '') === 'product_code') && headerLine.includes(mark)) {
      return fail(importMessages.otherSeparator(separator));
    }
  }
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return fail(importMessages.unreadable(`${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`), typeof line === 'number' ? line : null);
  }
  const errors: ImportError[] = [];
  const header = (records[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const columns = new Set<CatalogueCsvColumn>();
  header.forEach((name) => {
    if (!(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name)) errors.push({ row: 1, column: name, message: importMessages.unknownColumn(name) });
    else if (columns.has(name as CatalogueCsvColumn)) errors.push({ row: 1, column: name, message: importMessages.duplicateColumn(name) });
    else columns.add(name as CatalogueCsvColumn);
  });
  for (const column of REQUIRED_IMPORT_COLUMNS) if (!columns.has(column)) errors.push({ row: 1, column, message: importMessages.missingColumn(column) });
  if (errors.length > 0) return { rows: [], columns, errors };
  if (records.length < 2) return fail(importMessages.noRows);
  const rows: ParsedRow[] = [];
  records.slice(1).forEach((record, i) => {
    const row = i + 2;
    // A trailing empty cell from a trailing comma on every row still counts: the header decides.
    if (record.length !== header.length) {
      errors.push({ row, column: null, message: importMessages.cellCount(record.length, header.length) });
      return;
    }
    const cells: ParsedRow['cells'] = {};
    header.forEach((name, j) => {
      // Direction controls dropped as the editor's forms drop them (withoutDirectionControls).
      cells[name as CatalogueCsvColumn] = unguardFormula(withoutDirectionControls(record[j] ?? '').replace(/\r\n?/g, '\n'));
    });
    rows.push({ row, cells });
  });
  return { rows, columns, errors };
}

interface Plan {
  report: ImportReport;
  writes: { stored: StoredProduct | null; wanted: ProductState }[];
  stockWrites: StockWrite[];
  settingsWrites: SettingsWrite[];
}

const pounds = (pence: number) => `£${formatPricePounds(pence)}`;

/** Builds the dry run (and what applying writes) for parsed rows against the catalogue as `db` sees it. */
async function planImport(db: Executor, parsed: ReturnType<typeof readImportFile>): Promise<Plan> {
  const errors = [...parsed.errors];
  const has = (column: CatalogueCsvColumn) => parsed.columns.has(column);
  const cell = (row: ParsedRow, column: CatalogueCsvColumn) => (row.cells[column] ?? '').trim();

  // Group rows by code (compared without case).
  const groups = new Map<string, ParsedRow[]>();
  for (const row of parsed.rows) {
    const code = parseProductCode(row.cells.product_code ?? '');
    if (!code.ok) {
      errors.push({ row: row.row, column: 'product_code', message: code.message });
      continue;
    }
    const key = code.value.toLowerCase();
    const group = groups.get(key);
    if (group) {
      if (cell(group[0]!, 'product_code') !== code.value) errors.push({ row: row.row, column: 'product_code', message: importMessages.codeCase(code.value, group[0]!.row) });
      group.push(row);
    } else groups.set(key, [row]);
  }

  const tree = flattenCategories(await readCategoryTree(db));
  const normalisePath = (path: string) => path.split('>').map((part) => part.trim().toLowerCase()).join(' > ');
  const categoriesByPath = new Map<string, number[]>();
  for (const c of tree) categoriesByPath.set(normalisePath(c.path), [...(categoriesByPath.get(normalisePath(c.path)) ?? []), c.categoryId]);
  const pathOf = new Map(tree.map((c) => [c.categoryId, c.path]));

  const storedList = await loadProducts(db, { codes: [...groups.keys()] });
  const stored = new Map(storedList.map((p) => [p.productCode.toLowerCase(), p]));
  const storedStock = await stockOf(db, storedList.map((p) => p.productId));
  const stockWrites: StockWrite[] = [];
  const settingsWrites: SettingsWrite[] = [];
  const linkCodes = new Set<string>();
  for (const rows of groups.values()) for (const row of rows) if (cell(row, 'linked_product_code')) linkCodes.add(cell(row, 'linked_product_code').toLowerCase());
  const missingLinks = [...linkCodes].filter((code) => !groups.has(code));
  const existingLinks = new Set(
    missingLinks.length === 0
      ? []
      : (await queryRows<Record<string, unknown>>(db, sql`SELECT lower(product_code) AS code FROM products WHERE lower(product_code) = ANY (${`{${missingLinks.map((c) => `"${c}"`).join(',')}}`}::text[])`)).map(
          (r) => LOWERED_CODE.read(r).code,
        ),
  );

  const writes: Plan['writes'] = [];
  const adds: ImportChange[] = [];
  const changes: ImportChange[] = [];
  let unchanged = 0;
  for (const [key, rows] of groups) {
    const first = rows[0]!;
    const current = stored.get(key) ?? null;
    const rowErrors: ImportError[] = [];
    // Product-level cells: every row of a code must agree. The value most of its rows give is
    // taken as meant (the first row's on a tie), and only the rows that differ from it are
    // named, so one mistyped cell is one error, checked once, not one per other row.
    const productColumns: CatalogueCsvColumn[] = ['name', 'category', 'description', 'on_sale', 'new', 'featured', 'linked_product_code', 'image_url', 'backorders', 'expected_date'];
    const agreed = new Map<CatalogueCsvColumn, ParsedRow>();
    for (const column of productColumns) {
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(cell(row, column), (counts.get(cell(row, column)) ?? 0) + 1);
      let value = cell(first, column);
      for (const [other, n] of counts) if (n > counts.get(value)!) value = other;
      const reference = rows.find((row) => cell(row, column) === value)!;
      agreed.set(column, reference);
      if (!has(column)) continue;
      for (const row of rows) {
        if (cell(row, column) !== value) rowErrors.push({ row: row.row, column, message: importMessages.disagree(cell(first, 'product_code'), column, reference.row) });
      }
    }
    /** The product's agreed cell, and the row it is read from (for errors). */
    const productCell = (column: CatalogueCsvColumn) => {
      const row = agreed.get(column) ?? first;
      return { text: cell(row, column), row: row.row };
    };
    const { text: name, row: nameRow } = productCell('name');
    if (!name) rowErrors.push({ row: nameRow, column: 'name', message: catalogueMessages.nameRequired });
    else if (name.length > 200) rowErrors.push({ row: nameRow, column: 'name', message: catalogueMessages.nameTooLong });
    const { text: path, row: pathRow } = productCell('category');
    const categoryIds = categoriesByPath.get(normalisePath(path)) ?? [];
    if (categoryIds.length === 0) rowErrors.push({ row: pathRow, column: 'category', message: importMessages.unknownCategory(path) });
    else if (categoryIds.length > 1) rowErrors.push({ row: pathRow, column: 'category', message: importMessages.ambiguousCategory(path) });
    const flag = (column: 'on_sale' | 'new' | 'featured', storedValue: boolean | undefined, fallback: boolean) => {
      if (!has(column)) return storedValue ?? fallback;
      const flagCell = productCell(column);
      const parsedFlag = parseYesNo(flagCell.text, storedValue ?? fallback);
      if (!parsedFlag.ok) rowErrors.push({ row: flagCell.row, column, message: parsedFlag.message });
      return parsedFlag.ok ? parsedFlag.value : fallback;
    };
    const onSale = flag('on_sale', current?.onSale, true);
    const isNew = flag('new', current?.isNew, false);
    const isFeatured = flag('featured', current?.isFeatured, false);
    const description = has('description') ? productCell('description').text : (current?.description ?? '');
    if (description.length > 10_000) rowErrors.push({ row: productCell('description').row, column: 'description', message: catalogueMessages.descriptionTooLong });
    let imageUrl = current?.imageUrl ?? '';
    if (has('image_url')) {
      const image = parseImageUrl(productCell('image_url').text);
      if (image.ok) imageUrl = image.value;
      else rowErrors.push({ row: productCell('image_url').row, column: 'image_url', message: image.message });
    }
    let linkProductCode = current?.linkProductCode ?? null;
    if (has('linked_product_code')) {
      const { text: link, row: linkRow } = productCell('linked_product_code');
      linkProductCode = link || null;
      if (link && !PRODUCT_CODE_PATTERN.test(link)) rowErrors.push({ row: linkRow, column: 'linked_product_code', message: catalogueMessages.codeFormat });
      else if (link && link.toLowerCase() === key) rowErrors.push({ row: linkRow, column: 'linked_product_code', message: catalogueMessages.linkToItself });
      else if (link && !groups.has(link.toLowerCase()) && !existingLinks.has(link.toLowerCase())) rowErrors.push({ row: linkRow, column: 'linked_product_code', message: importMessages.unknownLinked(link) });
      // A link to a product in the file keeps the file's spelling of its code.
      if (link && groups.has(link.toLowerCase())) linkProductCode = cell(groups.get(link.toLowerCase())![0]!, 'product_code');
      else if (link && current?.linkProductCode?.toLowerCase() === link.toLowerCase()) linkProductCode = current.linkProductCode;
    }

    // Sizes and packs, in the rows' order; matched to stored rows by size1+size2 and pack quantities.
    const sizes: ProductState['sizes'] = [];
    const sizeIndex = new Map<string, number>();
    const packKeys = new Set<string>();
    const unitCostRows = new Map<string, ParsedRow>();
    const storedSizes = new Map((current?.sizes ?? []).map((s) => [`${s.size1}\u0000${s.size2}`, s]));
    for (const row of rows) {
      const size1 = (row.cells.size1 ?? '').trim();
      const size2 = (row.cells.size2 ?? '').trim();
      const packText = cell(row, 'pack_quantities');
      const priceText = cell(row, 'price_ex_vat');
      if (!size1 && !size2 && !packText && !priceText) {
        if (rows.length > 1) rowErrors.push({ row: row.row, column: 'size1', message: importMessages.noPackRowMixed });
        continue;
      }
      if (!size1) rowErrors.push({ row: row.row, column: 'size1', message: catalogueMessages.sizeRequired });
      if (size1.length > 100 || size2.length > 100) rowErrors.push({ row: row.row, column: 'size1', message: catalogueMessages.sizeTooLong });
      const pack = parsePackRange(packText);
      if (!pack.ok) rowErrors.push({ row: row.row, column: 'pack_quantities', message: pack.message });
      const price = parsePricePounds(priceText);
      if (!price.ok) rowErrors.push({ row: row.row, column: 'price_ex_vat', message: price.message });
      if (!pack.ok || !price.ok) continue;
      const sizeKey = `${size1}\u0000${size2}`;
      const packKey = `${sizeKey}\u0000${formatPackRange(pack.value)}`;
      if (packKeys.has(packKey)) {
        rowErrors.push({ row: row.row, column: 'pack_quantities', message: importMessages.duplicatePack(cell(first, 'product_code')) });
        continue;
      }
      packKeys.add(packKey);
      let index = sizeIndex.get(sizeKey);
      if (index === undefined) {
        index = sizes.length;
        sizeIndex.set(sizeKey, index);
        // The size's first row gives its unit cost; without the column the stored cost stays.
        let unitCostPence: number | null | undefined;
        if (has('unit_cost_ex_vat')) {
          const cost = parseUnitCostPounds(cell(row, 'unit_cost_ex_vat'));
          if (cost.ok) unitCostPence = cost.value;
          else rowErrors.push({ row: row.row, column: 'unit_cost_ex_vat', message: cost.message });
        }
        unitCostRows.set(sizeKey, row);
        sizes.push({ productSizeId: storedSizes.get(sizeKey)?.productSizeId, size1, size2, unitCostPence, packs: [] });
      } else if (has('unit_cost_ex_vat') && cell(row, 'unit_cost_ex_vat') !== cell(unitCostRows.get(sizeKey)!, 'unit_cost_ex_vat')) {
        rowErrors.push({ row: row.row, column: 'unit_cost_ex_vat', message: importMessages.sizeDisagree(cell(first, 'product_code'), 'unit_cost_ex_vat', unitCostRows.get(sizeKey)!.row) });
      }
      const storedPack = storedSizes.get(sizeKey)?.packs.find((p) => formatPackRange(p.packRange) === formatPackRange(pack.value));
      sizes[index]!.packs.push({ productPriceId: storedPack?.productPriceId, pricePence: price.value, packRange: pack.value });
    }
    // Stock: per size (its rows agree), per product (backorders, expected date).
    const storedSettings = current ? storedStock.products.get(current.productId) : undefined;
    const backordersBefore = storedSettings?.backordersAllowed ?? false;
    const expectedBefore = storedSettings?.expectedDate ?? null;
    let backordersAllowed = backordersBefore;
    if (has('backorders')) {
      const { text, row } = productCell('backorders');
      const parsedFlag = parseYesNo(text, backordersBefore);
      if (parsedFlag.ok) backordersAllowed = parsedFlag.value;
      else rowErrors.push({ row, column: 'backorders', message: parsedFlag.message });
    }
    let expectedDate = expectedBefore;
    if (has('expected_date')) {
      const { text, row } = productCell('expected_date');
      if (text && !isIsoDate(text)) rowErrors.push({ row, column: 'expected_date', message: importMessages.expectedDate });
      else expectedDate = text || null;
    }
    const stockChanges: string[] = [];
    const productStockWrites: StockWrite[] = [];
    if (has('stock_on_hand') || has('low_stock_threshold')) {
      const firstOfSize = new Map<string, ParsedRow>();
      for (const row of rows) {
        const size1 = (row.cells.size1 ?? '').trim();
        const size2 = (row.cells.size2 ?? '').trim();
        if (!size1) continue;
        const sizeKey = `${size1}\u0000${size2}`;
        const earlier = firstOfSize.get(sizeKey);
        if (earlier) {
          for (const column of ['stock_on_hand', 'low_stock_threshold'] as const) {
            if (has(column) && cell(row, column) !== cell(earlier, column)) rowErrors.push({ row: row.row, column, message: importMessages.sizeDisagree(cell(first, 'product_code'), column, earlier.row) });
          }
          continue;
        }
        firstOfSize.set(sizeKey, row);
        const onHand = has('stock_on_hand') ? parseUnits(cell(row, 'stock_on_hand')) : null;
        const lowThreshold = has('low_stock_threshold') ? parseUnits(cell(row, 'low_stock_threshold')) : null;
        if (onHand === 'invalid') rowErrors.push({ row: row.row, column: 'stock_on_hand', message: importMessages.stockUnits('stock_on_hand') });
        if (lowThreshold === 'invalid') rowErrors.push({ row: row.row, column: 'low_stock_threshold', message: importMessages.stockUnits('low_stock_threshold') });
        if (onHand === 'invalid' || lowThreshold === 'invalid') continue;
        const sizeId = storedSizes.get(sizeKey)?.productSizeId;
        const level = sizeId === undefined ? undefined : storedStock.sizes.get(sizeId);
        if (!level && onHand === null && lowThreshold !== null) {
          rowErrors.push({ row: row.row, column: 'low_stock_threshold', message: importMessages.thresholdUntracked });
          continue;
        }
        const label = size2 ? `${size1} (${size2})` : size1;
        const countTo = onHand !== null && (!level || level.onHand !== onHand) ? onHand : null;
        const thresholdTo = lowThreshold !== null && (level?.lowThreshold ?? 0) !== lowThreshold ? lowThreshold : null;
        if (countTo !== null) stockChanges.push(`${label} stock on hand: ${level ? level.onHand : 'not tracked'} -> ${countTo} (a count, "CSV import")`);
        if (thresholdTo !== null) stockChanges.push(`${label} low-stock threshold: ${level?.lowThreshold ?? 0} -> ${thresholdTo}`);
        if (countTo !== null || thresholdTo !== null) productStockWrites.push({ productCode: cell(first, 'product_code'), size1, size2, onHand: countTo, lowThreshold: thresholdTo });
      }
    }
    const settingsChanged = backordersAllowed !== backordersBefore || expectedDate !== expectedBefore;
    if (backordersAllowed !== backordersBefore) stockChanges.push(`backorders: ${yesNo(backordersBefore)} -> ${yesNo(backordersAllowed)}`);
    if (expectedDate !== expectedBefore) stockChanges.push(`expected date: ${expectedBefore ?? '(none)'} -> ${expectedDate ?? '(none)'}`);

    errors.push(...rowErrors);
    if (rowErrors.length > 0 || categoryIds.length !== 1) continue;
    stockWrites.push(...productStockWrites);
    if (settingsChanged) settingsWrites.push({ productCode: cell(first, 'product_code'), backordersAllowed, expectedDate });
    const wanted: ProductState = {
      productCode: cell(first, 'product_code'),
      name,
      description,
      categoryId: categoryIds[0]!,
      imageUrl,
      linkProductCode,
      isNew,
      isFeatured,
      onSale,
      sizes,
    };
    const entry = { row: first.row, productCode: wanted.productCode, name };
    if (!current) {
      const packCount = sizes.reduce((n, s) => n + s.packs.length, 0);
      adds.push({ ...entry, changes: [`${sizes.length} size${sizes.length === 1 ? '' : 's'}, ${packCount} pack${packCount === 1 ? '' : 's'}`, ...stockChanges] });
      writes.push({ stored: null, wanted });
      continue;
    }
    const described = describeChanges(current, wanted, pathOf);
    if (described.length === 0 && stockChanges.length === 0) unchanged += 1;
    else {
      changes.push({ ...entry, changes: [...described, ...stockChanges] });
      // Only stock changed: the product itself is not written (its version stays).
      if (described.length > 0) writes.push({ stored: current, wanted });
    }
  }
  errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  adds.sort((a, b) => a.row - b.row);
  changes.sort((a, b) => a.row - b.row);
  const digest = createHash('sha256')
    .update(JSON.stringify([writes.map((w) => [w.stored?.productId ?? null, w.stored?.version ?? null, w.wanted]), stockWrites, settingsWrites]))
    .digest('hex');
  return {
    report: {
      rows: parsed.rows.length,
      products: groups.size,
      adds,
      changes,
      unchanged,
      errors: errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
      errorCount: errors.length,
      digest,
    },
    writes,
    stockWrites,
    settingsWrites,
  };
}

/** "name: Old -> New", "12x9x6" pack of 25: £12.50 -> £13.00", "size 10x8x6" added"... */
function describeChanges(stored: StoredProduct, wanted: ProductState, pathOf: Map<number, string>): string[] {
  const out: string[] = [];
  if (productFieldsDiffer(stored, wanted)) {
    const field = (label: string, a: string, b: string) => {
      if (a !== b) out.push(`${label}: ${a || '(empty)'} -> ${b || '(empty)'}`);
    };
    field('code', stored.productCode, wanted.productCode);
    field('name', stored.name, wanted.name);
    field('category', pathOf.get(stored.categoryId) ?? '', pathOf.get(wanted.categoryId) ?? '');
    if (stored.description !== wanted.description) out.push('description changed');
    field('on sale', yesNo(stored.onSale), yesNo(wanted.onSale));
    field('new', yesNo(stored.isNew), yesNo(wanted.isNew));
    field('featured', yesNo(stored.isFeatured), yesNo(wanted.isFeatured));
    if ((stored.linkProductCode ?? '').toLowerCase() !== (wanted.linkProductCode ?? '').toLowerCase()) field('linked product', stored.linkProductCode ?? '', wanted.linkProductCode ?? '');
    field('image', stored.imageUrl, wanted.imageUrl);
  }
  const label = (size1: string, size2: string) => (size2 ? `${size1} (${size2})` : size1);
  const wantedSizeIds = new Set(wanted.sizes.map((s) => s.productSizeId).filter((id) => id !== undefined));
  for (const size of stored.sizes) if (!wantedSizeIds.has(size.productSizeId)) out.push(`size ${label(size.size1, size.size2)} removed`);
  for (const size of wanted.sizes) {
    const old = stored.sizes.find((s) => s.productSizeId === size.productSizeId);
    if (!old) {
      out.push(`size ${label(size.size1, size.size2)} added: ${size.packs.map((p) => `pack of ${formatPackRange(p.packRange)} at ${pounds(p.pricePence)}`).join(', ')}`);
      continue;
    }
    const wantedPackIds = new Set(size.packs.map((p) => p.productPriceId).filter((id) => id !== undefined));
    for (const pack of old.packs) if (!wantedPackIds.has(pack.productPriceId)) out.push(`${label(size.size1, size.size2)} pack of ${formatPackRange(pack.packRange)} removed (was ${pounds(pack.pricePence)})`);
    for (const pack of size.packs) {
      const before = old.packs.find((p) => p.productPriceId === pack.productPriceId);
      if (!before) out.push(`${label(size.size1, size.size2)} pack of ${formatPackRange(pack.packRange)} added at ${pounds(pack.pricePence)}`);
      else if (before.pricePence !== pack.pricePence) out.push(`${label(size.size1, size.size2)} pack of ${formatPackRange(pack.packRange)}: ${pounds(before.pricePence)} -> ${pounds(pack.pricePence)}`);
    }
    if (size.unitCostPence !== undefined && size.unitCostPence !== old.unitCostPence) {
      const cost = (pence: number | null) => (pence === null ? '(none)' : pounds(pence));
      out.push(`${label(size.size1, size.size2)} unit cost: ${cost(old.unitCostPence)} -> ${cost(size.unitCostPence)}`);
    }
    const oldOrder = old.packs.map((p) => p.productPriceId).filter((id) => wantedPackIds.has(id));
    const newOrder = size.packs.map((p) => p.productPriceId).filter((id) => id !== undefined);
    if (oldOrder.join(',') !== newOrder.join(',')) out.push(`${label(size.size1, size.size2)}: packs reordered`);
  }
  const oldSizeOrder = stored.sizes.map((s) => s.productSizeId).filter((id) => wantedSizeIds.has(id));
  const newSizeOrder = wanted.sizes.map((s) => s.productSizeId).filter((id) => id !== undefined);
  if (oldSizeOrder.join(',') !== newSizeOrder.join(',')) out.push('sizes reordered');
  return out;
}

export class CatalogueCsv {
  constructor(private readonly db: Database) {}

  export(): AsyncGenerator<string> {
    return exportCatalogueCsv(this.db);
  }

  static fileName(now: Date): string {
    return `catalogue-${now.toISOString().slice(0, 10)}.csv`;
  }

  /** The dry run: nothing is written. */
  async dryRun(bytes: Uint8Array): Promise<ImportReport> {
    const parsed = readImportFile(bytes);
    if (parsed.rows.length === 0 && parsed.errors.length > 0) return emptyReport(parsed.errors);
    return (await planImport(this.db, parsed)).report;
  }

  /**
   * Applies a file in one transaction, all or nothing. With `expectedDigest` (the dry run's),
   * a catalogue that changed since the dry run is refused. A file with errors is refused.
   */
  async apply(bytes: Uint8Array, staffId: number | null, expectedDigest?: string): Promise<ImportResult> {
    const parsed = readImportFile(bytes);
    if (parsed.rows.length === 0 && parsed.errors.length > 0) throw new Invalid(importMessages.hasErrors, { report: emptyReport(parsed.errors) });
    return this.db.transaction(async (tx) => {
      // One import at a time, and no product or category saved while it plans and writes.
      await tx.execute(sql`LOCK TABLE products, categories IN SHARE ROW EXCLUSIVE MODE`);
      const plan = await planImport(tx, parsed);
      if (plan.report.errorCount > 0) throw new Invalid(importMessages.hasErrors, { report: plan.report });
      if (expectedDigest !== undefined && expectedDigest !== plan.report.digest) throw new Conflict(importMessages.changedSinceDryRun);
      // Codes the file changes only in case belong to the same product; a code used by a
      // product outside the file cannot be taken (the unique index would refuse it anyway).
      const result = await writeProducts(tx, plan.writes, staffId, 'import');
      await applyStock(tx, plan, staffId);
      return { ...plan.report, applied: true as const, priceChanges: result.priceChanges };
    });
  }
}

/** The import's stock: each on hand as a count ("CSV import"), thresholds and backorders, each audited (stock/stock-admin.ts). */
async function applyStock(tx: Executor, plan: Plan, staffId: number | null): Promise<void> {
  if (plan.stockWrites.length === 0 && plan.settingsWrites.length === 0) return;
  const codes = [...new Set([...plan.stockWrites, ...plan.settingsWrites].map((w) => w.productCode.toLowerCase()))];
  // code: the product code lowered, as the plan's keys are.
  const sizes = await queryRows<Pick<Row<typeof productSizes>, 'productId' | 'productSizeId' | 'size1' | 'size2'> & { code: string }>(
    tx,
    sql`SELECT p.product_id AS "productId", lower(p.product_code) AS code, z.product_size_id AS "productSizeId", z.size1, z.size2
        FROM products p JOIN product_sizes z ON z.product_id = p.product_id
        WHERE lower(p.product_code) = ANY (${`{${codes.map((c) => `"${c.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`,
  );
  const sizeIdOf = new Map(sizes.map((z) => [`${z.code}\u0000${z.size1}\u0000${z.size2}`, z.productSizeId]));
  const productIdOf = new Map(sizes.map((z) => [z.code, z.productId]));
  for (const write of plan.stockWrites) {
    const sizeId = sizeIdOf.get(`${write.productCode.toLowerCase()}\u0000${write.size1}\u0000${write.size2}`);
    if (sizeId === undefined) throw new Error(`Imported size ${write.productCode} ${write.size1} was not written`);
    if (write.onHand !== null) await recordCount(tx, staffId, sizeId, write.onHand, 'CSV import');
    if (write.lowThreshold !== null) await setLowThreshold(tx, staffId, sizeId, write.lowThreshold, 'CSV import');
  }
  for (const write of plan.settingsWrites) {
    const productId = productIdOf.get(write.productCode.toLowerCase());
    if (productId === undefined) {
      // A product without sizes: its settings are kept all the same.
      const [row] = await queryRows<Pick<Row<typeof products>, 'productId'>>(tx, sql`SELECT product_id AS "productId" FROM products WHERE lower(product_code) = ${write.productCode.toLowerCase()}`);
      if (!row) throw new Error(`Imported product ${write.productCode} was not written`);
      await setBackorderSettings(tx, staffId, row.productId, write.backordersAllowed, write.expectedDate, 'CSV import');
    } else await setBackorderSettings(tx, staffId, productId, write.backordersAllowed, write.expectedDate, 'CSV import');
  }
}

/**
 * A dry run as CSV, for the lists too long to show on a page: a row per error, product to add
 * and product to change, each with its row in the file (errors first, as the page shows them).
 */
export function importReportCsv(report: ImportReport): string {
  const rows: string[][] = [['what', 'row', 'column', 'product_code', 'name', 'detail']];
  for (const e of report.errors) rows.push(['error', e.row === null ? 'file' : String(e.row), e.column ?? '', '', '', guardFormula(e.message)]);
  for (const a of report.adds) rows.push(['add', String(a.row), '', a.productCode, guardFormula(a.name), a.changes.join('; ')]);
  for (const c of report.changes) rows.push(['change', String(c.row), '', c.productCode, guardFormula(c.name), guardFormula(c.changes.join('; '))]);
  return `\uFEFF${stringify(rows)}`;
}

function emptyReport(errors: ImportError[]): ImportReport {
  return { rows: 0, products: 0, adds: [], changes: [], unchanged: 0, errors, errorCount: errors.length, digest: '' };
}
