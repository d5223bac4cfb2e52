/**
 * Bank statements as CSV (DESIGN section 10 "Money"; the layouts are documented in
 * docs/bank-statements.md, keep the two in step): the shop's generic layout and the exports of
 * several UK banks, told apart by the header row. Only credits (money in) are read; debits are
 * counted and left alone. A row that cannot be read is reported with its line number and the
 * rest of the file is still read, so one odd row never hides the others from staff.
 *
 * Nothing here touches the database: bank-statements.ts matches the lines to orders. A file is
 * read a piece at a time with turns of the event loop between (core/event-loop.ts): read in one
 * go, a 10,000-row statement held every other visitor up for 1.4 s.
 */
import { Readable } from 'node:stream';
import { parse, type Options as CsvOptions } from 'csv-parse';
import { Invalid } from '../../errors.ts';
import { workSlices } from '../../event-loop.ts';

/** The largest statement file read (a year of a busy account is well under 1 MB). */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows read from one file (a month of a busy account is a few hundred). */
export const STATEMENT_MAX_ROWS = 10_000;
/** Rows above the header some banks write (account name, period): the header is looked for in these. */
const HEADER_SEARCH_ROWS = 10;
/** The largest single credit recorded from a statement, as a payment recorded by hand (£1,000,000). */
const MAX_AMOUNT_PENCE = 100_000_000;
/** Descriptions are kept to this length (banks send at most a few hundred characters). */
const MAX_DESCRIPTION = 500;
/** Characters handed to the CSV reader at a time: a few milliseconds of work each. */
const TEXT_PIECE = 16 * 1024;

interface StatementLayout {
  key: string;
  /** How staff know the layout (the banks whose exports have it). */
  label: string;
  /** Header cells that identify the layout, as the bank writes them (compared without case, spaces collapsed). */
  columns: readonly string[];
  /** The date column. */
  date: string;
  /** The text shown to staff and searched for references: these columns joined. */
  description: readonly string[];
  /** A column that holds only the payer's reference, when the bank has one (an exact match is against it). */
  reference?: string;
  /** Money in: one signed column (credits positive), or separate credit and debit columns. */
  amount: { signed: string } | { credit: string; debit: string };
  /** The bank's own id of the transaction, when the export has one (the fingerprint then). */
  transactionId?: string;
}

/**
 * The recognised layouts, most specific first: a header is the first layout whose columns it
 * all has (a bank adding a column later still matches). The generic layout comes last, as some
 * banks' headers also contain Date, Description and Amount.
 */
export const STATEMENT_LAYOUTS: readonly StatementLayout[] = [
  {
    key: 'monzo',
    label: 'Monzo',
    columns: ['Transaction ID', 'Date', 'Name', 'Amount', 'Description'],
    date: 'Date',
    description: ['Name', 'Description', 'Notes and #tags'],
    reference: 'Description',
    amount: { signed: 'Amount' },
    transactionId: 'Transaction ID',
  },
  {
    key: 'starling',
    label: 'Starling',
    columns: ['Date', 'Counter Party', 'Reference', 'Amount (GBP)'],
    date: 'Date',
    description: ['Counter Party', 'Reference'],
    reference: 'Reference',
    amount: { signed: 'Amount (GBP)' },
  },
  {
    key: 'lloyds',
    label: 'Lloyds, Halifax, Bank of Scotland',
    columns: ['Transaction Date', 'Transaction Type', 'Transaction Description', 'Debit Amount', 'Credit Amount'],
    date: 'Transaction Date',
    description: ['Transaction Description'],
    amount: { credit: 'Credit Amount', debit: 'Debit Amount' },
  },
  {
    key: 'barclays',
    label: 'Barclays',
    columns: ['Number', 'Date', 'Account', 'Amount', 'Subcategory', 'Memo'],
    date: 'Date',
    description: ['Memo'],
    amount: { signed: 'Amount' },
  },
  {
    key: 'natwest',
    label: 'NatWest, Royal Bank of Scotland, Ulster Bank',
    columns: ['Date', 'Type', 'Description', 'Value', 'Balance', 'Account Name', 'Account Number'],
    date: 'Date',
    description: ['Description'],
    amount: { signed: 'Value' },
  },
  {
    key: 'generic',
    label: 'Generic (Date, Description, Amount)',
    columns: ['Date', 'Description', 'Amount'],
    date: 'Date',
    description: ['Description'],
    amount: { signed: 'Amount' },
    transactionId: 'Transaction ID',
  },
];

