/**
 * The daily reminder schedule run by three processes on one database (on PostgreSQL each with
 * its own connection pool; on the embedded database, which one process holds, three schedulers
 * and workers over its one handle): every reminder stage of every order is e-mailed once, day
 * after day; a stage missed while every process was down is sent once when they are back (or
 * replaced by the later stage that has come); a run repeated after a crash sends nothing again;
 * the customer's account history lists each reminder.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers, openDatabase, queryNumber, scheduleOccasions, users, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer, insertFixtureOrder } from '../documents/document-fixtures.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { DEFAULT_JOB_SETTINGS, JobWorker } from '../jobs/job-worker.ts';
import { londonInstant, Scheduler } from '../jobs/scheduler.ts';
import { CREDIT_CONTROL_SCHEDULE } from '../jobs/shop-schedules.ts';
import type { MailMessage } from '../email/mailer.ts';
import { customerHistory, describeCustomerEvent } from '../back-office/customers/customer-events.ts';
import { CreditControl, CREDIT_CONTROL_RUN_JOB } from './credit-control.ts';

const BASE = 'https://shop.example.com';

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One "process": its own database handle (pool), queue, worker and scheduler, all sharing the test's clock. */
interface ShopProcess {
  scheduler: Scheduler;
  worker: JobWorker;
  close(): Promise<void>;
}

