/**
 * Display formatting only: amounts are computed by the server (core pricing).
 *
 * Written out rather than with Intl.NumberFormat: the browser's first Intl.NumberFormat loads
 * its locale data on the main thread (37-49 ms on the 2-core machine, about 4x that in
 * Lighthouse's mobile simulation), which blocked every page's hydration. The output is the
 * same as Intl's en-GB GBP currency format (format.test.ts compares them).
 */
function formatGbp(amount: number, minFractionDigits: number, maxFractionDigits: number): string {
  let digits = roundHalfUp(Math.abs(amount), maxFractionDigits);
  if (maxFractionDigits > minFractionDigits) {
    const keep = digits.length - (maxFractionDigits - minFractionDigits);
    digits = digits.slice(0, keep) + digits.slice(keep).replace(/0+$/, '');
  }
  const [whole = '0', fraction] = digits.split('.');
  const grouped = groupThousands(whole);
  // Like Intl, a negative amount keeps its sign even when it rounds to zero.
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}£${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The amount as written (its shortest decimal form, "371.135", not the binary value just below
 * it) rounded half up to `places` decimals: what a customer expects, and what Intl does.
 */
function roundHalfUp(amount: number, places: number): string {
  const text = String(amount);
  if (text.includes('e')) return amount.toFixed(places); // below 1e-6 or above 1e21: not a price
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= places) return `${whole}.${fraction.padEnd(places, '0')}`;
  const roundUp = fraction[places]! >= '5' ? 1n : 0n;
  const units = (BigInt(whole + fraction.slice(0, places)) + roundUp).toString().padStart(places + 1, '0');
  return `${units.slice(0, -places)}.${units.slice(-places)}`;
}

export function formatPounds(amount: number): string {
  return formatGbp(amount, 2, 2);
}

/**
 * A unit price ("£0.0425 each"): below a pound often a fraction of a penny, so up to 4 decimals
 * (at least 2); from a pound up, pounds and pence like any price ("£4.34", never "£4.336").
 */
export function formatUnitPrice(amount: number): string {
  return formatGbp(amount, 2, Math.abs(amount) >= 1 ? 2 : 4);
}

export function formatCount(count: number): string {
  return `${count < 0 ? '-' : ''}${groupThousands(String(Math.abs(Math.trunc(count))))}`;
}

/** A count and its noun, singular for exactly one: "1 line", "3 lines", "1,200 units" (`plural` when not noun + "s"). */
export function formatCountOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${Math.abs(count) === 1 ? noun : plural}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
