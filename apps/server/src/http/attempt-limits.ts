/**
 * Rate limits for guessable or costly actions (sign-in, sign-up, forgot password, password
 * reset, postcode look-up, a visitor's back-in-stock request, the back office's two-step code).
 * Each action has up to three counters per window:
 *  - per client IP: every attempt (one address trying many accounts, or many look-ups);
 *  - per (e-mail, client IP) pair: one address guessing one account;
 *  - sign-up, forgot password and back-in-stock: per e-mail over all addresses, a higher ceiling.
 * Over a limit the answer is 429 with a clear message and Retry-After.
 *
 * Sign-ins (customers' and staff's) count only refused passwords against the e-mail, and have
 * no hard ceiling per e-mail: a ceiling would let guessers from many addresses lock the owner of
 * the account out everywhere. Instead the account guard (decision record 014) slows the
 * account down progressively: after `accountFreeFailures` wrong passwords in a day, each further
 * one makes browsers the account does not know wait 1 s, 2 s, 4 s ... up to
 * `accountMaxDelaySeconds`, one attempt at a time. A browser that signed in to the account
 * before (the `shop_device` cookie, core's TrustedDevices) is not slowed: with the right
 * password it gets in; its own wrong passwords count against that browser (10 an hour, then it
 * is treated as unknown). So guessing costs the guesser's addresses, not the owner.
 *
 * The JSON API and the storefront's forms share these counters (built once in app.ts), so
 * switching between them buys no extra attempts. The counters live in Redis when REDIS_URL is
 * set, shared by every process, else in this process (rate-limit-store.ts).
 */
import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { accountMessages, accountPausedMessage } from '@shop/contract';
import { deviceAccountOf, DEVICE_TOKEN_PATTERN, DomainError, Unauthorized, WrongCurrentPassword, type DeviceAccountKind, type TrustedDevices } from '@shop/core';
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
  /** Remembers this browser for the account (its Set-Cookie value) after a proof other than a sign-in. */
  rememberDevice(request: FastifyRequest, kind: DeviceAccountKind, email: string): Promise<string>;
}

export interface AttemptLimitSettings {
  accounts: AuthRateLimitConfig;
  /** Postcode look-ups per client IP per minute. */
  postcodeLookupsPerMinute: number;
  /** The browsers each account knows (the device cookie's tokens). */
  devices: TrustedDevices;
}

/** The cookie of the browsers that signed in before: up to DEVICE_TOKENS_KEPT tokens, one per account. */
export const DEVICE_COOKIE = 'shop_device';
const DEVICE_TOKENS_KEPT = 5;
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Wrong passwords from one known browser in an hour before it counts as unknown. */
const DEVICE_FAILURES_PER_HOUR = 10;
/** How long the account guard remembers wrong passwords. */
const ACCOUNT_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
/** While an account is slowed down, one attempt at a time: the slot is held this long at most. */
const ACCOUNT_SLOT_SECONDS = 15;

/** The limits of one action. */
interface AttemptRule {
  windowMs: number;
  perIp: number;
  /** For actions that name an e-mail. */
  email?: {
    perEmailAndIp?: number;
    /** A ceiling over all addresses; none for sign-in (the account guard instead). */
    perEmail?: number;
    /** Which attempts count against the e-mail. */
    counts: 'every attempt' | 'failures';
  };
  /** Whose browsers the device cookie is read for; with `guard`, wrong passwords slow the account down. */
  device?: { kind: DeviceAccountKind; guard: boolean };
}