export const statementMessages = {
  empty: 'The file is empty. Download the statement from your online banking as CSV and choose that file.',
  tooLarge: (bytes: number) =>
    `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the largest statement that can be imported is ${STATEMENT_MAX_BYTES / 1024 / 1024} MB. Download a shorter period and import each part.`,
  tooManyRows: `The file has more than ${STATEMENT_MAX_ROWS.toLocaleString('en-GB')} rows. Download a shorter period and import each part.`,
  notText: 'The file is not a CSV text file. In your online banking choose "Export" or "Download" as CSV (not PDF, Excel or Quicken).',
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  unknownHeader: (found: string) =>
    `The first row of the file ("${found}") is not a bank statement layout this import knows. ` +
    `The accepted layouts are: ${statementLayoutHeaders()
      .map((l) => `${l.label}: ${l.columns.join(', ')}`)
      .join('; ')}. ` +
    'Download the statement again as CSV, or make a file with the columns Date, Description, Amount (money in positive).',
  noRows: 'The file has a header but no transactions.',
  cellCount: (found: number, expected: number) => `This row has ${found} cells but the header has ${expected} columns.`,
  date: (text: string) => `"${text}" is not a date (write 31/01/2026 or 2026-01-31).`,
  futureDate: (text: string) => `The date ${text} is in the future.`,
  amount: (text: string) => `"${text}" is not an amount of money (write 1234.50, £1,234.50 or -12.00).`,
  amountTooLarge: 'The amount is over £1,000,000: record it by hand after checking it.',
  bothAmounts: 'The row has both a debit and a credit amount.',
  noAmount: 'The row has no amount (neither money in nor out).',
  duplicateId: (id: string, line: number) => `The transaction id ${id} is also on line ${line}: the file repeats a transaction.`,
} as const;

/** A credit (money in) read from the statement. */
export interface StatementCredit {
  /** The line of the file it is on (the header is usually line 1). */
  line: number;
  /** The day it reached the account, ISO (YYYY-MM-DD). */
  postedOn: string;
  /** What the bank says about it (the payer, their reference), spaces collapsed. */
  description: string;
  /** The payer's reference alone, when the bank gives it apart from the description; else the description. */
  reference: string;
  amountPence: number;
  /**
   * Names this transaction whatever file it comes in: the bank's transaction id when the layout
   * has one, else date|amount|description (normalised)|its occurrence among identical credits of
   * the file. Two statements that overlap give a transaction the same fingerprint, as long as
   * each holds every identical credit of that day (banks export whole days).
   */
  fingerprint: string;
}

export interface StatementRowError {
  /** The line of the file; null for the file as a whole. */
  line: number | null;
  message: string;
}

export interface ParsedStatement {
  layout: { key: string; label: string };
  credits: StatementCredit[];
  /** Rows of money going out, or of nothing: not imported. */
  debitsIgnored: number;
  errors: StatementRowError[];
}

/** The recognised layouts and the header columns that identify each, for staff. */
export function statementLayoutHeaders(): { label: string; columns: string[] }[] {
  return STATEMENT_LAYOUTS.map((layout) => ({ label: layout.label, columns: [...layout.columns] }));
}

/** A header cell compared: lower case, spaces collapsed, a leading apostrophe (spreadsheet text) dropped. */
function headerName(cell: string): string {
  return cleanCell(cell).toLowerCase();
}

