/**
 * Customers ('customers:view': owner and manager, not the warehouse): search by
 * name, e-mail, company, phone or the postcode of any saved address, a page at a time on the
 * server (GET form: works without JavaScript, the URL keeps the search).
 */
import { Form, Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { londonDate } from '~/components/admin/admin-format';
import { Cell, ListHead, ListTable, Paging } from '~/components/admin/admin-kit';
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
      <ListHead title="Customers" intro="Find a customer by name, e-mail, company, phone or the postcode of a saved address.">
        <Form method="get" role="search" className="flex w-full max-w-md gap-2" data-testid="customer-search">
          <label htmlFor="customer-q" className="sr-only">
            Search customers
          </label>
          <input id="customer-q" name="q" type="search" defaultValue={query} placeholder="Name, e-mail, company, phone, postcode" className="form-input min-w-0 flex-1" />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </Form>
      </ListHead>

      <ListTable
        id="customers-heading"
        title="Customers found"
        testId="customers-table"
        columns={['Customer', 'Company', 'Phone', { label: 'Orders', right: true }, 'Joined']}
        items={customers}
        empty={query ? `No customer matches "${query}".` : 'No customers yet.'}
        row={(c) => (
          <tr key={c.userId} className={c.disabled ? 'text-stone-500' : ''}>
            <Cell>
              <Link to={`/admin/customers/${c.userId}`} className="font-medium text-brand-700 hover:underline">
                {c.name}
              </Link>
              {c.closed ? (
                <span className="ml-2 rounded bg-stone-200 px-1.5 py-0.5 text-xs font-medium text-stone-800">Closed</span>
              ) : (
                c.disabled && <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">Disabled</span>
              )}
              <span className="block text-xs break-all text-stone-500">{c.email}</span>
            </Cell>
            <Cell>{c.companyName ?? ''}</Cell>
            <Cell nowrap>{c.phone}</Cell>
            <Cell right>{c.orderCount}</Cell>
            <Cell nowrap>{londonDate(c.joinedAt)}</Cell>
          </tr>
        )}
      />

      <Paging
        label="Pages of customers"
        testId="customers-count"
        count={total === 0 ? 'No customers' : `${first}-${last} of ${total} customers`}
        previous={page > 1 ? pageHref(query, page - 1) : null}
        next={page < pageCount ? pageHref(query, page + 1) : null}
      />
    </div>
  );
}
