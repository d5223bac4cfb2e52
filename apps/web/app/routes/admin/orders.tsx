/**
 * Orders ('orders:view': every staff role). Tabs with a count per state, a GET
 * filter form (payment method, paid or not, London date range, search by order number, customer
 * name, e-mail or company, delivery contact, purchase order number, postcode or payment
 * reference) and the newest orders first, 50 a page on the
 * server. The warehouse sees no money: only whether an order may be dispatched.
 */
import { Form, Link, useRouteLoaderData } from 'react-router';
import { orderListFilterOf, orderListPage } from '~/server/admin/orders.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { londonDateTime } from '~/components/admin/admin-format';
import { Cell, FilterButtons, FilterInput, FilterSelect, ListHead, ListTable, Paging, StateTabs } from '~/components/admin/admin-kit';
import type { loader as frameLoader } from './layout';
import { TestPaymentBadge } from '~/components/orders/test-payment-badge';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => [{ title: 'Orders - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'orders:view');
  const { filter, query } = orderListFilterOf(new URL(request.url));
  const list = await context.services.orderAdministration.list(filter);
  return orderListPage(staff, filter, query, list);
}

function href(state: string | null, query: Record<string, string>, page = 1): string {
  const params = new URLSearchParams(query);
  if (state) params.set('state', state);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return `/admin/orders${text ? `?${text}` : ''}`;
}

function withoutKey(query: Record<string, string>, key: string): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => name !== key));
}

const TONES: Record<string, string> = {
  ok: 'bg-emerald-100 text-emerald-900',
  wait: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-800',
};

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { seesMoney, state, tabs, query, page, pageSize, total, rows, hidesCancelled } = loaderData;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const filtered = Object.keys(query).length > 0;
  const recordsPayments = useRouteLoaderData<typeof frameLoader>('routes/admin/layout')?.staff.permissions.includes('payments:record') ?? false;
  return (
    <div className="space-y-5">
      <ListHead title="Orders" intro="Newest first. Open an order to record a payment, print its picking list or dispatch it.">
        {recordsPayments ? (
          <Link to="/admin/bank-statements" className="btn-secondary" data-testid="orders-import-statement">
            Import bank statement
          </Link>
        ) : null}
      </ListHead>

      <StateTabs
        label="Orders by state"
        testId="order-tabs"
        current={state ?? ''}
        tabs={tabs.map((tab) => ({
          key: tab.state ?? '',
          to: href(tab.state, query),
          label: (
            <>
              {tab.label} <span className="tabular-nums">({tab.count})</span>
            </>
          ),
        }))}
      />

      {hidesCancelled ? (
        <p className="text-sm text-stone-700" data-testid="cancelled-hidden">
          Cancelled orders are left out.{' '}
          <Link to={href(state, withoutKey(query, 'cancelled'))} className="font-medium text-brand-700 hover:underline">
            Show them too
          </Link>
        </p>
      ) : null}

      <Form method="get" className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-end" data-testid="order-filters">
        {state ? <input type="hidden" name="state" value={state} /> : null}
        {hidesCancelled ? <input type="hidden" name="cancelled" value="hide" /> : null}
        <FilterInput
          label="Search"
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          placeholder="Number, name, company, PO, postcode"
          title="Order number, customer name, e-mail or company, delivery contact, purchase order number, postcode or payment reference"
        />
        <FilterSelect
          label="Payment method"
          name="method"
          value={query.method}
          options={[
            ['paypal', 'Card / PayPal'],
            ['bank', 'Bank transfer'],
            ['account', 'On account'],
          ]}
        />
        <FilterSelect
          label="Paid"
          name="paid"
          value={query.paid}
          options={[
            ['paid', 'Paid in full'],
            ['unpaid', 'Money due'],
            ['refund_due', 'Refund due'],
          ]}
        />
        <FilterInput label="From" name="from" type="date" defaultValue={query.from ?? ''} />
        <FilterInput label="To" name="to" type="date" defaultValue={query.to ?? ''} />
        <FilterButtons clear={filtered ? href(state, {}) : null} />
      </Form>

      <ListTable
        id="orders-heading"
        title="Orders found"
        testId="orders-table"
        columns={[
          'Order',
          'Placed',
          'Customer',
          // Below 1024 px the postcode sits under the customer and the packs are left out, so the state stays on screen.
          { label: 'Postcode', className: 'hidden lg:table-cell' },
          { label: 'Packs', right: true, className: 'hidden lg:table-cell' },
          ...(seesMoney ? [{ label: 'Total', right: true }] : []),
          'State and payment',
        ]}
        items={rows}
        empty={filtered ? 'No order matches these filters.' : 'No orders here yet.'}
        row={(row) => (
          <tr key={row.orderId}>
            <Cell>
              <Link to={`/admin/orders/${row.orderId}`} className="font-semibold text-brand-700 hover:underline">
                #{row.orderId}
              </Link>
            </Cell>
            <Cell className="lg:whitespace-nowrap">{londonDateTime(row.created)}</Cell>
            <Cell>
              {row.customerName}
              <span className="block text-xs whitespace-nowrap text-stone-600 lg:hidden">{row.postCode}</span>
            </Cell>
            <Cell nowrap className="hidden lg:table-cell">
              {row.postCode}
            </Cell>
            <Cell right className="hidden lg:table-cell">
              {row.packs}
            </Cell>
            {seesMoney ? <Cell right>{row.total}</Cell> : null}
            <Cell nowrap>
              <span className="block font-medium text-stone-900">{row.state}</span>
              {row.payment ? <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${TONES[row.paymentTone]}`}>{row.payment}</span> : null}
              {seesMoney ? <span className="ml-1 text-xs text-stone-500">{row.method}</span> : null}
              {row.testPayment ? <TestPaymentBadge className="ml-1" /> : null}
            </Cell>
          </tr>
        )}
      />

      <Paging
        label="Pages of orders"
        testId="orders-count"
        count={total === 0 ? 'No orders' : `${first}-${last} of ${total} orders`}
        previous={page > 1 ? href(state, query, page - 1) : null}
        next={last < total ? href(state, query, page + 1) : null}
      />
    </div>
  );
}
