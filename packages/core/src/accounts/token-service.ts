/**
 * Opaque bearer tokens (DESIGN section 4 "Identity"): 256 random bits, base64url, handed to
 * the client once and stored only as their SHA-256 hash. 'access' tokens sign a customer in
 * for 30 days or until logout; 'reset' tokens allow one password reset within an hour.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { authTokens, columnsOf, queryPreparedRows, queryRows, type Executor } from '@shop/db';

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

/** The user a token signs in (auth_tokens `t`). */
const SIGNED_IN = columnsOf(authTokens, ['userId'], 't');
/** The reset token a consumption marked used (only whether there is one matters). */
const CONSUMED = columnsOf(authTokens, ['tokenId']);

export class TokenService {
  constructor(private readonly db: Executor) {}

  /**
   * Issues a token of the kind for the user; `executor` lets a transaction include it. `ttlMs`
   * overrides the kind's lifetime (a company invitation's set-password link works for a week).
   */
  async issue(userId: number, kind: TokenKind, executor: Executor = this.db, ttlMs?: number): Promise<string> {
    const token = newOpaqueToken();
    const ttl = ttlMs ?? (kind === 'access' ? ACCESS_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS);
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
    // Prepared: every signed-in request runs it (each connection plans it once).
    const [row] = await queryPreparedRows<object>(
      this.db,
      sql`SELECT ${SIGNED_IN.list} FROM auth_tokens t JOIN users u ON u.user_id = t.user_id
          WHERE t.token_hash = ${hashToken(token)} AND t.kind = 'access' AND t.revoked_at IS NULL AND t.expires_at > now()
            AND u.disabled_at IS NULL`,
    );
    return row ? SIGNED_IN.read(row).userId : null;
  }

  /** Revokes one token (logout). Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    if (!looksLikeToken(token)) return;
    await this.db.execute(sql`UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = ${hashToken(token)} AND revoked_at IS NULL`);
  }

  /**
   * Marks a reset token of the user as used, if it is valid: one statement, so two requests
   * racing with the same token cannot both succeed.
   */
  async consumeResetToken(userId: number, token: string, executor: Executor = this.db): Promise<boolean> {
    if (!looksLikeToken(token)) return false;
    const rows = await queryRows<Record<string, unknown>>(
      executor,
      sql`UPDATE auth_tokens SET used_at = now()
          WHERE token_hash = ${hashToken(token)} AND user_id = ${userId} AND kind = 'reset'
            AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
          RETURNING ${CONSUMED.list}`,
    );
    return rows.length > 0;
  }

  /**
   * Revokes every live token of the user (a password reset or change, a disabled customer), in
   * the caller's transaction: the next request after it commits is refused, in any process.
   */
  async revokeAllOfUser(userId: number, executor: Executor): Promise<void> {
    await executor.execute(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`);
  }
}
