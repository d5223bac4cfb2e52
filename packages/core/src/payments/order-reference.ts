/**
 * An order's own payment reference (DESIGN section 4 "Orders"): the shop's prefix, a hyphen and
 * six characters from an alphabet without the look-alikes 0/O, 1/I/L and 5/S, 2/Z, 8/B, U/V, so
 * it can be read over the phone and typed from a bank statement. About 400 million codes; the
 * unique indexes on carts and orders refuse a repeat, and the caller draws again.
 *
 * Orders placed before references per order keep theirs (prefix + user id, no hyphen).
 */
import { randomInt } from 'node:crypto';

export const ORDER_REFERENCE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
export const ORDER_REFERENCE_CODE_LENGTH = 6;

/** A new reference, e.g. BXW-7KQ4MC. */
export function newOrderReference(prefix: string): string {
  let code = '';
  for (let i = 0; i < ORDER_REFERENCE_CODE_LENGTH; i++) code += ORDER_REFERENCE_ALPHABET[randomInt(ORDER_REFERENCE_ALPHABET.length)];
  return `${prefix}-${code}`;
}

/**
 * Every reference of this shop's format (new and old) found in a bank statement's description,
 * upper-cased, the hyphen optional as banks often drop it: "BXW 7KQ4MC", "bxw7kq4mc",
 * "PAYMENT BXW-7KQ4MC THANKS". Old references (prefix + digits) are found too.
 */
export function referencesIn(text: string, prefix: string): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?:^|[^A-Z0-9])${escaped}[\\s-]?([A-Z0-9]{${ORDER_REFERENCE_CODE_LENGTH}}|\\d{1,9})(?![A-Z0-9])`, 'g');
  const found = new Set<string>();
  for (const match of text.toUpperCase().matchAll(pattern)) {
    const code = match[1]!;
    found.add(/^\d+$/.test(code) && code.length !== ORDER_REFERENCE_CODE_LENGTH ? `${prefix}${code}` : `${prefix}-${code}`);
  }
  return [...found];
}

/**
 * The stored references a typed or pasted one may be (a search box): as typed, upper-cased, and
 * without spaces or hyphens both as it is (the older prefix + user id) and with the hyphen put
 * back before the code's six characters: "bxw7kq4mc", "BXW 7KQ4MC" and "BXW-7KQ4MC" all find
 * BXW-7KQ4MC, whatever the shop's prefix.
 */
export function referenceSearchForms(text: string): string[] {
  const typed = text.trim();
  const compact = typed.toUpperCase().replace(/[\s-]+/g, '');
  const forms = new Set([typed, typed.toUpperCase(), compact]);
  if (compact.length > ORDER_REFERENCE_CODE_LENGTH) {
    forms.add(`${compact.slice(0, -ORDER_REFERENCE_CODE_LENGTH)}-${compact.slice(-ORDER_REFERENCE_CODE_LENGTH)}`);
  }
  forms.delete('');
  return [...forms];
}

/**
 * True when a and b are at most one typing mistake apart: one character changed, added or left
 * out, or two adjacent characters swapped (the optimal-string-alignment distance, Damerau's
 * transposition counted as one edit: BXW-9KC7RP for BXW-9CK7RP is one slip, not two).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const differ: number[] = [];
    for (let i = 0; i < a.length && differ.length <= 2; i++) if (a[i] !== b[i]) differ.push(i);
    if (differ.length === 1) return true;
    // Two neighbours swapped.
    return differ.length === 2 && differ[1] === differ[0]! + 1 && a[differ[0]!] === b[differ[1]!] && a[differ[1]!] === b[differ[0]!];
  }
  // One character added or left out: the longer one less one character is the shorter one.
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && long[i] === short[i]) i++;
  return long.slice(i + 1) === short.slice(i);
}
