/**
 * Credit control for staff (docs/credit-control.md): the aged-debt report, the daily run that
 * e-mails payment reminders and records accounts going on and off stop, and lifting a stop.
 *
 * Debt is what account orders still owe (total less credit notes less payments, not cancelled),
 * the same sum as a trade account's "outstanding". It is aged by the order's payment due date
 * (set when the order is invoiced at dispatch): "current" is not yet due, or not yet invoiced.
 *
 * Reminders: each unpaid account order is reminded at most once per stage: 3 days before its due
 * date, on it, and 7, 14 and 30 days after. The daily run (the schedule 'credit-control', one job
 * per London day: jobs/shop-schedules.ts) finds each order's stage on its day and inserts
 * (order, stage) into `credit_reminders`; the primary key keeps a stage to one row, and the same
 * transaction records one e-mail per customer (dedupe key customer + day) and the entry in the
 * customer's account history. A run repeated after a crash, or a second process, finds the rows
 * there and sends nothing. A stage missed while the shop was down is sent late on the next run,
 * unless a later stage has come: then that one is sent instead.
 */
import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { formatPounds } from '@shop/contract';
import { columnsOf, creditReminders, figuresOf, orders, queryRows, tradeAccounts, users, type Database, type Row } from '@shop/db';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { penceToPounds, type Pence } from '../pricing/money.ts';
import { PAYMENT_FILTER_CONDITIONS } from '../back-office/orders/order-states.ts';
import { londonDateOf } from '../back-office/customers/customer-directory.ts';
import { recordCustomerEvent } from '../back-office/customers/customer-events.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { JobKind, JobWorkerLog } from '../jobs/job-worker.ts';
import type { Mailer } from '../email/mailer.ts';
import type { PdfFile } from '../documents/document-service.ts';
import { linkLine, shortMessage, type MessageLine } from '../email/short-message.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import { payersOf } from '../companies/companies.ts';
import { accountStandings, creditStopMessages, creditStopOf, daysBetween, longDate, type AccountStanding } from './credit-stop.ts';

export const CREDIT_CONTROL_RUN_JOB = 'credit-control.daily-run';
export const CREDIT_REMINDER_EMAIL_JOB = 'email.credit-reminder';
/** The customer's statement of account (the storefront's page), linked from every reminder. */
export const STATEMENT_PATH = '/account/statement';

export type ReminderStage = Row<typeof creditReminders>['stage'];

/** The stages, in order, by days past the due date (negative: before it); the last has no end. */
export const REMINDER_STAGES: readonly { stage: ReminderStage; fromDay: number; toDay: number | null }[] = [
  { stage: 'before-due', fromDay: -3, toDay: -1 },
  { stage: 'due', fromDay: 0, toDay: 6 },
  { stage: 'overdue-7', fromDay: 7, toDay: 13 },
  { stage: 'overdue-14', fromDay: 14, toDay: 29 },
  { stage: 'overdue-30', fromDay: 30, toDay: null },
];

export interface AgedBuckets {
  /** Not yet due (or not yet invoiced). */
  currentPence: Pence;
  days1To30Pence: Pence;
  days31To60Pence: Pence;
  days61To90Pence: Pence;
  over90Pence: Pence;
  totalPence: Pence;
}

export interface AgedDebtRow extends AgedBuckets {
  userId: number;
  customerName: string;
  companyName: string | null;
  email: string;
  /** Null when the customer has no open trade account (closed since). */
  creditLimitPence: Pence | null;
  /** Days the longest-overdue order is past its due date; null when nothing is overdue. */
  oldestDaysOverdue: number | null;
  /** The stop in staff's words, or null. */
  stop: string | null;
}

export interface AgedDebtReport {
  /** The London date the debt is aged on. */
  date: string;
  rows: AgedDebtRow[];
  totals: AgedBuckets;
  stopAfterDaysOverdue: number;
}

