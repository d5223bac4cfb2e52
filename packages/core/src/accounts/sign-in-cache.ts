/**
 * The access tokens this process has found valid, kept in memory for a short while so a
 * signed-in customer's next requests skip the database's token check (decision record 010).
 *
 * A sign-in never outlives its end by more than a moment:
 * - the token's own expiry is kept with it, and every entry is dropped after SIGN_IN_CACHE_TTL_MS
 *   at the latest;
 * - whatever ends a sign-in in the database (logout, a password reset, staff disabling a customer,
 *   a deleted token or customer) NOTIFYs `sign_ins_changed` with the user's id (migration 0013),
 *   and every process drops that user's entries (`forgetUser`); the process that ended it does
 *   so itself before it answers, so its own next request already sees it;
 * - when the process may have missed notifications (its listening connection was lost), the
 *   whole cache is dropped (`clear`).
 * Only valid tokens are kept: an unknown token is checked in the database every time. And a
 * check that was under way while any sign-in ended is not kept: its answer may predate the end
 * (the notification can arrive before the check's answer does).
 */
import { LRUCache } from 'lru-cache';

export const SIGN_IN_CACHE_TTL_MS = 60_000;
/** Enough for the customers active in the last minute; past it the least recently used go first. */
export const SIGN_IN_CACHE_MAX_ENTRIES = 10_000;

interface SignIn {
  userId: number;
  /** The token's expiry or the end of the entry's life, whichever is first (ms since epoch). */
  validUntilMs: number;
}

export class SignInCache {
  /**
   * By token hash. Each entry's end is checked on read against the injected clock (the token's
   * own expiry may come before the minute); lru-cache keeps the bound.
   */
  private readonly signIns = new LRUCache<string, SignIn>({ max: SIGN_IN_CACHE_MAX_ENTRIES });
  /** Counts the sign-ins ended (forget, clear): a check that saw it change keeps nothing. */
  private endings = 0;

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** The user of a token checked valid in the last minute, or null (not known here, or expired). */
  userOf(tokenHash: string): number | null {
    const signIn = this.signIns.get(tokenHash);
    if (signIn === undefined) return null;
    if (this.nowMs() >= signIn.validUntilMs) {
      this.signIns.delete(tokenHash);
      return null;
    }
    return signIn.userId;
  }

  /** Call before checking a token in the database; give the answer to `remember`. */
  checkStarts(): number {
    return this.endings;
  }

  /**
   * Keeps a token just checked valid in the database, with its expiry, unless a sign-in ended
   * while it was checked (`checkStarted` from checkStarts).
   */
  remember(tokenHash: string, userId: number, tokenExpiresAtMs: number, checkStarted: number): void {
    if (checkStarted !== this.endings || !Number.isFinite(tokenExpiresAtMs)) return;
    this.signIns.set(tokenHash, { userId, validUntilMs: Math.min(tokenExpiresAtMs, this.nowMs() + SIGN_IN_CACHE_TTL_MS) });
  }

  /** One token ended (logout). */
  forgetToken(tokenHash: string): void {
    this.endings++;
    this.signIns.delete(tokenHash);
  }

  /** Every token of a user ended, or may have (a revocation, a disabled customer). */
  forgetUser(userId: number): void {
    this.endings++;
    const ended = [...this.signIns.entries()].filter(([, signIn]) => signIn.userId === userId);
    for (const [tokenHash] of ended) this.signIns.delete(tokenHash);
  }

  /** Notifications may have been missed: nothing kept can be trusted. */
  clear(): void {
    this.endings++;
    this.signIns.clear();
  }

  /** A `sign_ins_changed` notification: a user's id, or '' when notifications may have been missed. */
  signInsChanged(payload: string): void {
    const userId = Number(payload);
    if (payload === '' || !Number.isSafeInteger(userId)) this.clear();
    else this.forgetUser(userId);
  }
}
