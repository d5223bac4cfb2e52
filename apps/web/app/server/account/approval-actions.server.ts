/**
 * Approval requests on the storefront (docs/companies.md), each change a plain POST that works
 * without JavaScript, parsed by the contract's schema the JSON API uses too and made by one call
 * into core (core/companies/approvals.ts), which checks who may do what:
 *  - the payment step's 'approval': a buyer sends their basket, over a limit, for approval; the
 *    request's page opens;
 *  - the request's page: 'approve' and 'decline' (an admin, with a reason), 'withdraw' (the buyer).
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { approvalDeclineSchema, approvalRequestBodySchema, type CartDto } from '@shop/contract';
import { isRecordId } from '@shop/contract/browser';
import { approvalMessages, DomainError, poundsToPence } from '@shop/core';
import { failure, failureFrom, isNotFound, parseForm, refusedForm } from '~/server/forms.server';

export interface ApprovalActionSuccess {
  ok: true;
  intent: string;
  message: string;
}

/** The request's path; `sent` when the buyer has just sent it (the page says what happens next). */
export function approvalPath(requestId: number, sent = false): string {
  return `/account/approvals/${requestId}${sent ? '?sent=1' : ''}`;
}

/** Whether the buyer's basket needs approval (over a limit): why, and how it will be paid; null when it can be placed. */
export async function approvalNeedOf(context: AppLoadContext, userId: number, cart: Pick<CartDto, 'subTotal' | 'deliveryFee' | 'cartIems'>) {
  if (cart.cartIems.length === 0) return null;
  // The limits are ex VAT: the goods and the delivery charge before VAT.
  return context.services.approvals.needsApproval(userId, poundsToPence(cart.subTotal) + poundsToPence(cart.deliveryFee));
}

/** The payment step's "Send for approval": the request's page opens, or the step says what is wrong. */
export async function requestApprovalAction(context: AppLoadContext, userId: number, form: FormData) {
  const parsed = parseForm(form, approvalRequestBodySchema);
  if (!parsed.ok) return refusedForm(parsed, 'approval');
  try {
    const request = await context.services.approvals.request(userId, parsed.value);
    return redirect(approvalPath(request.approval_request_id, true));
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict' && error.details.totals) {
      return failure('conflict', 'Your basket changed since this page was opened, so nothing was sent. Please check the new total and send it again.', {}, 'approval');
    }
    return failureFrom(error, 'approval', form);
  }
}

/** The request id of the page's path; anything else is the page's 404. */
export function approvalIdOf(params: { requestId?: string }): number {
  if (!isRecordId(params.requestId ?? '')) throw data(null, { status: 404 });
  return Number(params.requestId);
}

/** The request's page loader's read: a 404 for a request the caller may not see (another company's, another buyer's). */
export async function approvalOf(context: AppLoadContext, userId: number, requestId: number) {
  try {
    return await context.services.approvals.get(userId, requestId);
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}

export async function approvalPageAction(context: AppLoadContext, userId: number, requestId: number, form: FormData) {
  const intent = String(form.get('intent') ?? '');
  const { approvals } = context.services;
  try {
    if (intent === 'approve') {
      const request = await approvals.approve(userId, requestId);
      const message = request.state === 'placed' ? approvalMessages.placed(request.order_id!) : approvalMessages.notPlaced;
      return data<ApprovalActionSuccess>({ ok: true, intent, message });
    }
    if (intent === 'decline') {
      const parsed = parseForm(form, approvalDeclineSchema);
      if (!parsed.ok) return refusedForm(parsed, intent);
      await approvals.decline(userId, requestId, parsed.value);
      return data<ApprovalActionSuccess>({ ok: true, intent, message: approvalMessages.declined });
    }
    if (intent === 'withdraw') {
      await approvals.withdraw(userId, requestId);
      return data<ApprovalActionSuccess>({ ok: true, intent, message: approvalMessages.withdrawn });
    }
  } catch (error) {
    return failureFrom(error, intent, form);
  }
  return failure('invalid_request', 'Please choose an action on this page.');
}
