/**
 * SPEC 3: the item display name is the product name alone if it contains the letter x or X
 * (the name already carries its size, e.g. "Box 12x9x6"), otherwise the name followed by
 * the size1 of the matching price.
 */
export function itemDisplayName(productName: string, size1: string | null | undefined): string {
  if (/x/i.test(productName) || !size1) return productName;
  return `${productName} ${size1}`;
}
