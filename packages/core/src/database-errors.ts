/**
 * What a failed statement's error says, looked up through Drizzle's and the driver's wrappers
 * (Drizzle wraps the driver's error as its `cause`).
 */

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';

/** The errors `error` wraps, itself first (a few levels at most). */
function* errorChain(error: unknown): Generator<{ code?: unknown; constraint?: unknown; message?: unknown }> {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) yield e as object;
}

/** The SQLSTATE of a database error; undefined for any other error. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const { code } of errorChain(error)) if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return undefined;
}

/** True when the error is a unique violation of the named constraint or index. */
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  for (const { code, constraint: name, message } of errorChain(error)) {
    if (code === UNIQUE_VIOLATION && (name === constraint || (typeof message === 'string' && message.includes(constraint)))) return true;
  }
  return false;
}
