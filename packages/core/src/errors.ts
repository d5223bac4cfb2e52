/** Typed domain errors; the HTTP layer maps each to one status and the JSON error shape. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Not found', details?: Record<string, unknown>) {
    super('not_found', message, details);
  }
}

export class Invalid extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('invalid_request', message, details);
  }
}

export class Unauthorized extends DomainError {
  constructor(message = 'Sign-in required', details?: Record<string, unknown>) {
    super('unauthorized', message, details);
  }
}

export class Forbidden extends DomainError {
  constructor(message = 'Not allowed', details?: Record<string, unknown>) {
    super('forbidden', message, details);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('conflict', message, details);
  }
}

/** A well-formed request that contradicts an earlier one (an Idempotency-Key reused for another request). */
export class Unprocessable extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('unprocessable', message, details);
  }
}

/** A payment that cannot pay for the order (not completed, wrong currency, unknown). */
export class PaymentRequired extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('payment_required', message, details);
  }
}

/** An outside service the request depends on (payment provider) did not answer usefully. */
export class ProviderUnavailable extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('provider_unavailable', message, details);
  }
}
