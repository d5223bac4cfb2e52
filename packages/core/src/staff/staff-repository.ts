/**
 * SQL of staff identity: the `staff` table (accounts), `staff_sessions` (server-side sessions,
 * stored by the SHA-256 hash of the cookie's id) and `staff_tokens` (single-use set-password
 * links, stored hashed). Times are passed in from the service's clock, never `now()`, so tests
 * drive expiry with an injected clock.
 */
import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { columnsOf, figuresOf, queryRows, staff, staffSessions, staffTokens, type Executor, type Row } from '@shop/db';
import type { StaffMember } from './staff-roles.ts';

export type StaffRow = Row<typeof staff>;
export type StaffSessionRow = Row<typeof staffSessions>;

/** Wrong codes summed over sign-ins, and the earliest of those sign-ins: min(created_at) AS "createdAt", null when none failed. */
const CODE_FAILURES = figuresOf({ failures: 'number' });
const EARLIEST_FAILED = columnsOf(staffSessions, ['createdAt'], undefined, { leftJoined: true });

export function staffMemberOf(row: StaffRow): StaffMember {
  return { staffId: row.staffId, email: row.email, name: row.name, role: row.role, totpEnabled: row.totpEnabledAt !== null };
}

export class StaffRepository {
  constructor(readonly db: Executor) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async byId(staffId: number, executor: Executor = this.db): Promise<StaffRow | null> {
    const [row] = await executor.select().from(staff).where(eq(staff.staffId, staffId));
    return row ?? null;
  }

  async byEmail(email: string, executor: Executor = this.db): Promise<StaffRow | null> {
    const [row] = await executor.select().from(staff).where(sql`lower(${staff.email}) = lower(${email})`);
    return row ?? null;
  }

  async list(): Promise<StaffRow[]> {
    return this.db.select().from(staff).orderBy(sql`${staff.disabledAt} IS NOT NULL`, sql`lower(${staff.name})`, staff.staffId);
  }

  async hasEnabledOwner(executor: Executor = this.db): Promise<boolean> {
    const rows = await queryRows<Pick<StaffRow, 'staffId'>>(executor, sql`SELECT staff_id AS "staffId" FROM staff WHERE role = 'owner' AND disabled_at IS NULL LIMIT 1`);
    return rows.length > 0;
  }

  /**
   * Inside a transaction: the enabled owners, counted with their rows locked, so two owners
   * disabling each other at once cannot leave the shop without one (the second waits, then counts one).
   */
  async lockAndCountEnabledOwners(tx: Executor): Promise<number> {
    const rows = await queryRows<Pick<StaffRow, 'staffId'>>(tx, sql`SELECT staff_id AS "staffId" FROM staff WHERE role = 'owner' AND disabled_at IS NULL FOR UPDATE`);
    return rows.length;
  }

  /** Inside a transaction: makes concurrent first-owner set-ups (several processes, each with a link) take turns. */
  async lockForSetup(tx: Executor): Promise<void> {
    await tx.execute(sql`LOCK TABLE staff IN SHARE ROW EXCLUSIVE MODE`);
  }

  /** Inserts a staff member; null when the e-mail is taken (case-insensitively). */
  async insert(
    member: Pick<StaffRow, 'email' | 'name' | 'role' | 'passwordHash'>,
    at: Date,
    executor: Executor = this.db,
  ): Promise<StaffRow | null> {
    // The only unique key a new row can meet is the e-mail's (staff_email_lower_key).
    const [row] = await executor
      .insert(staff)
      .values({ ...member, createdAt: at })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async setPasswordHash(staffId: number, passwordHash: string, executor: Executor = this.db): Promise<void> {
    await executor.execute(sql`UPDATE staff SET password_hash = ${passwordHash} WHERE staff_id = ${staffId}`);
  }

  /** Marks the member disabled (once); answers whether this call disabled them. */
  async disable(staffId: number, at: Date, executor: Executor = this.db): Promise<boolean> {
    const rows = await queryRows<Pick<StaffRow, 'staffId'>>(
      executor,
      sql`UPDATE staff SET disabled_at = ${at.toISOString()}::timestamptz WHERE staff_id = ${staffId} AND disabled_at IS NULL RETURNING staff_id AS "staffId"`,
    );
    return rows.length > 0;
  }

  /** Lets a disabled member sign in again (once); answers whether this call enabled them. */
  async enable(staffId: number, executor: Executor = this.db): Promise<boolean> {
    const rows = await queryRows<Pick<StaffRow, 'staffId'>>(
      executor,
      sql`UPDATE staff SET disabled_at = NULL WHERE staff_id = ${staffId} AND disabled_at IS NOT NULL RETURNING staff_id AS "staffId"`,
    );
    return rows.length > 0;
  }

  async setTotpSecret(staffId: number, secret: string | null, executor: Executor = this.db): Promise<void> {
    await executor.execute(sql`UPDATE staff SET totp_secret = ${secret}, totp_enabled_at = NULL, recovery_code_hashes = '{}' WHERE staff_id = ${staffId}`);
  }

  /** Turns on the pending secret (only if it is still the one confirmed) with fresh recovery codes. */
  async enableTotp(staffId: number, secret: string, recoveryCodeHashes: string[], at: Date, executor: Executor = this.db): Promise<boolean> {
    const rows = await queryRows<Pick<StaffRow, 'staffId'>>(
      executor,
      sql`UPDATE staff SET totp_enabled_at = ${at.toISOString()}::timestamptz,
            recovery_code_hashes = ${toTextArray(recoveryCodeHashes)}::text[]
          WHERE staff_id = ${staffId} AND totp_secret = ${secret} AND totp_enabled_at IS NULL
          RETURNING staff_id AS "staffId"`,
    );
    return rows.length > 0;
  }

  /** Removes one recovery code (by hash) if it is still unused; answers whether it was. */
  async useRecoveryCode(staffId: number, codeHash: string): Promise<boolean> {
    const rows = await queryRows<Pick<StaffRow, 'staffId'>>(
      this.db,
      sql`UPDATE staff SET recovery_code_hashes = array_remove(recovery_code_hashes, ${codeHash})
          WHERE staff_id = ${staffId} AND ${codeHash} = ANY(recovery_code_hashes)
          RETURNING staff_id AS "staffId"`,
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
    const [row] = await this.db
      .select({ session: staffSessions, member: staff })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.staffId, staffSessions.staffId))
      .where(and(eq(staffSessions.sessionHash, sessionHash), isNull(staffSessions.revokedAt)));
    return row ? { ...row.session, member: row.member } : null;
  }

