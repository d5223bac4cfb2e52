/** My account's quotes: each request or quote with its state, linked to its page; and how to ask for one. */
import { Link } from 'react-router';
import { formatPounds } from '@shop/contract/browser';

export interface MyQuote {
  quoteId: number;
  number: string;
  stateLabel: string;
  itemSummary: string;
  requestedAt: string;
  validUntil: string | null;
  subTotalPence: number | null;
  orderId: number | null;
  sent: boolean;
}

const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' }).format(new Date(iso));

export function MyQuotes({ quotes }: { quotes: MyQuote[] }) {
  return (
    <section id="quotes" className="mt-8 min-w-0" aria-labelledby="quotes-heading">
      <h2 id="quotes-heading" className="text-lg font-semibold text-stone-900">
        Your Quotes
      </h2>
      <p className="mt-1 text-sm text-stone-600">Ask for a quote from any product page or from your basket: any quantity, printed or custom.</p>
      {quotes.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700" data-testid="no-quotes">
          You have not asked for a quote yet.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white" data-testid="my-quotes">
          {quotes.map((q) => (
            <li key={q.quoteId} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
              <div className="min-w-0">
                <Link to={`/quotes/${q.quoteId}`} className="font-semibold text-brand-700 hover:underline">
                  Quote {q.number}
                </Link>
                <span className="ml-2 text-stone-600">asked {day(q.requestedAt)}</span>
                <p className="break-words text-stone-700">{q.itemSummary}</p>
              </div>
              <div className="text-right">
                <p className="font-medium text-stone-900" data-testid="my-quote-state">
                  {q.stateLabel}
                </p>
                {q.sent && q.subTotalPence !== null ? <p className="text-stone-600">{formatPounds(q.subTotalPence / 100)} ex-VAT</p> : null}
                {q.orderId ? (
                  <Link to={`/order-detail?orderId=${q.orderId}`} className="text-brand-700 hover:underline">
                    Order {q.orderId}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
