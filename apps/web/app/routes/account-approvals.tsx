/**
 * My account's approval requests (docs/companies.md): for a buyer, the orders they sent for
 * approval and their state; for the company's admins (and viewers), every request of the company,
 * those waiting for a decision first. Each opens its page (account-approval.tsx) to approve,
 * decline or withdraw. A read only: it works without JavaScript.
 */
import { Link, type MetaFunction } from 'react-router';
import { APPROVAL_HOLD_DAYS, formatPounds } from '@shop/contract/browser';
import type { ApprovalRequestDto } from '@shop/contract';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { ApprovalBadge, londonTime } from '~/components/account/approval-parts';
import type { Route } from './+types/account-approvals';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Approvals', 'Orders over a spending limit, waiting for your company’s approval.'),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, '/signin?return=account/approvals');
  const membership = await context.services.companies.membershipOf(userId);
  return { role: membership?.role ?? null, requests: await context.services.approvals.list(userId) };
}

function RequestCard({ request, showBuyer }: { request: ApprovalRequestDto; showBuyer: boolean }) {
  const packs = request.lines.reduce((sum, line) => sum + line.count, 0);
  return (
    <li className="card p-4" data-testid="approval-request" data-request={request.approval_request_id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            <Link to={`/account/approvals/${request.approval_request_id}`} className="text-brand-700 underline hover:text-brand-800">
              Request {request.approval_request_id}
            </Link>
            <span className="ml-2 font-normal text-stone-700 tabular-nums">{formatPounds(request.total)}</span>
          </p>
          {showBuyer ? (
            <p className="text-sm break-words text-stone-700">
              {request.buyer.first_name} {request.buyer.last_name}
            </p>
          ) : null}
        </div>
        <ApprovalBadge state={request.state} label={request.state_label} />
      </div>
      <p className="mt-2 text-sm text-stone-700">
        {packs} {packs === 1 ? 'pack' : 'packs'} of {request.lines.length} {request.lines.length === 1 ? 'item' : 'items'}, sent {londonTime(request.created)}.
      </p>
      {request.state === 'waiting' ? <p className="mt-1 text-xs text-stone-600">Prices held until {londonTime(request.held_until)}.</p> : null}
    </li>
  );
}

export default function ApprovalsPage({ loaderData }: Route.ComponentProps) {
  const { role, requests } = loaderData;
  const oversees = role === 'admin' || role === 'viewer';
  const waiting = requests.filter((r) => r.state === 'waiting');
  const others = requests.filter((r) => r.state !== 'waiting');
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-6 lg:py-10">
      <p className="text-sm">
        <Link to="/account" className="font-medium text-brand-700 underline">
          My Account
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Approvals</h1>
      <p className="mt-2 max-w-3xl text-sm text-stone-700">
        {oversees
          ? `Orders of your company's buyers that are over their spending limit wait here for an admin. Their prices are held for ${APPROVAL_HOLD_DAYS} days; nothing is ordered until an admin approves.`
          : `Orders over your spending limit wait here for your company's admin. Their prices are held for ${APPROVAL_HOLD_DAYS} days; nothing is ordered until an admin approves.`}
      </p>
      {role === null ? (
        <p className="mt-4 text-sm text-stone-700" data-testid="no-company">
          Your account is not part of a company, so nothing needs approval.
        </p>
      ) : (
        <>
          <section className="mt-6" aria-labelledby="waiting-heading">
            <h2 id="waiting-heading" className="text-lg font-semibold text-stone-900">
              {role === 'admin' ? 'Waiting for your approval' : 'Waiting'} ({waiting.length})
            </h2>
            {waiting.length === 0 ? (
              <p className="mt-2 text-sm text-stone-600">Nothing is waiting.</p>
            ) : (
              <ul className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="approvals-waiting">
                {waiting.map((request) => (
                  <RequestCard key={request.approval_request_id} request={request} showBuyer={oversees} />
                ))}
              </ul>
            )}
          </section>
          {others.length > 0 ? (
            <section className="mt-8" aria-labelledby="decided-heading">
              <h2 id="decided-heading" className="text-lg font-semibold text-stone-900">
                Decided and expired
              </h2>
              <ul className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="approvals-decided">
                {others.map((request) => (
                  <RequestCard key={request.approval_request_id} request={request} showBuyer={oversees} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </main>
  );
}
