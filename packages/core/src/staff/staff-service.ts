/**
 * Staff identity: accounts separate from customers, sign-in with a password
 * (argon2id, as customers) and an optional TOTP second factor, server-side sessions, the
 * first owner's setup link and set-password links. No default password exists anywhere:
 *
 * - Setup: while the database has no enabled owner, the server asks `setupToken()` at start
 *   and logs the link. The token (32 random bytes) is held in this process as its SHA-256 hash
 *   only, works once, and dies with the process.
 * - `add()` (the `npm run staff` command and the Staff page) makes an account without a
 *   password and answers a single-use set-password link valid for an hour. With a job queue
 *   (the shop's services: the Staff page) the link is also e-mailed to the member, recorded in
 *   the same transaction as the link (DESIGN section 11); the command prints it only.
 * - Sessions: a random id (32 bytes) in the staff cookie, its SHA-256 hash in `staff_sessions`.
 *   8 h idle (last_seen_at, refreshed at most once a minute), 7 days absolute, revoked on
 *   sign-out and when the staff member is disabled. With TOTP on, a password-only session is
 *   `awaiting_second_factor` (10 minutes to give the code) and opens nothing.
 * - Wrong codes (decision record 014): 5 in one sign-in end it (the password is asked again);
 *   10 in an hour over all of the member's sign-ins refuse further codes for the rest of that
 *   hour except from a browser that signed in to the account before; either e-mails the member
 *   (one e-mail an hour at most), as someone who got that far knows their password.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Conflict, DomainError, Invalid, NotFound, Unauthorized } from '../errors.ts';
import { hashPassword, spendVerificationTime, verifyPassword } from '../accounts/password-hashing.ts';
import { isStaffRole, type StaffMember, type StaffRole } from './staff-roles.ts';
import type { StaffRepository} from './staff-repository.ts';
import { staffMemberOf, type StaffRow } from './staff-repository.ts';
import { recentStaffEvents, recordStaffEvent, type StaffEvent } from './staff-events.ts';
import { isoTime } from '../iso-time.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { staffCodeFailuresJob, staffLinkJob } from '../email/email-jobs.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalisedRecoveryCode,
  totpQrSvg,
  totpStepOf,
  totpUri,
  UsedTotpSteps,
} from './totp.ts';

export const STAFF_SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (a page view a second would otherwise write a row a second). */
export const STAFF_SESSION_TOUCH_MS = 60 * 1000;
/** Time to give the second factor after the password. */
export const STAFF_SECOND_FACTOR_MS = 10 * 60 * 1000;
export const STAFF_SET_PASSWORD_TTL_MS = 60 * 60 * 1000;
/** Staff passwords guard every order and customer: longer than customers' minimum of 5. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
export const STAFF_PASSWORD_MAX_LENGTH = 200;

/** The one answer to a refused sign-in, whatever was wrong (unknown e-mail, password, disabled). */
export const STAFF_SIGN_IN_FAILED = 'E-mail or password is incorrect.';
export const STAFF_CODE_FAILED = 'That code is not correct. Try the current code, or a recovery code.';
/** Wrong codes one sign-in may give before it ends. */
export const STAFF_CODES_PER_SIGN_IN = 5;
/** Wrong codes of one member in an hour (all sign-ins) before codes are refused from unknown browsers. */
export const STAFF_CODES_PER_HOUR = 10;
export const STAFF_CODE_WINDOW_MS = 60 * 60 * 1000;
export const STAFF_CODES_USED_UP = 'Too many wrong codes. Sign in with your password again.';
export const STAFF_CODES_PAUSED =
  'Too many wrong codes for this account in the last hour. Try again later, or from a browser you have signed in with before.';

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function newStaffSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashStaffSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A signed-in staff member's session, as the back office's pages read it. */
export interface StaffSession {
  staff: StaffMember;
  /** The password was right but the TOTP code is still owed: the session opens nothing yet. */
  awaitingSecondFactor: boolean;
}

export interface StaffSignIn {
  /** The new session's id, for the staff cookie (shown nowhere else, stored only hashed). */
  sessionId: string;
  awaitingSecondFactor: boolean;
  staff: StaffMember;
}

export interface StaffListEntry extends StaffMember {
  disabled: boolean;
  /** The account's password is not set yet (the set-password link was not used). */
  invited: boolean;
  createdAt: string;
}