export const AGED_DEBT_COLUMNS = [
  'Customer',
  'Company',
  'E-mail',
  'Credit limit',
  'Current',
  '1-30 days',
  '31-60 days',
  '61-90 days',
  'Over 90 days',
  'Total',
  'Oldest days overdue',
  'On stop',
] as const;

const CUSTOMER = columnsOf(users, ['userId', 'firstName', 'lastName', 'companyName', 'email'], 'u');
const LIMIT = columnsOf(tradeAccounts, ['creditLimitPence'], 't', { leftJoined: true });
const REMINDED = columnsOf(creditReminders, ['orderId', 'stage', 'userId'], 'inserted');
const DUE_ORDER = columnsOf(orders, ['orderId', 'paymentDueDate'], 'o');
/** What an order still owes, computed beside its columns (pence). */
const OWED = figuresOf({ owed: 'number' });
const CONTACT = columnsOf(users, ['userId', 'firstName', 'lastName', 'email', 'closedAt'], 'u');

export interface CreditControlOptions {
  jobs: JobQueue;
  /** CREDIT_STOP_DAYS_OVERDUE (credit-control/credit-stop.ts). */
  stopAfterDaysOverdue: number;
  now?: () => Date;
}

export interface DailyRunOutcome {
  /** Customers e-mailed a reminder, and the (order, stage) reminders in those e-mails. */
  customersReminded: number;
  reminders: number;
  stopped: number[];
  offStop: number[];
}

export class CreditControl {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: CreditControlOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  get stopAfterDaysOverdue(): number {
    return this.options.stopAfterDaysOverdue;
  }

  today(): string {
    return londonDateOf(this.now());
  }

  /** Every customer owing on account, most owed first, aged on the London day `date` (default today). */
  async agedDebt(date: string = this.today()): Promise<AgedDebtReport> {
    const age = sql`${date}::date - o.payment_due_date`;
    const owed = sql`(o.total_pence - o.credited_pence - o.paid_pence)`;
    const bucket = (condition: SQL) => sql`COALESCE(sum(${owed}) FILTER (WHERE ${condition}), 0)`;
    // The customer's columns and limit, then sums per bucket (bigint: text on node-postgres).
    const rows = await queryRows<Record<'current' | 'd30' | 'd60' | 'd90' | 'over90' | 'total', number | string> & { oldest: number | string | null }>(
      this.db,
      sql`SELECT ${CUSTOMER.list}, ${LIMIT.list},
                 ${bucket(sql`o.payment_due_date IS NULL OR o.payment_due_date >= ${date}::date`)} AS current,
                 ${bucket(sql`${age} BETWEEN 1 AND 30`)} AS d30,
                 ${bucket(sql`${age} BETWEEN 31 AND 60`)} AS d60,
                 ${bucket(sql`${age} BETWEEN 61 AND 90`)} AS d90,
                 ${bucket(sql`${age} > 90`)} AS over90,
                 sum(${owed}) AS total,
                 max(${age}) FILTER (WHERE o.payment_due_date < ${date}::date) AS oldest
          FROM orders o JOIN users u ON u.user_id = o.user_id
          LEFT JOIN trade_accounts t ON t.user_id = u.user_id AND t.closed_at IS NULL
          WHERE o.payment_method = 'account' AND ${sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid)}
          GROUP BY u.user_id, u.first_name, u.last_name, u.company_name, u.email, t.credit_limit_pence
          ORDER BY sum(${owed}) DESC, u.user_id`,
    );
    const stops = new Map((await accountStandings(this.db, { today: date, stopAfterDaysOverdue: this.stopAfterDaysOverdue })).map((s) => [s.userId, s.stop]));
    const totals: AgedBuckets = { currentPence: 0, days1To30Pence: 0, days31To60Pence: 0, days61To90Pence: 0, over90Pence: 0, totalPence: 0 };
    const report = rows.map((raw): AgedDebtRow => {
      const customer = CUSTOMER.read(raw);
      const stop = stops.get(customer.userId) ?? null;
      const buckets: AgedBuckets = {
        currentPence: Number(raw.current),
        days1To30Pence: Number(raw.d30),
        days31To60Pence: Number(raw.d60),
        days61To90Pence: Number(raw.d90),
        over90Pence: Number(raw.over90),
        totalPence: Number(raw.total),
      };
      for (const key of Object.keys(totals) as (keyof AgedBuckets)[]) totals[key] += buckets[key];
      return {
        userId: customer.userId,
        customerName: `${customer.firstName} ${customer.lastName}`.trim(),
        companyName: customer.companyName,
        email: customer.email,
        creditLimitPence: LIMIT.read(raw).creditLimitPence,
        ...buckets,
        oldestDaysOverdue: raw.oldest === null ? null : Number(raw.oldest),
        stop: stop ? creditStopMessages.forStaff(stop, this.stopAfterDaysOverdue) : null,
      };
    });
    return { date, rows: report, totals, stopAfterDaysOverdue: this.stopAfterDaysOverdue };
  }

