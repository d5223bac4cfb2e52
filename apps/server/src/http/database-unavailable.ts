/**
 * The database cannot be reached right now (restarting, failing over, refusing connections):
 * such a request answers 503 with Retry-After, which a client or load balancer may retry, never
 * a 500. The pool needs no help to recover: it opens new connections on the next queries.
 */
import type { ErrorResponse } from '@shop/contract';

/** Seconds a client should wait before trying again (a restart usually takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailableBody: ErrorResponse = {
  error: 'service_unavailable',
  message: 'The shop cannot reach its database just now. Please try again in a few seconds.',
};

/** SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Class 08: connection exceptions. */
const CONNECTION_EXCEPTION_CLASS = /^08[0-9A-Z]{3}$/;
/** The driver's socket errors while connecting or mid-query. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres' own texts for a lost or refused connection, and PostgreSQL's for a database closed to connections. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /is not currently accepting connections/i,
];

/** True when the error (or one it wraps, e.g. inside Drizzle's query error) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || CONNECTION_EXCEPTION_CLASS.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    // A failed query's wrapper quotes the SQL and its parameters: only the driver's own text counts.
    const wrapsQuery = typeof (e as { query?: unknown }).query === 'string';
    if (!wrapsQuery && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e.message))) return true;
  }
  return false;
}
