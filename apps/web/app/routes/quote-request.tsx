/**
 * Ask for a quote (docs/sales-desk.md): from a product page (?productCode=) for its sizes, or
 * from the basket (?from=basket) for everything in it. Per size: how many units (any number, not
 * only the pack table's), printed or custom (size, print colours, notes); then when it is needed,
 * a note and an optional artwork file (PDF, PNG or JPEG, checked by its content). A plain
 * multipart form post: it works without JavaScript. Signed-in customers only: anyone else goes to
 * sign in and comes back here.
 */
import { Form, Link, useNavigation, type MetaFunction } from 'react-router';
import { itemDisplayName } from '@shop/contract/browser';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { ARTWORK_LIMIT_TEXT, quoteCandidates, requestQuote } from '~/server/quotes/quote-request.server';
import type { Route } from './+types/quote-request';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Ask for a quote', 'Ask us for a price for larger quantities, printed or custom-sized packaging.'),
  { name: 'robots', content: 'noindex' },
];

function signInPath(request: Request): string {
  const url = new URL(request.url);
  return `/signin?${new URLSearchParams({ return: `quote-request${url.search}` }).toString()}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, signInPath(request));
  const search = new URL(request.url).searchParams;
  const candidates = await quoteCandidates(context, userId, search);
  return { candidates, fromBasket: search.get('from') === 'basket', today: new Date().toISOString().slice(0, 10), artworkLimit: ARTWORK_LIMIT_TEXT };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireCustomer(request, context, signInPath(request));
  return requestQuote(request, context, userId);
}

export default function QuoteRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { candidates, fromBasket, today, artworkLimit } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const typed = failed?.values ?? {};
  const fieldError = (name: string) => failed?.fields[name];
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-6 lg:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">Ask for a quote</h1>
      <p className="mt-2 text-stone-700">
        Tell us how many you need, in any quantity, and whether they are printed or a custom size. We price it and e-mail you a quote, valid for 30 days, that you can accept
        online.
      </p>
      {candidates.length === 0 ? (
        <div className="card mt-6 p-5">
          <p className="text-stone-700">{fromBasket ? 'Your basket is empty.' : 'Choose a product first, then ask for a quote from its page.'}</p>
          <Link to="/landing" className="btn-primary mt-4 inline-flex">
            Browse products
          </Link>
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-6 space-y-6" data-testid="quote-request-form">
          <FormMessage message={failed ? { tone: 'error', text: failed.message } : null} testId="quote-request-message" />
          <fieldset className="card space-y-5 p-5">
            <legend className="px-1 text-lg font-semibold text-stone-900">What you need</legend>
            <p className="text-sm text-stone-600">Leave the quantity empty for the sizes you do not want.</p>
            {fieldError('items') ? <p className="field-error">{fieldError('items')}</p> : null}
            {candidates.map((item, i) => {
              const name = (field: string) => `items[${i}].${field}`;
              return (
                <div key={item.productPriceId} className="space-y-3 border-t border-stone-200 pt-4 first-of-type:border-t-0 first-of-type:pt-0" data-testid="quote-item">
                  <input type="hidden" name={name('productPriceId')} value={item.productPriceId} />
                  <p className="font-medium text-stone-900">
                    {itemDisplayName(item.productName, item.size1)}
                  </p>
                  <div>
                    <label htmlFor={`quantity-${i}`} className="form-label">
                      Quantity (units)
                    </label>
                    <input
                      id={`quantity-${i}`}
                      name={name('quantity')}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={1000000}
                      step={1}
                      defaultValue={typed[name('quantity')] ?? item.quantity ?? ''}
                      className="form-input w-40"
                      aria-invalid={fieldError(name('quantity')) ? true : undefined}
                      aria-describedby={fieldError(name('quantity')) ? `quantity-${i}-error` : undefined}
                    />
                    {fieldError(name('quantity')) ? (
                      <p id={`quantity-${i}-error`} className="field-error">
                        {fieldError(name('quantity'))}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap gap-5">
                    <label className="flex items-center gap-2 text-sm text-stone-800">
                      <input type="checkbox" name={name('printed')} defaultChecked={typed[name('printed')] === 'on'} /> Printed
                    </label>
                    <label className="flex items-center gap-2 text-sm text-stone-800">
                      <input type="checkbox" name={name('custom')} defaultChecked={typed[name('custom')] === 'on'} /> Custom size
                    </label>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <div>
                      <label htmlFor={`custom-size-${i}`} className="form-label">
                        Custom size (if any)
                      </label>
                      <input id={`custom-size-${i}`} name={name('customSize')} maxLength={200} defaultValue={typed[name('customSize')] ?? ''} className="form-input w-full" placeholder="e.g. 300 x 200 x 100 mm" />
                    </div>
                    <div>
                      <label htmlFor={`print-colours-${i}`} className="form-label">
                        Print colours (if printed)
                      </label>
                      <input id={`print-colours-${i}`} name={name('printColours')} maxLength={200} defaultValue={typed[name('printColours')] ?? ''} className="form-input w-full" placeholder="e.g. 2 colours, black and red" />
                    </div>
                  </div>
                  <div>
                    <label htmlFor={`notes-${i}`} className="form-label">
                      Notes
                    </label>
                    <input id={`notes-${i}`} name={name('notes')} maxLength={1000} defaultValue={typed[name('notes')] ?? ''} className="form-input w-full" />
                  </div>
                </div>
              );
            })}
          </fieldset>
          <fieldset className="card space-y-4 p-5">
            <legend className="px-1 text-lg font-semibold text-stone-900">When and how</legend>
            <div>
              <label htmlFor="needed-by" className="form-label">
                Needed by (optional)
              </label>
              <input id="needed-by" name="neededBy" type="date" min={today} defaultValue={typed.neededBy ?? ''} className="form-input w-48" />
              {fieldError('neededBy') ? <p className="field-error">{fieldError('neededBy')}</p> : null}
            </div>
            <div>
              <label htmlFor="note" className="form-label">
                Anything else we should know (optional)
              </label>
              <textarea id="note" name="note" rows={3} maxLength={2000} defaultValue={typed.note ?? ''} className="form-input w-full" />
            </div>
            <div>
              <label htmlFor="artwork" className="form-label">
                Artwork (optional): PDF, PNG or JPEG, up to {artworkLimit}
              </label>
              <input id="artwork" name="artwork" type="file" accept="application/pdf,image/png,image/jpeg" className="block text-sm" aria-describedby={fieldError('artwork') ? 'artwork-error' : undefined} />
              {fieldError('artwork') ? (
                <p id="artwork-error" className="field-error">
                  {fieldError('artwork')}
                </p>
              ) : null}
            </div>
          </fieldset>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Ask for a quote'}
          </button>
        </Form>
      )}
    </main>
  );
}
