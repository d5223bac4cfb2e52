/**
 * The monthly statement e-mail (docs/statements.md): recorded as one durable job per customer and
 * month by AccountStatements.emailMonthlyStatements (its dedupe key: never twice), composed and
 * sent by the job worker with the statement's PDF attached and a link to the statement page,
 * where the customer can also pay their open invoices by card.
 */
import { formatPounds } from '@shop/contract';
import type { NewJob } from '../jobs/job-queue.ts';
import { PermanentJobFailure, type JobKind } from '../jobs/job-worker.ts';
import type { Mailer, MailMessage } from '../email/mailer.ts';
import { linkLine, shortMessage } from '../email/short-message.ts';
import { penceToPounds } from '../pricing/money.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { AccountStatements } from './account-statements.ts';
import { formatStatementMonth } from './account-statements.ts';

export const MONTHLY_STATEMENT_JOB = 'email.monthly-statement';

/** The storefront's statement page of a month, and its PDF. */
export function statementPath(month?: string): string {
  return month ? `/account/statement?month=${month}` : '/account/statement';
}
export function statementPdfPath(month: string): string {
  return `/account/statement.pdf?month=${month}`;
}

/** One statement e-mail per customer and month, however many times the month is run. */
export function monthlyStatementJob(userId: number, month: string): NewJob {
  return { kind: MONTHLY_STATEMENT_JOB, payload: { userId, month }, dedupeKey: `monthly-statement:${userId}:${month}` };
}

export interface MonthlyStatementEmailInput {
  shop: ShopConfig;
  to: string;
  firstName: string;
  month: string;
  closingPence: number;
  overduePence: number;
  statementUrl: string;
}

export function monthlyStatementEmail({ shop, to, firstName, month, closingPence, overduePence, statementUrl }: MonthlyStatementEmailInput): MailMessage {
  const named = formatStatementMonth(month);
  const balance =
    closingPence > 0
      ? `Your balance at the end of ${named} is ${formatPounds(penceToPounds(closingPence))}` +
        (overduePence > 0 ? `, of which ${formatPounds(penceToPounds(overduePence))} is overdue.` : ', none of it overdue.')
      : closingPence < 0
        ? `At the end of ${named} we owe you ${formatPounds(penceToPounds(-closingPence))}.`
        : `Your account was clear at the end of ${named}: nothing is owed.`;
  return shortMessage({
    shop,
    to,
    subject: `Your ${shop.tradingName} statement of account for ${named}`,
    firstName,
    lines: [
      `Here is your statement of account for ${named}; the PDF is attached.`,
      balance,
      linkLine('See your statement and pay open invoices by card (signed in)', statementUrl),
      `Questions about your account? Call us on ${shop.phones.sales} or reply to this e-mail.`,
    ],
    button: { url: statementUrl, label: 'See your statement' },
  });
}

export interface StatementEmailDependencies {
  shop: ShopConfig;
  mailer: Mailer;
  publicBaseUrl: string;
  statements: () => AccountStatements;
  contactOf(userId: number): Promise<{ email: string; firstName: string } | null>;
  log?: { info(details: object, message: string): void };
}

export function statementEmailJobKinds(deps: StatementEmailDependencies): Record<string, JobKind> {
  return {
    [MONTHLY_STATEMENT_JOB]: {
      async run(job) {
        const { userId, month } = job.payload as { userId: number; month: string };
        const contact = await deps.contactOf(userId);
        if (!contact) throw new PermanentJobFailure(`customer ${userId} no longer exists`);
        const statements = deps.statements();
        const statement = await statements.statementOfAccount(userId, month);
        const pdf = await statements.statementPdf(userId, month);
        const message = monthlyStatementEmail({
          shop: deps.shop,
          to: contact.email,
          firstName: contact.firstName,
          month,
          closingPence: statement.closingPence,
          overduePence: statement.overduePence,
          statementUrl: `${deps.publicBaseUrl.replace(/\/+$/, '')}${statementPath(month)}`,
        });
        await deps.mailer.send({
          ...message,
          attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
          messageId: `<${job.kind}.${job.jobId}.${job.createdAt.getTime()}@${deps.shop.email.split('@')[1] ?? 'localhost'}>`,
        });
        deps.log?.info({ userId, month, jobId: job.jobId }, 'monthly statement e-mailed');
      },
    },
  };
}
