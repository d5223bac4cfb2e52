/**
 * The item display name of basket, dropdown, order pages, e-mail and invoice: the product name
 * followed by the size1 of the matching price, unless the name already states the size.
 *
 * SPEC 3 says "the product name alone if it contains the letter x or X". Its intent is not to
 * repeat a size the name carries ("Box 12x9x6"), but read literally it hides the size of every
 * "Boxes" and "Wax" product, so two sizes of "Single Wall Cardboard Boxes" read the same
 * (DESIGN 4 "Display name"). So the size is left out only when the name holds a
 * dimension (a number, an optional unit or inch mark, "x", a number: 12x9x6, 12"x9", 9X6X4,
 * 500mm x 100m, 10.5 x 14 in) or the size's own text as a separate word ("Bubble Wrap 500mm").
 */
const DIMENSION = /\d(?:[.,]\d+)?\s*(?:mm|cm|m|in|inch|inches|ft|"|'|”|″)?\s*[x×]\s*\d/i;

export function itemDisplayName(productName: string, size1: string | null | undefined): string {
  const size = size1?.trim();
  if (!size || DIMENSION.test(productName) || containsWord(productName, size)) return productName;
  return `${productName} ${size}`;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * `text` holds `word`, in any case, not as part of a longer word or number ("S" is not in
 * "Single"). A search rather than a RegExp built from `word`: every basket line, order line and
 * e-mail names its item, and compiling a Unicode pattern each time was 2% of placing an order.
 */
function containsWord(text: string, word: string): boolean {
  const haystack = text.toLowerCase();
  const needle = word.toLowerCase();
  const isWordChar = (char: string | undefined) => char !== undefined && LETTER_OR_DIGIT.test(char);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (!isWordChar(haystack[at - 1]) && !isWordChar(haystack[at + needle.length])) return true;
  }
  return false;
}
