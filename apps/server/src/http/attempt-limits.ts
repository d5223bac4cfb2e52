/**
 * Rate limits for guessable or costly actions (sign-in, sign-up, forgot password, password
 * reset, postcode look-up). Each action has up to three counters per window:
 *  - per client IP: every attempt (one address trying many accounts, or many look-ups);
 *  - per (e-mail, client IP) pair: one address guessing one account;
 *  - per e-mail over all addresses, a higher ceiling: many addresses guessing one account.
 * Sign-in counts only refused passwords against the e-mail, so an attacker's guesses from
 * their address never lock the customer out at theirs (only the ceiling, far above what one
 * address may try, is shared), and a customer's own sign-ins use up nothing. The other actions
 * count every attempt (each forgot-password sends an e-mail). Over a limit the answer is 429
 * with a clear message and Retry-After.
 *
 * The JSON API and the storefront's forms share these counters (built once in app.ts), so
 * switching between them buys no extra attempts. The counters live in Redis when REDIS_URL is
 * set, shared by every process, else in this process (rate-limit-store.ts).
 */
import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { accountMessages } from '@shop/contract';
import { DomainError, Unauthorized, WrongCurrentPassword } from '@shop/core';
import type { AuthRateLimitConfig } from '../config.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
// The actions are named once, where the pages' load context declares countAttempt().
import type { AttemptAction, CountedAttempt } from '../../../web/app/load-context.server.ts';

export type { AttemptAction, CountedAttempt };

export interface AttemptLimits {
  /**
   * Counts one attempt of the action by this request's client (and e-mail, when there is one);
   * throws a 429 DomainError (with `retryAfterSeconds`) when over a limit.
   */
  count(request: FastifyRequest, action: AttemptAction, email: string | null): Promise<CountedAttempt>;
  /** After the attempt threw: counts it against its e-mail when the action counts failures (sign-in). */
  countFailure(request: FastifyRequest, action: AttemptAction, email: string | null, error: unknown): Promise<void>;
}

export interface AttemptLimitSettings {
  accounts: AuthRateLimitConfig;
  /** Postcode look-ups per client IP per minute. */
  postcodeLookupsPerMinute: number;
}

/** The limits of one action. */
interface AttemptRule {
  windowMs: number;
  perIp: number;
  /** For actions that name an e-mail. */
  email?: {
    perEmailAndIp: number;
    perEmail: number;
    /** Which attempts count against the e-mail. */
    counts: 'every attempt' | 'failures';
  };
}

function attemptRules({ accounts, postcodeLookupsPerMinute }: AttemptLimitSettings): Record<AttemptAction, AttemptRule> {
  const account = (counts: 'every attempt' | 'failures'): AttemptRule => ({
    windowMs: accounts.windowMs,
    perIp: accounts.perIp,
    email: { perEmailAndIp: accounts.perEmailAndIp, perEmail: accounts.perEmail, counts },
  });
  return {
    signIn: account('failures'),
    // The back office's sign-in (password, then the TOTP code): counted as customers' are, apart from them.
    staffSignIn: account('failures'),
    signUp: account('every attempt'),
    forgotPassword: account('every attempt'),
    // The reset link names a user id and token, not an e-mail: per IP only.
    resetPassword: { windowMs: accounts.windowMs, perIp: accounts.perIp },
    postcodeLookup: { windowMs: 60_000, perIp: postcodeLookupsPerMinute },
  };
}

/**
 * A failed attempt, for actions that count failures: refused credentials (a wrong password at
 * sign-in, or a wrong current password on My account, counted as sign-in's), not (say) a
 * database error.
 */
const isFailedAttempt = (error: unknown) => error instanceof Unauthorized || error instanceof WrongCurrentPassword;

/** The e-mail an attempt is counted against, keyed by request (the limiter only sees the request). */
const emailKeyOfAttempt = new WeakMap<FastifyRequest, string>();

/** Counter keys name an e-mail by a hash, so Redis holds no customer's address. */
function emailKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 22);
}

function normalisedEmail(email: string | null): string | null {
  return email?.trim().toLowerCase() || null;
}

/** IPv6 clients by their /64 (one subscriber's usual allocation), as @fastify/rate-limit does. */
const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type LimiterAnswer = Awaited<ReturnType<Limiter>>;

export async function createAttemptLimits(app: FastifyInstance, store: RateLimitStore, settings: AttemptLimitSettings): Promise<AttemptLimits> {
  let limits: AttemptLimits | undefined;
  // Its own context, so this registration adds no rate-limit hooks to other routes.
  await app.register(async (scope) => {
    await store.register(scope);
    const limitersOf = (action: AttemptAction, rule: AttemptRule) => {
      const limiter = (max: number, key: (request: FastifyRequest) => string) =>
        scope.createRateLimit({ max, timeWindow: rule.windowMs, keyGenerator: (request) => `${action}:${key(request)}` });
      const emailOf = (request: FastifyRequest) => emailKeyOfAttempt.get(request) ?? '';
      return {
        perIp: limiter(rule.perIp, (r) => `ip:${clientOf(r)}`),
        email: rule.email && {
          counts: rule.email.counts,
          perEmailAndIp: limiter(rule.email.perEmailAndIp, (r) => `email-ip:${emailOf(r)}:${clientOf(r)}`),
          perEmail: limiter(rule.email.perEmail, (r) => `email:${emailOf(r)}`),
        },
      };
    };
    const rules = attemptRules(settings);
    const limiters = Object.fromEntries(
      Object.entries(rules).map(([action, rule]) => [action, limitersOf(action as AttemptAction, rule)]),
    ) as Record<AttemptAction, ReturnType<typeof limitersOf>>;

    const countFailure: AttemptLimits['countFailure'] = async (request, action, email, error) => {
      const byEmail = limiters[action].email;
      const normalised = normalisedEmail(email);
      if (byEmail?.counts !== 'failures' || !normalised || !isFailedAttempt(error)) return;
      emailKeyOfAttempt.set(request, emailKey(normalised));
      await Promise.all([byEmail.perEmailAndIp(request), byEmail.perEmail(request)]);
    };

    limits = {
      async count(request, action, email) {
        const { perIp, email: byEmail } = limiters[action];
        const normalised = normalisedEmail(email);
        const checks: Promise<LimiterAnswer>[] = [perIp(request)];
        // Failures are counted after the attempt (countFailure); here their counters are only read.
        const increment = byEmail?.counts === 'every attempt';
        if (byEmail && normalised) {
          emailKeyOfAttempt.set(request, emailKey(normalised));
          checks.push(byEmail.perEmailAndIp(request, { increment }), byEmail.perEmail(request, { increment }));
        }
        const [ipAnswer, ...emailAnswers] = await Promise.all(checks);
        const refusals = [overLimit(ipAnswer!, true), ...emailAnswers.map((answer) => overLimit(answer, increment))].filter(
          (seconds): seconds is number => seconds !== null,
        );
        if (refusals.length > 0) {
          throw new DomainError('too_many_requests', accountMessages.tooManyAttempts, { retryAfterSeconds: Math.max(...refusals) });
        }
        return { failed: (error) => countFailure(request, action, email, error) };
      },
      countFailure,
    };
  });
  return limits!;
}

/**
 * Seconds until the limiter allows again when over its limit, else null. Over the limit: this
 * attempt took the count past it, or (only looking, as sign-in does) the count has reached it.
 */
function overLimit(answer: LimiterAnswer, counted: boolean): number | null {
  if (answer.isAllowed) return null;
  const over = counted ? answer.isExceeded : answer.remaining === 0;
  return over ? Math.max(1, answer.ttlInSeconds) : null;
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