  /** The aged-debt report as CSV (pounds with two decimals; a totals line last). */
  async *agedDebtCsv(date: string = this.today()): AsyncGenerator<string> {
    const report = await this.agedDebt(date);
    const money = (pence: Pence | null) => (pence === null ? '' : (pence / 100).toFixed(2));
    const amounts = (b: AgedBuckets) => [b.currentPence, b.days1To30Pence, b.days31To60Pence, b.days61To90Pence, b.over90Pence, b.totalPence].map(money);
    yield stringify([[...AGED_DEBT_COLUMNS]]);
    for (const row of report.rows) {
      yield stringify([
        [row.customerName, row.companyName ?? '', row.email, money(row.creditLimitPence), ...amounts(row), row.oldestDaysOverdue === null ? '' : String(row.oldestDaysOverdue), row.stop ?? ''],
      ]);
    }
    yield stringify([['Total', '', '', '', ...amounts(report.totals), '', '']]);
  }

  static csvFileName(date: string): string {
    return `aged-debt-${date}.csv`;
  }

  /** A customer's standing today (on stop or not, and when the run recorded it); null without an open account. */
  async standingOf(userId: number): Promise<AccountStanding | null> {
    const [standing] = await accountStandings(this.db, { today: this.today(), stopAfterDaysOverdue: this.stopAfterDaysOverdue, userId });
    return standing ?? null;
  }

  /**
   * Staff lift a stop with a note ('trade-accounts:manage', audited): orders overdue by today and
   * what is owed now no longer stop the account (credit-stop.ts). Conflict when it is not on stop.
   */
  async liftStop(staffId: number, userId: number, note: string): Promise<void> {
    const text = note.trim();
    if (text.length < 1 || text.length > 500) throw new Invalid(creditStopMessages.noteRequired, { fields: [{ field: 'note', message: creditStopMessages.noteRequired }] });
    const liftedAt = this.now();
    await this.db.transaction(async (tx) => {
      const locked = await queryRows<object>(tx, sql`SELECT user_id FROM trade_accounts WHERE user_id = ${userId} AND closed_at IS NULL FOR UPDATE`);
      if (locked.length === 0) throw new NotFound('The customer has no open trade account.');
      const stop = await creditStopOf(tx, userId, londonDateOf(liftedAt), this.stopAfterDaysOverdue);
      if (!stop) throw new Conflict(creditStopMessages.notOnStop);
      await tx.execute(sql`
        UPDATE trade_accounts SET stop_lifted_at = ${liftedAt.toISOString()}::timestamptz, stop_lifted_owed_pence = ${stop.owedPence},
                                  stopped_at = NULL, stop_reason = NULL
        WHERE user_id = ${userId}`);
      await recordCustomerEvent(tx, { userId, staffId, kind: 'trade-account.stop-lifted', before: stopFacts(stop, this.stopAfterDaysOverdue), after: { note: text } });
    });
  }