for (const kind of databaseKinds()) {
  describe(`credit reminders on a schedule, three processes [${kind}]`, () => {
    let database: DatabaseHandle;
    let url: string | null;
    let drop: () => Promise<void>;
    let clock = new Date();
    const sent: MailMessage[] = [];
    let processes: ShopProcess[] = [];

    async function startProcess(): Promise<ShopProcess> {
      const handle = url ? await openDatabase({ databaseUrl: url, poolSize: 3, migrated: true }) : database;
      const jobs = new JobQueue(handle.db);
      const credit = new CreditControl(handle.db, { jobs, stopAfterDaysOverdue: 7, now: () => clock });
      const mailer = {
        async send(message: MailMessage) {
          sent.push(message);
        },
      };
      const worker = new JobWorker(jobs, credit.jobKinds({ shop: demoShopConfig, mailer, publicBaseUrl: BASE }), { ...DEFAULT_JOB_SETTINGS, leaseMs: 300 });
      const scheduler = new Scheduler(handle.db, jobs, [CREDIT_CONTROL_SCHEDULE], () => clock);
      return {
        scheduler,
        worker,
        async close() {
          await scheduler.stop();
          await worker.stop();
          if (handle !== database) await handle.close();
        },
      };
    }

    /** 08:00 London on `date`: after the day's 07:00 occasion. */
    const morningOf = (date: string) => londonInstant(date, 8, 0);

    /** Every process ticks and drains at once, as processes woken together would. */
    async function dayPasses(date: string) {
      clock = morningOf(date);
      await Promise.all(processes.map((p) => p.scheduler.tick()));
      await Promise.all(processes.map((p) => p.worker.drain()));
    }

    /** "Order #N" of every e-mail sent to `email`, as [order, words] in the order sent. */
    const remindersTo = (email: string) =>
      sent.filter((m) => m.to === email).flatMap((m) => [...m.text.matchAll(/Order #(\d+): £[\d,.]+ ([^:]+):/g)].map((match) => `#${match[1]} ${match[2]}`));

    beforeAll(async () => {
      ({ database, url, drop } = await createTestDatabase(kind));
    });
    afterEach(async () => {
      await Promise.all(processes.map((p) => p.close()));
      processes = [];
    });
    afterAll(async () => drop?.());

    async function customerWithOrder(dueDate: string, name: string) {
      const userId = await insertFixtureCustomer(database.db, { firstName: name, lastName: 'Trader', companyName: `${name} Ltd` });
      const { orderId, totalPence } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account', status: 'Dispatched' });
      await database.db.execute(sql`UPDATE orders SET payment_due_date = ${dueDate} WHERE order_id = ${orderId}`);
      const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.userId, userId));
      return { userId, orderId, totalPence, email: row!.email };
    }

    it('sends each stage of each order once across 34 days, whichever process runs the day', async () => {
      const late = await customerWithOrder('2025-06-04', 'Lena');
      const payer = await customerWithOrder('2025-06-10', 'Paul');
      processes = await Promise.all([startProcess(), startProcess(), startProcess()]);

      for (let day = new Date('2025-06-02T00:00:00Z'); day <= new Date('2025-07-05T00:00:00Z'); day.setUTCDate(day.getUTCDate() + 1)) {
        const date = day.toISOString().slice(0, 10);
        // Paul pays on the 12th: nothing after that is sent to him.
        if (date === '2025-06-12') await database.db.execute(sql`UPDATE orders SET paid_pence = total_pence WHERE order_id = ${payer.orderId}`);
        await dayPasses(date);
      }

      expect(remindersTo(late.email)).toEqual([
        `#${late.orderId} due on 4 June 2025 (in 2 days)`,
        `#${late.orderId} due today (4 June 2025)`,
        `#${late.orderId} was due on 4 June 2025 (7 days overdue)`,
        `#${late.orderId} was due on 4 June 2025 (14 days overdue)`,
        `#${late.orderId} was due on 4 June 2025 (30 days overdue)`,
      ]);
      expect(remindersTo(payer.email)).toEqual([`#${payer.orderId} due on 10 June 2025 (in 3 days)`, `#${payer.orderId} due today (10 June 2025)`]);
      // One occasion per day, however many processes ticked.
      expect(await queryNumber(database.db, sql`SELECT count(*) AS value FROM schedule_occasions WHERE schedule_name = 'credit-control'`)).toBe(34);
      expect(await queryNumber(database.db, sql`SELECT count(*) AS value FROM jobs WHERE kind = ${CREDIT_CONTROL_RUN_JOB} AND state = 'done'`)).toBe(34);

      // Each reminder links the statement of account, and is in the customer's history.
      const first = sent.find((m) => m.to === late.email)!;
      expect(first.text).toContain(`${BASE}/account/statement`);
      expect(first.subject).toBe('Payment due soon on your Boxwell Packaging account: £' + (late.totalPence / 100).toFixed(2));
      const history = (await customerHistory(database.db, late.userId)).map(describeCustomerEvent);
      expect(history.filter((line) => line.startsWith('Payment reminder e-mailed'))).toEqual([
        `Payment reminder e-mailed: order #${late.orderId} (30 days overdue)`,
        `Payment reminder e-mailed: order #${late.orderId} (14 days overdue)`,
        `Payment reminder e-mailed: order #${late.orderId} (7 days overdue)`,
        `Payment reminder e-mailed: order #${late.orderId} (due today)`,
        `Payment reminder e-mailed: order #${late.orderId} (due soon)`,
      ]);
    });

    it("a buyer's overdue order is reminded to the company's admins, who pay, and says who placed it", async () => {
      const buyer = await customerWithOrder('2025-10-06', 'Ben');
      const adminId = await insertFixtureCustomer(database.db, { firstName: 'Ada', lastName: 'Admin', companyName: 'Ben Ltd' });
      const [company] = await database.db.insert(companies).values({ name: `Ben Ltd ${kind}` }).returning();
      await database.db.insert(companyMembers).values([
        { companyId: company!.companyId, userId: adminId, role: 'admin' },
        { companyId: company!.companyId, userId: buyer.userId, role: 'buyer' },
      ]);
      const [admin] = await database.db.select({ email: users.email }).from(users).where(eq(users.userId, adminId));
      processes = await Promise.all([startProcess(), startProcess(), startProcess()]);
      await dayPasses('2025-10-13');

      expect(remindersTo(buyer.email)).toEqual([]);
      expect(remindersTo(admin!.email)).toEqual([`#${buyer.orderId} was due on 6 October 2025 (7 days overdue)`]);
      const sentToAdmin = sent.find((m) => m.to === admin!.email)!;
      expect(sentToAdmin.text).toContain('Hello Ada');
      expect(sentToAdmin.text).toContain('Ben Trader placed them for your company.');
    });

    it('after every process was down, catches up once: the stage reached is sent, missed days are not replayed', async () => {
      const customer = await customerWithOrder('2025-08-04', 'Cora');
      processes = await Promise.all([startProcess(), startProcess(), startProcess()]);
      await dayPasses('2025-08-01'); // 3 days before: "due soon"
      await Promise.all(processes.map((p) => p.close()));
      // Down from the 2nd to the 12th: the due-date reminder's days pass with no process running.
      processes = await Promise.all([startProcess(), startProcess(), startProcess()]);
      await dayPasses('2025-08-12');
      // Restarted again the same day (a deploy): nothing more is sent.
      await Promise.all(processes.map((p) => p.close()));
      processes = await Promise.all([startProcess(), startProcess(), startProcess()]);
      await dayPasses('2025-08-12');

      expect(remindersTo(customer.email)).toEqual([`#${customer.orderId} due on 4 August 2025 (in 3 days)`, `#${customer.orderId} was due on 4 August 2025 (8 days overdue)`]);
      const days = await database.db
        .select({ occasion: scheduleOccasions.occasion })
        .from(scheduleOccasions)
        .where(and(eq(scheduleOccasions.scheduleName, 'credit-control'), like(scheduleOccasions.occasion, '2025-08-%')))
        .orderBy(scheduleOccasions.occasion);
      expect(days.map((d) => d.occasion)).toEqual(['2025-08-01', '2025-08-12']);
    });

    it('a run taken by a process that died is finished by another once its lease ends, and sends each reminder once', async () => {
      const customer = await customerWithOrder('2025-09-10', 'Dan');
      processes = await Promise.all([startProcess(), startProcess(), startProcess()]);
      clock = morningOf('2025-09-10');
      await processes[0]!.scheduler.tick();
      // A process claims the day's run and dies before finishing it (its lease: 300 ms).
      const dying = new JobQueue(database.db);
      const [claimed] = await dying.claim(1, 300);
      expect(claimed).toMatchObject({ kind: CREDIT_CONTROL_RUN_JOB });
      // The other processes find nothing to do until the lease ends, then one of them runs it.
      await Promise.all(processes.slice(1).map((p) => p.worker.drain()));
      expect(remindersTo(customer.email)).toEqual([]);
      for (const p of processes.slice(1)) p.worker.start();
      await until(async () => remindersTo(customer.email).length > 0);
      await Promise.all(processes.map((p) => p.worker.drain()));
      // The same day's run again (at least once: a crash after the e-mails were recorded) records and sends nothing.
      const credit = new CreditControl(database.db, { jobs: new JobQueue(database.db), stopAfterDaysOverdue: 7, now: () => clock });
      expect(await credit.sendReminders('2025-09-10')).toEqual({ customers: 0, reminders: 0 });
      await Promise.all(processes.map((p) => p.worker.drain()));
      expect(remindersTo(customer.email)).toEqual([`#${customer.orderId} due today (10 September 2025)`]);
    });
  });
}
