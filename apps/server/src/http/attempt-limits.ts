/**
 * Rate limits for guessable or costly actions (sign-in, sign-up, forgot password, password
 * reset, postcode look-up): account attempts are counted per client IP and per e-mail address,
 * so one address cannot be hammered from many IPs nor many addresses from one IP; look-ups per
 * client IP. Over the limit the answer is 429 with a clear message. The JSON API and the
 * storefront's forms share the same counters (built once in app.ts), so switching between them
 * buys no extra attempts. Counters live in this process (@fastify/rate-limit's local store).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { accountMessages } from '@shop/contract';
import { DomainError } from '@shop/core';
import type { AuthRateLimitConfig } from '../config.ts';
// The actions are named once, where the pages' load context declares countAttempt().
import type { AttemptAction } from '../../../web/app/load-context.server.ts';

/** Registers the rate-limit plugin in this (encapsulated) context; call once per route plugin. */
export async function registerAttemptLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}

export type { AttemptAction };

export interface AttemptLimits {
  /**
   * Counts one attempt of the action by this request's client (and e-mail, when there is one);
   * throws a 429 DomainError (with `retryAfterSeconds`) when over the limit.
   */
  count(request: FastifyRequest, action: AttemptAction, email: string | null): Promise<void>;
}

/** The e-mail an attempt is counted against, keyed by request (the limiter only sees the request). */
const emailOfAttempt = new WeakMap<FastifyRequest, string>();

export interface AttemptLimitSettings {
  accounts: AuthRateLimitConfig;
  /** Postcode look-ups per client IP per minute. */
  postcodeLookupsPerMinute: number;
}

export async function createAttemptLimits(app: FastifyInstance, settings: AttemptLimitSettings): Promise<AttemptLimits> {
  let limits: AttemptLimits | undefined;
  // Its own context, so this registration adds no rate-limit hooks to other routes.
  await app.register(async (scope) => {
    await registerAttemptLimits(scope);
    const { accounts } = settings;
    const limiters = (action: AttemptAction, perIp: number, perEmail: number, windowMs: number) => ({
      perIp: scope.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (r) => `${action}:ip:${r.ip}` }),
      perEmail: scope.createRateLimit({
        max: perEmail,
        timeWindow: windowMs,
        keyGenerator: (r) => `${action}:email:${emailOfAttempt.get(r) ?? ''}`,
      }),
    });
    const account = (action: AttemptAction) => limiters(action, accounts.perIp, accounts.perEmail, accounts.windowMs);
    const byAction: Record<AttemptAction, ReturnType<typeof limiters>> = {
      signIn: account('signIn'),
      signUp: account('signUp'),
      forgotPassword: account('forgotPassword'),
      resetPassword: account('resetPassword'),
      // Look-ups name no e-mail: only the per-IP counter applies.
      postcodeLookup: limiters('postcodeLookup', settings.postcodeLookupsPerMinute, settings.postcodeLookupsPerMinute, 60_000),
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

/** A preValidation hook (the body is parsed, not yet validated) counting one API attempt or look-up. */
export function attemptLimit(limits: AttemptLimits, action: AttemptAction): preValidationAsyncHookHandler {
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
