/**
 * The Staff page while the shop runs, over real core services (PGlite) and a real SMTP server:
 * the owner adds a member and the member receives the set-password link by e-mail, the same
 * link the page shows the owner; a new link is e-mailed alike, and an e-mail still waiting
 * with a link that a newer one replaced is not sent (it would not work).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { SmtpMailer } from '../../../../server/src/adapters/email/smtp-mailer.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../../server/src/testing/smtp-inbox.ts';
import { until } from '../../../../server/src/testing/until.ts';
import { action as staffAction } from './staff';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
let smtp: SmtpInbox;
let mailer: SmtpMailer;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  mailer = new SmtpMailer(smtp.url, 'Shop <shop@example.com>');
  ({ database, drop } = await createTestDatabase('pglite'));
  services = createCoreServices(database, { shop: demoShopConfig, mailer, publicBaseUrl: 'https://shop.example' });
  await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'olive@example.com', 'Olive Owner', 'owner')`);
  await database.db.execute(sql`SELECT setval(pg_get_serial_sequence('staff', 'staff_id'), 1)`);
});
afterAll(async () => {
  await mailer?.close();
  await smtp?.stop();
  await drop?.();
});

type LinkAnswer = { intent: string; name: string; email: string; link: string; emailed: boolean };

/** The staff page's action as the owner posts it; its answer. */
async function post(fields: Record<string, string>): Promise<{ status: number; body: LinkAnswer }> {
  const owner = { staff: { staffId: 1, email: 'olive@example.com', name: 'Olive Owner', role: 'owner', totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(owner)]]) };
  const request = new Request('http://shop.test/admin/staff', { method: 'POST', body: new URLSearchParams(fields) });
  const result = (await staffAction({ request, context, params: {} } as never)) as unknown as { data: LinkAnswer; init?: { status?: number } | null };
  return { status: result.init?.status ?? 200, body: result.data };
}

function mailsTo(address: string) {
  return smtp.received.filter((m) => m.recipients.includes(address));
}

describe('adding staff on the Staff page while the shop runs', () => {
  it('e-mails the new member their set-password link, the one the owner is shown, and the link works', async () => {
    const added = await post({ intent: 'add', name: 'Wendy Warehouse', email: 'wendy@example.com', role: 'warehouse' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ intent: 'add', name: 'Wendy Warehouse', email: 'wendy@example.com', emailed: true });
    expect(added.body.link).toMatch(/^https:\/\/shop\.example\/admin\/set-password\?token=[A-Za-z0-9_-]{43}$/);

    await services.jobWorker.drain();
    const [mail] = await until(async () => mailsTo('wendy@example.com').length > 0 && mailsTo('wendy@example.com'), 10_000, 'the invitation e-mail');
    expect(mail!.mail.subject).toBe(`Your ${demoShopConfig.tradingName} back office account`);
    expect(mail!.mail.text).toContain('Hello Wendy Warehouse,');
    expect(mail!.mail.text).toContain('as Warehouse');
    expect(mail!.mail.text).toContain(added.body.link);
    expect(mail!.mail.html).toContain(`href="${added.body.link.replace(/&/g, '&amp;')}"`);

    // The e-mailed link is the member's way in.
    const token = new URL(added.body.link).searchParams.get('token')!;
    const signedIn = await services.staff.setPassword(token, 'a long enough password');
    expect(signedIn.staff.email).toBe('wendy@example.com');
    // The token is not kept once the e-mail is sent.
    const rows = await database.db.execute(sql`SELECT payload::text AS payload FROM jobs WHERE kind = 'email.staff-link'`);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('e-mails a new link; an e-mail still waiting with the link it replaced is not sent', async () => {
    const added = await post({ intent: 'add', name: 'Mo Manager', email: 'mo@example.com', role: 'manager' });
    const mo = (await services.staff.byEmail('mo@example.com'))!;
    // The owner makes a new link before the first e-mail went out (the worker has not run yet).
    const renewed = await post({ intent: 'link', staffId: String(mo.staffId) });
    expect(renewed.body).toMatchObject({ intent: 'link', email: 'mo@example.com', emailed: true });
    await services.jobWorker.drain();
    await until(async () => mailsTo('mo@example.com').length > 0, 10_000, 'the new link e-mail');
    await services.jobWorker.drain();

    const mails = mailsTo('mo@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.subject).toBe(`A new password link for the ${demoShopConfig.tradingName} back office`);
    expect(mails[0]!.mail.text).toContain(renewed.body.link);
    expect(mails[0]!.mail.text).not.toContain(added.body.link);
  });
});
