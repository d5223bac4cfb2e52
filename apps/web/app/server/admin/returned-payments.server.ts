/**
 * The back office's returned payments (routes/admin/returned-payments.tsx): card/wallet payments
 * the provider took whose order could not be placed, which the shop returns by itself (core's
 * payments/unplaced-payments.ts, DESIGN section 4 "Orders"). The rows as the page shows them, and
 * the retry form's schema; core checks the permission and the state again.
 */
import { z } from 'zod';
import { can, REFUND_PROVIDER_LABELS, UNPLACED_PAYMENT_STATE_LABELS, type StaffMember, type UnplacedPaymentRow } from '@shop/core';
import { UNKNOWN_FORM, wholeNumber } from './admin-forms.server';

export const returnedPaymentsFormSchema = z.object({ intent: z.literal('retry', { error: UNKNOWN_FORM }), unplaced_payment_id: wholeNumber('Reload the page and try again.') });

export const RETURNED_PAYMENTS_NOTICES: Record<string, string> = {
  retried: 'The payment is being returned again; this page shows how it ends.',
};

export function returnedPaymentsPage(staff: StaffMember, rows: UnplacedPaymentRow[]) {
  const mayRetry = can(staff.role, 'payments:record');
  return {
    rows: rows.map((row) => ({
      id: row.unplacedPaymentId,
      providerLabel: REFUND_PROVIDER_LABELS[row.provider],
      reference: row.reference,
      amountPence: row.amountPence,
      customer: row.customer,
      userId: row.userId,
      reason: row.reason,
      state: row.state,
      stateLabel: UNPLACED_PAYMENT_STATE_LABELS[row.state],
      refundId: row.refundId,
      failureReason: row.failureReason,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      refundedAt: row.refundedAt?.toISOString() ?? null,
      mayRetry: mayRetry && row.state === 'failed',
    })),
  };
}
