/**
 * The shop's e-mails as durable jobs: the use case records the job in its transaction (with
 * the ids it needs), and the worker composes and sends the message, so a crash between the
 * change and the sending loses nothing and a template fix reaches mail not yet sent.
 */
import type { OrderDto } from '@shop/contract';
import type { NewJob, ClaimedJob } from '../jobs/job-queue.ts';
import { PermanentJobFailure, type JobKind } from '../jobs/job-worker.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { Mailer } from './mailer.ts';
import { orderConfirmationEmail } from './order-confirmation-email.ts';
import { orderUpdateEmail, type OrderUpdate } from './order-update-email.ts';
import { passwordResetEmail, type CompanyInvitation, type PasswordLinkReason } from './password-reset-email.ts';
import { staffCodeFailuresEmail } from './staff-code-failures-email.ts';
import { creditNoteEmail, type CreditNoteEmailInput } from './credit-note-email.ts';
import { shortMessage, type MessageLine } from './short-message.ts';
import { staffLinkEmail, type StaffLinkReason } from './staff-link-email.ts';
import type { StaffMember } from '../staff/staff-roles.ts';
import { customerCreditNoteUrl } from '../documents/invoice-url.ts';
import { shipmentEmail, type ShipmentEmailReason } from './shipment-email.ts';
import type { ShipmentView } from '../back-office/orders/order-shipments.ts';
import { deliveredCustomStatement } from '../back-office/orders/custom-quantity.ts';
import { poundsToPence } from '../pricing/money.ts';

export const EMAIL_JOB_KINDS = {
  orderConfirmation: 'email.order-confirmation',
  orderUpdate: 'email.order-update',
  passwordReset: 'email.password-reset',
  creditNote: 'email.credit-note',
  staffCodeFailures: 'email.staff-code-failures',
  staffLink: 'email.staff-link',
  orderNotice: 'email.order-notice',
  shipment: 'email.shipment',
  accountClosed: 'email.account-closed',
} as const;

export function orderConfirmationJob(userId: number, orderId: number): NewJob {
  // One confirmation per order, whatever retries the checkout sees.
  return { kind: EMAIL_JOB_KINDS.orderConfirmation, payload: { userId, orderId }, dedupeKey: `order-confirmation:${orderId}` };
}

/** The customer is told their order was dispatched or cancelled (back office); one e-mail per change. */
export function orderUpdateJob(userId: number, orderId: number, update: OrderUpdate): NewJob {
  return { kind: EMAIL_JOB_KINDS.orderUpdate, payload: { userId, orderId, update }, dedupeKey: `order-${update}:${orderId}` };
}

/**
 * The customer is told a shipment of their order left (one e-mail per shipment), or that its
 * carrier or tracking number was corrected (one per correction: `key` is the order's version it corrected).
 */
export function shipmentEmailJob(userId: number, orderId: number, shipmentId: number, reason: ShipmentEmailReason, key: number): NewJob {
  return { kind: EMAIL_JOB_KINDS.shipment, payload: { userId, orderId, shipmentId, reason }, dedupeKey: `shipment-${reason}:${shipmentId}:${key}` };
}

/** The customer is told a VAT credit note was issued (documents/credit-notes.ts); one e-mail per credit note. */
export function creditNoteJob(userId: number, orderId: number, creditNoteNumber: number): NewJob {
  return { kind: EMAIL_JOB_KINDS.creditNote, payload: { userId, orderId, creditNoteNumber }, dedupeKey: `credit-note:${creditNoteNumber}` };
}

/**
 * A short notice about an order composed by the change that causes it (a return's steps, lines
 * that cannot be supplied: core/returns): the subject and paragraphs travel in the payload, since
 * they quote what staff wrote at that moment. One e-mail per `dedupeKey`.
 */
export function orderNoticeJob(userId: number, orderId: number, notice: { subject: string; lines: MessageLine[] }, dedupeKey: string): NewJob {
  return { kind: EMAIL_JOB_KINDS.orderNotice, payload: { userId, orderId, subject: notice.subject, lines: notice.lines }, dedupeKey };
}

/** What the account-closed e-mail tells: the real address and name, read before they were erased, and what was kept. */
export type AccountClosedNotice = {
  email: string;
  firstName: string;
  ordersKept: number;
  invoicesKept: number;
  keptYears: number;
};

/**
 * The customer is told their account was closed (accounts/account-closure.ts). Recorded in the
 * closing transaction after the customer's waiting e-mails were dropped, and carrying the address
 * and name itself: the account's own are erased by then, and no `userId` in it means nothing
 * drops it. One per account.
 */
export function accountClosedJob(userId: number, notice: AccountClosedNotice): NewJob {
  return { kind: EMAIL_JOB_KINDS.accountClosed, payload: { ...notice }, dedupeKey: `account-closed:${userId}` };
}

