/**
 * Quick order (docs/quick-order.md): product codes with numbers of packs, typed in rows, pasted
 * one per line (from a spreadsheet too) or uploaded as a CSV file, checked line by line and added
 * to the basket in one step. The answer says what went in and, for each line that did not, its
 * line, its code and why; those lines come back in the paste box to correct. One multipart form
 * post: it works without JavaScript. Visitors may use it too (their basket is their session's).
 */
import { Form, Link, useNavigation, type MetaFunction } from 'react-router';
import { QUICK_ORDER_LINES_MAX, QUICK_ORDER_PAGE_ROWS, type QuickOrderSource } from '@shop/contract/browser';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { visitorOf } from '~/session.server';
import { quickOrderAction, type QuickOrderAnswer } from '~/server/quick-order/quick-order.server';
import type { Route } from './+types/quick-order';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Quick order', 'Order by product code: type, paste or upload your product codes and quantities and add them to your basket in one go.'),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await visitorOf(request, context);
  return { signedIn: visitor.userId !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return quickOrderAction(request, context);
}

/** How a line is named in the answer: by the box it was typed in. */
export function lineLabel(source: QuickOrderSource, line: number): string {
  return source === 'row' ? `Row ${line}` : source === 'csv' ? `CSV line ${line}` : `Line ${line}`;
}

const packsOf = (count: number) => `${count} ${count === 1 ? 'pack' : 'packs'}`;

export default function QuickOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const answer = actionData && actionData.ok ? (actionData as QuickOrderAnswer) : null;
  const failed = actionData && !actionData.ok ? actionData : null;
  // After a submit the rows start empty and the paste box holds only what could not be added.
  const pasted = answer ? answer.retryText : (failed?.values?.text ?? '');
  const typed = (name: string) => (answer ? '' : (failed?.values?.[name] ?? ''));
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-6 lg:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Quick order</h1>
        {loaderData.signedIn ? (
          <Link to="/lists" className="text-sm font-semibold text-brand-700 hover:underline">
            Your shopping lists
          </Link>
        ) : null}
      </div>
      <p className="mt-2 text-stone-700">
        Know your product codes? Type them below, paste them from a spreadsheet or upload a CSV file, with the number of packs of each. We check every line and add what we can
        to your basket in one go.
      </p>

      {answer ? <QuickOrderResult answer={answer} /> : null}
      {failed ? (
        <div className="mt-4">
          <FormMessage message={{ tone: 'error', text: Object.values(failed.fields ?? {})[0] ?? failed.message }} testId="quick-order-error" />
        </div>
      ) : null}

      <details className="card mt-5 p-4 text-sm text-stone-700" data-testid="quick-order-help">
        <summary className="cursor-pointer font-semibold text-stone-900">How to write a line</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            The <strong>product code</strong> is printed under the product&apos;s name on its page, e.g. <code className="font-mono">P000123</code>.
          </li>
          <li>
            Add the <strong>size</strong> as the page shows it (<code className="font-mono">12x9x6&quot;</code>) when the product comes in several sizes, and the{' '}
            <strong>pack</strong> (<code className="font-mono">25</code> for &quot;Pack of 25&quot;) when the size comes in several packs.
          </li>
          <li>
            The last number is how many <strong>packs</strong> you want, 1 to 1000.
          </li>
          <li>
            Paste one line per product: <code className="font-mono">P000123, 4</code>, <code className="font-mono">P000123 12x9x6&quot; 25 4</code>, or cells copied from a
            spreadsheet (code, size, pack, packs). A CSV file may have a header row naming these columns.
          </li>
          <li>At most {QUICK_ORDER_LINES_MAX} lines at a time.</li>
        </ul>
      </details>

      <Form method="post" encType="multipart/form-data" className="mt-5 space-y-5" data-testid="quick-order-form">
        <fieldset className="card p-4 sm:p-5">
          <legend className="px-1 text-lg font-semibold text-stone-900">Type codes</legend>
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)] gap-x-2 gap-y-2 text-sm" role="group" aria-label="Rows">
            <span className="form-label mb-0" aria-hidden="true">
              Product code
            </span>
            <span className="form-label mb-0" aria-hidden="true">
              Size
            </span>
            <span className="form-label mb-0" aria-hidden="true">
              Pack
            </span>
            <span className="form-label mb-0" aria-hidden="true">
              Packs
            </span>
            {Array.from({ length: QUICK_ORDER_PAGE_ROWS }, (_, i) => {
              const name = (field: string) => `rows[${i}].${field}`;
              return (
                <div key={i} className="contents" data-testid="quick-order-row">
                  <input name={name('code')} aria-label={`Row ${i + 1} product code`} maxLength={60} defaultValue={typed(name('code'))} className="form-input w-full min-w-0 font-mono" autoCapitalize="characters" autoComplete="off" spellCheck={false} />
                  <input name={name('size')} aria-label={`Row ${i + 1} size (if several)`} maxLength={100} defaultValue={typed(name('size'))} className="form-input w-full min-w-0" autoComplete="off" />
                  <input name={name('pack')} aria-label={`Row ${i + 1} pack (if several)`} maxLength={30} inputMode="numeric" defaultValue={typed(name('pack'))} className="form-input w-full min-w-0" autoComplete="off" />
                  <input name={name('quantity')} aria-label={`Row ${i + 1} number of packs`} maxLength={20} inputMode="numeric" defaultValue={typed(name('quantity'))} className="form-input w-full min-w-0 text-right tabular-nums" autoComplete="off" />
                </div>
              );
            })}
          </div>
          <p className="mt-2 text-xs text-stone-600">Size and pack only when the product page offers more than one.</p>
        </fieldset>

        <fieldset className="card p-4 sm:p-5">
          <legend className="px-1 text-lg font-semibold text-stone-900">Paste lines</legend>
          <label htmlFor="quick-order-text" className="form-label">
            One product per line: code, then size and pack if needed, then the number of packs
          </label>
          <textarea
            id="quick-order-text"
            name="text"
            rows={8}
            defaultValue={pasted}
            key={pasted}
            className="form-input w-full font-mono text-sm"
            placeholder={'P000123, 4\nP000456 12x9x6" 25 10\nP000789\t18x12x12"\t10\t2'}
            spellCheck={false}
            data-testid="quick-order-text"
          />
        </fieldset>

        <fieldset className="card p-4 sm:p-5">
          <legend className="px-1 text-lg font-semibold text-stone-900">Upload a CSV file</legend>
          <label htmlFor="quick-order-file" className="form-label">
            Columns code, size, pack, quantity (a header row may name them, in any order)
          </label>
          <input id="quick-order-file" name="file" type="file" accept=".csv,.txt,text/csv,text/plain" className="block w-full text-sm" data-testid="quick-order-file" />
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary px-6" disabled={busy} data-testid="quick-order-submit">
            {busy ? 'Adding…' : 'Add to basket'}
          </button>
          <Link to="/checkout" className="btn-secondary">
            View basket
          </Link>
        </div>
      </Form>
    </main>
  );
}

