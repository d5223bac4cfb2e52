/**
 * The quotes queue ('sales-desk': owner and manager): requests to price (oldest first), sent,
 * accepted, expired and withdrawn quotes, chosen by links (?state=), so it works without
 * JavaScript. Each opens the quote's page.
 */
import { Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { isQueueState, QUEUE_LABELS, QUOTE_QUEUE_STATES } from '~/server/admin/quotes.server';
import { calendarDate, londonDate, pounds } from '~/components/admin/admin-format';
import type { Route } from './+types/quotes';

export const meta: Route.MetaFunction = () => [{ title: 'Quotes - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'sales-desk');
  const asked = new URL(request.url).searchParams.get('state');
  const state = isQueueState(asked) ? asked : 'requested';
  const quotes = (await context.services.quotes.queue(state)).map((q) => ({ ...q, stateLabel: QUEUE_LABELS[q.state] }));
  return { state, quotes, states: QUOTE_QUEUE_STATES.map((s) => ({ key: s, label: QUEUE_LABELS[s] })) };
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { state, quotes, states } = loaderData;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Quotes</h1>
          <p className="mt-1 text-sm text-stone-600">Customers' requests for a price. Open one to price it and send it; the customer accepts it online.</p>
        </div>
        <Link to="/admin/phone-order" className="btn-secondary">
          Take an order by phone
        </Link>
      </div>
      <nav aria-label="Quotes by state" className="flex flex-wrap gap-2">
        {states.map((s) => (
          <Link
            key={s.key}
            to={`/admin/quotes?state=${s.key}`}
            aria-current={s.key === state ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${s.key === state ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'}`}
          >
            {s.label}
          </Link>
        ))}
      </nav>
      <section className="card overflow-x-auto" aria-labelledby="quotes-heading">
        <h2 id="quotes-heading" className="sr-only">
          Quotes
        </h2>
        <table className="w-full text-left text-sm" data-testid="quotes-table">
          <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">Quote</th>
              <th scope="col" className="px-4 py-2.5">Customer</th>
              <th scope="col" className="px-4 py-2.5">Asked for</th>
              <th scope="col" className="px-4 py-2.5">Requested</th>
              <th scope="col" className="px-4 py-2.5">Needed by</th>
              <th scope="col" className="px-4 py-2.5 text-right">Goods ex-VAT</th>
              <th scope="col" className="px-4 py-2.5">State</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {quotes.map((q) => (
              <tr key={q.quoteId}>
                <td className="px-4 py-2.5 whitespace-nowrap">
                  <Link to={`/admin/quotes/${q.quoteId}`} className="font-medium text-brand-700 hover:underline">
                    {q.number}
                  </Link>
                </td>
                <td className="px-4 py-2.5">
                  {q.customerName}
                  <span className="block text-xs break-all text-stone-500">{q.customerEmail}</span>
                </td>
                <td className="max-w-xs min-w-48 px-4 py-2.5">{q.itemSummary}</td>
                <td className="px-4 py-2.5 whitespace-nowrap">{londonDate(q.requestedAt)}</td>
                <td className="px-4 py-2.5 whitespace-nowrap">{q.neededBy ? calendarDate(q.neededBy) : ''}</td>
                <td className="px-4 py-2.5 text-right tabular-nums">{q.subTotalPence === null ? '' : pounds(q.subTotalPence)}</td>
                <td className="px-4 py-2.5 whitespace-nowrap">
                  {q.stateLabel}
                  {q.orderId ? (
                    <Link to={`/admin/orders/${q.orderId}`} className="ml-1 text-brand-700 hover:underline">
                      order {q.orderId}
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
            {quotes.length === 0 && (
              <tr>
                <td colSpan={7} className="px-4 py-8 text-center text-stone-600">
                  No quotes here.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </div>
  );
}
