/**
 * The basket page (SPEC 2 "Cart page", 4, 5, 8). The basket is the shop frame's loader data
 * (server-rendered, reloaded after every action): 'No cart found' or the lines with the
 * summary. Changing a pack count and leaving the field posts intent=modify; 'Remove' opens
 * 'Are you sure?' (?remove=<pack id>), whose Yes posts intent=remove; the discount code's 'Apply'
 * and 'Remove' post intent=apply-code and intent=remove-code. All are this page's action, and
 * work without JavaScript.
 */
import { useEffect, useRef } from 'react';
import { data, Link, useNavigate, useSearchParams, type MetaFunction } from 'react-router';
import { messages } from '@shop/contract/browser';
import { useVisitor } from '~/state/visitor';
import { usePriceDisplay } from '~/components/price';
import { applyOfferCode, changePackCount, removeBasketLine, removeOfferCode } from '~/server/cart/basket-actions.server';
import { failure, postedForm } from '~/server/forms.server';
import { pageMeta } from '~/components/page-meta';
import { CartIcon } from '~/components/icons';
import { BasketLines } from '~/components/cart/basket-lines';
import { basketStock } from '~/server/catalogue/stock.server';
import { BasketSummary } from '~/components/cart/basket-summary';
import { APPLY_CODE_INTENT, discountCodeAnswerOf, DiscountCodeForm, REMOVE_CODE_INTENT } from '~/components/cart/discount-code-form';
import { RemoveLineDialog } from '~/components/cart/remove-line-dialog';
import { visitorDispatchPromise } from '~/server/delivery/dispatch-promise.server';
import { DispatchPromiseLine } from '~/components/delivery/dispatch-promise-line';
import { ReorderNoticeBox } from '~/components/orders/reorder-notice';
import { SaveBasketAsList } from '~/components/lists/save-basket-as-list';
import { takeReorderNotice } from '~/server/orders/reorder.server';
import type { Route } from './+types/checkout';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your Basket', 'Review the packaging in your basket, change pack quantities and check out securely.'),
  { name: 'robots', content: 'noindex' },
];

/**
 * The basket itself is the shop frame's; this page adds the dispatch promise (server clock, the
 * basket's address once chosen) and, once, what 'Order again' changed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [basket, reorder] = await Promise.all([basketStock(request, context), takeReorderNotice(request, context)]);
  // Later than usual when some lines wait for more to come in, as the order's promise will be.
  const promise = await visitorDispatchPromise(request, context, basket);
  const { shortfalls, backordered } = basket;
  return data({ promise, reorderNotice: reorder.notice, shortfalls, backordered }, reorder.setCookie ? { headers: { 'Set-Cookie': reorder.setCookie } } : undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const intent = form.get('intent');
  if (intent === 'modify') return changePackCount(request, context, form);
  if (intent === 'remove') return removeBasketLine(request, context, form);
  if (intent === APPLY_CODE_INTENT) return applyOfferCode(request, context, form);
  if (intent === REMOVE_CODE_INTENT) return removeOfferCode(request, context);
  return failure('invalid_request', 'Unknown basket action.');
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { userId, cart } = useVisitor();
  const price = usePriceDisplay();
  const heading = useRef<HTMLHeadingElement>(null);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const lines = cart?.cartIems ?? [];
  const removing = lines.find((line) => String(line.product_price_id) === search.get('remove')) ?? null;
  const removed = actionData?.ok && actionData.intent === 'remove' ? actionData.product_price_id : null;
  // The discount code's answers are shown beside its field; the others above the basket.
  const codeAnswer = discountCodeAnswerOf(actionData);
  const lineRefusal = actionData && !actionData.ok && !codeAnswer ? actionData : null;

  // The removed line's button is gone: put focus somewhere that still exists.
  useEffect(() => {
    if (removed !== null) heading.current?.focus();
  }, [removed]);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-stone-900 outline-none sm:text-3xl">
          Your Basket
        </h1>
        {lines.length > 0 && cart ? (
          <p className="text-sm text-stone-600" data-testid="basket-count">
            {cart.count} {cart.count === 1 ? 'pack' : 'packs'} · prices {price.marker}
          </p>
        ) : null}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {removed !== null ? 'The line was removed from your basket.' : ''}
      </p>
      {loaderData?.reorderNotice ? <ReorderNoticeBox notice={loaderData.reorderNotice} /> : null}
      {/* A change the basket refused (a count outside 1-1000 posted without JavaScript, a pack no longer sold): say so. */}
      {lineRefusal ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="basket-error">
          {refusedLineName(lines, lineRefusal.values?.product_price_id)}
          {Object.values(lineRefusal.fields ?? {})[0] ?? lineRefusal.message}
        </p>
      ) : null}

      <div className="mt-6">
        {!cart || lines.length === 0 ? (
          <EmptyBasket />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <div>
              <div className="card overflow-hidden">
                {Object.keys(loaderData?.shortfalls ?? {}).length > 0 ? (
                  <p className="border-b border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800" role="alert" data-testid="basket-stock-problem">
                    Some items sold out since you added them. Change or remove the lines marked below: the order cannot be placed with them as they are.
                  </p>
                ) : null}
                <BasketLines lines={lines} vatRatePercent={cart.taxPercentage} shortfalls={loaderData?.shortfalls ?? {}} backordered={loaderData?.backordered ?? {}} />
              </div>
              <div className="mt-4">
                <Link to="/landing" className="btn-secondary w-full sm:w-auto">
                  Continue Shopping
                </Link>
              </div>
            </div>
            <div className="lg:sticky lg:top-4">
              <BasketSummary cart={cart} checkoutHref={userId !== null ? '/delivery' : '/signin?return=delivery'}>
                <DiscountCodeForm cart={cart} answer={codeAnswer} />
              </BasketSummary>
              <DispatchPromiseLine promise={loaderData?.promise} className="mt-4" />
              <p className="mt-4 text-sm text-stone-700" data-testid="basket-quote">
                Larger quantities, printed or custom?{' '}
                <Link to="/quote-request?from=basket" className="font-semibold text-brand-700 hover:underline">
                  Ask for a quote for everything in your basket
                </Link>
              </p>
              <SaveBasketAsList signedIn={userId !== null} />
            </div>
          </div>
        )}
      </div>

      <RemoveLineDialog line={removing} onCancel={() => void navigate('/checkout', { replace: true, preventScrollReset: true })} />
    </main>
  );
}

function EmptyBasket() {
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center" data-testid="basket-empty">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <CartIcon width={32} height={32} />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-stone-900">{messages.cartEmpty}</h2>
      <p className="mt-2 text-sm text-stone-600">Your basket is empty. Browse our boxes, mailing bags and tape to get started.</p>
      <Link to="/landing" className="btn-primary mt-6 px-6 py-2.5">
        Start Shopping!
      </Link>
      <p className="mt-4 text-sm text-stone-600">
        Have product codes?{' '}
        <Link to="/quick-order" className="font-semibold text-brand-700 hover:underline">
          Quick order
        </Link>{' '}
        or add one of{' '}
        <Link to="/lists" className="font-semibold text-brand-700 hover:underline">
          your shopping lists
        </Link>
        .
      </p>
    </div>
  );
}

/** "Brown Packing Tape 48mm x 66m: " before the message, when the refused change names a line still in the basket. */
function refusedLineName(lines: readonly { product_price_id: number; item_name: string }[], priceId: string | undefined): string {
  const line = lines.find((l) => String(l.product_price_id) === priceId);
  return line ? `${line.item_name}: ` : '';
}
