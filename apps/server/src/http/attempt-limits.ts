/**
 * Rate limits for guessable actions (sign-in, sign-up, forgot password, password reset):
 * attempts are counted per client IP and per e-mail address, so one address cannot be hammered
 * from many IPs nor many addresses from one IP. Over the limit the answer is 429 with a clear
 * message. The JSON API's account calls and the storefront's account forms share the same
 * counters (built once in app.ts), so switching between them buys no extra attempts.
 * Counters live in this process (@fastify/rate-limit's local store).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { accountMessages } from '@shop/contract';
import { DomainError } from '@shop/core';
import type { AuthRateLimitConfig } from '../config.ts';

/** Registers the rate-limit plugin in this (encapsulated) context; call once per route plugin. */
export async function registerAttemptLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}

export type AccountAction = 'signIn' | 'signUp' | 'forgotPassword' | 'resetPassword';

export interface AccountAttemptLimits {
  /**
   * Counts one attempt of the action by this request's client (and e-mail, when there is one);
   * throws a 429 DomainError (with `retryAfterSeconds`) when over the limit.
   */
  count(request: FastifyRequest, action: AccountAction, email: string | null): Promise<void>;
}

/** The e-mail an attempt is counted against, keyed by request (the limiter only sees the request). */
const emailOfAttempt = new WeakMap<FastifyRequest, string>();

export async function createAccountAttemptLimits(app: FastifyInstance, settings: AuthRateLimitConfig): Promise<AccountAttemptLimits> {
  let limits: AccountAttemptLimits | undefined;
  // Its own context, so this registration adds no rate-limit hooks to other routes.
  await app.register(async (scope) => {
    await registerAttemptLimits(scope);
    const limiters = (action: AccountAction) => ({
      perIp: scope.createRateLimit({ max: settings.perIp, timeWindow: settings.windowMs, keyGenerator: (r) => `${action}:ip:${r.ip}` }),
      perEmail: scope.createRateLimit({
        max: settings.perEmail,
        timeWindow: settings.windowMs,
        keyGenerator: (r) => `${action}:email:${emailOfAttempt.get(r) ?? ''}`,
      }),
    });
    const byAction = {
      signIn: limiters('signIn'),
      signUp: limiters('signUp'),
      forgotPassword: limiters('forgotPassword'),
      resetPassword: limiters('resetPassword'),
    };
    limits = {
      async count(request, action, email) {
        const { perIp, perEmail } = byAction[action];
        const normalised = email?.trim().toLowerCase() || null;
        if (normalised) emailOfAttempt.set(request, normalised);
        const results = await Promise.all(normalised ? [perIp(request), perEmail(request)] : [perIp(request)]);
        const exceeded = results.find((r) => !r.isAllowed && r.isExceeded);
        if (exceeded && !exceeded.isAllowed) {
          throw new DomainError('too_many_requests', accountMessages.tooManyAttempts, { retryAfterSeconds: exceeded.ttlInSeconds });
        }
      },
    };
  });
  return limits!;
}

/** A preValidation hook (the body is parsed, not yet validated) counting one API attempt. */
export function attemptLimit(limits: AccountAttemptLimits, action: AccountAction): preValidationAsyncHookHandler {
  return async (request, reply) => {
    try {
      await limits.count(request, action, emailOf(request));
    } catch (error) {
      const retryAfter = error instanceof DomainError ? error.details?.retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      throw error;
    }
  };
}

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email : null;
}
