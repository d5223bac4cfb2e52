/**
 * Two-step codes cannot be guessed (core's staff-service.ts, decision record 014): five wrong
 * codes end a sign-in (the password is asked again), ten in an hour over all of a member's
 * sign-ins refuse codes from browsers the member never signed in with, and the member is
 * e-mailed (through the shop's outbox, at most once an hour) that someone who knows their
 * password is trying codes. The e-mail goes through the real SMTP test server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { queryRows } from '@shop/db';
import { STAFF_CODE_FAILED, STAFF_CODES_PAUSED, STAFF_CODES_USED_UP } from '@shop/core';
import { totpCode } from '../../../../packages/core/src/staff/totp.ts';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/until.ts';

const PASSWORD = 'correct horse battery';

describeOnPglite('two-step codes cannot be guessed', (kind) => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await createTestApp({ kind, seed: false, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  /** A member with two-step sign-in on; answers their e-mail and TOTP secret. */
  async function memberWithTwoStep() {
    const { staff } = t.app.services;
    const email = `code.guard${++n}.${Date.now()}@example.com`;
    const added = await staff.add({ email, name: 'Maya Manager', role: 'manager' });
    const signedIn = await staff.setPassword(new URL(added.link).searchParams.get('token')!, PASSWORD);
    await staff.beginTotp(signedIn.staff.staffId);
    const secret = (await staff.pendingTotp(signedIn.staff.staffId))!.secret;
    await staff.confirmTotp(signedIn.staff.staffId, totpCode(secret, new Date(Date.now() - 30_000)));
    return { email, secret, staffId: signedIn.staff.staffId };
  }

  /** A code that is wrong now (none of the three steps accepted around now). */
  function wrongCode(secret: string, i: number): string {
    const near = new Set([-1, 0, 1, 2].map((step) => totpCode(secret, new Date(Date.now() + step * 30_000))));
    for (let candidate = 100_000 + i * 7919; ; candidate++) if (!near.has(String(candidate))) return String(candidate);
  }

  // Only the warnings: a new member is also e-mailed their set-password link.
  const warningsTo = (email: string) =>
    smtp.received.filter((m) => (m.recipients.includes(email.toLowerCase()) || m.recipients.includes(email)) && /wrong two-step codes/.test(m.mail.subject ?? ''));

  it('five wrong codes end the sign-in: the password is asked again, and the member is e-mailed', async () => {
    const { staff } = t.app.services;
    const member = await memberWithTwoStep();
    const first = await staff.signIn(member.email, PASSWORD);
    expect(first.awaitingSecondFactor).toBe(true);
    for (let i = 0; i < 4; i++) {
      await expect(staff.completeSecondFactor(first.sessionId, wrongCode(member.secret, i))).rejects.toMatchObject({ message: STAFF_CODE_FAILED });
    }
    await expect(staff.completeSecondFactor(first.sessionId, wrongCode(member.secret, 4))).rejects.toMatchObject({ message: STAFF_CODES_USED_UP });
    // The sign-in is over: even the right code no longer opens it.
    expect(await staff.session(first.sessionId)).toBeNull();
    await expect(staff.completeSecondFactor(first.sessionId, totpCode(member.secret, new Date()))).rejects.toMatchObject({ code: 'unauthorized' });

    const [warning] = await until(async () => (warningsTo(member.email).length > 0 ? warningsTo(member.email) : null), 10_000, 'the warning e-mail');
    expect(warning!.mail.subject).toBe('Boxwell Packaging back office: wrong two-step codes on your account');
    expect(warning!.mail.text).toContain('Hello Maya Manager,');
    expect(warning!.mail.text).toContain('with your e-mail and password and then entered 5 wrong two-step codes');
    expect(warning!.mail.text).toContain('ask the shop\u2019s owner for a new set-password link');

    // The password again, then the right code: signed in.
    const again = await staff.signIn(member.email, PASSWORD);
    await staff.completeSecondFactor(again.sessionId, totpCode(member.secret, new Date()));
    expect(await staff.session(again.sessionId)).toMatchObject({ awaitingSecondFactor: false });
  });

  it('ten wrong codes in an hour stop codes from unknown browsers, not from one the member signed in with; one e-mail', async () => {
    const { staff } = t.app.services;
    const member = await memberWithTwoStep();
    // Someone who knows the password tries codes in three sign-ins (4 + 4 + 2: never five in one).
    let guesses = 0;
    for (const tries of [4, 4, 2]) {
      const signIn = await staff.signIn(member.email, PASSWORD);
      for (let i = 0; i < tries; i++) {
        await expect(staff.completeSecondFactor(signIn.sessionId, wrongCode(member.secret, guesses++))).rejects.toMatchObject({ message: STAFF_CODE_FAILED });
      }
    }
    // From an unknown browser even the right code now waits (and the wrong one is not tried).
    const unknown = await staff.signIn(member.email, PASSWORD);
    const paused = await staff.completeSecondFactor(unknown.sessionId, totpCode(member.secret, new Date())).catch((error: unknown) => error);
    expect(paused).toMatchObject({ code: 'too_many_requests', message: STAFF_CODES_PAUSED });
    expect((paused as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds).toBeGreaterThan(3000);
    // The member's own browser gets in with the right code.
    const own = await staff.signIn(member.email, PASSWORD);
    await staff.completeSecondFactor(own.sessionId, totpCode(member.secret, new Date()), { knownDevice: true });
    expect(await staff.session(own.sessionId)).toMatchObject({ awaitingSecondFactor: false });

    await until(async () => warningsTo(member.email).length > 0, 10_000, 'the warning e-mail');
    const jobs = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM jobs WHERE kind = 'email.staff-code-failures' AND payload->>'staffId' = ${String(member.staffId)}`,
    );
    expect(Number(jobs[0]!.n)).toBe(1);
    expect(warningsTo(member.email)).toHaveLength(1);
    expect(warningsTo(member.email)[0]!.mail.text).toContain('entered 10 wrong two-step codes');
  });
});
