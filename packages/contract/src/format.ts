/** Display formatting only: amounts are computed by the server (core pricing). */
const poundFormatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export function formatPounds(amount: number): string {
  return poundFormatter.format(amount);
}

/** Unit prices are often fractions of a penny: show up to 4 decimals, at least 2. */
const unitPriceFormatter = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

export function formatUnitPrice(amount: number): string {
  return unitPriceFormatter.format(amount);
}