function attemptRules({ accounts, postcodeLookupsPerMinute }: Omit<AttemptLimitSettings, 'devices'>): Record<AttemptAction, AttemptRule> {
  const account = (counts: 'every attempt' | 'failures'): AttemptRule => ({
    windowMs: accounts.windowMs,
    perIp: accounts.perIp,
    email: { perEmailAndIp: accounts.perEmailAndIp, perEmail: accounts.perEmail, counts },
  });
  const signIn = (kind: DeviceAccountKind): AttemptRule => ({
    windowMs: accounts.windowMs,
    perIp: accounts.perIp,
    email: { perEmailAndIp: accounts.perEmailAndIp, counts: 'failures' },
    device: { kind, guard: true },
  });
  return {
    signIn: signIn('customer'),
    // The back office's password step: counted as customers' are, apart from them.
    staffSignIn: signIn('staff'),
    // The back office's two-step code: per IP here; per sign-in and per member in core
    // (staff-service.ts), which is told whether the browser is one the member signed in with.
    staffCode: { windowMs: accounts.windowMs, perIp: accounts.perIp, device: { kind: 'staff', guard: false } },
    signUp: account('every attempt'),
    forgotPassword: account('every attempt'),
    // The reset link names a user id and token, not an e-mail: per IP only.
    resetPassword: { windowMs: accounts.windowMs, perIp: accounts.perIp },
    postcodeLookup: { windowMs: 60_000, perIp: postcodeLookupsPerMinute },
    // A visitor's "Email me when it is back in stock": an e-mail typed by anyone, as sign-up's.
    backInStock: account('every attempt'),
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

/** Counter keys name an e-mail (or a device token) by a hash, so Redis holds no customer's address. */
function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

function normalisedEmail(email: string | null): string | null {
  return email?.trim().toLowerCase() || null;
}

/** IPv6 clients by their /64 (one subscriber's usual allocation), as @fastify/rate-limit does. */
const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type LimiterAnswer = Awaited<ReturnType<Limiter>>;

const tooMany = (retryAfterSeconds: number, message: string = accountMessages.tooManyAttempts) =>
  new DomainError('too_many_requests', message, { retryAfterSeconds });

/** The device tokens of this request's cookie (the newest first). */
export function deviceTokensOf(request: Pick<FastifyRequest, 'headers'>): string[] {
  const header = request.headers.cookie ?? '';
  const found = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`));
  if (!found) return [];
  return found
    .slice(DEVICE_COOKIE.length + 1)
    .split('.')
    .filter((token) => DEVICE_TOKEN_PATTERN.test(token))
    .slice(0, DEVICE_TOKENS_KEPT);
}

/** The Set-Cookie value holding `token` first, then the browser's other accounts' tokens. */
function deviceCookie(request: FastifyRequest, token: string): string {
  const tokens = [token, ...deviceTokensOf(request).filter((other) => other !== token)].slice(0, DEVICE_TOKENS_KEPT);
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${tokens.join('.')}; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The progressive guard of one account's sign-ins from browsers it does not know (decision
 * record 014). Wrong passwords are remembered for a day; past the free ones, each sets a wait
 * (doubling, capped) before the next attempt, and while slowed down attempts take turns: one
 * holds the slot until it is answered, so guesses sent at once from many addresses are refused
 * rather than all checked.
 */
class AccountGuard {
  private readonly failures;
  private readonly slot;

  constructor(
    store: RateLimitStore,
    private readonly freeFailures: number,
    private readonly maxDelaySeconds: number,
  ) {
    this.failures = store.counter('account-failures', Number.MAX_SAFE_INTEGER, ACCOUNT_FAILURE_MEMORY_SECONDS);
    this.slot = store.counter('account-slot', 1, ACCOUNT_SLOT_SECONDS);
  }

  /** Lets the attempt go on (answers whether it holds the slot) or throws the 429 with the wait. */
  async admit(account: string): Promise<boolean> {
    const failed = (await this.failures.get(account))?.consumedPoints ?? 0;
    if (failed < this.freeFailures) return false;
    try {
      await this.slot.consume(account);
      return true;
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      const seconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
      throw tooMany(seconds, accountPausedMessage(seconds));
    }
  }

  async failed(account: string): Promise<void> {
    const counted = await this.failures.consume(account);
    const beyond = counted.consumedPoints - this.freeFailures;
    if (beyond > 0) await this.slot.block(account, Math.min(this.maxDelaySeconds, 2 ** Math.min(beyond - 1, 30)));
  }

  async release(account: string): Promise<void> {
    await this.slot.delete(account);
  }
}

export async function createAttemptLimits(app: FastifyInstance, store: RateLimitStore, settings: AttemptLimitSettings): Promise<AttemptLimits> {
  let limits: AttemptLimits | undefined;
  const guard = new AccountGuard(store, settings.accounts.accountFreeFailures, settings.accounts.accountMaxDelaySeconds);
  const deviceFailures = store.counter('device-failures', DEVICE_FAILURES_PER_HOUR, 60 * 60);
  const { devices } = settings;

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
          perEmailAndIp: rule.email.perEmailAndIp ? limiter(rule.email.perEmailAndIp, (r) => `email-ip:${emailOf(r)}:${clientOf(r)}`) : null,
          perEmail: rule.email.perEmail ? limiter(rule.email.perEmail, (r) => `email:${emailOf(r)}`) : null,
        },
      };
    };
    const rules = attemptRules(settings);
    const limiters = Object.fromEntries(
      Object.entries(rules).map(([action, rule]) => [action, limitersOf(action as AttemptAction, rule)]),
    ) as Record<AttemptAction, ReturnType<typeof limitersOf>>;

    /** The browser's token for this account when the account knows it and it is not itself guessing. */
    const knownTokenOf = async (request: FastifyRequest, account: string): Promise<string | null> => {
      const tokens = deviceTokensOf(request);
      if (tokens.length === 0) return null;
      const token = await devices.knownToken(account, tokens);
      if (!token) return null;
      const failed = (await deviceFailures.get(hashKey(token)))?.consumedPoints ?? 0;
      return failed < DEVICE_FAILURES_PER_HOUR ? token : null;
    };

    limits = {
      async count(request, action, email) {
        const rule = rules[action];
        const { perIp, email: byEmail } = limiters[action];
        const normalised = normalisedEmail(email);
        const checks: Promise<LimiterAnswer>[] = [perIp(request)];
        // Failures are counted after the attempt (failed()); here their counters are only read.
        const increment = byEmail?.counts === 'every attempt';
        if (byEmail && normalised) {
          emailKeyOfAttempt.set(request, hashKey(normalised));
          for (const emailLimiter of [byEmail.perEmailAndIp, byEmail.perEmail]) {
            if (emailLimiter) checks.push(emailLimiter(request, { increment }));
          }
        }
        const [ipAnswer, ...emailAnswers] = await Promise.all(checks);
        const refusals = [overLimit(ipAnswer!, true), ...emailAnswers.map((answer) => overLimit(answer, increment))].filter(
          (seconds): seconds is number => seconds !== null,
        );
        if (refusals.length > 0) throw tooMany(Math.max(...refusals));

        const account = rule.device && normalised ? deviceAccountOf(rule.device.kind, normalised) : null;
        const knownToken = account ? await knownTokenOf(request, account) : null;
        const guarded = account !== null && rule.device?.guard === true && knownToken === null;
        const holdsSlot = guarded ? await guard.admit(account) : false;
        let settled = false;

        return {
          knownDevice: knownToken !== null,
          async failed(error) {
            if (settled) return;
            settled = true;
            if (!isFailedAttempt(error)) {
              if (holdsSlot) await guard.release(account!);
              return;
            }
            const counting: Promise<unknown>[] = [];
            if (byEmail?.counts === 'failures' && normalised) {
              emailKeyOfAttempt.set(request, hashKey(normalised));
              for (const emailLimiter of [byEmail.perEmailAndIp, byEmail.perEmail]) if (emailLimiter) counting.push(emailLimiter(request));
            }
            // A known browser's wrong passwords are its own; anyone else's slow the account down.
            if (knownToken) counting.push(deviceFailures.consume(hashKey(knownToken)).catch(() => undefined));
            else if (guarded) counting.push(guard.failed(account!));
            await Promise.all(counting);
          },
          async succeeded({ rememberDevice = true } = {}) {
            if (settled) return null;
            settled = true;
            if (holdsSlot) await guard.release(account!);
            if (!account || !rememberDevice) return null;
            return deviceCookie(request, await devices.remember(account, knownToken));
          },
        };
      },
      async rememberDevice(request, kind, email) {
        const account = deviceAccountOf(kind, email);
        return deviceCookie(request, await devices.remember(account, await devices.knownToken(account, deviceTokensOf(request))));
      },
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

/** The attempt an API route's preValidation hook counted, for the handler to settle. */
const countedAttempts = new WeakMap<FastifyRequest, CountedAttempt>();

/** A preValidation hook (the body is parsed, not yet validated) counting one API attempt or look-up. */
export function attemptLimit(limits: AttemptLimits, action: AttemptAction): preValidationAsyncHookHandler {
  return async (request, reply) => {
    try {
      countedAttempts.set(request, await limits.count(request, action, emailOf(request)));
    } catch (error) {
      const retryAfter = error instanceof DomainError ? error.details?.retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      throw error;
    }
  };
}

/** The attempt counted by this request's attemptLimit hook. */
export function countedAttemptOf(request: FastifyRequest): CountedAttempt | undefined {
  return countedAttempts.get(request);
}

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email : null;
}