  async touchSession(sessionHash: string, at: Date): Promise<void> {
    await this.db.execute(sql`UPDATE staff_sessions SET last_seen_at = ${at.toISOString()}::timestamptz WHERE session_hash = ${sessionHash}`);
  }

  /** The second factor was given: the session becomes a full one (if still awaiting and live). */
  async completeSecondFactor(sessionHash: string, at: Date, expiresAt: Date): Promise<boolean> {
    const rows = await queryRows<Pick<StaffSessionRow, 'sessionHash'>>(
      this.db,
      sql`UPDATE staff_sessions SET awaiting_second_factor = false, last_seen_at = ${at.toISOString()}::timestamptz,
            expires_at = ${expiresAt.toISOString()}::timestamptz
          WHERE session_hash = ${sessionHash} AND awaiting_second_factor AND revoked_at IS NULL
          RETURNING session_hash AS "sessionHash"`,
    );
    return rows.length > 0;
  }

  /**
   * Wrong two-step codes of the staff member in sign-ins begun since `since`, and when the
   * earliest of those sign-ins began (null when none failed).
   */
  async codeFailuresSince(staffId: number, since: Date, executor: Executor = this.db): Promise<{ failures: number; earliest: Date | null }> {
    const [raw = {}] = await queryRows<Record<string, unknown>>(
      executor,
      sql`SELECT sum(failed_codes) AS failures, min(created_at) AS "createdAt" FROM staff_sessions
          WHERE staff_id = ${staffId} AND failed_codes > 0 AND created_at > ${since.toISOString()}::timestamptz`,
    );
    return { failures: CODE_FAILURES.read(raw).failures, earliest: EARLIEST_FAILED.read(raw).createdAt };
  }

  /** Inside a transaction: wrong codes of one member are counted one at a time (the member's row locked). */
  async lockMember(staffId: number, tx: Executor): Promise<void> {
    await tx.execute(sql`SELECT staff_id FROM staff WHERE staff_id = ${staffId} FOR UPDATE`);
  }

  /** One more wrong code in this sign-in; answers how many so far (null when the session is gone). */
  async countFailedCode(sessionHash: string, executor: Executor = this.db): Promise<number | null> {
    const rows = await queryRows<Pick<StaffSessionRow, 'failedCodes'>>(
      executor,
      sql`UPDATE staff_sessions SET failed_codes = failed_codes + 1
          WHERE session_hash = ${sessionHash} AND awaiting_second_factor AND revoked_at IS NULL
          RETURNING failed_codes AS "failedCodes"`,
    );
    return rows[0] ? rows[0].failedCodes : null;
  }

  async revokeSession(sessionHash: string, at: Date, executor: Executor = this.db): Promise<void> {
    await executor.execute(
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
    const [row] = await this.db
      .select(getTableColumns(staff))
      .from(staffTokens)
      .innerJoin(staff, eq(staff.staffId, staffTokens.staffId))
      .where(and(eq(staffTokens.tokenHash, tokenHash), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, at)));
    return row ?? null;
  }

  /** Uses a token in one statement (two racing requests cannot both); answers its staff id. */
  async consumeToken(tokenHash: string, at: Date, executor: Executor = this.db): Promise<number | null> {
    const rows = await queryRows<Pick<Row<typeof staffTokens>, 'staffId'>>(
      executor,
      sql`UPDATE staff_tokens SET used_at = ${at.toISOString()}::timestamptz
          WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${at.toISOString()}::timestamptz
          RETURNING staff_id AS "staffId"`,
    );
    return rows[0]?.staffId ?? null;
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
