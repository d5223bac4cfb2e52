/** Telling core's typed errors apart where they arrive (loaders, actions): no zod here, so browser-safe. */

/** The HTTP status of each code of core's typed errors: the API's error handler and the page actions answer alike. */
export const httpStatusByErrorCode: Readonly<Record<string, number>> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  payment_required: 402,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
  provider_unavailable: 502,
};
/**
 * The code of an error thrown by core (`NotFound` -> 'not_found', `Invalid` -> 'invalid_request',
 * ...), or null for any other error. Told apart by the code rather than `instanceof`, because
 * the storefront's server build bundles its own copy of core's classes.
 */
export function domainErrorCode(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[a-z_]+$/.test(code) ? code : null;
}

/** True for core's NotFound: the one not-found check of the loaders. */
export function isNotFound(error: unknown): boolean {
  return domainErrorCode(error) === 'not_found';
}
