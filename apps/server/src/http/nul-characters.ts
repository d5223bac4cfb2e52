/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a string containing one makes the
 * query fail, which would surface as a 500. JSON and URLs can carry it (`\u0000`, `%00`), so
 * every API request's parsed body, query and path parameters are checked before validation,
 * and one is refused with a 400 naming the field (found by tests/fuzz). Page requests are
 * checked alike (their loaders read the query, their actions a form), so `/products?search=%00`
 * is a 400 too, not a failed query.
 */
import type { FastifyRequest } from 'fastify';
import { Invalid } from '@shop/core';

export const nulCharacterMessage = 'Text must not contain the NUL character (\\u0000).';

/** The path of the first string (value or object key) holding a NUL character, or null. */
export function findNulCharacter(value: unknown, at: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  // A page action's form: its fields, as named (file contents are not text for the database).
  if (value instanceof URLSearchParams || value instanceof FormData) {
    for (const [key, item] of value.entries()) {
      const found = findNulCharacter(key, [...at, key]) ?? (typeof item === 'string' ? findNulCharacter(item, [...at, key]) : null);
      if (found) return found;
    }
    return null;
  }
  // Bodies are at most 100 kB, so this is bounded; the depth guard only avoids deep recursion.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...at, key];
    const found = findNulCharacter(item, [...at, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** A preValidation hook: 400 for a NUL character anywhere in the body, query or path parameters. */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const found = findNulCharacter(request.params) ?? findNulCharacter(request.query) ?? findNulCharacter(request.body);
  if (!found) return;
  const field = found.join('.');
  throw new Invalid(field ? `${field}: ${nulCharacterMessage}` : nulCharacterMessage, { fields: [{ field, message: nulCharacterMessage }] });
}
