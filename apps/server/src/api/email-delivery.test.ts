/**
 * E-mails as durable jobs, seen from outside: while the mail server is away, orders and
 * password resets are still answered at once; their e-mails wait and are retried, and when the
 * server is back every one arrives, once, with its own stable Message-ID. Closing the app lets
 * the job worker finish and leaves the jobs not yet run for the next start.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture } from '../testing/basket-fixtures.ts';
import { addToBasket, createAddress, orderBodyFrom, placeOrder } from '../testing/checkout-fixtures.ts';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/until.ts';
import type { CartDto } from '@shop/contract';

describeOnPglite('e-mails while the mail server is away', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let smtp: SmtpInbox;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await createTestApp({
      kind,
      seed: false,
      env: {
        SMTP_URL: smtp.url,
        AUTH_RATE_LIMIT_PER_IP: '10000',
        // Retries after 0.2 s, doubling: the mail server stays away for a few attempts of each job.
        JOB_RETRY_BASE_SECONDS: '0.2',
      },
    });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('delays the confirmations and the reset link, loses none and sends each once', { timeout: 60_000 }, async () => {
    await smtp.stop();
    const orders: { orderId: number; email: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const customer = await signUp(t.app);
      await addToBasket(t.app, customer.token, packs.box25, i + 1);
      const address = await createAddress(t.app, customer.token);
      const cart = (
        await t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: bearer(customer.token), payload: { addressId: address.address_id } })
      ).json<CartDto>();
      const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
      expect(placed.statusCode).toBe(200);
      orders.push({ orderId: placed.json<number>(), email: customer.email });
    }
    const forgetful = await signUp(t.app);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email: forgetful.email } });
    expect(forgot.json()).toEqual({ userId: 0 });

    // The mail server stays away until every e-mail has been tried and failed twice (the
    // forgot-password request's own look-up job is not an e-mail).
    const jobs = () => queryRows<{ state: string; attempts: number }>(t.database.db, sql`SELECT state, attempts FROM jobs WHERE kind LIKE 'email.%'`);
    const waiting = await until(async () => {
      const rows = await jobs();
      return rows.length === 6 && rows.every((job) => job.attempts >= 2) && rows;
    }, 30_000, 'each e-mail to be tried twice');
    expect(waiting.every((job) => job.state === 'pending')).toBe(true);
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    await until(async () => smtp.received.length >= 6, 30_000, 'the six e-mails to arrive');
    await t.app.services.jobWorker.drain();

    for (const { orderId, email } of orders) {
      const mails = smtp.received.filter(({ mail }) => mail.subject?.endsWith(` order ${orderId}`));
      expect(mails.map((m) => m.recipients)).toEqual([[email]]);
    }
    const resets = smtp.received.filter(({ mail }) => mail.subject?.startsWith('Reset your'));
    expect(resets.map((m) => m.recipients)).toEqual([[forgetful.email]]);
    expect(smtp.received).toHaveLength(6);
    const messageIds = smtp.received.map(({ mail }) => mail.messageId);
    expect(new Set(messageIds).size).toBe(6);
    const finished = await queryRows<{ state: string; payload: Record<string, unknown> }>(t.database.db, sql`SELECT state, payload FROM jobs`);
    expect(finished.every((job) => job.state === 'done')).toBe(true);
    // Once sent, the reset token is no longer kept in the jobs table.
    expect(JSON.stringify(finished.map((job) => job.payload))).not.toContain('token');
  });
});

describeOnPglite('e-mail jobs when the app closes', (kind) => {
  let t: TestApp;
  let smtp: SmtpInbox;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await createTestApp({ kind, seed: false, env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: '10000' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('leave no job claimed; a job recorded after the close waits for the next start', { timeout: 30_000 }, async () => {
    const customer = await signUp(t.app);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email: customer.email } });
    expect(forgot.json()).toEqual({ userId: 0 });
    // Closed while the reset e-mail may still be on its way: the attempt finishes first.
    await t.app.close();
    const [claimed] = await queryRows<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM jobs WHERE state = 'pending' AND locked_until IS NOT NULL`,
    );
    expect(claimed!.count).toBe(0);
    const sent = smtp.received.length;

    await t.app.services.jobs.record({ kind: 'password-reset', payload: {} });
    // A worker still running would take the job at once when woken: nothing to wait for but a window.
    t.app.services.jobs.wakeWorkers();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received).toHaveLength(sent);
    const [waiting] = await queryRows<{ state: string; attempts: number }>(t.database.db, sql`SELECT state, attempts FROM jobs ORDER BY job_id DESC LIMIT 1`);
    expect(waiting).toEqual({ state: 'pending', attempts: 0 });
  });
});