  /** The daily run of the London day `date`: stops recorded, then reminders e-mailed (once per order and stage). */
  async dailyRun(date: string): Promise<DailyRunOutcome> {
    const { stopped, offStop } = await this.reviewStops(date);
    const { customers, reminders } = await this.sendReminders(date);
    return { customersReminded: customers, reminders, stopped, offStop };
  }

  /** Records accounts found on stop (and those off it again) on `date` in their history; each change once. */
  async reviewStops(date: string): Promise<{ stopped: number[]; offStop: number[] }> {
    const standings = await accountStandings(this.db, { today: date, stopAfterDaysOverdue: this.stopAfterDaysOverdue });
    const stopped: number[] = [];
    const offStop: number[] = [];
    for (const standing of standings) {
      const { stop, userId } = standing;
      if (stop && !standing.recordedStop) {
        const changed = await this.db.transaction(async (tx) => {
          const rows = await queryRows<object>(
            tx,
            sql`UPDATE trade_accounts SET stopped_at = ${this.now().toISOString()}::timestamptz, stop_reason = ${stop.reason}
                WHERE user_id = ${userId} AND stopped_at IS NULL RETURNING user_id`,
          );
          if (rows.length > 0) {
            await recordCustomerEvent(tx, { userId, staffId: null, kind: 'trade-account.stopped', before: null, after: { by: 'credit-control', ...stopFacts(stop, this.stopAfterDaysOverdue) } });
          }
          return rows.length > 0;
        });
        if (changed) stopped.push(userId);
      } else if (!stop && standing.recordedStop) {
        const changed = await this.db.transaction(async (tx) => {
          const rows = await queryRows<object>(
            tx,
            sql`UPDATE trade_accounts SET stopped_at = NULL, stop_reason = NULL WHERE user_id = ${userId} AND stopped_at IS NOT NULL RETURNING user_id`,
          );
          if (rows.length > 0) {
            await recordCustomerEvent(tx, { userId, staffId: null, kind: 'trade-account.stop-ended', before: { reason: standing.recordedStop!.reason }, after: { by: 'credit-control' } });
          }
          return rows.length > 0;
        });
        if (changed) offStop.push(userId);
      }
    }
    return { stopped, offStop };
  }

  /** The reminders due on `date` and not yet sent: rows, e-mail jobs and history in one transaction. */
  async sendReminders(date: string): Promise<{ customers: number; reminders: number }> {
    const days = sql`${date}::date - o.payment_due_date`;
    const stage = sql.join(
      [
        sql`CASE`,
        ...REMINDER_STAGES.map((s) =>
          s.toDay === null ? sql`WHEN ${days} >= ${s.fromDay}::int THEN ${s.stage}` : sql`WHEN ${days} BETWEEN ${s.fromDay}::int AND ${s.toDay}::int THEN ${s.stage}`,
        ),
        sql`END`,
      ],
      sql` `,
    );
    return this.db.transaction(async (tx) => {
      const inserted = await queryRows<object>(
        tx,
        sql`WITH staged AS (
              SELECT o.order_id, o.user_id, ${stage} AS stage
              FROM orders o JOIN users u ON u.user_id = o.user_id AND u.closed_at IS NULL
              WHERE o.payment_method = 'account' AND ${sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid)} AND o.payment_due_date IS NOT NULL
            ), inserted AS (
              INSERT INTO credit_reminders (order_id, stage, user_id, run_date)
              SELECT order_id, stage, user_id, ${date}::date FROM staged WHERE stage IS NOT NULL
              ON CONFLICT (order_id, stage) DO NOTHING
              RETURNING order_id, stage, user_id
            )
            SELECT ${REMINDED.list} FROM inserted ORDER BY inserted.user_id, inserted.order_id`,
      );
      const byCustomer = new Map<number, { orderId: number; stage: ReminderStage }[]>();
      for (const raw of inserted) {
        const { orderId, stage: reached, userId } = REMINDED.read(raw);
        byCustomer.set(userId, [...(byCustomer.get(userId) ?? []), { orderId, stage: reached }]);
      }
      for (const [userId, reminded] of byCustomer) {
        // To whoever pays: a company's admins, else the customer (one e-mail each).
        for (const recipient of await payersOf(tx, userId)) {
          await this.options.jobs.record(
            { kind: CREDIT_REMINDER_EMAIL_JOB, payload: { userId, recipientUserId: recipient, runDate: date, orders: reminded }, dedupeKey: `credit-reminder:${userId}:${recipient}:${date}` },
            tx,
          );
        }
        await recordCustomerEvent(tx, { userId, staffId: null, kind: 'credit.reminder-sent', before: null, after: { by: 'credit-control', runDate: date, orders: reminded } });
      }
      return { customers: byCustomer.size, reminders: inserted.length };
    });
  }

