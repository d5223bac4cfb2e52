/**
 * Customers ('customers:view': owner and manager, not the warehouse): search by
 * name, e-mail, company, phone or the postcode of any saved address, a page at a time on the
 * server (GET form: works without JavaScript, the URL keeps the search).
 */
import { Form, Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { londonDate } from '~/components/admin/admin-format';
import type { Route } from './+types/customers';

export const meta: Route.MetaFunction = () => [{ title: 'Customers - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'customers:view');
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return context.services.customerDirectory.search(q, Number.isSafeInteger(page) && page > 0 ? page : 1);
}

function pageHref(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/customers${query ? `?${query}` : ''}`;
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { query, page, pageCount, total, customers, pageSize } = loaderData;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Customers</h1>
          <p className="mt-1 text-sm text-stone-600">Find a customer by name, e-mail, company, phone or the postcode of a saved address.</p>
        </div>
        <Form method="get" role="search" className="flex w-full max-w-md gap-2" data-testid="customer-search">
          <label htmlFor="customer-q" className="sr-only">
            Search customers
          </label>
          <input id="customer-q" name="q" type="search" defaultValue={query} placeholder="Name, e-mail, company, phone, postcode" className="form-input min-w-0 flex-1" />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </Form>
      </div>

      <section className="card overflow-x-auto" aria-labelledby="customers-heading">
        <h2 id="customers-heading" className="sr-only">
          Customers found
        </h2>
        <table className="w-full text-left text-sm" data-testid="customers-table">
          <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">Customer</th>
              <th scope="col" className="px-4 py-2.5">Company</th>
              <th scope="col" className="px-4 py-2.5">Phone</th>
              <th scope="col" className="px-4 py-2.5 text-right">Orders</th>
              <th scope="col" className="px-4 py-2.5">Joined</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {customers.map((c) => (
              <tr key={c.userId} className={c.disabled ? 'text-stone-500' : ''}>
                <td className="px-4 py-2.5">
                  <Link to={`/admin/customers/${c.userId}`} className="font-medium text-brand-700 hover:underline">
                    {c.name}
                  </Link>
                  {c.closed ? (
                    <span className="ml-2 rounded bg-stone-200 px-1.5 py-0.5 text-xs font-medium text-stone-800">Closed</span>
                  ) : (
                    c.disabled && <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">Disabled</span>
                  )}
                  <span className="block text-xs break-all text-stone-500">{c.email}</span>
                </td>
                <td className="px-4 py-2.5">{c.companyName ?? ''}</td>
                <td className="px-4 py-2.5 whitespace-nowrap">{c.phone}</td>
                <td className="px-4 py-2.5 text-right tabular-nums">{c.orderCount}</td>
                <td className="px-4 py-2.5 whitespace-nowrap">{londonDate(c.joinedAt)}</td>
              </tr>
            ))}
            {customers.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-8 text-center text-stone-600">
                  {query ? `No customer matches "${query}".` : 'No customers yet.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>

      <nav aria-label="Pages of customers" className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600">
        <p data-testid="customers-count">{total === 0 ? 'No customers' : `${first}-${last} of ${total} customers`}</p>
        <div className="flex gap-2">
          {page > 1 ? (
            <Link className="btn-secondary px-3 py-1.5" to={pageHref(query, page - 1)} rel="prev">
              Previous
            </Link>
          ) : null}
          {page < pageCount ? (
            <Link className="btn-secondary px-3 py-1.5" to={pageHref(query, page + 1)} rel="next">
              Next
            </Link>
          ) : null}
        </div>
      </nav>
    </div>
  );
}