export interface NewStaffMember {
  email: string;
  name: string;
  role: StaffRole;
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

export interface StaffServiceOptions {
  /** Where links point (`<publicBaseUrl>/admin/setup?token=...`). */
  publicBaseUrl: string;
  /** The shop's name, shown by authenticator apps beside the code. */
  shopName: string;
  /**
   * Where set-password links, and the warning to a member whose codes fail repeatedly, are
   * e-mailed from (the shop's outbox); without it links are only answered.
   */
  jobs?: Pick<JobQueue, 'record' | 'wakeWorkers'>;
  now?: () => Date;
}

/** A set-password link just made: shown to whoever made it, and `emailed` to the member when the shop's outbox is at hand. */
export interface StaffLink {
  link: string;
  expiresAt: Date;
  emailed: boolean;
}

export class StaffService {
  private readonly now: () => Date;
  private readonly baseUrl: string;
  private setupTokenHash: string | null = null;
  private readonly usedSteps = new UsedTotpSteps();

  constructor(
    readonly repository: StaffRepository,
    private readonly options: StaffServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  }

  // --- setup of the first owner -------------------------------------------------------------

  /** Whether an enabled owner exists (else the setup page is open to the holder of the link). */
  hasOwner(): Promise<boolean> {
    return this.repository.hasEnabledOwner();
  }

  /**
   * When there is no enabled owner: a new setup token (replacing any earlier one of this
   * process), else null. The server logs `setupLink(token)` once at start.
   */
  async setupToken(): Promise<string | null> {
    if (await this.repository.hasEnabledOwner()) return null;
    const token = newStaffSecret();
    this.setupTokenHash = hashStaffSecret(token);
    return token;
  }

  setupLink(token: string): string {
    return `${this.baseUrl}/admin/setup?token=${encodeURIComponent(token)}`;
  }

  /** Whether the token is this process's live setup token (the page checks before showing its form). */
  isSetupToken(token: string): boolean {
    if (this.setupTokenHash === null || !SECRET_PATTERN.test(token)) return false;
    return timingSafeEqual(Buffer.from(hashStaffSecret(token)), Buffer.from(this.setupTokenHash));
  }

  /** Creates the first owner with the setup token (used up, whatever happens next) and signs them in. */
  async setUpOwner(token: string, details: { email: string; name: string; password: string }): Promise<StaffSignIn> {
    if (!this.isSetupToken(token)) throw new Unauthorized('This setup link is not valid. Restart the shop for a new one, or sign in.');
    const member = checkNewMember({ ...details, role: 'owner' });
    checkPassword(details.password);
    const passwordHash = await hashPassword(details.password);
    if (!this.isSetupToken(token)) throw new Unauthorized('This setup link is not valid. Restart the shop for a new one, or sign in.');
    this.setupTokenHash = null;
    const at = this.now();
    const row = await this.repository.transaction(async (tx) => {
      await this.repository.lockForSetup(tx);
      if (await this.repository.hasEnabledOwner(tx)) throw new Conflict('The shop already has an owner. Sign in instead.');
      const inserted = await this.repository.insert({ ...member, passwordHash }, at, tx);
      if (!inserted) throw new Conflict('A staff member with this e-mail address already exists.');
      await recordStaffEvent(tx, { staffId: inserted.staffId, actorStaffId: null, kind: 'staff.owner-set-up', after: { role: 'owner' } });
      return inserted;
    });
    return this.openSession(row, at);
  }

  // --- accounts -----------------------------------------------------------------------------

  /**
   * Adds a staff member without a password and answers their set-password link (1 hour, single
   * use). `actorStaffId`: who did it (audited); null from the command line.
   */
  async add(details: NewStaffMember, actorStaffId: number | null = null): Promise<StaffLink & { staff: StaffMember }> {
    const member = checkNewMember(details);
    const at = this.now();
    const expiresAt = new Date(at.getTime() + STAFF_SET_PASSWORD_TTL_MS);
    const token = newStaffSecret();
    const row = await this.repository.transaction(async (tx) => {
      const inserted = await this.repository.insert({ ...member, passwordHash: null }, at, tx);
      if (!inserted) {
        const existing = await this.repository.byEmail(member.email, tx);
        throw new Conflict(
          existing?.disabledAt
            ? `${existing.name} <${existing.email}> is a disabled staff member: enable them on the staff list instead of adding them again.`
            : 'A staff member with this e-mail address already exists.',
        );
      }
      await this.repository.insertToken(hashStaffSecret(token), inserted.staffId, expiresAt, at, tx);
      await recordStaffEvent(tx, { staffId: inserted.staffId, actorStaffId, kind: 'staff.added', after: { email: member.email, name: member.name, role: member.role } });
      await this.options.jobs?.record(staffLinkJob(inserted.staffId, token, this.setPasswordLink(token), expiresAt, 'invitation'), tx);
      return inserted;
    });
    this.options.jobs?.wakeWorkers();
    return { staff: staffMemberOf(row), link: this.setPasswordLink(token), expiresAt, emailed: this.options.jobs !== undefined };
  }

