/**
 * Your shopping lists (docs/quick-order.md): each list the customer can see, with 'Add to basket'
 * (what could not go in is said here, with a link to the basket). The basket page's "Save as a
 * list" posts here (intent=save) and goes on to the new list. Signed-in customers only; every form
 * is a plain POST, so the page works without JavaScript.
 */
import { Form, Link, useNavigation, type MetaFunction } from 'react-router';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { ListAddedNotice } from '~/components/lists/list-added-notice';
import { listsAction, listsPage, type ListAddedAnswer } from '~/server/quick-order/quick-order.server';
import type { Route } from './+types/lists';

export const meta: MetaFunction = ({ matches }) => [...pageMeta(matches, 'Your shopping lists', 'Your saved shopping lists.'), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return listsPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return listsAction(request, context, null);
}

const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' }).format(new Date(iso));

export default function ListsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, deleted } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const added = actionData && actionData.ok && 'intent' in actionData && actionData.intent === 'add' ? (actionData as ListAddedAnswer) : null;
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-6 lg:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Your shopping lists</h1>
        <Link to="/quick-order" className="text-sm font-semibold text-brand-700 hover:underline">
          Quick order by product code
        </Link>
      </div>
      <p className="mt-2 text-stone-700">Save your basket as a list from the basket page, then add the whole list to your basket whenever you order again.</p>
      <div className="mt-4 space-y-3">
        {deleted ? <FormMessage message={{ tone: 'success', text: `The list "${deleted}" was deleted.` }} testId="list-deleted" /> : null}
        {failed ? <FormMessage message={{ tone: 'error', text: failed.fields?.name ?? failed.message }} testId="lists-error" /> : null}
        {added ? <ListAddedNotice answer={added} /> : null}
      </div>

      {lists.length === 0 ? (
        <div className="card mt-6 p-6 text-center" data-testid="lists-empty">
          <p className="text-stone-700">You have no shopping lists yet.</p>
          <p className="mt-1 text-sm text-stone-600">Fill your basket, then choose &quot;Save as a list&quot; on the basket page.</p>
          <Link to="/checkout" className="btn-primary mt-4 inline-flex">
            Go to your basket
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="lists">
          {lists.map((list) => (
            <li key={list.list_id} className="card flex flex-wrap items-center justify-between gap-3 p-4" data-testid="list-row">
              <div className="min-w-0">
                <Link to={`/lists/${list.list_id}`} className="text-lg font-semibold break-words text-brand-700 hover:underline">
                  {list.name}
                </Link>
                <p className="text-sm text-stone-600">
                  {list.lines} {list.lines === 1 ? 'line' : 'lines'}, {list.packs} {list.packs === 1 ? 'pack' : 'packs'} · saved by {list.saved_by} · changed {day(list.updated)}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="list_id" value={list.list_id} />
                <button type="submit" className="btn-accent" disabled={busy} aria-label={`Add ${list.name} to basket`}>
                  Add to basket
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
