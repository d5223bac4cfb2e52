/**
 * Opaque bearer tokens (DESIGN section 4 "Identity"): 256 random bits, base64url, handed to
 * the client once and stored only as their SHA-256 hash. 'access' tokens sign a customer in
 * for 30 days or until logout; 'reset' tokens allow one password reset within an hour.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryPreparedRows, queryRows, type Executor } from '@shop/db';
import { SignInCache } from './sign-in-cache.ts';

export type TokenKind = 'access' | 'reset';

export const ACCESS_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newOpaqueToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export class TokenService {
  /** Access tokens found valid lately (sign-in-cache.ts). */
  private readonly signIns = new SignInCache();

  constructor(private readonly db: Executor) {}

  /** Issues a token of the kind for the user; `executor` lets a transaction include it. */
  async issue(userId: number, kind: TokenKind, executor: Executor = this.db): Promise<string> {
    const token = newOpaqueToken();
    const ttl = kind === 'access' ? ACCESS_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
    const expiresAt = new Date(Date.now() + ttl).toISOString();
    // Expired tokens of this user are of no further use: tidy them up as new ones are made.
    await executor.execute(sql`DELETE FROM auth_tokens WHERE user_id = ${userId} AND expires_at < now()`);
    await executor.execute(
      sql`INSERT INTO auth_tokens (user_id, token_hash, kind, expires_at)
          VALUES (${userId}, ${hashToken(token)}, ${kind}, ${expiresAt}::timestamptz)`,
    );
    return token;
  }

  /**
   * The user an access token signs in, or null when it is unknown, expired or revoked, or its
   * customer is disabled (back office): disabling revokes the tokens too, this is the second lock.
   */
  async userOfAccessToken(token: string): Promise<number | null> {
    if (!looksLikeToken(token)) return null;
    const tokenHash = hashToken(token);
    const known = this.signIns.userOf(tokenHash);
    if (known !== null) return known;
    const checkStarted = this.signIns.checkStarts();
    const rows = await queryPreparedRows<{ user_id: number; expires_at_ms: number }>(
      this.db,
      sql`SELECT t.user_id, (extract(epoch FROM t.expires_at) * 1000)::float8 AS expires_at_ms FROM auth_tokens t JOIN users u ON u.user_id = t.user_id
          WHERE t.token_hash = ${tokenHash} AND t.kind = 'access' AND t.revoked_at IS NULL AND t.expires_at > now()
            AND u.disabled_at IS NULL`,
    );
    if (!rows[0]) return null;
    const userId = Number(rows[0].user_id);
    this.signIns.remember(tokenHash, userId, Number(rows[0].expires_at_ms), checkStarted);
    return userId;
  }

  /** Revokes one token (logout). Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    if (!looksLikeToken(token)) return;
    const tokenHash = hashToken(token);
    await this.db.execute(sql`UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = ${tokenHash} AND revoked_at IS NULL`);
    this.signIns.forgetToken(tokenHash);
  }

  /**
   * Marks a reset token of the user as used, if it is valid: one statement, so two requests
   * racing with the same token cannot both succeed.
   */
  async consumeResetToken(userId: number, token: string, executor: Executor = this.db): Promise<boolean> {
    if (!looksLikeToken(token)) return false;
    const rows = await queryRows<{ token_id: number }>(
      executor,
      sql`UPDATE auth_tokens SET used_at = now()
          WHERE token_hash = ${hashToken(token)} AND user_id = ${userId} AND kind = 'reset'
            AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
          RETURNING token_id`,
    );
    return rows.length > 0;
  }

  /**
   * Revokes every live token of the user (a password reset or change, a disabled customer), in
   * the caller's transaction. Until it commits the tokens still check valid: call
   * forgetSignInsOf once it has.
   */
  async revokeAllOfUser(userId: number, executor: Executor): Promise<void> {
    await executor.execute(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`);
  }

  /** This process stops trusting the user's tokens it checked lately (their sign-ins ended, committed). */
  forgetSignInsOf(userId: number): void {
    this.signIns.forgetUser(userId);
  }

  /** A `sign_ins_changed` notification (migration 0013), from this process or another. */
  signInsChanged(payload: string): void {
    this.signIns.signInsChanged(payload);
  }
}
