/**
 * The HTTP answer of core's typed errors (DomainError's `code`): no zod here, so browser-safe.
 * Where such an error arrives (a loader, an action) it is recognised with `instanceof DomainError`.
 */

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