  /** A new set-password link for an existing, enabled member (a lost link, a forgotten password); earlier links stop working. */
  async newSetPasswordLink(staffId: number, actorStaffId: number | null = null): Promise<StaffLink> {
    const row = await this.repository.byId(staffId);
    if (!row || row.disabledAt !== null) throw new NotFound('No such staff member.');
    const at = this.now();
    const expiresAt = new Date(at.getTime() + STAFF_SET_PASSWORD_TTL_MS);
    const token = newStaffSecret();
    await this.repository.transaction(async (tx) => {
      await this.repository.expireTokensOf(staffId, at, tx);
      await this.repository.insertToken(hashStaffSecret(token), staffId, expiresAt, at, tx);
      await recordStaffEvent(tx, { staffId, actorStaffId, kind: 'staff.link-made' });
      await this.options.jobs?.record(staffLinkJob(staffId, token, this.setPasswordLink(token), expiresAt, 'new-link'), tx);
    });
    this.options.jobs?.wakeWorkers();
    return { link: this.setPasswordLink(token), expiresAt, emailed: this.options.jobs !== undefined };
  }

  setPasswordLink(token: string): string {
    return `${this.baseUrl}/admin/set-password?token=${encodeURIComponent(token)}`;
  }

  async list(): Promise<StaffListEntry[]> {
    const rows = await this.repository.list();
    return rows.map((row) => ({
      ...staffMemberOf(row),
      disabled: row.disabledAt !== null,
      invited: row.passwordHash === null,
      createdAt: isoTime(row.createdAt),
    }));
  }

  /** One staff member by id (disabled ones included), or null. */
  async byId(staffId: number): Promise<StaffMember | null> {
    const row = await this.repository.byId(staffId);
    return row ? staffMemberOf(row) : null;
  }

  async byEmail(email: string): Promise<StaffMember | null> {
    const row = await this.repository.byEmail(email.trim());
    return row ? staffMemberOf(row) : null;
  }

  /**
   * Disables a staff member: they cannot sign in, their sessions end at once and their links
   * stop working. The last enabled owner cannot be disabled (the shop would have no owner).
   * Answers false when they were already disabled. `actorStaffId`: who did it (audited); null
   * from the command line.
   */
  async disable(staffId: number, actorStaffId: number | null = null): Promise<boolean> {
    const at = this.now();
    return this.repository.transaction(async (tx) => {
      const row = await this.repository.byId(staffId, tx);
      if (!row) throw new NotFound('No such staff member.');
      if (row.disabledAt !== null) return false;
      if (row.role === 'owner') {
        const owners = await this.repository.lockAndCountEnabledOwners(tx);
        if (owners <= 1) throw new Conflict('The last owner cannot be disabled. Add another owner first.');
      }
      await this.repository.disable(staffId, at, tx);
      await this.repository.revokeSessionsOf(staffId, at, tx);
      await this.repository.expireTokensOf(staffId, at, tx);
      await recordStaffEvent(tx, { staffId, actorStaffId, kind: 'staff.disabled', before: { disabled: false }, after: { disabled: true } });
      return true;
    });
  }

  /**
   * Enables a disabled staff member again: they sign in with the password they had (their
   * sessions and links ended when they were disabled; send a new link if it may be known to
   * someone else). Answers false when they were not disabled. Audited like disable.
   */
  async enable(staffId: number, actorStaffId: number | null = null): Promise<boolean> {
    return this.repository.transaction(async (tx) => {
      const row = await this.repository.byId(staffId, tx);
      if (!row) throw new NotFound('No such staff member.');
      if (!(await this.repository.enable(staffId, tx))) return false;
      await recordStaffEvent(tx, { staffId, actorStaffId, kind: 'staff.enabled', before: { disabled: true }, after: { disabled: false } });
      return true;
    });
  }

