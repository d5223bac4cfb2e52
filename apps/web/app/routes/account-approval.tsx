/**
 * One approval request (/account/approvals/:requestId, the link the e-mails carry), for the
 * buyer who sent it and the company's admins and viewers (anyone else: 404; signed out: sign in
 * and come back): what was asked for at the prices held, why it waits, until when the prices are
 * held, how it will be paid, and what happened. An admin approves it (the order is placed then)
 * or declines it with a reason in a <details>; the buyer may withdraw it. Plain forms
 * (approval-actions.server.ts): all of it works without JavaScript.
 */
import { Form, Link, useNavigation, type MetaFunction } from 'react-router';
import { APPROVAL_HOLD_DAYS, formatPounds } from '@shop/contract/browser';
import type { ApprovalRequestDto } from '@shop/contract';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { ApprovalBadge, londonTime } from '~/components/account/approval-parts';
import { approvalIdOf, approvalOf, approvalPageAction, type ApprovalActionSuccess } from '~/server/account/approval-actions.server';
import { postedForm, type ActionFailure } from '~/server/forms.server';
import type { Route } from './+types/account-approval';

export const meta: MetaFunction = ({ matches }) => [...pageMeta(matches, 'Approval request', 'An order waiting for your company’s approval.'), { name: 'robots', content: 'noindex' }];

const signIn = (requestId: number) => `/signin?return=${encodeURIComponent(`account/approvals/${requestId}`)}`;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const requestId = approvalIdOf(params);
  const userId = await requireCustomer(request, context, signIn(requestId));
  return { approval: await approvalOf(context, userId, requestId), sent: new URL(request.url).searchParams.get('sent') === '1' };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const requestId = approvalIdOf(params);
  const userId = await requireCustomer(request, context, signIn(requestId));
  return approvalPageAction(context, userId, requestId, await postedForm(request));
}

function paymentText(request: ApprovalRequestDto): string {
  if (request.payment_method === 'account') return "On the company's trade account: invoiced when dispatched, paid on the account's terms.";
  return request.state === 'placed'
    ? "Awaiting the buyer's payment: by bank transfer with the order's reference, or by card on the order's page."
    : 'The buyer pays once it is approved: by bank transfer with the order’s reference, or by card on the order’s page.';
}

