/**
 * "No delivery to PO boxes" (SPEC 9). A PO box can be saved and used as a billing address; it is
 * refused only as a delivery address (PUT /api/cart/AssignAddress and POST /api/order).
 *
 * The address lines that can hold one are `region` (house number or name) and `address`
 * (street and locality). What reads as a PO box, in any letter case:
 * - "PO Box", "P.O. Box", "P. O. Box", "P O Box", "POBox", "PO-Box", "PO BX", "P.O.BX";
 * - "Post Office Box";
 * - a line that starts with "Box" and a number ("Box 42", "Box No. 42"), the usual short form.
 * Not a PO box: "Box Hill", "Box Lane", "42 Box Lane", "Depot Box Lane", "Poboxton Road", "Post
 * Office Lane", "Poplar Box Works": the word must stand on its own, and "Box" only counts before a
 * number at the start of a line.
 */
import type { AddressFields } from '@shop/contract';

export const PO_BOX_MESSAGE = 'We cannot deliver to PO boxes. Please give a street address.';

const PO_BOX_PATTERNS: readonly RegExp[] = [
  // P O / P.O. / PO / P. O. then Box / BX, written together or apart.
  /\bp\s*\.?\s*o\s*\.?\s*-?\s*(?:box|bx)(?![a-z])/i,
  /\bpost\s+office\s+box(?![a-z])/i,
  // "Box 42", "Box No. 42", "Box #42" at the start of a line.
  /^\s*box\s*(?:no\.?\s*|number\s*|#\s*)?\d/i,
];

/** Whether one line of an address reads as a PO box. */
export function isPoBoxLine(line: string): boolean {
  return PO_BOX_PATTERNS.some((pattern) => pattern.test(line));
}

/** Whether the address's lines (house number or name, street) read as a PO box. */
export function isPoBoxAddress(address: Pick<AddressFields, 'region' | 'address'>): boolean {
  return isPoBoxLine(address.region) || address.address.split(/[\n,]/).some(isPoBoxLine);
}
