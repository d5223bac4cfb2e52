/**
 * Ids in requests (SPEC 7): one definition of what a record id may be, for every API schema.
 * The OpenAPI document is generated from these schemas, so what it publishes (an integer from 1
 * to MAX_ID, or for bodies also those digits as text) is exactly what the server accepts.
 */
import { z } from 'zod';
import { MAX_ID } from './record-ids.ts';

export { MAX_ID };

/**
 * The decimal text of 1..MAX_ID, leading zeros allowed, as a regular expression source: any
 * number with fewer digits than MAX_ID, or as many digits and below MAX_ID from some digit on.
 * Derived from MAX_ID so the published pattern cannot drift from the numeric limit.
 */
function decimalTextUpTo(max: number): string {
  const digits = String(max);
  const anyDigits = (count: number) => (count === 0 ? '' : count === 1 ? '\\d' : `\\d{${count}}`);
  const alternatives = [`[1-9]\\d{0,${digits.length - 2}}`];
  for (let i = 0; i < digits.length; i++) {
    const lowest = i === 0 ? 1 : 0;
    const highest = Number(digits[i]) - 1;
    if (highest < lowest) continue;
    const lower = highest === lowest ? String(lowest) : `[${lowest}-${highest}]`;
    alternatives.push(`${digits.slice(0, i)}${lower}${anyDigits(digits.length - i - 1)}`);
  }
  alternatives.push(digits);
  return `0*(?:${alternatives.join('|')})`;
}

/** An id as text (unanchored regular expression source), e.g. for a path segment that is an id or a UUID. */
export const ID_TEXT = decimalTextUpTo(MAX_ID);
const ID_TEXT_PATTERN = new RegExp(`^${ID_TEXT}$`);
/** Text that reads as a number, to say what is wrong with it (and to read a path segment). */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * What is wrong with a value sent as an id, as a 400's message. One message per value, decided
 * from the value itself, so 19874813330094300 is "too large" rather than "not a whole number"
 * (it is beyond the safe integers, which zod's integer check reports as not an integer).
 */
export function idProblem(name: string, value: unknown): string {
  const number = typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || Number.isNaN(number)) return `${name} must be a number`;
  if (number > MAX_ID) return `${name} is too large`;
  if (!Number.isInteger(number)) return `${name} must be a whole number`;
  if (number < 1) return `${name} must be a positive number`;
  return `${name} must be a whole number from 1 to ${MAX_ID}`;
}

/** Every check of an id reports idProblem, and the first failure stops the others (one message). */
const idError = (name: string) => ({ error: (issue: { input?: unknown }) => idProblem(name, issue.input), abort: true });

/** A positive id sent as a JSON number. Published as `integer`, minimum 1, maximum MAX_ID. */
export const jsonIdSchema = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(idError(name))
    .min(1, idError(name))
    .max(MAX_ID, idError(name));

/**
 * A positive id in a body, as a number or as digits: the storefront keeps some ids (user,
 * address) as strings. Published as that integer or a string of those digits.
 */
export const idSchema = (name: string) =>
  z
    .union([jsonIdSchema(name), z.string().regex(ID_TEXT_PATTERN, idError(name))], { error: (issue) => idProblem(name, issue.input) })
    // Read as a number after the union, not inside it: the document generator drops a union member that transforms.
    .transform(Number);

/**
 * A positive id in a URL path, where every value is text. Published as the integer (how OpenAPI
 * describes a numeric path parameter); the text is read as a number before the same checks.
 */
export const idParamSchema = (name: string) =>
  z.preprocess((value) => (typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value), jsonIdSchema(name));
