/**
 * One shopping list (/lists/:listId): its lines with today's prices (a pack no longer sold is
 * marked and left out when the list is added), 'Add to basket', rename, and delete behind a
 * confirmation (a <details>, so it works without JavaScript). A list the customer cannot see
 * is a 404.
 */
import { Form, Link, useNavigation, type MetaFunction } from 'react-router';
import { formatPounds } from '@shop/contract/browser';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { ListAddedNotice } from '~/components/lists/list-added-notice';
import { listIdOf, listPage, listsAction, type ListAddedAnswer } from '~/server/quick-order/quick-order.server';
import type { Route } from './+types/list';

export const meta: MetaFunction = ({ matches }) => [...pageMeta(matches, 'Shopping list', 'A saved shopping list.'), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return listPage(request, context, listIdOf(params));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return listsAction(request, context, listIdOf(params));
}

export default function ListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, saved } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const answer = actionData && actionData.ok && 'intent' in actionData ? actionData : null;
  const added = answer?.intent === 'add' ? (answer as ListAddedAnswer) : null;
  const renamed = answer?.intent === 'rename' && 'message' in answer ? answer.message : null;
  const failed = actionData && !actionData.ok ? actionData : null;
  const renameError = failed?.intent === 'rename' ? (failed.fields?.name ?? failed.message) : null;
  const total = list.items.reduce((sum, line) => sum + (line.price ?? 0) * line.count, 0);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-6 lg:py-8">
      <p className="text-sm">
        <Link to="/lists" className="text-brand-700 hover:underline">
          Your shopping lists
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-stone-900 sm:text-3xl" data-testid="list-name">
          {list.name}
        </h1>
        <Form method="post">
          <input type="hidden" name="intent" value="add" />
          <button type="submit" className="btn-accent px-5" disabled={busy} data-testid="add-list-to-basket">
            Add list to basket
          </button>
        </Form>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {list.lines} {list.lines === 1 ? 'line' : 'lines'}, {list.packs} {list.packs === 1 ? 'pack' : 'packs'} · saved by {list.saved_by}
      </p>

      <div className="mt-4 space-y-3">
        {saved ? <FormMessage message={{ tone: 'success', text: `Your basket is saved as the list "${list.name}".` }} testId="list-saved" /> : null}
        {renamed ? <FormMessage message={{ tone: 'success', text: renamed }} testId="list-renamed" /> : null}
        {failed && failed.intent !== 'rename' ? <FormMessage message={{ tone: 'error', text: failed.message }} testId="list-error" /> : null}
        {added ? <ListAddedNotice answer={added} /> : null}
      </div>

      <div className="card mt-5 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="list-lines">
          <caption className="sr-only">Lines of {list.name}</caption>
          <thead className="bg-stone-100 text-xs font-semibold text-stone-700 sm:text-sm">
            <tr>
              <th scope="col" className="px-3 py-2.5">
                Item
              </th>
              <th scope="col" className="hidden px-3 py-2.5 sm:table-cell">
                Code
              </th>
              <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                Pack
              </th>
              <th scope="col" className="px-3 py-2.5 text-right">
                Packs
              </th>
              <th scope="col" className="px-3 py-2.5 text-right">
                Total<span className="hidden sm:inline"> today</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {list.items.map((line, index) => (
              <tr key={index} className={line.on_sale ? '' : 'bg-stone-50 text-stone-500'} data-testid="list-line">
                <td className="px-3 py-2.5">
                  {line.on_sale && line.product_id !== null ? (
                    <Link to={`/product-detail?productCode=${line.product_id}`} className="font-medium text-stone-900 hover:underline">
                      {line.item_name}
                    </Link>
                  ) : (
                    <span className="font-medium">{line.item_name}</span>
                  )}
                  {line.product_code ? <span className="block font-mono text-xs text-stone-600 sm:hidden">{line.product_code}</span> : null}
                  {!line.on_sale ? <span className="block text-xs font-semibold text-red-800">No longer sold</span> : null}
                </td>
                <td className="hidden px-3 py-2.5 font-mono text-xs sm:table-cell">{line.product_code ?? ''}</td>
                <td className="px-3 py-2.5 whitespace-nowrap">of {line.qty}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{line.count}</td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{line.price === null ? '–' : formatPounds(line.price * line.count)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-stone-300 font-semibold text-stone-900">
              <td className="px-3 py-2.5" colSpan={3}>
                Today, ex VAT
              </td>
              <td className="hidden sm:table-cell" />
              <td className="px-3 py-2.5 text-right tabular-nums">{formatPounds(Math.round(total * 100) / 100)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Form method="post" className="card p-4" data-testid="rename-list">
          <input type="hidden" name="intent" value="rename" />
          <label htmlFor="list-name" className="form-label">
            Rename this list
          </label>
          <div className="flex gap-2">
            <input
              id="list-name"
              name="name"
              required
              maxLength={100}
              defaultValue={failed?.intent === 'rename' ? (failed.values?.name ?? list.name) : list.name}
              key={list.name}
              aria-invalid={renameError ? true : undefined}
              aria-describedby={renameError ? 'list-name-error' : undefined}
              className="form-input min-w-0 flex-1"
            />
            <button type="submit" className="btn-secondary" disabled={busy}>
              Rename
            </button>
          </div>
          {renameError ? (
            <p id="list-name-error" className="field-error">
              {renameError}
            </p>
          ) : null}
        </Form>
        <details className="card p-4" data-testid="delete-list">
          <summary className="cursor-pointer font-medium text-red-800">Delete this list</summary>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="delete" />
            <p className="text-sm text-stone-700">Delete &quot;{list.name}&quot;? Your basket and orders are not changed.</p>
            <button type="submit" className="mt-3 inline-flex justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60" disabled={busy} data-testid="confirm-delete-list">
              Yes, delete the list
            </button>
          </Form>
        </details>
      </div>
    </main>
  );
}