function QuickOrderResult({ answer }: { answer: QuickOrderAnswer }) {
  const { added, notAdded } = answer;
  return (
    <div className="mt-5 space-y-4" data-testid="quick-order-result">
      {added.length > 0 ? (
        <div className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900" role="status" data-testid="quick-order-added">
          <p className="font-semibold">
            Added {added.length} {added.length === 1 ? 'line' : 'lines'} to your basket.{' '}
            <Link to="/checkout" className="underline hover:text-brand-700">
              View basket
            </Link>
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
            {added.map((line) => (
              <li key={`${line.source}-${line.line}`}>
                {line.item_name}, pack of {line.qty}: {packsOf(line.count)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {notAdded.length > 0 ? (
        <div className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900" role="alert" data-testid="quick-order-not-added">
          <p className="font-semibold">
            {added.length === 0 ? 'Nothing was added to your basket.' : ''} We could not add {notAdded.length} {notAdded.length === 1 ? 'line' : 'lines'}:
          </p>
          <ul className="mt-2 space-y-2 text-sm">
            {notAdded.map((line) => (
              <li key={`${line.source}-${line.line}`} className="grid gap-x-3 sm:grid-cols-[13rem_minmax(0,1fr)]" data-testid="quick-order-problem">
                <span className="font-semibold">
                  {lineLabel(line.source, line.line)}
                  {line.code ? (
                    <>
                      {', '}
                      <span className="font-mono break-words">{line.code}</span>
                    </>
                  ) : null}
                </span>
                <span>{line.reason}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">These lines are in the paste box below: correct them and add them again.</p>
        </div>
      ) : null}
    </div>
  );
}
