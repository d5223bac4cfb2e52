/**
 * How the dispatch promise counts down to the 3pm cut-off (SPEC 9): "Order within 2 h 14 min for
 * dispatch today". Core's dispatch-promise.ts decides the promise and words it with this; the
 * storefront uses the same words to keep the count moving while a page stays open. Zod-free
 * (browser-safe).
 */

/** "2 h 14 min", "14 min", "3 h". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Whole minutes left to the cut-off, at least 1 while there is any time left. */
export function minutesToCutOffOf(secondsToCutOff: number): number {
  return Math.max(1, Math.floor(secondsToCutOff / 60));
}

/** "Order within 2 h 14 min for dispatch today". */
export function dispatchTodayText(secondsToCutOff: number): string {
  return `Order within ${formatDuration(minutesToCutOffOf(secondsToCutOff))} for dispatch today`;
}

/**
 * What an order paid by a simulated payment (orders.payment_is_test) is called wherever it shows:
 * the back office's badge, the invoice, the VAT return. Nobody should take it for money received.
 */
export const TEST_PAYMENT_LABEL = 'Test payment';