/** A single-use link to choose a password: asked for (forgot password), or for an account staff opened. */
export function passwordResetJob(userId: number, token: string, expiresAt: Date, reason: PasswordLinkReason = 'forgot', invitation?: CompanyInvitation): NewJob {
  return { kind: EMAIL_JOB_KINDS.passwordReset, payload: { userId, token, expiresAt: expiresAt.toISOString(), reason, ...(invitation ? { invitation } : {}) } };
}

/**
 * A staff member's two-step codes failed repeatedly after the right password (staff-service.ts):
 * one e-mail per member per hour (`hour` is the hour's number since the epoch), however many
 * sign-ins fail in it.
 */
export function staffCodeFailuresJob(staffId: number, failures: number, at: Date, hour: number): NewJob {
  return {
    kind: EMAIL_JOB_KINDS.staffCodeFailures,
    payload: { staffId, failures, at: at.toISOString() },
    dedupeKey: `staff-code-failures:${staffId}:${hour}`,
  };
}

/** A staff member's set-password link, e-mailed to them (staff/staff-service.ts records it with the link). */
export function staffLinkJob(staffId: number, token: string, link: string, expiresAt: Date, reason: StaffLinkReason): NewJob {
  return { kind: EMAIL_JOB_KINDS.staffLink, payload: { staffId, token, link, expiresAt: expiresAt.toISOString(), reason } };
}

export interface EmailContact {
  email: string;
  firstName: string;
}

export interface EmailJobDependencies {
  shop: ShopConfig;
  mailer: Mailer;
  /** Where the storefront is served, for the links in the e-mails. */
  publicBaseUrl: string;
  contactOf(userId: number): Promise<EmailContact | null>;
  /** The order with whom to write to, read together; null when the order or its customer is gone. */
  orderAndContactOf(userId: number, orderId: number): Promise<{ order: OrderDto; customer: EmailContact } | null>;
  /** Written when a confirmation is given up, so the shop sees which customer got none. */
  recordUnsentConfirmation(userId: number, orderId: number, reason: string): Promise<void>;
  resetLinkValidForMinutes: number;
  /** The customer's invoice link when the order may have one (dispatch e-mails); else null. */
  invoiceUrlOf?(userId: number, orderId: number): Promise<string | null>;
  /** A credit note of the customer's order, as the e-mail tells it; null when there is none. */
  creditNoteOf?(userId: number, orderId: number, creditNoteNumber: number): Promise<CreditNoteEmailInput['creditNote'] | null>;
  /** A shipment of the order, and whether the order has now gone in full, and in how many shipments; null when gone. */
  shipmentOf?(orderId: number, shipmentId: number): Promise<{ shipment: ShipmentView; complete: boolean; shipments: number } | null>;
  /** A staff member to write to (enabled members only), else null. */
  staffContactOf?(staffId: number): Promise<{ email: string; name: string } | null>;
  /** Whom a set-password link is for while it still works (not used, replaced or expired; the member enabled), else null. */
  staffOfSetPasswordLink?(token: string): Promise<StaffMember | null>;
  log?: { info(details: object, message: string): void };
}