/** A cell as staff should read it: spaces (and tabs) collapsed, the apostrophe some banks put before text dropped. */
function cleanCell(cell: string): string {
  return cell.replace(/^\uFEFF/, '').replace(/\s+/g, ' ').trim().replace(/^'/, '').trim();
}

/**
 * Reads a statement file. Throws Invalid for a file that cannot be a statement (empty, too
 * large, not text, an unknown header); a row it cannot read is an error in the answer.
 */
export async function parseBankStatement(bytes: Uint8Array, today: string): Promise<ParsedStatement> {
  if (bytes.byteLength === 0) throw new Invalid(statementMessages.empty);
  if (bytes.byteLength > STATEMENT_MAX_BYTES) throw new Invalid(statementMessages.tooLarge(bytes.byteLength));
  const text = decode(bytes);
  if (text.includes('\u0000')) throw new Invalid(statementMessages.notText);
  if (!text.trim()) throw new Invalid(statementMessages.empty);
  const pause = workSlices();
  let records: CsvRecord[];
  try {
    records = await readRecords(text, pause, { relax_column_count: true, skip_empty_lines: true, bom: true, info: true, relax_quotes: true, to: STATEMENT_MAX_ROWS + HEADER_SEARCH_ROWS + 1 });
  } catch (error) {
    throw new Invalid(statementMessages.unreadable((error as Error).message.replace(/^Invalid [^:]*: /, '')));
  }
  let headerAt = -1;
  let layout: StatementLayout | undefined;
  let header: string[] = [];
  for (let i = 0; i < Math.min(records.length, HEADER_SEARCH_ROWS) && !layout; i++) {
    header = records[i]!.record.map(headerName);
    layout = STATEMENT_LAYOUTS.find((candidate) => candidate.columns.every((column) => header.includes(column.toLowerCase())));
    headerAt = i;
  }
  if (!layout) {
    const first = (records.find((r) => r.record.some((cell) => cell.trim())) ?? records[0])?.record.map(cleanCell).join(',') ?? '';
    throw new Invalid(statementMessages.unknownHeader(first.slice(0, 200)));
  }
  const rows = records.slice(headerAt + 1);
  if (rows.length === 0) throw new Invalid(statementMessages.noRows);
  if (rows.length > STATEMENT_MAX_ROWS) throw new Invalid(statementMessages.tooManyRows);

  const index = (column: string) => header.indexOf(column.toLowerCase());
  const errors: StatementRowError[] = [];
  const credits: StatementCredit[] = [];
  const occurrences = new Map<string, number>();
  const idLines = new Map<string, number>();
  const amountColumns = 'signed' in layout.amount ? [layout.amount.signed] : [layout.amount.credit, layout.amount.debit];
  const needed = Math.max(...[layout.date, ...amountColumns, ...layout.columns].map(index)) + 1;
  let debitsIgnored = 0;
  for (const { record, info } of rows) {
    await pause();
    const line = info.lines;
    if (record.every((cell) => !cell.trim())) continue;
    // A short row (a trailing summary line) is refused; optional columns may be left off the end.
    if (record.length < needed) {
      errors.push({ line, message: statementMessages.cellCount(record.length, header.length) });
      continue;
    }
    const cell = (column: string) => cleanCell(record[index(column)] ?? '');
    const amount = amountOf(layout, cell);
    if ('error' in amount) {
      errors.push({ line, message: amount.error });
      continue;
    }
    // A row without an amount is neither a payment nor a debit: listed, never dropped unseen.
    if (amount.pence === 0) {
      errors.push({ line, message: statementMessages.noAmount });
      continue;
    }
    if (amount.pence < 0) {
      debitsIgnored++;
      continue;
    }
    const dateText = cell(layout.date);
    const postedOn = parseStatementDate(dateText);
    if (!postedOn) {
      errors.push({ line, message: statementMessages.date(dateText) });
      continue;
    }
    if (postedOn > today) {
      errors.push({ line, message: statementMessages.futureDate(dateText) });
      continue;
    }
    if (amount.pence > MAX_AMOUNT_PENCE) {
      errors.push({ line, message: statementMessages.amountTooLarge });
      continue;
    }
    const parts = layout.description.filter((column) => index(column) >= 0).map(cell).filter(Boolean);
    const description = [...new Set(parts)].join(' ').slice(0, MAX_DESCRIPTION);
    const reference = layout.reference ? cell(layout.reference).slice(0, MAX_DESCRIPTION) : description;
    const transactionId = layout.transactionId && index(layout.transactionId) >= 0 ? cell(layout.transactionId) : '';
    let fingerprint: string;
    if (transactionId) {
      const seen = idLines.get(transactionId);
      if (seen !== undefined) {
        errors.push({ line, message: statementMessages.duplicateId(transactionId, seen) });
        continue;
      }
      idLines.set(transactionId, line);
      fingerprint = `${layout.key}:${transactionId}`.slice(0, 300);
    } else {
      const key = `${postedOn}|${amount.pence}|${description.toUpperCase().slice(0, 200)}`;
      const occurrence = (occurrences.get(key) ?? 0) + 1;
      occurrences.set(key, occurrence);
      fingerprint = `${key}|${occurrence}`;
    }
    credits.push({ line, postedOn, description, reference, amountPence: amount.pence, fingerprint });
  }
  return { layout: { key: layout.key, label: layout.label }, credits, debitsIgnored, errors };
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** The file's records, read a piece of text at a time with a turn of the event loop when `pause` says. */
async function readRecords(text: string, pause: () => Promise<void> | undefined, options: CsvOptions): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  const pieces = (function* () {
    for (let at = 0; at < text.length; at += TEXT_PIECE) yield text.slice(at, at + TEXT_PIECE);
  })();
  const reader = Readable.from(pieces, { objectMode: false }).pipe(parse(options));
  for await (const record of reader) {
    records.push(record as CsvRecord);
    await pause();
  }
  return records;
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Older exports are Windows-1252 (a £ is one byte 0xA3): read them as such.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function amountOf(layout: StatementLayout, cell: (column: string) => string): { pence: number } | { error: string } {
  if ('signed' in layout.amount) {
    const text = cell(layout.amount.signed);
    const pence = parseStatementAmount(text);
    return pence === null ? { error: statementMessages.amount(text) } : { pence };
  }
  const creditText = cell(layout.amount.credit);
  const debitText = cell(layout.amount.debit);
  const credit = creditText ? parseStatementAmount(creditText) : 0;
  const debit = debitText ? parseStatementAmount(debitText) : 0;
  if (credit === null) return { error: statementMessages.amount(creditText) };
  if (debit === null) return { error: statementMessages.amount(debitText) };
  if (credit !== 0 && debit !== 0) return { error: statementMessages.bothAmounts };
  // A credit column holds money in; a debit is money out however it is signed.
  return { pence: credit !== 0 ? credit : -Math.abs(debit) };
}

/**
 * An amount as banks write it, in pence: "1234.5", "£1,234.50", "-12.00", "+12", "−12.00",
 * "(12.00)" (negative), "12.00 CR" / "12.00 DR". Null when it is not one; an empty cell is 0.
 */
export function parseStatementAmount(text: string): number | null {
  let t = text.replace(/\s+/g, '').replace(/\u2212/g, '-').toUpperCase();
  if (t === '') return 0;
  let sign = 1;
  if (t.endsWith('CR')) t = t.slice(0, -2);
  else if (t.endsWith('DR')) {
    t = t.slice(0, -2);
    sign = -1;
  }
  const bracketed = /^\((.*)\)$/.exec(t);
  if (bracketed) {
    t = bracketed[1]!;
    sign = -sign;
  }
  const match = /^([+-]?)(?:GBP|£)?([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!match || (match[1] && match[2])) return null;
  if (match[1] === '-' || match[2] === '-') sign = -sign;
  const pounds = Number(match[3]!.replace(/,/g, ''));
  const pence = pounds * 100 + Number((match[4] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? sign * pence : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date as UK banks write it, ISO (YYYY-MM-DD), else null: 31/01/2026, 31-01-2026, 31.01.2026,
 * 31/01/26 (day first, as in the UK), 2026-01-31 (a time after it is ignored), 31 Jan 2026.
 */
export function parseStatementDate(text: string): string | null {
  const t = text.trim();
  let year: number;
  let month: number;
  let day: number;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t))) [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(t))) [day, month, year] = [Number(m[1]), Number(m[2]), fullYear(m[3]!)];
  else if ((m = /^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*[\s-](\d{4}|\d{2})$/.exec(t))) {
    month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    if (month === 0) return null;
    [day, year] = [Number(m[1]), fullYear(m[3]!)];
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Two-digit years are this century (statements are of recent months). */
function fullYear(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}
