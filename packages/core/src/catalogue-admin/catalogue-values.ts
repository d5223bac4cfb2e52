/**
 * The catalogue back office's values as staff type them: product codes, prices in
 * pounds ex-VAT, pack quantities, yes/no. One parser per value, shared by the editor's forms
 * and the CSV import, so both accept and refuse the same things with the same words.
 */

/** Letters, digits and `. _ / -`, starting with a letter or digit, at most 40 characters. */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;

export const catalogueMessages = {
  codeRequired: 'Give a product code.',
  codeFormat: 'A product code is 1 to 40 letters, digits, dots, dashes, slashes or underscores (no spaces), starting with a letter or digit.',
  codeTaken: (code: string) => `The product code ${code} is already used by another product.`,
  nameRequired: 'Give a name.',
  nameTooLong: 'A name is at most 200 characters.',
  categoryNameArrow: 'A category name cannot contain ">" (it separates categories in the CSV path).',
  descriptionTooLong: 'A description is at most 10,000 characters.',
  priceRequired: 'Give the price of one pack ex-VAT, in pounds (for example 12.50).',
  priceFormat: (value: string) => `"${value}" is not a price: give pounds ex-VAT with at most 2 decimals (for example 12.50).`,
  pricePositive: 'A price must be more than £0.00.',
  priceTooHigh: 'A price is at most £100,000.00 a pack.',
  packRequired: 'Give the units in the pack (for example 25, or 25|50 for a choice).',
  packFormat: (value: string) => `"${value}" is not a pack quantity: give whole numbers of units above 0, separated by | (for example 25 or 25|50).`,
  packRepeated: (value: string, units: number) => `"${value}" lists ${units} twice: give each choice of units once (for example 25|50).`,
  sizeRequired: 'Give the size (size1), for example 12x9x6".',
  sizeTooLong: 'A size is at most 100 characters.',
  noPacks: 'A size needs at least one pack with a price.',
  duplicateSize: (size: string) => `The size ${size} is listed twice.`,
  duplicatePack: (size: string, pack: string) => `The size ${size} has the pack of ${pack} twice.`,
  yesNo: (value: string) => `"${value}" is not yes or no.`,
  unitCostFormat: (value: string) => `"${value}" is not a unit cost: give what one unit costs ex-VAT in pounds, at most 2 decimals (for example 0.35), or leave it empty.`,
  unitCostTooHigh: 'A unit cost is at most £100,000.00.',
  imageUrl: 'An image address is empty, a path under /media/ (without . or .. parts) or an https:// address.',
  changedMeanwhile: 'Someone else changed this since you opened it. Nothing was saved: reload to see their change, then make yours again.',
  unknownCategory: 'Choose a category.',
  unknownLinkedProduct: (code: string) => `No product has the code ${code} (linked product).`,
  linkToItself: 'A product cannot link to itself.',
} as const;

/** A value read from a form or a CSV cell: the parsed value or what is wrong with it. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

export function parseProductCode(raw: string): Parsed<string> {
  const code = raw.trim();
  if (!code) return fail(catalogueMessages.codeRequired);
  if (!PRODUCT_CODE_PATTERN.test(code)) return fail(catalogueMessages.codeFormat);
  return ok(code);
}

/** "12.50", "£12.5", "12" -> pence; at most 2 decimals, above zero, at most £100,000. */
export function parsePricePounds(raw: string): Parsed<number> {
  const text = raw.trim().replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!text) return fail(catalogueMessages.priceRequired);
  if (/^-/.test(text)) return fail(catalogueMessages.pricePositive);
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return fail(catalogueMessages.priceFormat(raw.trim()));
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (pence <= 0) return fail(catalogueMessages.pricePositive);
  if (pence > 10_000_000) return fail(catalogueMessages.priceTooHigh);
  return ok(pence);
}

/** Pence as the CSV and the forms show a price: pounds with two decimals, no symbol ("12.50"). */
export function formatPricePounds(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** "25" or "25|50|100" (spaces allowed) -> [25, 50, 100]; a choice listed twice ("25|25") is refused. */
export function parsePackRange(raw: string): Parsed<number[]> {
  const text = raw.trim();
  if (!text) return fail(catalogueMessages.packRequired);
  const parts = text.split('|').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,7}$/.test(part) || Number(part) <= 0)) return fail(catalogueMessages.packFormat(text));
  const units = parts.map(Number);
  const repeated = units.find((n, i) => units.indexOf(n) !== i);
  if (repeated !== undefined) return fail(catalogueMessages.packRepeated(text, repeated));
  return ok(units);
}

export function formatPackRange(range: readonly number[]): string {
  return range.join('|');
}

/** yes/no, y/n, true/false, 1/0 (any case); an empty cell is `fallback`. */
export function parseYesNo(raw: string, fallback?: boolean): Parsed<boolean> {
  const text = raw.trim().toLowerCase();
  if (!text && fallback !== undefined) return ok(fallback);
  if (['yes', 'y', 'true', '1'].includes(text)) return ok(true);
  if (['no', 'n', 'false', '0'].includes(text)) return ok(false);
  return fail(catalogueMessages.yesNo(raw.trim()));
}

export function parseImageUrl(raw: string): Parsed<string> {
  const url = raw.trim();
  if (url === '' || isMediaPath(url) || isHttpsAddress(url)) return ok(url);
  return fail(catalogueMessages.imageUrl);
}

/** A clean path under /media/: no empty, `.` or `..` segment (a browser or proxy would resolve those elsewhere). */
function isMediaPath(url: string): boolean {
  if (!/^\/media\/[A-Za-z0-9/._-]+$/.test(url)) return false;
  return url
    .slice('/media/'.length)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** An absolute https:// address with a host, as the URL parser reads it. */
function isHttpsAddress(url: string): boolean {
  if (!/^https:\/\/[^\s"'<>\\]+$/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** A text of at most `max` characters, trimmed; `required` refuses an empty one. */
export function parseText(raw: string, max: number, messages: { required?: string; tooLong: string }): Parsed<string> {
  const text = raw.trim();
  if (!text && messages.required) return fail(messages.required);
  if (text.length > max) return fail(messages.tooLong);
  return ok(text);
}

/** A URL slug from a name: "Single Wall Boxes" -> "single-wall-boxes". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'category';
}

/** The most a unit may cost (pence): as a pack's price. */
export const MAX_UNIT_COST_PENCE = 10_000_000;

/** "0.35", "£1.20", "0" -> pence (zero allowed: a free sample); empty -> null, not known. At most 2 decimals. */
export function parseUnitCostPounds(raw: string): Parsed<number | null> {
  const text = raw.trim().replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!text) return ok(null);
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return fail(catalogueMessages.unitCostFormat(raw.trim()));
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (pence > MAX_UNIT_COST_PENCE) return fail(catalogueMessages.unitCostTooHigh);
  return ok(pence);
}

/** Pence as the unit cost cell ("0.35"); null as an empty cell. */
export function formatUnitCostPounds(pence: number | null): string {
  return pence === null ? '' : formatPricePounds(pence);
}
