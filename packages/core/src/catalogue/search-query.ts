/**
 * How a customer's search text is read: the words, and, when it looks like a size ("12x9x6",
 * `12 X 9 X 6"`, "305x229"), a size key that matches product_sizes.size1_key / size2_key
 * (see migration 0002). The size is taken out of the words.
 */
export interface ParsedSearch {
  /** Lower-cased text with extra spaces removed; empty means "no search". */
  text: string;
  /** Digits and 'x' only, e.g. "12x9x6"; null when the text does not look like a size. */
  sizeKey: string | null;
  /**
   * The other words, lower case, split at anything but letters, digits and '.': "peel & seal"
   * is ["peel", "seal"], "d/w" is ["d", "w"], "No.2" is ["no.2"].
   */
  words: string[];
}

/** Two or three dimensions, with the unit after them if any ("12x9x6\"", "305x229mm", "12x9x6 inch"). */
const SIZE_PATTERN = /\d+(?:\.\d+)?\s*["']?\s*(?:x|×)\s*\d+(?:\.\d+)?(?:\s*["']?\s*(?:x|×)\s*\d+(?:\.\d+)?)?(?:\s*["']|\s*(?:mm|cm|in|inch|inches)\b)?/i;

/** Words of a text as search reads them (also used for the typed phrases of the synonym list). */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    // "12 oz", "48 mm": one word, as sizes are written ("12oz", "48mm").
    .replace(/(\d)\s+(mm|cm|m|oz|mu|micron|ltr|litre|litres)\b/g, '$1$2')
    .split(/[^a-z0-9.]+/)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word !== '');
}

export function parseSearch(raw: string): ParsedSearch {
  const text = raw.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 200);
  const sizeMatch = SIZE_PATTERN.exec(text);
  const sizeKey = sizeMatch ? sizeMatch[0].replace(/×/g, 'x').replace(/[^0-9.x]/g, '') : null;
  const rest = sizeMatch ? text.slice(0, sizeMatch.index) + ' ' + text.slice(sizeMatch.index + sizeMatch[0].length) : text;
  return { text, sizeKey, words: searchWords(rest) };
}
