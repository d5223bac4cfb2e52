/**
 * Price lists ('price-lists:manage': owner, manager): every list with how many prices and
 * customers it has, and a form to start a new one (a plain POST, then the new list's page).
 * A customer on a list sees its prices wherever the shop shows a price (docs/price-lists.md).
 */
import { Form, Link, redirect } from 'react-router';
import { adminAction } from '~/server/admin/admin-page.server';
import { priceListsFormSchema } from '~/server/admin/price-lists.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import type { Route } from './+types/price-lists';

export const meta: Route.MetaFunction = () => [{ title: 'Price lists - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'price-lists:manage');
  return { lists: await context.services.priceLists.list() };
}

export const action = adminAction({
  permission: 'price-lists:manage',
  schema: priceListsFormSchema,
  keep: ['name'],
  keepMax: 200,
  async run({ value, staff, context }) {
    const priceListId = await context.services.priceLists.create(staff.staffId, value.name);
    return redirect(`/admin/price-lists/${priceListId}`);
  },
});

export default function PriceListsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lists } = loaderData;
  const { failed, errorOf } = useAdminAnswer(actionData);
  const nameError = errorOf('create', 'name');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Price lists</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          A price list gives the customers on it their own prices: a fixed price for a pack, or a percentage off a size or a whole category. Signed in, they see
          these prices everywhere in the shop, marked &ldquo;Your trade price&rdquo;; where two prices apply, the lower one wins. Everyone else sees the normal prices.
        </p>
      </div>

      <section className="card overflow-x-auto" aria-labelledby="lists-heading">
        <h2 id="lists-heading" className="px-5 pt-4 text-lg font-semibold text-stone-900">
          All price lists
        </h2>
        {lists.length === 0 ? (
          <p className="px-5 pt-2 pb-4 text-sm text-stone-600">No price lists yet: start one below.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm" data-testid="price-lists">
            <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2.5">Name</th>
                <th scope="col" className="px-4 py-2.5 text-right">Prices</th>
                <th scope="col" className="px-4 py-2.5 text-right">Customers</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {lists.map((list) => (
                <tr key={list.priceListId}>
                  <td className="px-4 py-2.5">
                    <Link to={`/admin/price-lists/${list.priceListId}`} className="font-medium text-brand-700 hover:underline">
                      {list.name}
                    </Link>
                  </td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{list.entryCount}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{list.customerCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="card p-5" aria-labelledby="new-heading">
        <h2 id="new-heading" className="text-lg font-semibold text-stone-900">
          New price list
        </h2>
        {failed && !nameError ? <AdminMessage tone="error">{failed.message}</AdminMessage> : null}
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <div className="min-w-0 flex-1 sm:max-w-md">
            <AdminField id="list-name" name="name" label="Name" required maxLength={100} placeholder="For example: Trade customers 2027" defaultValue={failed?.values.name ?? ''} error={nameError} />
          </div>
          <button type="submit" className="btn-primary">
            Create price list
          </button>
        </Form>
      </section>
    </div>
  );
}