export function emailJobKinds(deps: EmailJobDependencies): Record<string, JobKind> {
  const base = deps.publicBaseUrl.replace(/\/+$/, '');
  const contactOrGiveUp = async (userId: number) => {
    const contact = await deps.contactOf(userId);
    if (!contact) throw new PermanentJobFailure(`customer ${userId} no longer exists`);
    return contact;
  };
  const orderOrGiveUp = async (userId: number, orderId: number) => {
    const found = await deps.orderAndContactOf(userId, orderId);
    if (!found) throw new PermanentJobFailure(`order ${orderId} of customer ${userId} no longer exists`);
    return found;
  };
  const messageId = (job: ClaimedJob) => `<${job.kind}.${job.jobId}.${job.createdAt.getTime()}@${domainOf(deps.shop.email)}>`;

  return {
    [EMAIL_JOB_KINDS.orderConfirmation]: {
      async run(job) {
        const { userId, orderId } = job.payload as { userId: number; orderId: number };
        const { order, customer: contact } = await orderOrGiveUp(userId, orderId);
        await deps.mailer.send({
          ...orderConfirmationEmail({
            shop: deps.shop,
            to: contact.email,
            firstName: contact.firstName,
            order,
            orderUrl: `${base}/order-detail?orderId=${orderId}`,
          }),
          messageId: messageId(job),
        });
        deps.log?.info({ orderId, jobId: job.jobId, attempt: job.attempt }, 'order confirmation e-mail sent');
      },
      async gaveUp(job, error) {
        const { userId, orderId } = job.payload as { userId: number; orderId: number };
        await deps.recordUnsentConfirmation(userId, orderId, error instanceof Error ? error.message : String(error));
      },
    },
    [EMAIL_JOB_KINDS.orderUpdate]: {
      async run(job) {
        const { userId, orderId, update } = job.payload as { userId: number; orderId: number; update: OrderUpdate };
        const { order, customer: contact } = await orderOrGiveUp(userId, orderId);
        const invoiceUrl = update === 'dispatched' && deps.invoiceUrlOf ? await deps.invoiceUrlOf(userId, orderId) : null;
        await deps.mailer.send({
          ...orderUpdateEmail({
            shop: deps.shop,
            to: contact.email,
            firstName: contact.firstName,
            order,
            update,
            orderUrl: `${base}/order-detail?orderId=${orderId}`,
            invoiceUrl,
          }),
          messageId: messageId(job),
        });
        deps.log?.info({ orderId, jobId: job.jobId, update }, 'order update e-mail sent');
      },
    },
    [EMAIL_JOB_KINDS.creditNote]: {
      async run(job) {
        const { userId, orderId, creditNoteNumber } = job.payload as { userId: number; orderId: number; creditNoteNumber: number };
        const contact = await contactOrGiveUp(userId);
        const creditNote = deps.creditNoteOf ? await deps.creditNoteOf(userId, orderId, creditNoteNumber) : null;
        if (!creditNote) throw new PermanentJobFailure(`credit note ${creditNoteNumber} of order ${orderId} cannot be read`);
        await deps.mailer.send({
          ...creditNoteEmail({
            shop: deps.shop,
            to: contact.email,
            firstName: contact.firstName,
            orderId,
            creditNote,
            creditNoteUrl: customerCreditNoteUrl(base, orderId, creditNoteNumber),
            orderUrl: `${base}/order-detail?orderId=${orderId}`,
          }),
          messageId: messageId(job),
        });
        deps.log?.info({ orderId, jobId: job.jobId, creditNoteNumber }, 'credit note e-mail sent');
      },
    },
    [EMAIL_JOB_KINDS.orderNotice]: {
      async run(job) {
        const { userId, orderId, subject, lines } = job.payload as { userId: number; orderId: number; subject: string; lines: MessageLine[] };
        const contact = await contactOrGiveUp(userId);
        const orderUrl = `${base}/order-detail?orderId=${orderId}`;
        await deps.mailer.send({
          ...shortMessage({ shop: deps.shop, to: contact.email, subject, firstName: contact.firstName, lines, orderUrl, button: { url: orderUrl, label: 'View your order' } }),
          messageId: messageId(job),
        });
        deps.log?.info({ orderId, jobId: job.jobId }, 'order notice e-mail sent');
      },
    },
    [EMAIL_JOB_KINDS.shipment]: {
      async run(job) {
        const { userId, orderId, shipmentId, reason } = job.payload as { userId: number; orderId: number; shipmentId: number; reason: ShipmentEmailReason };
        const contact = await contactOrGiveUp(userId);
        const found = deps.shipmentOf ? await deps.shipmentOf(orderId, shipmentId) : null;
        if (!found) throw new PermanentJobFailure(`shipment ${shipmentId} of order ${orderId} cannot be read`);
        const invoiceUrl = reason === 'dispatched' && deps.invoiceUrlOf ? await deps.invoiceUrlOf(userId, orderId) : null;
        // A made-to-order line delivered in other numbers changed the order's total: say so, with what is due (DESIGN section 10 "Money").
        const customLines = found.shipment.lines.filter((l) => l.deliveredUnits !== null);
        const read = reason === 'dispatched' && customLines.length > 0 ? await deps.orderAndContactOf(userId, orderId) : null;
        const madeToOrder = deliveredCustomStatement(
          customLines.map((l) => ({ itemName: l.itemName, orderedUnits: l.qty * l.count, deliveredUnits: l.deliveredUnits! })),
          read ? { totalPence: poundsToPence(read.order.total), duePence: poundsToPence(read.order.amount_due), refundDuePence: poundsToPence(read.order.refund_due), onAccount: read.order.payment_method === 'account' } : null,
        );
        await deps.mailer.send({
          ...shipmentEmail({
            shop: deps.shop,
            to: contact.email,
            firstName: contact.firstName,
            orderId,
            shipment: found.shipment,
            complete: found.complete,
            only: found.complete && found.shipments === 1,
            reason,
            orderUrl: `${base}/order-detail?orderId=${orderId}`,
            invoiceUrl,
            madeToOrder,
          }),
          messageId: messageId(job),
        });
        deps.log?.info({ orderId, jobId: job.jobId, shipmentId, reason }, 'shipment e-mail sent');
      },
    },
    [EMAIL_JOB_KINDS.accountClosed]: {
      async run(job) {
        const notice = job.payload as AccountClosedNotice;
        const kept =
          notice.ordersKept > 0
            ? `As the law requires, we keep ${notice.ordersKept === 1 ? 'your order' : `your ${notice.ordersKept} orders`}${notice.invoicesKept === 0 ? '' : notice.ordersKept === 1 ? ' and its VAT invoice' : ' and their VAT invoices'}, with the addresses they went to, for ${notice.keptYears} years, and nothing else.`
            : '';
        await deps.mailer.send({
          ...shortMessage({
            shop: deps.shop,
            to: notice.email,
            subject: `Your ${deps.shop.tradingName} account is closed`,
            firstName: notice.firstName,
            lines: [
              `As you asked, we have closed your ${deps.shop.tradingName} account. You can no longer sign in, and we have erased your name, phone number, saved addresses and basket.`,
              kept,
              `If you did not ask for this, call us on ${deps.shop.phones.sales}. To shop with us again, create a new account: this e-mail address is free to use.`,
            ],
            button: { url: `${base}/`, label: `Visit ${deps.shop.tradingName}` },
          }),
          messageId: messageId(job),
        });
        deps.log?.info({ jobId: job.jobId }, 'account closed e-mail sent');
      },
      // The address and name were erased from the account: keep no copy of them once sent.
      finishedPayload: (payload) => ({ ordersKept: payload.ordersKept, invoicesKept: payload.invoicesKept }),
    },
    [EMAIL_JOB_KINDS.passwordReset]: {
      async run(job) {
        const { userId, token, expiresAt, reason, invitation } = job.payload as {
          userId: number;
          token: string;
          expiresAt: string;
          reason?: PasswordLinkReason;
          invitation?: CompanyInvitation;
        };
        // A link that has expired while the mail server was away would only disappoint.
        if (Date.parse(expiresAt) <= Date.now()) throw new PermanentJobFailure('the reset link expired before it could be sent');
        const contact = await contactOrGiveUp(userId);
        await deps.mailer.send({
          ...passwordResetEmail({
            shop: deps.shop,
            to: contact.email,
            firstName: contact.firstName,
            resetUrl: `${base}/resetpassword?users=${userId}&token=${encodeURIComponent(token)}`,
            // An invitation's link works longer than a reset link: its own lifetime, from when it was recorded.
            validForMinutes: invitation ? Math.round((Date.parse(expiresAt) - job.createdAt.getTime()) / 60_000) : deps.resetLinkValidForMinutes,
            reason: reason ?? 'forgot',
            invitation,
          }),
          messageId: messageId(job),
        });
      },
      // The token would let whoever reads the table take the account over: keep only who it was for.
      finishedPayload: (payload) => ({ userId: payload.userId }),
    },
    [EMAIL_JOB_KINDS.staffCodeFailures]: {
      async run(job) {
        const { staffId, failures, at } = job.payload as { staffId: number; failures: number; at: string };
        const contact = deps.staffContactOf ? await deps.staffContactOf(staffId) : null;
        if (!contact) throw new PermanentJobFailure(`staff member ${staffId} no longer exists or is disabled`);
        await deps.mailer.send({
          ...staffCodeFailuresEmail({
            shop: deps.shop,
            to: contact.email,
            name: contact.name,
            failures,
            at: new Date(at),
            signInUrl: `${base}/admin/signin`,
          }),
          messageId: messageId(job),
        });
        deps.log?.info({ staffId, jobId: job.jobId }, 'two-step code warning e-mail sent');
      },
    },
    [EMAIL_JOB_KINDS.staffLink]: {
      async run(job) {
        const { staffId, token, link, expiresAt, reason } = job.payload as { staffId: number; token: string; link: string; expiresAt: string; reason: StaffLinkReason };
        // A link used, replaced by a newer one, expired, or of a member since disabled: nothing worth sending.
        const member = deps.staffOfSetPasswordLink ? await deps.staffOfSetPasswordLink(token) : null;
        if (!member || member.staffId !== staffId) {
          deps.log?.info({ staffId, jobId: job.jobId }, 'staff set-password link no longer works: not e-mailed');
          return;
        }
        await deps.mailer.send({
          ...staffLinkEmail({ shop: deps.shop, to: member.email, name: member.name, role: member.role, reason, link, expiresAt: new Date(expiresAt) }),
          messageId: messageId(job),
        });
        deps.log?.info({ staffId, jobId: job.jobId, reason }, 'staff set-password link e-mailed');
      },
      // The link would let whoever reads the table set the member's password: keep only whom it was for.
      finishedPayload: (payload) => ({ staffId: payload.staffId, reason: payload.reason }),
    },
  };
}

function domainOf(email: string): string {
  return email.split('@')[1] || 'localhost';
}
