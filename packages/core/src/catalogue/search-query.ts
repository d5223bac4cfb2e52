/**
 * How a customer's search text is read: free words for full-text and trigram matching,
 * and, when it looks like a size ("12x9x6", `12 X 9 X 6"`, "305x229"), a size key that
 * matches product_sizes.size1_key / size2_key (see migration 0002).
 */
export interface ParsedSearch {
  /** Lower-cased text with extra spaces removed; empty means "no search". */
  text: string;
  /** Digits and 'x' only, e.g. "12x9x6"; null when the text does not look like a size. */
  sizeKey: string | null;
}

const SIZE_PATTERN = /\d+(?:\.\d+)?\s*["']?\s*(?:x|×)\s*\d+(?:\.\d+)?(?:\s*["']?\s*(?:x|×)\s*\d+(?:\.\d+)?)?/i;

export function parseSearch(raw: string): ParsedSearch {
  const text = raw.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 200);
  const sizeMatch = SIZE_PATTERN.exec(text);
  const sizeKey = sizeMatch ? sizeMatch[0].replace(/×/g, 'x').replace(/[^0-9.x]/g, '') : null;
  return { text, sizeKey };
}
