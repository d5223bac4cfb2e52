/**
 * Browsers that signed in to an account before (DESIGN section 4 "Identity", decision record
 * 014-guessing-costs-the-guesser). A successful sign-in gives the browser a random token for
 * that account (the `shop_device` cookie, set by the server); the table keeps only its SHA-256
 * hash and the account. While guessing from elsewhere slows an account down, a browser holding
 * one of its tokens still signs in with the right password. A token opens nothing by itself:
 * the password (and the two-step code) are always asked.
 *
 * An account is named by kind and a hash of its e-mail in lower case, so the check needs no
 * look-up of the user before the password is verified.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor, type Row, type trustedDevices } from '@shop/db';

export type DeviceAccountKind = 'customer' | 'staff';

/** A browser's trust lapses when it has not signed in to the account for this long. */
export const TRUSTED_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** A token as made here: 32 random bytes, base64url. */
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The account a device token is given for: the kind and a hash of the e-mail (any letter case). */
export function deviceAccountOf(kind: DeviceAccountKind, email: string): string {
  return `${kind}:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export class TrustedDevices {
  constructor(
    private readonly db: Executor,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The token among `tokens` that this account gave this browser within the last year, else null. */
  async knownToken(account: string, tokens: readonly string[]): Promise<string | null> {
    const candidates = tokens.filter((token) => DEVICE_TOKEN_PATTERN.test(token));
    if (candidates.length === 0) return null;
    const since = new Date(this.now().getTime() - TRUSTED_DEVICE_TTL_MS).toISOString();
    const hashes = candidates.map(hashOf);
    const rows = await queryRows<Pick<Row<typeof trustedDevices>, 'tokenHash'>>(
      this.db,
      sql`SELECT token_hash AS "tokenHash" FROM trusted_devices
          WHERE token_hash IN (${sql.join(hashes.map((hash) => sql`${hash}`), sql`, `)})
            AND account = ${account} AND last_used_at > ${since}::timestamptz
          LIMIT 1`,
    );
    const found = rows[0]?.tokenHash;
    return found ? candidates[hashes.indexOf(found)]! : null;
  }

  /**
   * The browser signed in to the account: its known token is kept (and its year starts again),
   * else a new one is made. Answers the token for the cookie.
   */
  async remember(account: string, knownToken: string | null): Promise<string> {
    const at = this.now().toISOString();
    if (knownToken) {
      const touched = await queryRows<Pick<Row<typeof trustedDevices>, 'tokenHash'>>(
        this.db,
        sql`UPDATE trusted_devices SET last_used_at = ${at}::timestamptz
            WHERE token_hash = ${hashOf(knownToken)} AND account = ${account} RETURNING token_hash AS "tokenHash"`,
      );
      if (touched.length > 0) return knownToken;
    }
    const token = randomBytes(32).toString('base64url');
    await this.db.execute(
      sql`INSERT INTO trusted_devices (token_hash, account, created_at, last_used_at)
          VALUES (${hashOf(token)}, ${account}, ${at}::timestamptz, ${at}::timestamptz)`,
    );
    // Tokens unused for a year trust nothing: tidied as new ones are made (an index on last_used_at).
    await this.db.execute(
      sql`DELETE FROM trusted_devices WHERE last_used_at < ${new Date(Date.parse(at) - TRUSTED_DEVICE_TTL_MS).toISOString()}::timestamptz`,
    );
    return token;
  }
}