  /** The newest changes to the staff list (who added, relinked, disabled or enabled whom), newest first. */
  recentChanges(limit = 50): Promise<StaffEvent[]> {
    return recentStaffEvents(this.repository.db, limit);
  }

  // --- set-password links -------------------------------------------------------------------

  /** Who a set-password link is for, while it is usable (the page greets them), else null. */
  async setPasswordTokenHolder(token: string): Promise<StaffMember | null> {
    if (!SECRET_PATTERN.test(token)) return null;
    const row = await this.repository.staffOfToken(hashStaffSecret(token), this.now());
    return row && row.disabledAt === null ? staffMemberOf(row) : null;
  }

  /** Sets the password from a single-use link and signs the staff member in. */
  async setPassword(token: string, password: string): Promise<StaffSignIn> {
    checkPassword(password);
    const invalid = () => new Unauthorized('This link has expired or was already used. Ask the owner for a new one.');
    if (!SECRET_PATTERN.test(token)) throw invalid();
    const passwordHash = await hashPassword(password);
    const at = this.now();
    const row = await this.repository.transaction(async (tx) => {
      const staffId = await this.repository.consumeToken(hashStaffSecret(token), at, tx);
      if (staffId === null) throw invalid();
      const member = await this.repository.byId(staffId, tx);
      if (!member || member.disabledAt !== null) throw invalid();
      await this.repository.setPasswordHash(staffId, passwordHash, tx);
      // A new password ends every earlier session (someone else may have known the old one).
      await this.repository.revokeSessionsOf(staffId, at, tx);
      return { ...member, passwordHash };
    });
    return this.openSession(row, at);
  }

  // --- sign-in and sessions -----------------------------------------------------------------

  /** Signs in with e-mail and password; every refusal is the same Unauthorized (STAFF_SIGN_IN_FAILED). */
  async signIn(email: string, password: string): Promise<StaffSignIn> {
    const row = EMAIL_PATTERN.test(email.trim()) ? await this.repository.byEmail(email.trim()) : null;
    if (!row || row.passwordHash === null) {
      await spendVerificationTime(password);
      throw new Unauthorized(STAFF_SIGN_IN_FAILED);
    }
    const matches = await verifyPassword(row.passwordHash, password);
    if (!matches || row.disabledAt !== null) throw new Unauthorized(STAFF_SIGN_IN_FAILED);
    return this.openSession(row, this.now());
  }

  private async openSession(row: StaffRow, at: Date): Promise<StaffSignIn> {
    const sessionId = newStaffSecret();
    const awaitingSecondFactor = row.totpEnabledAt !== null;
    const expiresAt = new Date(at.getTime() + (awaitingSecondFactor ? STAFF_SECOND_FACTOR_MS : STAFF_SESSION_ABSOLUTE_MS));
    await this.repository.deleteEndedSessionsOf(row.staffId, new Date(at.getTime() - STAFF_SESSION_ABSOLUTE_MS));
    await this.repository.insertSession({ sessionHash: hashStaffSecret(sessionId), staffId: row.staffId, awaitingSecondFactor, expiresAt }, at);
    return { sessionId, awaitingSecondFactor, staff: staffMemberOf(row) };
  }

  /**
   * The session of a cookie's id while it is live: not revoked, not past its absolute end, used
   * within the idle time, its staff member enabled. Refreshes last_seen_at (once a minute at most).
   */
  async session(sessionId: string): Promise<StaffSession | null> {
    if (!SECRET_PATTERN.test(sessionId)) return null;
    const sessionHash = hashStaffSecret(sessionId);
    const row = await this.repository.sessionWithStaff(sessionHash);
    if (!row || row.member.disabledAt !== null) return null;
    const now = this.now().getTime();
    const lastSeen = row.lastSeenAt.getTime();
    if (now >= row.expiresAt.getTime() || now - lastSeen >= STAFF_SESSION_IDLE_MS) return null;
    if (now - lastSeen >= STAFF_SESSION_TOUCH_MS) await this.repository.touchSession(sessionHash, this.now());
    return { staff: staffMemberOf(row.member), awaitingSecondFactor: row.awaitingSecondFactor };
  }

