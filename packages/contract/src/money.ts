/**
 * Money in requests (DESIGN section 4 "Money"): amounts are pounds as JSON numbers, to the penny.
 * The document publishes `multipleOf: 0.01`; the server checks it with a tolerance, because
 * binary floating point holds few pennies exactly (0.57 is stored as 0.569999..., and a client
 * computing 57 * 0.01 sends 0.5700000000000001), and an exact check would refuse both.
 */
import { z } from 'zod';

export const PENNY = 0.01;

/** True when `pounds` is a whole number of pence, give or take floating-point noise. */
export function isWholePence(pounds: number): boolean {
  const pence = pounds * 100;
  // A millionth of a penny, widened for large amounts, where a double's own spacing is coarser.
  return Math.abs(pence - Math.round(pence)) <= Math.max(1e-6, Math.abs(pence) * 1e-12);
}

/** An amount in pounds, to the penny, from `min` to `max`. */
export const poundsSchema = (name: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${name} must be an amount in pounds, e.g. 12.34` })
    .min(min, { message: min === 0 ? `${name} must not be negative` : `${name} must be at least ${min}`, abort: true })
    .max(max, { message: `${name} is too large`, abort: true })
    .refine(isWholePence, `${name} has at most 2 decimals (whole pence)`)
    .meta({ multipleOf: PENNY });
