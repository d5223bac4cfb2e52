/**
 * Rate limits for guessable actions (sign-in, sign-up, forgot password): attempts are counted
 * per client IP and per e-mail address, so one address cannot be hammered from many IPs nor
 * many addresses from one IP. Over the limit the answer is 429 with a clear message.
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

/** A preValidation hook (the body is parsed, not yet validated) limiting one action. */
export function attemptLimit(app: FastifyInstance, settings: AuthRateLimitConfig): preValidationAsyncHookHandler {
  const perIp = app.createRateLimit({ max: settings.perIp, timeWindow: settings.windowMs, keyGenerator: (request) => request.ip });
  const perEmail = app.createRateLimit({
    max: settings.perEmail,
    timeWindow: settings.windowMs,
    keyGenerator: (request) => emailOf(request) ?? '',
  });
  return async (request, reply) => {
    const results = await Promise.all(emailOf(request) ? [perIp(request), perEmail(request)] : [perIp(request)]);
    const exceeded = results.find((r) => !r.isAllowed && r.isExceeded);
    if (exceeded && !exceeded.isAllowed) {
      reply.header('retry-after', String(exceeded.ttlInSeconds));
      throw new DomainError('too_many_requests', accountMessages.tooManyAttempts);
    }
  };
}

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}
