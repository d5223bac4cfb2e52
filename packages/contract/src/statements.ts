/**
 * A trade customer's statement of account and open invoices (docs/statements.md), shared by the
 * storefront's /account/statement page and the JSON API (GET /api/account/statement,
 * GET /api/account/invoices, POST /api/account/invoices/pay). Amounts are pounds at the edge.
 *
 * The statement's one rule: closing_balance = opening_balance + documents_total - payments_total,
 * where documents are invoices (+) and credit notes (-), payments are payments (+) less refunds
 * paid back (-). A positive balance is what the customer owes; negative, what the shop owes them.
 */
import { z } from 'zod';
import { jsonIdSchema, idSchema } from './ids.ts';

/** A calendar month, YYYY-MM (2026-11). */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const statementMessages = {
  month: 'Choose a month as YYYY-MM, e.g. 2026-11.',
  future: 'There is no statement for a month that has not started yet.',
  chooseInvoices: 'Choose at least one invoice to pay.',
  tooManyInvoices: 'Choose at most 50 invoices to pay at once.',
  notCompleted: 'The card payment has not been completed, so nothing was paid. Please try again.',
} as const;

/** Which month's statement (the current month when left out). */
export const statementQuerySchema = z.object({
  month: z
    .string({ error: statementMessages.month })
    .trim()
    .regex(STATEMENT_MONTH_PATTERN, statementMessages.month)
    .optional()
    .describe('The month, YYYY-MM; the current month (to today) when left out'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** Paying open invoices by card or PayPal in one payment: the page's action and POST /api/account/invoices/pay. */
export const payInvoicesBodySchema = z.object({
  order_ids: z
    .array(idSchema('order_ids'), { error: statementMessages.chooseInvoices })
    .min(1, statementMessages.chooseInvoices)
    .max(50, statementMessages.tooManyInvoices)
    .describe('The orders whose invoices are paid, each in full (what is due on it now)'),
  payment_reference: z
    .string({ error: statementMessages.notCompleted })
    .trim()
    .min(1, statementMessages.notCompleted)
    .max(100, statementMessages.notCompleted)
    .describe('The provider order id of the completed card/PayPal payment (a TEST- id in test mode) for exactly the sum due'),
});
export type PayInvoicesBody = z.infer<typeof payInvoicesBodySchema>;

const pounds = (description: string) => z.number().describe(description);
const isoDate = (description: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe(description);

export const openInvoiceSchema = z
  .object({
    order_id: jsonIdSchema('order_id'),
    invoice_number: z.string().describe('INV-000042'),
    invoice_date: isoDate('The invoice date (London), YYYY-MM-DD'),
    due_date: isoDate('Payment due by, YYYY-MM-DD'),
    total: pounds('The invoice total, VAT included'),
    credited: pounds('Taken off by credit notes'),
    paid: pounds('Paid so far (at most what is owed)'),
    amount_due: pounds('Still to pay'),
    days_overdue: z.number().int().describe('Days past the due date today; 0 when not yet due'),
    payment_reference: z.string().describe("The order's own bank transfer reference, to quote when paying by transfer"),
    invoice_url: z.string().describe("The storefront's link to the invoice PDF (signed in)"),
  })
  .meta({ id: 'OpenInvoice' });
export type OpenInvoiceDto = z.infer<typeof openInvoiceSchema>;

export const openInvoicesSchema = z
  .object({
    invoices: z.array(openInvoiceSchema).describe('Oldest due date first'),
    total_due: pounds('What the open invoices owe together'),
    overdue_due: pounds('Of which past its due date'),
  })
  .meta({ id: 'OpenInvoices' });
export type OpenInvoicesDto = z.infer<typeof openInvoicesSchema>;

export const statementLineKinds = ['invoice', 'credit_note', 'payment', 'refund'] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

export const statementLineSchema = z
  .object({
    date: isoDate('The day of the document or payment, YYYY-MM-DD'),
    kind: z.enum(statementLineKinds).describe("'invoice' and 'credit_note' are documents; 'payment' and 'refund' (money paid back to the customer) are payments"),
    reference: z.string().describe('INV-000042, CN-000007, or the payment reference'),
    description: z.string(),
    order_ids: z.array(z.number().int()).describe('The order(s) it belongs to; a payment may pay several'),
    due_date: isoDate('An invoice: payment due by').nullable(),
    debit: pounds('What it adds to the balance (an invoice, a refund paid back)').nullable(),
    credit: pounds('What it takes off the balance (a credit note, a payment)').nullable(),
    balance: pounds('The running balance after it'),
  })
  .meta({ id: 'StatementLine' });
export type StatementLineDto = z.infer<typeof statementLineSchema>;

export const ageingSchema = z
  .object({
    current: pounds('Not yet due (and credit not tied to an invoice)'),
    days_1_30: pounds('1-30 days overdue'),
    days_31_60: pounds('31-60 days overdue'),
    days_61_90: pounds('61-90 days overdue'),
    over_90: pounds('Over 90 days overdue'),
  })
  .meta({ id: 'StatementAgeing' });
export type AgeingDto = z.infer<typeof ageingSchema>;

export const statementSchema = z
  .object({
    month: z.string().describe('YYYY-MM'),
    period_from: isoDate('The first day of the month'),
    statement_date: isoDate('The last day covered: the month\'s last day, or today for the current month'),
    customer: z.object({ name: z.string(), company_name: z.string().nullable(), email: z.string() }),
    terms_days: z.number().int().nullable().describe("The trade account's payment terms in days; null without an open account"),
    opening_balance: pounds('Owed at the start of the month'),
    documents_total: pounds("The month's invoices less its credit notes"),
    payments_total: pounds("The month's payments less refunds paid back"),
    closing_balance: pounds('opening_balance + documents_total - payments_total'),
    lines: z.array(statementLineSchema).describe('In date order'),
    ageing: ageingSchema.describe('The closing balance by days past the due date on the statement date; the buckets add up to it'),
  })
  .meta({ id: 'Statement' });
export type StatementDto = z.infer<typeof statementSchema>;

export const paidInvoicesSchema = z
  .object({
    recorded: z.boolean().describe('false when this payment had already been recorded (a repeated request): nothing new'),
    amount: pounds('The payment'),
    paid: z.array(z.object({ order_id: z.number().int(), amount: pounds('Recorded against this order') })).describe('Allocated in due-date order'),
  })
  .meta({ id: 'PaidInvoices' });
export type PaidInvoicesDto = z.infer<typeof paidInvoicesSchema>;
