/**
 * The credit note e-mail as the job worker sends it: to the customer, naming the credit note, the
 * invoice it credits and the amount, with the link that downloads it from the storefront; a
 * credit note that cannot be read (gone, or not the customer's) is given up, not retried.
 */
import { describe, expect, it } from 'vitest';
import { demoShopConfig } from '../shop/shop-config.ts';
import { PermanentJobFailure } from '../jobs/job-worker.ts';
import type { ClaimedJob } from '../jobs/job-queue.ts';
import { creditNoteJob, emailJobKinds, EMAIL_JOB_KINDS, type EmailJobDependencies } from './email-jobs.ts';
import type { MailMessage } from './mailer.ts';

function kindsWith(sent: MailMessage[], creditNoteOf: EmailJobDependencies['creditNoteOf']) {
  return emailJobKinds({
    shop: demoShopConfig,
    mailer: { send: async (message) => void sent.push(message) },
    publicBaseUrl: 'https://shop.example.com/',
    contactOf: async () => ({ email: 'alice@example.com', firstName: 'Alice' }),
    orderAndContactOf: async () => null,
    recordUnsentConfirmation: async () => {},
    resetLinkValidForMinutes: 60,
    creditNoteOf,
  });
}

const claimed = (payload: Record<string, unknown>): ClaimedJob => ({ jobId: 9, kind: EMAIL_JOB_KINDS.creditNote, payload, createdAt: new Date('2025-11-26T10:00:00Z'), attempt: 1 });

describe('the credit note e-mail', () => {
  it('tells the customer the credit note, the invoice it credits and the amount, with the download link', async () => {
    const sent: MailMessage[] = [];
    const job = creditNoteJob(7, 42, 3);
    expect(job).toEqual({ kind: 'email.credit-note', payload: { userId: 7, orderId: 42, creditNoteNumber: 3 }, dedupeKey: 'credit-note:3' });
    const kinds = kindsWith(sent, async () => ({ number: 'CN-000003', invoiceNumber: 'INV-000041', kind: 'refund', totalPence: 30_00 }));
    await kinds[EMAIL_JOB_KINDS.creditNote]!.run(claimed(job.payload));

    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('alice@example.com');
    expect(sent[0]!.subject).toBe('Credit note CN-000003 for your Boxwell Packaging order 42');
    expect(sent[0]!.text).toContain('It credits £30.00 (VAT included) against invoice INV-000041.');
    expect(sent[0]!.text).toContain('Download your credit note: https://shop.example.com/order-credit-note?orderId=42&number=3');
    expect(sent[0]!.html).toContain('href="https://shop.example.com/order-credit-note?orderId=42&amp;number=3"');
  });

  it('gives up when the credit note cannot be read', async () => {
    const kinds = kindsWith([], async () => null);
    await expect(kinds[EMAIL_JOB_KINDS.creditNote]!.run(claimed({ userId: 7, orderId: 42, creditNoteNumber: 3 }))).rejects.toThrow(PermanentJobFailure);
  });
});
