/**
 * The approval e-mails, as durable jobs on the shop's job queue (as email/email-jobs.ts's),
 * recorded in the transaction of the change that causes them (approvals.ts):
 *
 * - to every admin of the company when a buyer sends an order for approval: who, what, why it
 *   waits, until when the prices are held, and the link to approve or decline it;
 * - to the buyer when an admin declines it (with the reason) or approves it but it could not be
 *   placed (with what changed). An approved order that is placed sends the order confirmation,
 *   as every order does.
 */
import { formatPounds } from '@shop/contract';
import type { Mailer } from '../email/mailer.ts';
import { linkLine, shortMessage } from '../email/short-message.ts';
import type { NewJob } from '../jobs/job-queue.ts';
import { PermanentJobFailure, type JobKind } from '../jobs/job-worker.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import { londonDateTimeText } from './approval-states.ts';
import type { Approvals } from './approvals.ts';

export const APPROVAL_REQUESTED_JOB = 'email.approval-requested';
export const APPROVAL_DECIDED_JOB = 'email.approval-decided';

/** One e-mail per admin per request. */
export function approvalRequestedJob(adminUserId: number, requestId: number): NewJob {
  return { kind: APPROVAL_REQUESTED_JOB, payload: { userId: adminUserId, requestId }, dedupeKey: `approval-requested:${requestId}:${adminUserId}` };
}

/** One e-mail per decision (a request is decided once). */
export function approvalDecidedJob(buyerUserId: number, requestId: number): NewJob {
  return { kind: APPROVAL_DECIDED_JOB, payload: { userId: buyerUserId, requestId }, dedupeKey: `approval-decided:${requestId}` };
}

/** The request's page on My account (signed in). */
export function approvalUrl(publicBaseUrl: string, requestId: number): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/account/approvals/${requestId}`;
}

export interface ApprovalEmailDependencies {
  shop: ShopConfig;
  mailer: Mailer;
  publicBaseUrl: string;
  approvals: () => Approvals;
  contactOf(userId: number): Promise<{ email: string; firstName: string } | null>;
  log?: { info(details: object, message: string): void };
}

export function approvalEmailJobKinds(deps: ApprovalEmailDependencies): Record<string, JobKind> {
  const messageId = (kind: string, jobId: number, at: Date) => `<${kind}.${jobId}.${at.getTime()}@${deps.shop.email.split('@')[1] ?? 'localhost'}>`;
  /** The request as its recipient sees it; a recipient who left the company since gets nothing. */
  async function readFor(userId: number, requestId: number) {
    const contact = await deps.contactOf(userId);
    if (!contact) throw new PermanentJobFailure(`customer ${userId} no longer exists`);
    const request = await deps
      .approvals()
      .get(userId, requestId)
      .catch(() => null);
    if (!request) throw new PermanentJobFailure(`approval request ${requestId} cannot be read by ${userId}`);
    return { contact, request };
  }

  return {
    [APPROVAL_REQUESTED_JOB]: {
      async run(job) {
        const { userId, requestId } = job.payload as { userId: number; requestId: number };
        const { contact, request } = await readFor(userId, requestId);
        const link = approvalUrl(deps.publicBaseUrl, requestId);
        const who = `${request.buyer.first_name} ${request.buyer.last_name}`;
        const message = shortMessage({
          shop: deps.shop,
          to: contact.email,
          subject: `${who} asks you to approve an order of ${formatPounds(request.total)}`,
          firstName: contact.firstName,
          lines: [
            `${who} (${request.buyer.email}) sent an order for your approval: ${request.reason}`,
            ...request.lines.map((line) => `- ${line.count} x ${line.item_name}, pack of ${line.qty}: ${formatPounds(line.total)} ex VAT`),
            `Total ${formatPounds(request.total)} inc VAT, ${request.payment_method === 'account' ? "to go on your company's trade account" : 'to be paid by the buyer once approved'}.`,
            `The prices are held until ${londonDateTimeText(new Date(request.held_until))}. Nothing is ordered until you approve it.`,
            linkLine('Approve or decline it (signed in to your account)', link),
          ],
          button: { url: link, label: 'Approve or decline' },
        });
        await deps.mailer.send({ ...message, messageId: messageId(job.kind, job.jobId, job.createdAt) });
        deps.log?.info({ requestId, jobId: job.jobId }, 'approval request e-mailed to an admin');
      },
    },
    [APPROVAL_DECIDED_JOB]: {
      async run(job) {
        const { userId, requestId } = job.payload as { userId: number; requestId: number };
        const { contact, request } = await readFor(userId, requestId);
        const link = approvalUrl(deps.publicBaseUrl, requestId);
        const by = request.decided_by ?? "Your company's admin";
        const declined = request.state === 'declined';
        const message = shortMessage({
          shop: deps.shop,
          to: contact.email,
          subject: declined ? `Your order of ${formatPounds(request.total)} was declined` : `Your order of ${formatPounds(request.total)} could not be placed`,
          firstName: contact.firstName,
          lines: [
            ...(declined
            ? [`${by} declined the order you sent for approval (request ${requestId}). Nothing was ordered.`, `Their reason: ${request.decline_reason ?? ''}`]
            : [`${by} approved the order you sent for approval (request ${requestId}), but it could not be placed: ${request.changes ?? ''}`, 'Nothing was ordered. Please change your order and send it again.']),
            linkLine('See your request (signed in to your account)', link),
          ],
          button: { url: link, label: 'See your request' },
        });
        await deps.mailer.send({ ...message, messageId: messageId(job.kind, job.jobId, job.createdAt) });
        deps.log?.info({ requestId, jobId: job.jobId }, 'approval decision e-mailed to the buyer');
      },
    },
  };
}
