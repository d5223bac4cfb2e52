/**
 * The quotes queue ('sales-desk': owner and manager): requests to price (oldest first), sent,
 * accepted, expired and withdrawn quotes, chosen by links (?state=), so it works without
 * JavaScript. Each opens the quote's page.
 */
import { Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { isQueueState, QUEUE_LABELS, QUOTE_QUEUE_STATES } from '~/server/admin/quotes.server';
import { calendarDate, londonDate, pounds } from '~/components/admin/admin-format';
import { Cell, ListHead, ListTable, StateTabs } from '~/components/admin/admin-kit';
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
      <ListHead title="Quotes" intro="Customers' requests for a price. Open one to price it and send it; the customer accepts it online.">
        <Link to="/admin/phone-order" className="btn-secondary">
          Take an order by phone
        </Link>
      </ListHead>
      <StateTabs label="Quotes by state" tabs={states.map((s) => ({ ...s, to: `/admin/quotes?state=${s.key}` }))} current={state} />
      <ListTable
        id="quotes-heading"
        title="Quotes"
        testId="quotes-table"
        columns={['Quote', 'Customer', 'Asked for', 'Requested', 'Needed by', { label: 'Goods ex-VAT', right: true }, 'State']}
        items={quotes}
        empty="No quotes here."
        row={(q) => (
          <tr key={q.quoteId}>
            <Cell nowrap>
              <Link to={`/admin/quotes/${q.quoteId}`} className="font-medium text-brand-700 hover:underline">
                {q.number}
              </Link>
            </Cell>
            <Cell>
              {q.customerName}
              <span className="block text-xs break-all text-stone-500">{q.customerEmail}</span>
            </Cell>
            <Cell className="max-w-xs min-w-48">{q.itemSummary}</Cell>
            <Cell nowrap>{londonDate(q.requestedAt)}</Cell>
            <Cell nowrap>{q.neededBy ? calendarDate(q.neededBy) : ''}</Cell>
            <Cell right>{q.subTotalPence === null ? '' : pounds(q.subTotalPence)}</Cell>
            <Cell nowrap>
              {q.stateLabel}
              {q.orderId ? (
                <Link to={`/admin/orders/${q.orderId}`} className="ml-1 text-brand-700 hover:underline">
                  order {q.orderId}
                </Link>
              ) : null}
            </Cell>
          </tr>
        )}
      />
    </div>
  );
}