  /** The daily run's job (one per occasion of the 'credit-control' schedule) and the reminder e-mail's. */
  jobKinds(deps: {
    shop: ShopConfig;
    mailer: Mailer;
    publicBaseUrl: string;
    log?: JobWorkerLog;
    /** The recipient's statement of account as it stands (this month's), attached to each reminder. */
    statementPdf?: (userId: number) => Promise<PdfFile>;
  }): Record<string, JobKind> {
    const base = deps.publicBaseUrl.replace(/\/+$/, '');
    return {
      [CREDIT_CONTROL_RUN_JOB]: {
        run: async (job) => {
          const date = String(job.payload.occasion);
          if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`A credit-control run needs a London date, not ${date}`);
          const outcome = await this.dailyRun(date);
          deps.log?.info({ date, ...outcome, jobId: job.jobId }, 'credit-control run done');
        },
      },
      [CREDIT_REMINDER_EMAIL_JOB]: {
        run: async (job) => {
          const userId = Number(job.payload.userId);
          // Jobs recorded before reminders went to a company's admins name no recipient: the customer.
          const recipientUserId = Number(job.payload.recipientUserId ?? userId);
          const runDate = String(job.payload.runDate);
          const reminded = (job.payload.orders as { orderId: number; stage: ReminderStage }[]) ?? [];
          const message = await this.reminderEmail(userId, recipientUserId, runDate, reminded, deps.shop, base);
          if (!message) {
            deps.log?.info({ userId, jobId: job.jobId }, 'credit reminder not sent: paid since, or the account is closed');
            return;
          }
          const statement = deps.statementPdf ? await deps.statementPdf(recipientUserId) : null;
          await deps.mailer.send({
            ...message,
            ...(statement ? { attachments: [{ filename: statement.filename, content: statement.content, contentType: 'application/pdf' }] } : {}),
            messageId: `<${job.kind}.${job.jobId}.${job.createdAt.getTime()}@${deps.shop.email.split('@')[1] || 'localhost'}>`,
          });
        },
        gaveUp: async (job) => {
          await recordCustomerEvent(this.db, {
            userId: Number(job.payload.userId),
            staffId: null,
            kind: 'credit.reminder-not-delivered',
            before: null,
            after: { by: 'credit-control', runDate: String(job.payload.runDate), orders: (job.payload.orders as object[]) ?? [] },
          });
        },
      },
    };
  }

  /** The reminder as it stands when sent: orders paid since are left out; null when none is left (or the account closed). */
  private async reminderEmail(userId: number, recipientUserId: number, runDate: string, reminded: readonly { orderId: number; stage: ReminderStage }[], shop: ShopConfig, base: string) {
    const contacts = (await queryRows<object>(this.db, sql`SELECT ${CONTACT.list} FROM users u WHERE u.user_id IN (${userId}, ${recipientUserId})`)).map(CONTACT.read);
    const customer = contacts.find((contact) => contact.userId === userId);
    const recipient = contacts.find((contact) => contact.userId === recipientUserId);
    if (!customer || !recipient) return null;
    const { firstName, email, closedAt } = recipient;
    if (closedAt !== null) return null;
    const ids = reminded.map((r) => Number(r.orderId));
    if (ids.length === 0) return null;
    // The orders' columns (DUE_ORDER) and what each still owes, computed here.
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${DUE_ORDER.list}, o.total_pence - o.credited_pence - o.paid_pence AS owed
          FROM orders o
          WHERE o.user_id = ${userId} AND o.order_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
            AND o.payment_method = 'account' AND ${sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid)}
          ORDER BY o.payment_due_date, o.order_id`,
    );
    if (rows.length === 0) return null;
    const owedOrders = rows.map((raw) => ({ ...DUE_ORDER.read(raw), owedPence: OWED.read(raw).owed }));
    const total = owedOrders.reduce((sum, order) => sum + order.owedPence, 0);
    const overdue = owedOrders.some((order) => order.paymentDueDate !== null && order.paymentDueDate < runDate);
    const dueToday = owedOrders.some((order) => order.paymentDueDate === runDate);
    const pounds = (pence: Pence) => formatPounds(penceToPounds(pence));
    const subject = overdue
      ? `Payment overdue on your ${shop.tradingName} account: ${pounds(total)}`
      : dueToday
        ? `Payment due today on your ${shop.tradingName} account: ${pounds(total)}`
        : `Payment due soon on your ${shop.tradingName} account: ${pounds(total)}`;
    const stop = await creditStopOf(this.db, userId, runDate, this.stopAfterDaysOverdue);
    const statementUrl = `${base}${STATEMENT_PATH}`;
    const lines: MessageLine[] = [
      overdue ? 'Our records show that payment for the orders below is overdue on your trade account.' : 'A friendly reminder that payment for the orders below is due on your trade account.',
      recipientUserId === userId ? '' : `${customer.firstName} ${customer.lastName} placed them for your company.`,
      ...owedOrders.map((order) =>
        linkLine(`Order #${order.orderId}: ${pounds(order.owedPence)} ${dueWords(order.paymentDueDate, runDate)}`, `${base}/order-detail?orderId=${order.orderId}`),
      ),
      stop
        ? 'Your account is on stop: you cannot place orders on account until what is overdue is paid. You can still order and pay by card or bank transfer.'
        : '',
      `You can pay by card from each order's page, or by bank transfer to ${shop.bank.payee} (sort code ${shop.bank.sortCode}, account ${shop.bank.accountNumber}) quoting the order number.`,
      linkLine('Your statement of account', statementUrl),
      'If you have paid in the last few days, thank you, and please ignore this reminder.',
    ];
    return shortMessage({ shop, to: email, subject, firstName, lines, button: { url: statementUrl, label: 'See your statement' } });
  }
}

/** "due on 1 June 2025 (in 3 days)", "due today (1 June 2025)", "was due on 1 June 2025 (7 days overdue)". */
function dueWords(dueDate: string | null, today: string): string {
  if (dueDate === null) return 'to pay';
  const days = daysBetween(dueDate, today);
  if (days < 0) return `due on ${longDate(dueDate)} (in ${-days} ${-days === 1 ? 'day' : 'days'})`;
  if (days === 0) return `due today (${longDate(dueDate)})`;
  return `was due on ${longDate(dueDate)} (${days} ${days === 1 ? 'day' : 'days'} overdue)`;
}

/** A stop as its history entries keep it. */
function stopFacts(stop: NonNullable<AccountStanding['stop']>, stopAfterDaysOverdue: number): Record<string, unknown> {
  return {
    reason: stop.reason,
    owedPence: stop.owedPence,
    creditLimitPence: stop.creditLimitPence,
    ...(stop.overdue ? { orderId: stop.overdue.orderId, dueDate: stop.overdue.dueDate, daysOverdue: stop.overdue.daysOverdue } : {}),
    stopAfterDaysOverdue,
  };
}

