/**
 * A customer's quote (/quotes/:quoteId, the link the quote e-mail carries): signed in as its
 * customer (anyone else: 404; signed out: sign in and come back). A request shows what was asked;
 * a sent quote its lines, delivery, the last day it may be accepted and, while it may be, the
 * acceptance form: the delivery address (the total with VAT for it) and bank transfer or the
 * trade account. An expired, withdrawn or accepted quote says why it cannot be accepted.
 */
import { useState } from 'react';
import { Form, Link, useFetcher, useNavigation, type MetaFunction } from 'react-router';
import type { CartDto } from '@shop/contract';
import { formatPounds, itemDisplayName } from '@shop/contract/browser';
import { CardWalletPanel } from '~/components/checkout/card-wallet-panel';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { acceptQuote, quoteIdOf, quotePage } from '~/server/quotes/quote-page.server';
import type { Route } from './+types/quote';

export const meta: MetaFunction = ({ matches }) => [...pageMeta(matches, 'Your quote', 'Your quote: see it and accept it.'), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const quoteId = quoteIdOf(params);
  const userId = await requireCustomer(request, context, `/signin?return=${encodeURIComponent(`quotes/${quoteId}`)}`);
  return quotePage(context, userId, quoteId, new URL(request.url).searchParams);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const quoteId = quoteIdOf(params);
  const userId = await requireCustomer(request, context, `/signin?return=${encodeURIComponent(`quotes/${quoteId}`)}`);
  return acceptQuote(request, context, userId, quoteId);
}

