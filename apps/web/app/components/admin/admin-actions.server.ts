/**
 * A domain error of core (Invalid, Conflict, Unauthorized, ...) as an admin form's answer: its
 * code, message, messages per field and HTTP status. Told apart by `code`, never `instanceof`:
 * the server build bundles its own copy of core's error classes, while the services in the load
 * context throw the server's. Anything else is rethrown (the error page, logged).
 */
import { domainErrorCode, httpStatusByErrorCode } from '@shop/contract/browser';

export interface AdminFailure {
  code: string;
  message: string;
  fields: Record<string, string>;
  status: number;
}

export function adminFailureOf(error: unknown): AdminFailure {
  const code = domainErrorCode(error);
  if (code === null || !(code in httpStatusByErrorCode)) throw error;
  const fields: Record<string, string> = {};
  const listed = (error as { details?: { fields?: { field: string; message: string }[] } }).details?.fields;
  for (const field of listed ?? []) fields[field.field] ??= field.message;
  return { code, message: (error as Error).message, fields, status: httpStatusByErrorCode[code] ?? 400 };
}

/** Seconds to wait, when the error is a refusal over an attempt limit. */
export function retryAfterOf(error: unknown): number | null {
  const seconds = (error as { details?: { retryAfterSeconds?: unknown } }).details?.retryAfterSeconds;
  return domainErrorCode(error) === 'too_many_requests' && typeof seconds === 'number' ? seconds : null;
}
