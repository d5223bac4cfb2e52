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
import { Cell, ListHead, ListTable, useAdminAnswer } from '~/components/admin/admin-kit';
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
      <ListHead
        title="Price lists"
        intro={
          <span className="block max-w-3xl">
            A price list gives the customers on it their own prices: a fixed price for a pack, or a percentage off a size or a whole category. Signed in, they see these
            prices everywhere in the shop, marked &ldquo;Your trade price&rdquo;; where two prices apply, the lower one wins. Everyone else sees the normal prices.
          </span>
        }
      />

      <ListTable
        id="lists-heading"
        title="All price lists"
        titleShown
        testId="price-lists"
        columns={['Name', { label: 'Prices', right: true }, { label: 'Customers', right: true }]}
        items={lists}
        empty="No price lists yet: start one below."
        emptyAs="text"
        row={(list) => (
          <tr key={list.priceListId}>
            <Cell>
              <Link to={`/admin/price-lists/${list.priceListId}`} className="font-medium text-brand-700 hover:underline">
                {list.name}
              </Link>
            </Cell>
            <Cell right>{list.entryCount}</Cell>
            <Cell right>{list.customerCount}</Cell>
          </tr>
        )}
      />

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