  /**
   * The second step of sign-in: a TOTP code (one step either side of now, each code once) or
   * an unused recovery code. Answers the staff member; refuses with Unauthorized (STAFF_CODE_FAILED).
   */
  async completeSecondFactor(sessionId: string, code: string, { knownDevice = false }: { knownDevice?: boolean } = {}): Promise<StaffMember> {
    const current = await this.session(sessionId);
    if (!current?.awaitingSecondFactor) throw new Unauthorized('Your sign-in has expired. Please sign in again.');
    const row = await this.repository.byId(current.staff.staffId);
    if (!row?.totpSecret || row.totpEnabledAt === null) throw new Unauthorized(STAFF_CODE_FAILED);
    const at = this.now();
    if (!knownDevice) {
      // Refused before the code is looked at: a paused account tells a guesser nothing.
      const { failures, earliest } = await this.repository.codeFailuresSince(row.staffId, new Date(at.getTime() - STAFF_CODE_WINDOW_MS));
      if (failures >= STAFF_CODES_PER_HOUR && earliest) {
        const retryAfterSeconds = Math.max(1, Math.ceil((earliest.getTime() + STAFF_CODE_WINDOW_MS - at.getTime()) / 1000));
        throw new DomainError('too_many_requests', STAFF_CODES_PAUSED, { retryAfterSeconds });
      }
    }
    if (!(await this.codeIsGood(row, code, at))) {
      await this.codeFailed(sessionId, row, at);
      throw new Unauthorized(STAFF_CODE_FAILED);
    }
    // The full session's absolute end counts from now.
    const expiresAt = new Date(at.getTime() + STAFF_SESSION_ABSOLUTE_MS);
    if (!(await this.repository.completeSecondFactor(hashStaffSecret(sessionId), at, expiresAt))) {
      throw new Unauthorized('Your sign-in has expired. Please sign in again.');
    }
    return staffMemberOf(row);
  }

  /**
   * Counts a wrong code against the sign-in and the member, one at a time per member (row lock):
   * the fifth in a sign-in ends it (throws STAFF_CODES_USED_UP); that, or the hour's limit
   * reached, records the warning e-mail to the member in the same transaction.
   */
  private async codeFailed(sessionId: string, row: StaffRow, at: Date): Promise<void> {
    const usedUp = await this.repository.transaction(async (tx) => {
      await this.repository.lockMember(row.staffId, tx);
      const inSignIn = await this.repository.countFailedCode(hashStaffSecret(sessionId), tx);
      if (inSignIn === null) return false;
      const { failures } = await this.repository.codeFailuresSince(row.staffId, new Date(at.getTime() - STAFF_CODE_WINDOW_MS), tx);
      const ended = inSignIn >= STAFF_CODES_PER_SIGN_IN;
      if (ended) await this.repository.revokeSession(hashStaffSecret(sessionId), at, tx);
      if ((ended || failures >= STAFF_CODES_PER_HOUR) && this.options.jobs) {
        await this.options.jobs.record(staffCodeFailuresJob(row.staffId, failures, at, Math.floor(at.getTime() / STAFF_CODE_WINDOW_MS)), tx);
      }
      return ended;
    });
    this.options.jobs?.wakeWorkers();
    if (usedUp) throw new Unauthorized(STAFF_CODES_USED_UP);
  }

  private async codeIsGood(row: StaffRow, code: string, at: Date): Promise<boolean> {
    const step = row.totpSecret ? totpStepOf(row.totpSecret, code, at) : null;
    if (step !== null) return this.usedSteps.accept(row.staffId, step);
    const normalised = normalisedRecoveryCode(code);
    if (normalised.length !== 12) return false;
    return this.repository.useRecoveryCode(row.staffId, hashRecoveryCode(normalised));
  }

  /** Sign-out: the session ends at once (an unknown id is ignored). */
  async signOut(sessionId: string): Promise<void> {
    if (!SECRET_PATTERN.test(sessionId)) return;
    await this.repository.revokeSession(hashStaffSecret(sessionId), this.now());
  }

  // --- TOTP enrolment -----------------------------------------------------------------------

