/**
 * The statement page's loader and action (/account/statement, docs/statements.md): the customer's
 * open invoices, the statement of the month chosen (?month=YYYY-MM, this month when left out),
 * the invoices chosen to pay (?pay=<order id>, repeated: a GET form, so choosing works without
 * JavaScript) with what to pay by bank transfer and the card panel's charge, and the action that
 * records one card payment of them (core's DueCardPayments.payMany, the order page's rules).
 */
import { redirect, type AppLoadContext } from 'react-router';
import { payInvoicesBodySchema, statementQuerySchema, type OpenInvoiceDto, type OpenInvoicesDto, type StatementDto } from '@shop/contract';
import { isRecordId } from '@shop/contract/browser';
import { formatStatementMonth, Invalid } from '@shop/core';
import { requireCustomer } from '~/session.server';
import { failureFrom, parseForm, postedForm, refusedForm, failure } from '~/server/forms.server';
import { cardChargeOf } from '~/server/orders/due-card-payment.server';
import { documentErrorResponse, pdfResponse } from '~/server/pdf-response.server';
import type { CartDto, PaymentsConfigDto } from '@shop/contract';
import { PAY_INVOICES_INTENT } from '~/components/account/statement-view';

export const STATEMENT_PAGE = '/account/statement';
const SIGN_IN = '/signin?return=account/statement';

export interface StatementPageData {
  open: OpenInvoicesDto;
  statement: StatementDto;
  /** The months the picker offers, newest first. */
  months: { value: string; label: string }[];
  /** Why the month asked for is not shown (a malformed or future month); null when it is. */
  monthProblem: string | null;
  /** The open invoices chosen to pay (in due-date order) and their sum; null when none is chosen. */
  selected: { invoices: OpenInvoiceDto[]; total: number } | null;
  /** What the card panel charges for them; null when no card payments are taken here. */
  cardCharge: CartDto | null;
  payments: PaymentsConfigDto;
  /** Just paid by card (the action's redirect). */
  paid: boolean;
  pdfPath: string;
}

export async function statementPageData(request: Request, context: AppLoadContext): Promise<StatementPageData> {
  const userId = await requireCustomer(request, context, SIGN_IN);
  const search = new URL(request.url).searchParams;
  const { statements } = context.services;
  const query = statementQuerySchema.safeParse({ month: search.get('month') || undefined });
  let monthProblem = query.success ? null : (query.error.issues[0]?.message ?? null);
  let statement: StatementDto;
  try {
    statement = await statements.statement(userId, query.success ? query.data.month : undefined);
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    monthProblem = error.message;
    statement = await statements.statement(userId);
  }
  const [open, months] = await Promise.all([statements.openInvoices(userId), statements.months(userId)]);
  const chosen = new Set(search.getAll('pay').filter(isRecordId).map(Number));
  const invoices = open.invoices.filter((invoice) => chosen.has(invoice.order_id));
  const total = Math.round(invoices.reduce((sum, invoice) => sum + invoice.amount_due * 100, 0)) / 100;
  const selected = invoices.length > 0 ? { invoices, total } : null;
  return {
    open,
    statement,
    months: months.map((value) => ({ value, label: formatStatementMonth(value) })),
    monthProblem,
    selected,
    cardCharge:
      selected && context.payments.mode !== 'none' ? cardChargeOf(selected.invoices.map((invoice) => ({ name: `Invoice ${invoice.invoice_number} (order ${invoice.order_id})`, amount: invoice.amount_due }))) : null,
    payments: context.payments,
    paid: search.get('paid') === 'card',
    pdfPath: `/account/statement.pdf?month=${statement.month}`,
  };
}

/** intent=pay-invoices: records the verified card payment against each invoice chosen, then shows the page again. */
export async function statementPageAction(request: Request, context: AppLoadContext) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  const form = await postedForm(request);
  if (form.get('intent') !== PAY_INVOICES_INTENT) return failure('invalid_request', 'Unknown statement action.');
  const parsed = parseForm(form, payInvoicesBodySchema);
  if (!parsed.ok) return refusedForm(parsed, PAY_INVOICES_INTENT);
  try {
    await context.services.dueCardPayments.payMany(userId, parsed.value.order_ids, parsed.value.payment_reference);
  } catch (error) {
    return failureFrom(error, PAY_INVOICES_INTENT);
  }
  throw redirect(`${STATEMENT_PAGE}?paid=card`);
}

/** The statement of ?month as a PDF (/account/statement.pdf); a malformed or future month is a 400 saying why. */
export async function statementPdfResponse(request: Request, context: AppLoadContext): Promise<Response> {
  const userId = await requireCustomer(request, context, SIGN_IN);
  const query = statementQuerySchema.safeParse({ month: new URL(request.url).searchParams.get('month') || undefined });
  const text = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' };
  if (!query.success) return new Response(`${query.error.issues[0]?.message ?? 'Choose a month.'}\n`, { status: 400, headers: text });
  try {
    return pdfResponse(await context.services.statements.statementPdf(userId, query.data.month));
  } catch (error) {
    return documentErrorResponse(error);
  }
}
