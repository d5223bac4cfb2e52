/**
 * SQL of staff identity: the `staff` table (accounts), `staff_sessions` (server-side sessions,
 * stored by the SHA-256 hash of the cookie's id) and `staff_tokens` (single-use set-password
 * links, stored hashed). Times are passed in from the service's clock, never `now()`, so tests
 * drive expiry with an injected clock.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@shop/db';
import type { StaffMember, StaffRole } from './staff-roles.ts';

export interface StaffRow {
  staff_id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled_at: string | null;
  recovery_code_hashes: string[];
  disabled_at: string | null;
  created_at: string;
}

export interface StaffSessionRow {
  session_hash: string;
  staff_id: number;
  awaiting_second_factor: boolean;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export function staffMemberOf(row: StaffRow): StaffMember {
  return { staffId: Number(row.staff_id), email: row.email, name: row.name, role: row.role, totpEnabled: row.totp_enabled_at !== null };
}

const COLUMN_NAMES = ['staff_id', 'email', 'name', 'role', 'password_hash', 'totp_secret', 'totp_enabled_at', 'recovery_code_hashes', 'disabled_at', 'created_at'];
const STAFF_COLUMNS = sql.raw(COLUMN_NAMES.join(', '));
const TOKEN_STAFF_COLUMNS = sql.raw(COLUMN_NAMES.map((name) => `m.${name}`).join(', '));

export class StaffRepository {
  constructor(readonly db: Executor) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Executor));
  }

  async byId(staffId: number, executor: Executor = this.db): Promise<StaffRow | null> {
    const rows = await queryRows<StaffRow>(executor, sql`SELECT ${STAFF_COLUMNS} FROM staff WHERE staff_id = ${staffId}`);
    return rows[0] ?? null;
  }

  async byEmail(email: string, executor: Executor = this.db): Promise<StaffRow | null> {
    const rows = await queryRows<StaffRow>(executor, sql`SELECT ${STAFF_COLUMNS} FROM staff WHERE lower(email) = lower(${email})`);
    return rows[0] ?? null;
  }

  async list(): Promise<StaffRow[]> {
    return queryRows<StaffRow>(this.db, sql`SELECT ${STAFF_COLUMNS} FROM staff ORDER BY disabled_at IS NOT NULL, lower(name), staff_id`);
  }

  async hasEnabledOwner(executor: Executor = this.db): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(executor, sql`SELECT 1 AS one FROM staff WHERE role = 'owner' AND disabled_at IS NULL LIMIT 1`);
    return rows.length > 0;
  }

  /**
   * Inside a transaction: the enabled owners, counted with their rows locked, so two owners
   * disabling each other at once cannot leave the shop without one (the second waits, then counts one).
   */
  async lockAndCountEnabledOwners(tx: Executor): Promise<number> {
    const rows = await queryRows<{ staff_id: number }>(tx, sql`SELECT staff_id FROM staff WHERE role = 'owner' AND disabled_at IS NULL FOR UPDATE`);
    return rows.length;
  }

  /** Inside a transaction: makes concurrent first-owner set-ups (several processes, each with a link) take turns. */
  async lockForSetup(tx: Executor): Promise<void> {
    await tx.execute(sql`LOCK TABLE staff IN SHARE ROW EXCLUSIVE MODE`);
  }

  /** Inserts a staff member; null when the e-mail is taken (case-insensitively). */
  async insert(
    member: { email: string; name: string; role: StaffRole; passwordHash: string | null },
    at: Date,
    executor: Executor = this.db,
  ): Promise<StaffRow | null> {
    const rows = await queryRows<StaffRow>(
      executor,
      sql`INSERT INTO staff (email, name, role, password_hash, created_at)
          VALUES (${member.email}, ${member.name}, ${member.role}, ${member.passwordHash}, ${at.toISOString()}::timestamptz)
          ON CONFLICT ((lower(email))) DO NOTHING
          RETURNING ${STAFF_COLUMNS}`,
    );
    return rows[0] ?? null;
  }

  async setPasswordHash(staffId: number, passwordHash: string, executor: Executor = this.db): Promise<void> {
    await executor.execute(sql`UPDATE staff SET password_hash = ${passwordHash} WHERE staff_id = ${staffId}`);
  }

  /** Marks the member disabled (once); answers whether this call disabled them. */
  async disable(staffId: number, at: Date, executor: Executor = this.db): Promise<boolean> {
    const rows = await queryRows<{ staff_id: number }>(
      executor,
      sql`UPDATE staff SET disabled_at = ${at.toISOString()}::timestamptz WHERE staff_id = ${staffId} AND disabled_at IS NULL RETURNING staff_id`,
    );
    return rows.length > 0;
  }

  async setTotpSecret(staffId: number, secret: string | null, executor: Executor = this.db): Promise<void> {
    await executor.execute(sql`UPDATE staff SET totp_secret = ${secret}, totp_enabled_at = NULL, recovery_code_hashes = '{}' WHERE staff_id = ${staffId}`);
  }

  /** Turns on the pending secret (only if it is still the one confirmed) with fresh recovery codes. */
  async enableTotp(staffId: number, secret: string, recoveryCodeHashes: string[], at: Date, executor: Executor = this.db): Promise<boolean> {
    const rows = await queryRows<{ staff_id: number }>(
      executor,
      sql`UPDATE staff SET totp_enabled_at = ${at.toISOString()}::timestamptz,
            recovery_code_hashes = ${toTextArray(recoveryCodeHashes)}::text[]
          WHERE staff_id = ${staffId} AND totp_secret = ${secret} AND totp_enabled_at IS NULL
          RETURNING staff_id`,
    );
    return rows.length > 0;
  }

  /** Removes one recovery code (by hash) if it is still unused; answers whether it was. */
  async useRecoveryCode(staffId: number, codeHash: string): Promise<boolean> {
    const rows = await queryRows<{ staff_id: number }>(
      this.db,
      sql`UPDATE staff SET recovery_code_hashes = array_remove(recovery_code_hashes, ${codeHash})
          WHERE staff_id = ${staffId} AND ${codeHash} = ANY(recovery_code_hashes)
          RETURNING staff_id`,
    );
    return rows.length > 0;
  }

  // --- sessions -----------------------------------------------------------------------------

  async insertSession(
    session: { sessionHash: string; staffId: number; awaitingSecondFactor: boolean; expiresAt: Date },
    at: Date,
    executor: Executor = this.db,
  ): Promise<void> {
    await executor.execute(
      sql`INSERT INTO staff_sessions (session_hash, staff_id, awaiting_second_factor, created_at, last_seen_at, expires_at)
          VALUES (${session.sessionHash}, ${session.staffId}, ${session.awaitingSecondFactor},
                  ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${session.expiresAt.toISOString()}::timestamptz)`,
    );
  }

  /** A live (not revoked) session and its staff member, whatever its age (the service checks expiry). */
  async sessionWithStaff(sessionHash: string): Promise<(StaffSessionRow & { member: StaffRow }) | null> {
    const rows = await queryRows<StaffSessionRow & StaffRow & { session_created_at: string }>(
      this.db,
      sql`SELECT s.session_hash, s.awaiting_second_factor, s.created_at AS session_created_at, s.last_seen_at, s.expires_at,
                 m.staff_id, m.email, m.name, m.role, m.password_hash, m.totp_secret, m.totp_enabled_at,
                 m.recovery_code_hashes, m.disabled_at, m.created_at
          FROM staff_sessions s JOIN staff m ON m.staff_id = s.staff_id
          WHERE s.session_hash = ${sessionHash} AND s.revoked_at IS NULL`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      session_hash: row.session_hash,
      staff_id: Number(row.staff_id),
      awaiting_second_factor: row.awaiting_second_factor,
      created_at: row.session_created_at,
      last_seen_at: row.last_seen_at,
      expires_at: row.expires_at,
      member: row,
    };
  }

  async touchSession(sessionHash: string, at: Date): Promise<void> {
    await this.db.execute(sql`UPDATE staff_sessions SET last_seen_at = ${at.toISOString()}::timestamptz WHERE session_hash = ${sessionHash}`);
  }

  /** The second factor was given: the session becomes a full one (if still awaiting and live). */
  async completeSecondFactor(sessionHash: string, at: Date, expiresAt: Date): Promise<boolean> {
    const rows = await queryRows<{ session_hash: string }>(
      this.db,
      sql`UPDATE staff_sessions SET awaiting_second_factor = false, last_seen_at = ${at.toISOString()}::timestamptz,
            expires_at = ${expiresAt.toISOString()}::timestamptz
          WHERE session_hash = ${sessionHash} AND awaiting_second_factor AND revoked_at IS NULL
          RETURNING session_hash`,
    );
    return rows.length > 0;
  }

  async revokeSession(sessionHash: string, at: Date): Promise<void> {
    await this.db.execute(
      sql`UPDATE staff_sessions SET revoked_at = ${at.toISOString()}::timestamptz WHERE session_hash = ${sessionHash} AND revoked_at IS NULL`,
    );
  }

  async revokeSessionsOf(staffId: number, at: Date, executor: Executor = this.db): Promise<void> {
    await executor.execute(
      sql`UPDATE staff_sessions SET revoked_at = ${at.toISOString()}::timestamptz WHERE staff_id = ${staffId} AND revoked_at IS NULL`,
    );
  }

  /** Rows of sessions that ended long ago are of no further use: tidied as new ones are made. */
  async deleteEndedSessionsOf(staffId: number, before: Date, executor: Executor = this.db): Promise<void> {
    await executor.execute(
      sql`DELETE FROM staff_sessions WHERE staff_id = ${staffId} AND (expires_at < ${before.toISOString()}::timestamptz OR revoked_at < ${before.toISOString()}::timestamptz)`,
    );
  }

  // --- set-password tokens ------------------------------------------------------------------

  async insertToken(tokenHash: string, staffId: number, expiresAt: Date, at: Date, executor: Executor = this.db): Promise<void> {
    await executor.execute(
      sql`INSERT INTO staff_tokens (token_hash, staff_id, expires_at, created_at)
          VALUES (${tokenHash}, ${staffId}, ${expiresAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`,
    );
  }

  /** The staff member a usable (unused, unexpired) token names, without using it. */
  async staffOfToken(tokenHash: string, at: Date): Promise<StaffRow | null> {
    const rows = await queryRows<StaffRow>(
      this.db,
      sql`SELECT ${TOKEN_STAFF_COLUMNS}
          FROM staff_tokens t JOIN staff m ON m.staff_id = t.staff_id
          WHERE t.token_hash = ${tokenHash} AND t.used_at IS NULL AND t.expires_at > ${at.toISOString()}::timestamptz`,
    );
    return rows[0] ?? null;
  }

  /** Uses a token in one statement (two racing requests cannot both); answers its staff id. */
  async consumeToken(tokenHash: string, at: Date, executor: Executor = this.db): Promise<number | null> {
    const rows = await queryRows<{ staff_id: number }>(
      executor,
      sql`UPDATE staff_tokens SET used_at = ${at.toISOString()}::timestamptz
          WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${at.toISOString()}::timestamptz
          RETURNING staff_id`,
    );
    return rows[0] ? Number(rows[0].staff_id) : null;
  }

  /** A member's earlier links stop working when a new one is made or they are disabled. */
  async expireTokensOf(staffId: number, at: Date, executor: Executor = this.db): Promise<void> {
    await executor.execute(
      sql`UPDATE staff_tokens SET used_at = ${at.toISOString()}::timestamptz WHERE staff_id = ${staffId} AND used_at IS NULL`,
    );
  }
}

/** A PostgreSQL text[] literal (the values are hex hashes: no quoting needed beyond the braces). */
function toTextArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '')}"`).join(',')}}`;
}