const pence = (value: number) => formatPounds(value / 100);
const londonDay = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date(iso));
const calendarDay = (date: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, addresses, chosenAddressId, totals, addressProblem, tradeAccount, requested, cardPayment, payments } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const card = useFetcher<typeof action>();
  const [cardError, setCardError] = useState<string | null>(null);
  const cardAnswer = card.data && !card.data.ok ? card.data : null;
  const failed = cardAnswer ?? (actionData && !actionData.ok ? actionData : null);
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-6 lg:py-8">
      <p className="text-sm">
        <Link to="/account#quotes" className="text-brand-700 hover:underline">
          Your quotes
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Quote {quote.number}</h1>
        <p className="rounded bg-stone-100 px-2 py-1 text-sm font-medium text-stone-800" data-testid="quote-state">
          {quote.stateLabel}
        </p>
      </div>
      {requested ? (
        <div className="mt-4">
          <FormMessage message={{ tone: 'success', text: `Thank you: we have your request ${quote.number}. We will e-mail you when it is priced.` }} testId="quote-requested" />
        </div>
      ) : null}
      <p className="mt-2 text-sm text-stone-600">
        Asked for on {londonDay(quote.requestedAt)}
        {quote.neededBy ? `, needed by ${calendarDay(quote.neededBy)}` : ''}.
      </p>

      <section className="card mt-6 p-5" aria-labelledby="asked-heading">
        <h2 id="asked-heading" className="text-lg font-semibold text-stone-900">
          What you asked for
        </h2>
        <ul className="mt-3 space-y-2 text-sm text-stone-800">
          {quote.items.map((item, i) => (
            <li key={i}>
              <span className="font-medium">
                {item.quantity.toLocaleString('en-GB')} x {itemDisplayName(item.productName, item.size1)}
              </span>
              {[item.printed ? `printed${item.printColours ? ` (${item.printColours})` : ''}` : '', item.custom ? `custom size${item.customSize ? ` ${item.customSize}` : ''}` : '', item.notes]
                .filter(Boolean)
                .map((text) => ` · ${text}`)
                .join('')}
            </li>
          ))}
        </ul>
        {quote.requestNote ? <p className="mt-3 text-sm text-stone-700">{quote.requestNote}</p> : null}
        {quote.artwork ? <p className="mt-2 text-sm text-stone-600">Artwork sent: {quote.artwork.name}</p> : null}
      </section>

      {quote.lines.length > 0 ? (
        <section className="card mt-6 overflow-x-auto p-5" aria-labelledby="priced-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="priced-heading" className="text-lg font-semibold text-stone-900">
              Our prices
            </h2>
            <a href={`/quotes/${quote.quoteId}/pdf`} className="text-sm font-medium text-brand-700 hover:underline">
              Download the quote (PDF)
            </a>
          </div>
          <table className="mt-3 w-full text-left text-sm" data-testid="quote-lines">
            <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">Description</th>
                <th scope="col" className="py-2 pr-3 text-right">Units</th>
                <th scope="col" className="py-2 pr-3 text-right">Unit price ex-VAT</th>
                <th scope="col" className="py-2 text-right">Amount ex-VAT</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {quote.lines.map((line) => (
                <tr key={line.lineNumber}>
                  <td className="py-2 pr-3">
                    {line.description}
                    {line.isCustom ? <span className="block text-xs text-stone-600">Custom: the quantity delivered may vary by up to 10% either way; you pay for what is delivered.</span> : null}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{line.quantity.toLocaleString('en-GB')}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{pence(line.unitPricePence)}</td>
                  <td className="py-2 text-right tabular-nums">{pence(line.totalPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mt-3 ml-auto max-w-xs space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Goods ex-VAT</dt>
              <dd className="tabular-nums">{pence(quote.subTotalPence)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Delivery ex-VAT</dt>
              <dd className="tabular-nums">{quote.deliveryChargePence ? pence(quote.deliveryChargePence) : 'Free'}</dd>
            </div>
          </dl>
          {quote.quoteNote ? <p className="mt-3 text-sm text-stone-700">Note: {quote.quoteNote}</p> : null}
          {quote.dispatchText ? (
            <p className="mt-3 text-sm font-medium text-stone-900" data-testid="quote-dispatch">
              {quote.dispatchText}.
            </p>
          ) : null}
          {quote.validUntil ? (
            <p className="mt-3 text-sm font-medium text-stone-900" data-testid="quote-valid-until">
              Valid until the end of {calendarDay(quote.validUntil)} (UK time).
            </p>
          ) : null}
        </section>
      ) : null}

      {quote.state === 'accepted' && quote.orderId ? (
        <p className="card mt-6 p-5 text-stone-800" data-testid="quote-accepted">
          You accepted this quote: it is{' '}
          <Link className="font-semibold text-brand-700 hover:underline" to={`/order-detail?orderId=${quote.orderId}`}>
            your order {quote.orderId}
          </Link>
          .
        </p>
      ) : quote.refusal && quote.state !== 'requested' ? (
        <div className="mt-6">
          <FormMessage message={{ tone: 'error', text: quote.refusal }} testId="quote-refusal" />
        </div>
      ) : null}

      {quote.state === 'sent' ? (
        <section className="card mt-6 space-y-4 p-5" aria-labelledby="accept-heading">
          <h2 id="accept-heading" className="text-lg font-semibold text-stone-900">
            Accept the quote
          </h2>
          {addresses.length === 0 ? (
            <p className="text-sm text-stone-700">
              Add a delivery address first:{' '}
              <Link to="/account?address=new" className="font-medium text-brand-700 hover:underline">
                add an address
              </Link>
              .
            </p>
          ) : (
            <>
              <Form method="get" className="flex flex-wrap items-end gap-2">
                <div>
                  <label htmlFor="address-choice" className="form-label">
                    Deliver to
                  </label>
                  <select id="address-choice" name="address" defaultValue={chosenAddressId ?? undefined} className="form-input max-w-full">
                    {addresses.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.label}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="btn-secondary">
                  Show the total for this address
                </button>
              </Form>
              {addressProblem ? <FormMessage message={{ tone: 'error', text: addressProblem }} /> : null}
              {totals ? (
                <dl className="max-w-sm space-y-1 text-sm" data-testid="quote-totals">
                  <div className="flex justify-between">
                    <dt>Goods ex-VAT</dt>
                    <dd className="tabular-nums">{formatPounds(totals.subTotal)}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>Delivery ex-VAT</dt>
                    <dd className="tabular-nums">{formatPounds(totals.deliveryFee)}</dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt data-testid="quote-vat-label">{totals.vatLabel}</dt>
                    <dd className="tabular-nums">{formatPounds(totals.vat)}</dd>
                  </div>
                  <div className="flex justify-between font-semibold">
                    <dt>Total</dt>
                    <dd className="tabular-nums" data-testid="quote-total">
                      {formatPounds(totals.total)}
                    </dd>
                  </div>
                </dl>
              ) : null}
              {totals?.vatNote ? (
                <p className="max-w-md text-xs text-stone-600" data-testid="quote-vat-note">
                  {totals.vatNote}
                </p>
              ) : null}
              <Form method="post" className="space-y-4" data-testid="accept-quote-form">
                <FormMessage message={failed ? { tone: 'error', text: failed.message } : null} testId="accept-message" />
                <input type="hidden" name="address_id" value={chosenAddressId ?? ''} />
                <fieldset>
                  <legend className="form-label">How you will pay</legend>
                  <label className="mt-1 flex items-center gap-2 text-sm text-stone-800">
                    <input type="radio" name="payment_method" value="bank" defaultChecked /> Bank transfer: we show you the reference to quote; we dispatch when it arrives
                  </label>
                  {tradeAccount ? (
                    <label className="mt-1 flex items-center gap-2 text-sm text-stone-800">
                      <input type="radio" name="payment_method" value="account" /> On my trade account ({formatPounds(tradeAccount.available)} available, {tradeAccount.termsDays} days' terms)
                    </label>
                  ) : null}
                  {cardPayment ? null : <p className="mt-2 text-xs text-stone-600">To pay by card, call us on the number in the quote and we take the payment with you.</p>}
                </fieldset>
                <div>
                  <label htmlFor="po-number" className="form-label">
                    Your purchase order number (optional)
                  </label>
                  <input id="po-number" name="purchase_order_number" maxLength={50} className="form-input w-60" />
                </div>
                <button type="submit" className="btn-primary" disabled={busy || !totals}>
                  {busy ? 'Placing your order…' : 'Accept and place the order'}
                </button>
              </Form>
              {cardPayment && chosenAddressId !== null ? (
                <div className="space-y-3 border-t border-stone-200 pt-4" data-testid="quote-card-payment">
                  <h3 className="text-base font-semibold text-stone-900">Or pay by card and accept</h3>
                  {cardError ? <FormMessage message={{ tone: 'error', text: cardError }} /> : null}
                  <noscript>
                    <p className="text-sm text-stone-700">Paying by card needs JavaScript; bank transfer works without it.</p>
                  </noscript>
                  {/* The card panel reads a basket's totals and lines; these are the quote's for the chosen address. */}
                  <CardWalletPanel
                    config={payments}
                    cart={cardPayment as unknown as CartDto}
                    disabled={card.state !== 'idle'}
                    onPaid={(reference) => {
                      setCardError(null);
                      void card.submit({ address_id: String(chosenAddressId), payment_method: 'paypal', payment_reference: reference }, { method: 'post' });
                    }}
                    showError={setCardError}
                    showStatus={setCardError}
                  />
                </div>
              ) : null}
            </>
          )}
        </section>
      ) : null}
    </main>
  );
}