function Lines({ request }: { request: ApprovalRequestDto }) {
  return (
    <section className="card p-5" aria-labelledby="lines-heading">
      <h2 id="lines-heading" className="text-lg font-semibold text-stone-900">
        What was asked for
      </h2>
      <ul className="mt-3 divide-y divide-stone-200" data-testid="approval-lines">
        {request.lines.map((line) => (
          <li key={line.product_price_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
            <span className="min-w-0 break-words text-stone-900">
              <strong>{line.count} x</strong> {line.item_name}, pack of {line.qty}
              <span className="block text-xs text-stone-600">{formatPounds(line.price)} a pack, held</span>
            </span>
            <span className="font-medium text-stone-900 tabular-nums">{formatPounds(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
        {[
          ['Sub-total (ex VAT)', request.sub_total],
          ...(request.discount > 0 ? [['Discount', -request.discount]] : []),
          ['Delivery (ex VAT)', request.delivery_fee],
          ['VAT', request.total_tax],
        ].map(([label, amount]) => (
          <div key={label as string} className="flex justify-between gap-4">
            <dt className="text-stone-700">{label}</dt>
            <dd className="text-stone-900 tabular-nums">{formatPounds(amount as number)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 text-base font-semibold">
          <dt className="text-stone-900">Total</dt>
          <dd className="text-stone-900 tabular-nums" data-testid="approval-total">
            {formatPounds(request.total)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Decisions({ request, answer, busy }: { request: ApprovalRequestDto; answer: ActionFailure | null; busy: boolean }) {
  const declineRefused = answer?.intent === 'decline' ? answer : null;
  if (!request.can.approve && !request.can.decline && !request.can.withdraw) return null;
  return (
    <section className="card space-y-4 p-5" aria-labelledby="decide-heading" data-testid="approval-decide">
      <h2 id="decide-heading" className="text-lg font-semibold text-stone-900">
        {request.can.approve ? 'Your decision' : 'Changed your mind?'}
      </h2>
      {request.can.approve ? (
        <Form method="post" preventScrollReset className="space-y-2">
          <input type="hidden" name="intent" value="approve" />
          <p className="text-sm text-stone-700">
            Approving places the order now, for {request.buyer.first_name}, at the prices held. If stock or a product changed since, nothing is placed and{' '}
            {request.buyer.first_name} is told what changed.
          </p>
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} data-testid="approve">
            Approve and place the order
          </button>
        </Form>
      ) : null}
      {request.can.decline ? (
        <details open={declineRefused ? true : undefined}>
          <summary className="cursor-pointer text-sm font-medium text-red-700 underline">Decline</summary>
          <Form method="post" preventScrollReset className="mt-3 space-y-2">
            <input type="hidden" name="intent" value="decline" />
            <label htmlFor="decline-reason" className="block text-sm font-medium text-stone-800">
              Reason (we e-mail it to {request.buyer.first_name})
            </label>
            <textarea
              id="decline-reason"
              name="reason"
              rows={3}
              maxLength={300}
              required
              defaultValue={declineRefused?.values?.reason ?? ''}
              aria-invalid={declineRefused?.fields.reason ? true : undefined}
              aria-describedby={declineRefused?.fields.reason ? 'decline-reason-error' : undefined}
              className="block w-full rounded-md border border-stone-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-brand-500"
            />
            {declineRefused?.fields.reason ? (
              <p id="decline-reason-error" className="text-xs text-red-700">
                {declineRefused.fields.reason}
              </p>
            ) : null}
            <button type="submit" className="btn-secondary w-full border-red-300 text-red-800 sm:w-auto" disabled={busy} data-testid="decline">
              Decline the order
            </button>
          </Form>
        </details>
      ) : null}
      {request.can.withdraw ? (
        <Form method="post" preventScrollReset className="space-y-2">
          <input type="hidden" name="intent" value="withdraw" />
          <p className="text-sm text-stone-700">Withdrawing takes the request back: nothing is ordered, and your admins can no longer approve it.</p>
          <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={busy} data-testid="withdraw">
            Withdraw my request
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export default function ApprovalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { approval: request, sent } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const answer = actionData as ActionFailure | ApprovalActionSuccess | undefined;
  const failed = answer && !answer.ok ? answer : null;
  const who = `${request.buyer.first_name} ${request.buyer.last_name}`;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-6 lg:py-10">
      <p className="text-sm">
        <Link to="/account/approvals" className="font-medium text-brand-700 underline">
          Approvals
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Approval request {request.approval_request_id}</h1>
        <ApprovalBadge state={request.state} label={request.state_label} />
      </div>
      <div className="mt-4 space-y-3">
        {sent && request.state === 'waiting' ? (
          <FormMessage
            message={{ tone: 'success', text: `Sent for approval. Your company's admins have been e-mailed. The prices are held until ${londonTime(request.held_until)}; nothing is ordered until an admin approves.` }}
            testId="approval-notice"
          />
        ) : null}
        {answer?.ok ? <FormMessage message={{ tone: 'success', text: answer.message }} testId="approval-notice" /> : null}
        {failed && failed.intent !== 'decline' ? <FormMessage message={{ tone: 'error', text: failed.message }} testId="approval-error" /> : null}
        {failed?.intent === 'decline' && !failed.fields.reason ? <FormMessage message={{ tone: 'error', text: failed.message }} testId="approval-error" /> : null}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0 space-y-6">
          <section className="card p-5" aria-labelledby="why-heading">
            <h2 id="why-heading" className="text-lg font-semibold text-stone-900">
              Why it waits
            </h2>
            <p className="mt-2 text-sm text-stone-800" data-testid="approval-reason">
              {who} sent this order on {londonTime(request.created)}. {request.reason}
            </p>
            <p className="mt-2 text-sm text-stone-700" data-testid="approval-held">
              Prices are held for {APPROVAL_HOLD_DAYS} days, until <strong>{londonTime(request.held_until)}</strong>. {request.state === 'expired' ? 'That time has passed: send the order again to have it approved at today’s prices.' : ''}
            </p>
          </section>
          {request.state !== 'waiting' && request.state !== 'expired' ? (
            <section className="card p-5" aria-labelledby="outcome-heading" data-testid="approval-outcome">
              <h2 id="outcome-heading" className="text-lg font-semibold text-stone-900">
                What happened
              </h2>
              <div className="mt-2 space-y-2 text-sm text-stone-800">
                {request.decided_at ? (
                  <p>
                    {request.state === 'withdrawn' ? `Withdrawn by ${who}` : `${request.state === 'declined' ? 'Declined' : 'Approved'} by ${request.decided_by ?? 'an admin'}`} on {londonTime(request.decided_at)}.
                  </p>
                ) : null}
                {request.decline_reason ? (
                  <p data-testid="approval-decline-reason">
                    Reason: <strong>{request.decline_reason}</strong>
                  </p>
                ) : null}
                {request.changes ? <p data-testid="approval-changes">What changed: {request.changes}</p> : null}
                {request.order_id ? (
                  <p>
                    <Link to={`/order-detail?orderId=${request.order_id}`} className="font-semibold text-brand-700 underline" data-testid="approval-order">
                      See order {request.order_id}
                    </Link>
                  </p>
                ) : null}
              </div>
            </section>
          ) : null}
          <Lines request={request} />
        </div>
        <div className="space-y-6">
          <Decisions request={request} answer={failed} busy={busy} />
          <section className="card p-5 text-sm" aria-labelledby="details-heading">
            <h2 id="details-heading" className="text-lg font-semibold text-stone-900">
              Details
            </h2>
            <dl className="mt-2 space-y-2">
              <div>
                <dt className="text-xs text-stone-600">Buyer</dt>
                <dd className="break-words text-stone-900">
                  {who} <span className="break-all text-stone-600">({request.buyer.email})</span>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-stone-600">Payment</dt>
                <dd className="text-stone-900" data-testid="approval-payment">
                  {paymentText(request)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-stone-600">Delivery address</dt>
                <dd className="break-words text-stone-900">{request.delivery_address ?? 'Deleted since'}</dd>
              </div>
              {request.purchase_order_number ? (
                <div>
                  <dt className="text-xs text-stone-600">Purchase order number</dt>
                  <dd className="text-stone-900">{request.purchase_order_number}</dd>
                </div>
              ) : null}
              {request.note ? (
                <div>
                  <dt className="text-xs text-stone-600">Delivery note</dt>
                  <dd className="break-words text-stone-900">{request.note}</dd>
                </div>
              ) : null}
            </dl>
          </section>
        </div>
      </div>
    </main>
  );
}