  /**
   * Starts (or restarts) enrolment: a new secret, pending until confirmed with a code. While
   * TOTP is on, a new enrolment is refused (turn it off first).
   */
  async beginTotp(staffId: number): Promise<TotpEnrolment> {
    const row = await this.repository.byId(staffId);
    if (!row || row.disabledAt !== null) throw new NotFound('No such staff member.');
    if (row.totpEnabledAt !== null) throw new Conflict('Two-step sign-in is already on.');
    const secret = newTotpSecret();
    await this.repository.setTotpSecret(staffId, secret);
    return this.enrolmentOf(row.email, secret);
  }

  /** The pending enrolment (QR code and secret) to show again, or null when none is pending. */
  async pendingTotp(staffId: number): Promise<TotpEnrolment | null> {
    const row = await this.repository.byId(staffId);
    if (!row?.totpSecret || row.totpEnabledAt !== null) return null;
    return this.enrolmentOf(row.email, row.totpSecret);
  }

  private async enrolmentOf(email: string, secret: string): Promise<TotpEnrolment> {
    const uri = totpUri(secret, email, `${this.options.shopName} back office`);
    return { secret, uri, qrSvg: await totpQrSvg(uri) };
  }

  /** Confirms the pending secret with a current code: TOTP is on; answers the 10 recovery codes (shown once). */
  async confirmTotp(staffId: number, code: string): Promise<string[]> {
    const row = await this.repository.byId(staffId);
    if (!row?.totpSecret || row.totpEnabledAt !== null) throw new Conflict('Start setting up two-step sign-in again.');
    const at = this.now();
    const step = totpStepOf(row.totpSecret, code, at);
    if (step === null || !this.usedSteps.accept(staffId, step)) {
      throw new Invalid('That code is not correct. Check the time on your phone and try the current code.', {
        fields: [{ field: 'code', message: 'Enter the 6-digit code from your app.' }],
      });
    }
    const codes = newRecoveryCodes();
    const secret = row.totpSecret;
    // Turned on and audited together (the member did it themselves).
    const enabled = await this.repository.transaction(async (tx) => {
      if (!(await this.repository.enableTotp(staffId, secret, codes.map(hashRecoveryCode), at, tx))) return false;
      await recordStaffEvent(tx, { staffId, actorStaffId: staffId, kind: 'staff.two-step-on', before: { twoStep: false }, after: { twoStep: true } });
      return true;
    });
    if (!enabled) throw new Conflict('Start setting up two-step sign-in again.');
    return codes;
  }

  /** Turns TOTP off, after the password is given again. */
  async disableTotp(staffId: number, password: string): Promise<void> {
    const row = await this.repository.byId(staffId);
    if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
      throw new Invalid('The password is not correct.', { fields: [{ field: 'password', message: 'The password is not correct.' }] });
    }
    await this.repository.transaction(async (tx) => {
      await this.repository.setTotpSecret(staffId, null, tx);
      // Only turning it off is a change worth the audit trail; dropping a pending enrolment is not.
      if (row.totpEnabledAt !== null) {
        await recordStaffEvent(tx, { staffId, actorStaffId: staffId, kind: 'staff.two-step-off', before: { twoStep: true }, after: { twoStep: false } });
      }
    });
  }

  /** How many recovery codes are left. */
  async recoveryCodesLeft(staffId: number): Promise<number> {
    const row = await this.repository.byId(staffId);
    return row?.recoveryCodeHashes.length ?? 0;
  }
}

/** Checks a new member's details: a plausible e-mail, a name, a role. */
export function checkNewMember(details: NewStaffMember): NewStaffMember {
  const email = details.email.trim();
  const name = details.name.trim().replace(/\s+/g, ' ');
  const fields: { field: string; message: string }[] = [];
  if (!EMAIL_PATTERN.test(email) || email.length > 254) fields.push({ field: 'email', message: 'Enter a valid e-mail address.' });
  if (name.length === 0 || name.length > 100) fields.push({ field: 'name', message: 'Enter a name of up to 100 characters.' });
  if (!isStaffRole(details.role)) fields.push({ field: 'role', message: 'Choose owner, manager or warehouse.' });
  if (fields.length > 0) throw new Invalid(fields[0]!.message, { fields });
  return { email, name, role: details.role };
}

export function checkPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH || password.length > STAFF_PASSWORD_MAX_LENGTH) {
    const message = `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters (at most ${STAFF_PASSWORD_MAX_LENGTH}).`;
    throw new Invalid(message, { fields: [{ field: 'password', message }] });
  }
}
