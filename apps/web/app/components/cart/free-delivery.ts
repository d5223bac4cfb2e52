/** How far a basket is from free delivery (SPEC 9: free over the threshold, ex-VAT). */

/** Pence still to spend for free delivery, or null when the basket is empty or already qualifies. */
export function penceToFreeDelivery(subTotal: number, threshold: number): number | null {
  // In whole pence: 75 - 62.66 in floating point is 12.340000000000003.
  const short = Math.round(threshold * 100) - Math.round(subTotal * 100);
  return subTotal > 0 && short > 0 ? short : null;
}
