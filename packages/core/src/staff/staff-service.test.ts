/**
 * Staff identity on both databases: the first owner from the single-use setup token; staff
 * added without a password get a one-hour, single-use set-password link; sign-in with one
 * generic refusal; sessions end after 8 h idle or 7 days whatever, on sign-out and when the
 * member is disabled; TOTP as a second step with recovery codes that work once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { StaffRepository } from './staff-repository.ts';
import { describeStaffEvent } from './staff-events.ts';
import {
  STAFF_SECOND_FACTOR_MS,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_IDLE_MS,
  STAFF_SET_PASSWORD_TTL_MS,
  STAFF_SIGN_IN_FAILED,
  StaffService,
} from './staff-service.ts';
import { totpCode } from './totp.ts';

const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

for (const kind of databaseKinds()) {
  describe(`staff identity [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let now: Date;
    let staff: StaffService;
    let n = 0;
    const email = () => `staff${++n}.${Date.now()}@example.com`;
    const advance = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
    });
    afterAll(async () => drop());
    beforeEach(async () => {
      // Each test starts with no staff. staff_events is append-only (its trigger refuses deletes),
      // so triggers are off for this one transaction, as a superuser may in a test database.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        for (const table of ['staff_events', 'staff_sessions', 'staff_tokens', 'staff']) await tx.execute(sql.raw(`DELETE FROM ${table}`));
      });
      now = new Date('2026-11-24T09:00:00Z');
      staff = new StaffService(new StaffRepository(database.db), { publicBaseUrl: 'https://shop.example/', shopName: 'Boxwell', now: () => now });
    });

    /** A member with a password, signed in; answers the session id. */
    async function memberWithPassword(role: 'owner' | 'manager' | 'warehouse' = 'manager', address = email()) {
      const added = await staff.add({ email: address, name: 'Sam Staff', role });
      const signedIn = await staff.setPassword(tokenOf(added.link), PASSWORD);
      return { ...signedIn, email: address };
    }

    describe('the first owner', () => {
      it('is created once from the setup link, which then stops working', async () => {
        const token = (await staff.setupToken())!;
        expect(staff.setupLink(token)).toBe(`https://shop.example/admin/setup?token=${token}`);
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const signedIn = await staff.setUpOwner(token, { email: 'Olive@Example.com', name: ' Olive  Owner ', password: PASSWORD });
        expect(signedIn.staff).toMatchObject({ email: 'Olive@Example.com', name: 'Olive Owner', role: 'owner', totpEnabled: false });
        expect(await staff.session(signedIn.sessionId)).toMatchObject({ staff: { role: 'owner' }, awaitingSecondFactor: false });
        expect(staff.isSetupToken(token)).toBe(false);
        await expect(staff.setUpOwner(token, { email: 'other@example.com', name: 'Other', password: PASSWORD })).rejects.toMatchObject({ code: 'unauthorized' });
        expect(await staff.hasOwner()).toBe(true);
        expect(await staff.setupToken()).toBeNull();
      });

      it('two processes, each with its own link, set up one owner between them', async () => {
        const other = new StaffService(new StaffRepository(database.db), { publicBaseUrl: 'https://shop.example/', shopName: 'Boxwell', now: () => now });
        const [mine, theirs] = [(await staff.setupToken())!, (await other.setupToken())!];
        const results = await Promise.allSettled([
          staff.setUpOwner(mine, { email: email(), name: 'First', password: PASSWORD }),
          other.setUpOwner(theirs, { email: email(), name: 'Second', password: PASSWORD }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
        expect((await staff.list()).filter((m) => m.role === 'owner')).toHaveLength(1);
      });

      it('refuses a token that is not the one this process made', async () => {
        await staff.setupToken();
        const stranger = 'A'.repeat(43);
        expect(staff.isSetupToken(stranger)).toBe(false);
        await expect(staff.setUpOwner(stranger, { email: email(), name: 'Mallory', password: PASSWORD })).rejects.toMatchObject({ code: 'unauthorized' });
        expect(await staff.hasOwner()).toBe(false);
      });

      it('keeps the token usable after a form mistake (a short password), and is single use after success', async () => {
        const token = (await staff.setupToken())!;
        await expect(staff.setUpOwner(token, { email: email(), name: 'Olive', password: 'short' })).rejects.toMatchObject({ code: 'invalid_request' });
        await staff.setUpOwner(token, { email: email(), name: 'Olive', password: PASSWORD });
        await expect(staff.setUpOwner(token, { email: email(), name: 'Olive', password: PASSWORD })).rejects.toMatchObject({ code: 'unauthorized' });
      });

      it('a disabled owner does not count: setup opens again', async () => {
        const owner = await memberWithPassword('owner');
        await queryRows(database.db, sql`UPDATE staff SET disabled_at = now() WHERE staff_id = ${owner.staff.staffId}`);
        expect(await staff.hasOwner()).toBe(false);
        expect(await staff.setupToken()).not.toBeNull();
      });
    });

    describe('accounts and set-password links', () => {
      it('e-mail addresses are unique whatever their case', async () => {
        const address = email();
        await staff.add({ email: address, name: 'A', role: 'warehouse' });
        await expect(staff.add({ email: address.toUpperCase(), name: 'B', role: 'manager' })).rejects.toMatchObject({ code: 'conflict' });
      });

      it('refuses a bad e-mail, an empty name or an unknown role', async () => {
        await expect(staff.add({ email: 'not-an-email', name: 'A', role: 'manager' })).rejects.toMatchObject({ code: 'invalid_request' });
        await expect(staff.add({ email: email(), name: '  ', role: 'manager' })).rejects.toMatchObject({ code: 'invalid_request' });
        await expect(staff.add({ email: email(), name: 'A', role: 'boss' as never })).rejects.toMatchObject({ code: 'invalid_request' });
      });

      it('a new member cannot sign in until the link sets a password', async () => {
        const address = email();
        const added = await staff.add({ email: address, name: 'Wendy', role: 'warehouse' });
        expect(added.link).toMatch(/^https:\/\/shop\.example\/admin\/set-password\?token=[A-Za-z0-9_-]{43}$/);
        expect(added.expiresAt.getTime() - now.getTime()).toBe(STAFF_SET_PASSWORD_TTL_MS);
        await expect(staff.signIn(address, '')).rejects.toMatchObject({ message: STAFF_SIGN_IN_FAILED });
        expect((await staff.list()).find((m) => m.email === address)).toMatchObject({ invited: true, disabled: false, role: 'warehouse' });
        expect(await staff.setPasswordTokenHolder(tokenOf(added.link))).toMatchObject({ email: address, name: 'Wendy' });
        await staff.setPassword(tokenOf(added.link), PASSWORD);
        expect((await staff.signIn(address, PASSWORD)).staff.email).toBe(address);
        expect((await staff.list()).find((m) => m.email === address)).toMatchObject({ invited: false });
      });

      it('a set-password link works once', async () => {
        const added = await staff.add({ email: email(), name: 'W', role: 'warehouse' });
        await staff.setPassword(tokenOf(added.link), PASSWORD);
        expect(await staff.setPasswordTokenHolder(tokenOf(added.link))).toBeNull();
        await expect(staff.setPassword(tokenOf(added.link), 'another password')).rejects.toMatchObject({ code: 'unauthorized' });
      });

      it('a set-password link expires after an hour', async () => {
        const added = await staff.add({ email: email(), name: 'W', role: 'warehouse' });
        advance(STAFF_SET_PASSWORD_TTL_MS - MINUTE);
        expect(await staff.setPasswordTokenHolder(tokenOf(added.link))).not.toBeNull();
        advance(MINUTE);
        expect(await staff.setPasswordTokenHolder(tokenOf(added.link))).toBeNull();
        await expect(staff.setPassword(tokenOf(added.link), PASSWORD)).rejects.toMatchObject({ code: 'unauthorized' });
      });

      it('a new link replaces the old one', async () => {
        const added = await staff.add({ email: email(), name: 'W', role: 'warehouse' });
        const renewed = await staff.newSetPasswordLink(added.staff.staffId);
        await expect(staff.setPassword(tokenOf(added.link), PASSWORD)).rejects.toMatchObject({ code: 'unauthorized' });
        await staff.setPassword(tokenOf(renewed.link), PASSWORD);
      });

      it('a password shorter than 10 characters is refused, and the link still works', async () => {
        const added = await staff.add({ email: email(), name: 'W', role: 'warehouse' });
        await expect(staff.setPassword(tokenOf(added.link), '123456789')).rejects.toMatchObject({ code: 'invalid_request' });
        await staff.setPassword(tokenOf(added.link), '1234567890');
      });

      it('stores only an argon2id hash of the password and SHA-256 hashes of links and sessions', async () => {
        const member = await memberWithPassword();
        const [row] = await queryRows<{ password_hash: string }>(database.db, sql`SELECT password_hash FROM staff WHERE staff_id = ${member.staff.staffId}`);
        expect(row!.password_hash).toMatch(/^\$argon2id\$/);
        const sessions = await queryRows<{ session_hash: string }>(database.db, sql`SELECT session_hash FROM staff_sessions WHERE staff_id = ${member.staff.staffId}`);
        expect(sessions.map((s) => s.session_hash)).not.toContain(member.sessionId);
        expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.session_hash))).toBe(true);
      });
    });

    describe('sign-in', () => {
      it('answers one message for an unknown e-mail, a wrong password and a disabled member', async () => {
        const owner = await memberWithPassword('owner');
        const member = await memberWithPassword('warehouse');
        await expect(staff.signIn('nobody@example.com', PASSWORD)).rejects.toMatchObject({ code: 'unauthorized', message: STAFF_SIGN_IN_FAILED });
        await expect(staff.signIn(member.email, 'wrong password')).rejects.toMatchObject({ code: 'unauthorized', message: STAFF_SIGN_IN_FAILED });
        expect(await staff.disable(member.staff.staffId)).toBe(true);
        await expect(staff.signIn(member.email, PASSWORD)).rejects.toMatchObject({ code: 'unauthorized', message: STAFF_SIGN_IN_FAILED });
        expect((await staff.signIn(owner.email.toUpperCase(), PASSWORD)).staff.role).toBe('owner');
      });
    });

    describe('sessions', () => {
      it('end after 8 hours without use', async () => {
        const member = await memberWithPassword();
        advance(STAFF_SESSION_IDLE_MS - MINUTE);
        expect(await staff.session(member.sessionId)).not.toBeNull();
        advance(STAFF_SESSION_IDLE_MS - MINUTE); // used a minute before the idle end: counts from then
        expect(await staff.session(member.sessionId)).not.toBeNull();
        advance(STAFF_SESSION_IDLE_MS);
        expect(await staff.session(member.sessionId)).toBeNull();
      });

      it('write last_seen_at at most once a minute', async () => {
        const member = await memberWithPassword();
        const lastSeen = async () =>
          (await queryRows<{ last_seen_at: string }>(database.db, sql`SELECT last_seen_at FROM staff_sessions WHERE staff_id = ${member.staff.staffId}`))[0]!.last_seen_at;
        const first = await lastSeen();
        advance(30_000);
        await staff.session(member.sessionId);
        expect(await lastSeen()).toBe(first);
        advance(30_000);
        await staff.session(member.sessionId);
        expect(Date.parse(await lastSeen())).toBe(now.getTime());
      });

      it('end 7 days after sign-in however busy', async () => {
        const member = await memberWithPassword();
        for (let elapsed = 0; elapsed < STAFF_SESSION_ABSOLUTE_MS - 4 * 60 * MINUTE; elapsed += 4 * 60 * MINUTE) {
          advance(4 * 60 * MINUTE);
          expect(await staff.session(member.sessionId)).not.toBeNull();
        }
        now = new Date(Date.parse('2026-11-24T09:00:00Z') + STAFF_SESSION_ABSOLUTE_MS);
        expect(await staff.session(member.sessionId)).toBeNull();
      });

      it('end at sign-out', async () => {
        const member = await memberWithPassword();
        await staff.signOut(member.sessionId);
        expect(await staff.session(member.sessionId)).toBeNull();
      });

      it('all end at once when the member is disabled', async () => {
        const owner = await memberWithPassword('owner');
        const member = await memberWithPassword('manager');
        const second = await staff.signIn(member.email, PASSWORD);
        await staff.disable(member.staff.staffId);
        expect(await staff.session(member.sessionId)).toBeNull();
        expect(await staff.session(second.sessionId)).toBeNull();
        expect(await staff.session(owner.sessionId)).not.toBeNull();
        expect(await staff.disable(member.staff.staffId)).toBe(false);
      });

      it('a disabled member can be enabled again, audited, and signs in with their password; adding their e-mail again says to enable them', async () => {
        const member = await memberWithPassword('manager');
        await staff.disable(member.staff.staffId);
        await expect(staff.signIn(member.email, PASSWORD)).rejects.toMatchObject({ code: 'unauthorized' });
        await expect(staff.add({ email: member.email.toUpperCase(), name: 'Again', role: 'manager' })).rejects.toThrow(/disabled staff member: enable them/);
        expect(await staff.enable(member.staff.staffId, null)).toBe(true);
        expect(await staff.enable(member.staff.staffId, null)).toBe(false);
        expect((await staff.signIn(member.email, PASSWORD)).sessionId).toBeTruthy();
        const [latest] = await staff.recentChanges(1);
        expect(latest).toMatchObject({ kind: 'staff.enabled', subject: { email: member.email } });
      });

      it('earlier sessions end when a new password is set', async () => {
        const member = await memberWithPassword();
        const link = await staff.newSetPasswordLink(member.staff.staffId);
        const renewed = await staff.setPassword(tokenOf(link.link), 'a brand new password');
        expect(await staff.session(member.sessionId)).toBeNull();
        expect(await staff.session(renewed.sessionId)).not.toBeNull();
      });

      it('an unknown or malformed id opens nothing', async () => {
        expect(await staff.session('A'.repeat(43))).toBeNull();
        expect(await staff.session('not a session')).toBeNull();
      });

      it('the last enabled owner cannot be disabled', async () => {
        const owner = await memberWithPassword('owner');
        await expect(staff.disable(owner.staff.staffId)).rejects.toMatchObject({ code: 'conflict' });
        const second = await memberWithPassword('owner');
        expect(await staff.disable(owner.staff.staffId)).toBe(true);
        await expect(staff.disable(second.staff.staffId)).rejects.toMatchObject({ code: 'conflict' });
      });

      it('a member is found by id, disabled or not; an unknown id finds no one', async () => {
        await memberWithPassword('owner');
        const member = await memberWithPassword('warehouse');
        expect(await staff.byId(member.staff.staffId)).toMatchObject({ staffId: member.staff.staffId, name: 'Sam Staff', email: member.email, role: 'warehouse' });
        await staff.disable(member.staff.staffId);
        expect(await staff.byId(member.staff.staffId)).toMatchObject({ staffId: member.staff.staffId, email: member.email });
        expect(await staff.byId(member.staff.staffId + 1000)).toBeNull();
      });

      it('every change to the staff list is kept with who made it, newest first, and cannot be rewritten', async () => {
        const token = (await staff.setupToken())!;
        const owner = await staff.setUpOwner(token, { email: 'olive@example.com', name: 'Olive Owner', password: PASSWORD });
        const added = await staff.add({ email: 'wes@example.com', name: 'Wes Warehouse', role: 'warehouse' }, owner.staff.staffId);
        await staff.newSetPasswordLink(added.staff.staffId, owner.staff.staffId);
        await staff.disable(added.staff.staffId); // from the command line
        expect(await staff.disable(added.staff.staffId, owner.staff.staffId)).toBe(false); // already disabled: nothing to record
        const changes = await staff.recentChanges();
        expect(changes.map((c) => [describeStaffEvent(c), c.actorName])).toEqual([
          ['Disabled Wes Warehouse (wes@example.com): signed out, cannot sign in', null],
          ['Made a new set-password link for Wes Warehouse (wes@example.com)', 'Olive Owner'],
          ['Added Wes Warehouse (wes@example.com) as Warehouse', 'Olive Owner'],
          ['Set up Olive Owner (olive@example.com) as the first Owner', null],
        ]);
        await expect(database.db.execute(sql`UPDATE staff_events SET actor_staff_id = NULL`)).rejects.toMatchObject({ cause: { message: 'staff_events is append-only' } });
      });
    });

    describe('two-step sign-in (TOTP)', () => {
      async function enrolled() {
        const member = await memberWithPassword();
        const enrolment = await staff.beginTotp(member.staff.staffId);
        expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
        expect(enrolment.qrSvg).toMatch(/^<svg/);
        expect(await staff.pendingTotp(member.staff.staffId)).toMatchObject({ secret: enrolment.secret });
        const codes = await staff.confirmTotp(member.staff.staffId, totpCode(enrolment.secret, now));
        return { ...member, secret: enrolment.secret, codes };
      }

      it('is off until a code confirms the enrolment', async () => {
        const member = await memberWithPassword();
        const enrolment = await staff.beginTotp(member.staff.staffId);
        await expect(staff.confirmTotp(member.staff.staffId, '000000')).rejects.toMatchObject({ code: 'invalid_request' });
        expect((await staff.signIn(member.email, PASSWORD)).awaitingSecondFactor).toBe(false);
        const codes = await staff.confirmTotp(member.staff.staffId, totpCode(enrolment.secret, now));
        expect(codes).toHaveLength(10);
        expect(new Set(codes).size).toBe(10);
        expect(await staff.recoveryCodesLeft(member.staff.staffId)).toBe(10);
        const [row] = await queryRows<{ recovery_code_hashes: string[] }>(database.db, sql`SELECT recovery_code_hashes FROM staff WHERE staff_id = ${member.staff.staffId}`);
        expect(row!.recovery_code_hashes.some((hash) => codes.includes(hash))).toBe(false);
      });

      it('asks for the code after the password; the password alone opens nothing', async () => {
        const member = await enrolled();
        advance(MINUTE);
        const signIn = await staff.signIn(member.email, PASSWORD);
        expect(signIn.awaitingSecondFactor).toBe(true);
        expect(await staff.session(signIn.sessionId)).toMatchObject({ awaitingSecondFactor: true });
        await expect(staff.completeSecondFactor(signIn.sessionId, '123456')).rejects.toMatchObject({ code: 'unauthorized' });
        await staff.completeSecondFactor(signIn.sessionId, totpCode(member.secret, now));
        expect(await staff.session(signIn.sessionId)).toMatchObject({ awaitingSecondFactor: false, staff: { totpEnabled: true } });
      });

      it('takes a code from one step before or after now, not two', async () => {
        const member = await enrolled();
        advance(5 * MINUTE);
        const first = await staff.signIn(member.email, PASSWORD);
        await staff.completeSecondFactor(first.sessionId, totpCode(member.secret, new Date(now.getTime() - 30_000)));
        advance(5 * MINUTE);
        const second = await staff.signIn(member.email, PASSWORD);
        await expect(staff.completeSecondFactor(second.sessionId, totpCode(member.secret, new Date(now.getTime() - 61_000)))).rejects.toMatchObject({
          code: 'unauthorized',
        });
        await staff.completeSecondFactor(second.sessionId, totpCode(member.secret, new Date(now.getTime() + 30_000)));
      });

      it('refuses a code used once already', async () => {
        const member = await enrolled();
        advance(5 * MINUTE);
        const code = totpCode(member.secret, now);
        const first = await staff.signIn(member.email, PASSWORD);
        await staff.completeSecondFactor(first.sessionId, code);
        const second = await staff.signIn(member.email, PASSWORD);
        await expect(staff.completeSecondFactor(second.sessionId, code)).rejects.toMatchObject({ code: 'unauthorized' });
      });

      it('a recovery code works once, typed in any case with or without dashes', async () => {
        const member = await enrolled();
        const first = await staff.signIn(member.email, PASSWORD);
        await staff.completeSecondFactor(first.sessionId, ` ${member.codes[0]!.toUpperCase().replace(/-/g, ' ')} `);
        expect(await staff.recoveryCodesLeft(member.staff.staffId)).toBe(9);
        const second = await staff.signIn(member.email, PASSWORD);
        await expect(staff.completeSecondFactor(second.sessionId, member.codes[0]!)).rejects.toMatchObject({ code: 'unauthorized' });
        await staff.completeSecondFactor(second.sessionId, member.codes[1]!);
      });

      it('leaves 10 minutes to give the code', async () => {
        const member = await enrolled();
        const signIn = await staff.signIn(member.email, PASSWORD);
        advance(STAFF_SECOND_FACTOR_MS);
        await expect(staff.completeSecondFactor(signIn.sessionId, totpCode(member.secret, now))).rejects.toMatchObject({ code: 'unauthorized' });
      });

      it('can be turned off with the password', async () => {
        const member = await enrolled();
        await expect(staff.disableTotp(member.staff.staffId, 'wrong password')).rejects.toMatchObject({ code: 'invalid_request' });
        await staff.disableTotp(member.staff.staffId, PASSWORD);
        expect((await staff.signIn(member.email, PASSWORD)).awaitingSecondFactor).toBe(false);
      });

      it('turning it on and off is kept in the staff audit trail, with the member as the one who did it', async () => {
        const member = await enrolled();
        await expect(staff.disableTotp(member.staff.staffId, 'wrong password')).rejects.toMatchObject({ code: 'invalid_request' });
        await staff.disableTotp(member.staff.staffId, PASSWORD);
        // A pending enrolment dropped with the password is not a change to two-step sign-in.
        await staff.beginTotp(member.staff.staffId);
        await staff.disableTotp(member.staff.staffId, PASSWORD);
        const changes = (await staff.recentChanges()).filter((change) => change.subject.email === member.email);
        const who = `Sam Staff (${member.email})`;
        expect(changes.map((c) => [describeStaffEvent(c), c.actorName])).toEqual([
          [`Turned off two-step sign-in for ${who}`, 'Sam Staff'],
          [`Turned on two-step sign-in for ${who}`, 'Sam Staff'],
          [`Added ${who} as Manager`, null],
        ]);
      });
    });
  });
}
