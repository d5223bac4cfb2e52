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
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Orders</h1>
          <p className="mt-1 text-sm text-stone-600">Newest first. Open an order to record a payment, print its picking list or dispatch it.</p>
        </div>
        {recordsPayments ? (
          <Link to="/admin/bank-statements" className="btn-secondary" data-testid="orders-import-statement">
            Import bank statement
          </Link>
        ) : null}
      </div>

      <nav aria-label="Orders by state" className="flex flex-wrap gap-2" data-testid="order-tabs">
        {tabs.map((tab) => {
          const current = tab.state === state;
          return (
            <Link
              key={tab.label}
              to={href(tab.state, query)}
              aria-current={current ? 'page' : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${current ? 'border-brand-600 bg-brand-600 text-white' : 'border-stone-300 bg-white text-stone-800 hover:border-brand-500'}`}
            >
              {tab.label} <span className="tabular-nums">({tab.count})</span>
            </Link>
          );
        })}
      </nav>

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
        <label className="block text-sm">
          <span className="font-medium text-stone-800">Search</span>
          <input name="q" type="search" defaultValue={query.q ?? ''} placeholder="Number, name, company, PO, postcode" title="Order number, customer name, e-mail or company, delivery contact, purchase order number, postcode or payment reference" className="form-input mt-1 w-full" />
        </label>
        <label className="block text-sm">
          <span className="font-medium text-stone-800">Payment method</span>
          <select name="method" defaultValue={query.method ?? ''} className="form-input mt-1 w-full">
            <option value="">Any</option>
            <option value="paypal">Card / PayPal</option>
            <option value="bank">Bank transfer</option>
            <option value="account">On account</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="font-medium text-stone-800">Paid</span>
          <select name="paid" defaultValue={query.paid ?? ''} className="form-input mt-1 w-full">
            <option value="">Any</option>
            <option value="paid">Paid in full</option>
            <option value="unpaid">Money due</option>
            <option value="refund_due">Refund due</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="font-medium text-stone-800">From</span>
          <input name="from" type="date" defaultValue={query.from ?? ''} className="form-input mt-1 w-full" />
        </label>
        <label className="block text-sm">
          <span className="font-medium text-stone-800">To</span>
          <input name="to" type="date" defaultValue={query.to ?? ''} className="form-input mt-1 w-full" />
        </label>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            Filter
          </button>
          {filtered ? (
            <Link to={href(state, {})} className="btn-secondary">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      <section className="card overflow-x-auto" aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="sr-only">
          Orders found
        </h2>
        <table className="w-full text-left text-sm" data-testid="orders-table">
          <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">Order</th>
              <th scope="col" className="px-4 py-2.5">Placed</th>
              <th scope="col" className="px-4 py-2.5">Customer</th>
              {/* Below 1024 px the postcode sits under the customer and the packs are left out, so the state stays on screen. */}
              <th scope="col" className="hidden px-4 py-2.5 lg:table-cell">Postcode</th>
              <th scope="col" className="hidden px-4 py-2.5 text-right lg:table-cell">Packs</th>
              {seesMoney ? (
                <th scope="col" className="px-4 py-2.5 text-right">
                  Total
                </th>
              ) : null}
              <th scope="col" className="px-4 py-2.5">State and payment</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.orderId}>
                <td className="px-4 py-2.5">
                  <Link to={`/admin/orders/${row.orderId}`} className="font-semibold text-brand-700 hover:underline">
                    #{row.orderId}
                  </Link>
                </td>
                <td className="px-4 py-2.5 lg:whitespace-nowrap">{londonDateTime(row.created)}</td>
                <td className="px-4 py-2.5">
                  {row.customerName}
                  <span className="block text-xs whitespace-nowrap text-stone-600 lg:hidden">{row.postCode}</span>
                </td>
                <td className="hidden px-4 py-2.5 whitespace-nowrap lg:table-cell">{row.postCode}</td>
                <td className="hidden px-4 py-2.5 text-right tabular-nums lg:table-cell">{row.packs}</td>
                {seesMoney ? <td className="px-4 py-2.5 text-right tabular-nums">{row.total}</td> : null}
                <td className="px-4 py-2.5 whitespace-nowrap">
                  <span className="block font-medium text-stone-900">{row.state}</span>
                  {row.payment ? <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${TONES[row.paymentTone]}`}>{row.payment}</span> : null}
                  {seesMoney ? <span className="ml-1 text-xs text-stone-500">{row.method}</span> : null}
                  {row.testPayment ? <TestPaymentBadge className="ml-1" /> : null}
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={seesMoney ? 7 : 6} className="px-4 py-8 text-center text-stone-600">
                  {filtered ? 'No order matches these filters.' : 'No orders here yet.'}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>

      <nav aria-label="Pages of orders" className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600">
        <p data-testid="orders-count">{total === 0 ? 'No orders' : `${first}-${last} of ${total} orders`}</p>
        <div className="flex gap-2">
          {page > 1 ? (
            <Link className="btn-secondary px-3 py-1.5" to={href(state, query, page - 1)} rel="prev">
              Previous
            </Link>
          ) : null}
          {last < total ? (
            <Link className="btn-secondary px-3 py-1.5" to={href(state, query, page + 1)} rel="next">
              Next
            </Link>
          ) : null}
        </div>
      </nav>
    </div>
  );
}
