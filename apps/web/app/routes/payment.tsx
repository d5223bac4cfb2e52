/**
 * The payment step of the checkout (SPEC 2 "Payment step", step 3 of the checkout header).
 * Its loader needs a signed-in customer (else /signin?return=payment) and a basket with a
 * delivery address (else back to /delivery). Shows the summary, the delivery and billing
 * addresses and a delivery note, and the tabs: 'Card / Wallet' (PayPal, or clearly labelled test
 * payments on a localhost or test-mode shop; needs JavaScript and says so without it; absent
 * when the shop takes neither), 'Bank Transfer' (payee details, the basket's own reference and
 * "I've made my bank transfer", a plain form that works without JavaScript) and, for trade
 * customers, 'Pay on account'. Both place the order through this page's action; while it is
 * placed an overlay covers the page, then order detail opens.
 *
 * No money without an order (DESIGN section 4 "Orders"): the loader checks the basket by
 * placing's own rules (core's `problemBeforePayment`) and stock as the basket page does; while
 * something is wrong the page says what, server-rendered, and offers no way to pay.
 */
import { randomUUID } from 'node:crypto';
import { useRef, useState } from 'react';
import { Form, Link, redirect, useNavigation, useSearchParams, useSubmit, type MetaFunction } from 'react-router';
import { formatPounds, PURCHASE_ORDER_NUMBER_MAX } from '@shop/contract/browser';
import { requireCustomer } from '~/session.server';
import { failure, postedForm } from '~/server/forms.server';
import { placeOrderAction } from '~/server/checkout/place-order.server';
import { tradeAccountView } from '~/server/checkout/trade-account.server';
import { approvalNeedOf, requestApprovalAction } from '~/server/account/approval-actions.server';
import { ApprovalPanel } from '~/components/checkout/approval-panel';
import { pageMeta } from '~/components/page-meta';
import type { ShopRouteHandle } from '~/components/shop-layout';
import { FormMessage } from '~/components/account/form-message';
import { FullAddress } from '~/components/checkout/address-card';
import { billingAddressOf } from '~/components/checkout/address-format';
import { BankPayeeDetails } from '~/components/checkout/bank-transfer';
import { CardWalletPanel } from '~/components/checkout/card-wallet-panel';
import { CheckoutPageHeader } from '~/components/checkout/checkout-page-header';
import { DeliveryNote, deliveryNoteError } from '~/components/checkout/delivery-note';
import { EmptyBasket } from '~/components/checkout/empty-state';
import { OrderSummary } from '~/components/checkout/order-summary';
import { PlacingOverlay } from '~/components/checkout/placing-overlay';
import { TermsNotice } from '~/components/checkout/terms-modals';
import { Tabs } from '~/components/tabs';
import { dispatchPromiseView } from '~/server/delivery/dispatch-promise.server';
import { basketStockOf } from '~/server/catalogue/stock.server';
import { DispatchPromiseLine } from '~/components/delivery/dispatch-promise-line';
import type { Route } from './+types/payment';

export const handle = { checkoutStep: 3 } satisfies ShopRouteHandle;

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Payment', 'Pay for your packaging order by card, wallet or bank transfer.'),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin?return=payment';
const ORDER_FORM_ID = 'place-order';

type PaymentTab = 'card' | 'bank' | 'account';

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  const { carts, addresses } = context.services;
  const [cart, saved, tradeAccount] = await Promise.all([
    carts.cartOf({ kind: 'user', userId }),
    addresses.listOf(userId, userId),
    tradeAccountView(context, userId),
  ]);
  // SPEC 2: the payment step needs a delivery address chosen on the address step.
  if (cart.cartIems.length > 0 && cart.address_id === null) throw redirect('/delivery');
  const deliveryPostcode = saved.find((a) => a.address_id === cart.address_id)?.post_code ?? null;
  // DESIGN section 4 "Orders": the order's own reference, known before the customer pays; the
  // basket keeps it, so a reload shows the same one and the order placed from it carries it.
  const bankReference = cart.cartIems.length > 0 ? ((await carts.paymentReference(userId)) ?? '') : '';
  const [stock, basketProblem, approval] = await Promise.all([
    basketStockOf(context, cart),
    context.services.orderPlacement.problemBeforePayment(userId),
    approvalNeedOf(context, userId, cart),
  ]);
  return {
    cart,
    addresses: saved,
    // By the server's clock, for the delivery address chosen; later when some lines wait for more stock.
    promise: dispatchPromiseView(context, deliveryPostcode, stock.backorder),
    // Lines sold out since they were added (by product_price_id), as the basket page marks them.
    shortfalls: stock.shortfalls,
    // Lines that wait for more to come in, with their expected date, as the basket marks them.
    backordered: stock.backordered,
    // Anything else placing would refuse (a withdrawn product, an address not delivered to).
    basketProblem,
    payments: context.payments,
    bankReference,
    // One key per page view: a double click or a retried submit of this page places one order.
    idempotencyKey: randomUUID(),
    // Trade customers (a manager opened an account) may pay on account, within their available credit.
    account: tradeAccount,
    // A company's buyer over their spending limit: the order is sent for approval instead of paid.
    approval,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  const form = await postedForm(request);
  const intent = form.get('intent');
  if (intent === 'bank') return placeOrderAction(context, userId, form, 'bank');
  if (intent === 'card') return placeOrderAction(context, userId, form, 'paypal');
  if (intent === 'account') return placeOrderAction(context, userId, form, 'account');
  if (intent === 'approval') return requestApprovalAction(context, userId, form);
  return failure('invalid_request', 'Unknown payment action.');
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, addresses, payments, bankReference, idempotencyKey, promise, account, shortfalls, backordered, basketProblem, approval } = loaderData;
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const orderForm = useRef<HTMLFormElement>(null);
  const asked = search.get('pay');
  // No card tab when the shop takes no card payments (no PayPal, test payments off).
  const takesCards = payments.mode !== 'none';
  const [tab, setTab] = useState<PaymentTab>(asked === 'account' && account ? 'account' : asked === 'bank' || !takesCards ? 'bank' : 'card');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');
  const [providerError, setProviderError] = useState<string | null>(null);

  // The overlay stays from the submit until order detail replaces this page.
  const placingIntent = navigation.formData?.get('intent');
  const placing = navigation.state !== 'idle' && (placingIntent === 'bank' || placingIntent === 'card' || placingIntent === 'account' || placingIntent === 'approval');
  const lines = cart.cartIems;
  const delivery = addresses.find((a) => a.address_id === cart.address_id) ?? null;
  const billing = billingAddressOf(addresses);
  const noteInvalid = deliveryNoteError(note) !== null;
  const canPay = !placing && !noteInvalid;
  const failed = actionData && !actionData.ok ? actionData.message : null;
  const error = providerError ?? failed;
  const shortLines = cart.cartIems.filter((line) => shortfalls[line.product_price_id]);
  // Nothing to pay with while the order could not be placed: paying first would take money for nothing.
  const blocked = shortLines.length > 0 || basketProblem !== null;

  /** After the card/wallet provider approved a payment: place the order with its reference. */
  const placeCardOrder = (paymentReference: string) => {
    if (!orderForm.current) return;
    setProviderError(null);
    const form = new FormData(orderForm.current);
    form.set('intent', 'card');
    form.set('payment_reference', paymentReference);
    void submit(form, { method: 'post' });
  };

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <CheckoutPageHeader title="Payment" backTo="/delivery" backLabel="Back to delivery details">
        Check your order, then pay by card, wallet or bank transfer.
      </CheckoutPageHeader>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>

      <div className="mt-6">
        {lines.length === 0 ? (
          placing ? null : <EmptyBasket />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            {/* What every way of paying sends: the totals this page shows, the addresses and the attempt's key. */}
            <Form method="post" id={ORDER_FORM_ID} ref={orderForm} className="hidden">
              <input type="hidden" name="idempotency_key" value={idempotencyKey} />
              <input type="hidden" name="sub_total" value={cart.subTotal} />
              <input type="hidden" name="delivery_fee" value={cart.deliveryFee} />
              <input type="hidden" name="total_tax" value={cart.totalTax} />
              <input type="hidden" name="total" value={cart.total} />
              {cart.address_id !== null ? <input type="hidden" name="address_id" value={cart.address_id} /> : null}
              {billing ? <input type="hidden" name="billing_address_id" value={billing.address_id} /> : null}
              <input type="hidden" name="payment_reference" value={bankReference} />
            </Form>
            <div className="min-w-0 space-y-6">
              <div className="grid gap-4 sm:grid-cols-2">
                <section className="card p-5" aria-labelledby="pay-delivery-heading" data-testid="payment-delivery-address">
                  <div className="flex items-baseline justify-between gap-3">
                    <h2 id="pay-delivery-heading" className="text-base font-semibold text-stone-900">
                      Delivery Address
                    </h2>
                    <Link to="/delivery" className="text-sm font-medium text-brand-700 hover:underline">
                      Change<span className="sr-only"> delivery address</span>
                    </Link>
                  </div>
                  <div className="mt-2">{delivery ? <FullAddress address={delivery} /> : <p className="text-sm text-stone-600">No Address Selected</p>}</div>
                </section>
                <section className="card p-5" aria-labelledby="pay-billing-heading" data-testid="payment-billing-address">
                  <div className="flex items-baseline justify-between gap-3">
                    <h2 id="pay-billing-heading" className="text-base font-semibold text-stone-900">
                      Billing Address
                    </h2>
                    <Link to="/delivery" className="text-sm font-medium text-brand-700 hover:underline">
                      Change<span className="sr-only"> billing address</span>
                    </Link>
                  </div>
                  <div className="mt-2">{billing ? <FullAddress address={billing} /> : <p className="text-sm text-stone-600">The delivery address is used.</p>}</div>
                </section>
              </div>

              <section className="card p-5" aria-labelledby="note-heading">
                <h2 id="note-heading" className="sr-only">
                  Delivery note
                </h2>
                <DeliveryNote value={note} onChange={setNote} disabled={placing} form={ORDER_FORM_ID} />
              </section>

              <section className="card p-5" aria-labelledby="pay-heading" data-testid="payment-methods">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id="pay-heading" className="text-lg font-semibold text-stone-900">
                    {approval && !blocked ? 'This order needs approval' : 'How would you like to pay?'}
                  </h2>
                  <p className="text-sm text-stone-600">
                    {approval && !blocked ? 'Total' : 'Total to pay'} <strong className="text-base text-stone-900 tabular-nums">{formatPounds(cart.total)}</strong>
                  </p>
                </div>
                <div className="mt-4 space-y-4">
                  <FormMessage message={error ? { tone: 'error', text: error } : null} testId="payment-message" />
                  {blocked ? (
                    <BasketNotReady shortLines={shortLines} shortfalls={shortfalls} problem={basketProblem} />
                  ) : approval ? (
                    <ApprovalPanel need={approval} total={cart.total} disabled={!canPay} form={ORDER_FORM_ID} />
                  ) : (
                    <Tabs<PaymentTab>
                      label="Payment method"
                      look="segmented"
                      panelClassName="pt-5 focus-visible:outline-offset-4"
                      testId="payment-tabs"
                      selected={tab}
                      onSelect={(key) => {
                        setTab(key);
                        setProviderError(null);
                      }}
                      hrefOf={(key) => `/payment?pay=${key}`}
                      tabs={[
                        ...(takesCards
                          ? [
                            {
                              key: 'card' as const,
                              label: 'Card / Wallet',
                              icon: <CardIcon />,
                              panel: (
                                <div className="space-y-4">
                                  <noscript>
                                    <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-testid="card-needs-javascript">
                                      Card and wallet payments need JavaScript, which is turned off in your browser. Turn it on to pay by card or wallet, or{' '}
                                      <a href="/payment?pay=bank" className="font-semibold underline">
                                        pay by bank transfer
                                      </a>
                                      .
                                    </p>
                                  </noscript>
                                  <CardWalletPanel
                                    config={payments}
                                    cart={cart}
                                    disabled={!canPay}
                                    onPaid={placeCardOrder}
                                    showError={(text) => {
                                      setStatus('');
                                      setProviderError(text);
                                    }}
                                    showStatus={setStatus}
                                  />
                                  <TermsNotice action="paying" />
                                </div>
                              ),
                            },
                            ]
                          : []),
                        {
                          key: 'bank' as const,
                          label: 'Bank Transfer',
                          icon: <BankIcon />,
                          panel: (
                            <div className="space-y-4" data-testid="bank-panel">
                              <p className="text-sm text-stone-700">
                                Pay <strong className="text-stone-900">{formatPounds(cart.total)}</strong> from your bank to the account below, using your
                                payment reference. We dispatch your order as soon as your payment reaches us.
                              </p>
                              <BankPayeeDetails reference={bankReference} amount={cart.total} />
                              <button
                                type="submit"
                                form={ORDER_FORM_ID}
                                name="intent"
                                value="bank"
                                className="btn-primary w-full py-3 text-base"
                                disabled={!canPay}
                                data-testid="bank-transfer-done"
                              >
                                I&apos;ve made my bank transfer
                              </button>
                              <TermsNotice action="placing your order" />
                            </div>
                          ),
                        },
                        ...(account
                          ? [
                              {
                                key: 'account' as const,
                                label: 'Pay on account',
                                icon: <AccountIcon />,
                                panel: <PayOnAccountPanel account={account} total={cart.total} disabled={!canPay} form={ORDER_FORM_ID} />,
                              },
                            ]
                          : []),
                      ]}
                    />
                  )}
                </div>
              </section>
            </div>

            <div className="lg:sticky lg:top-4">
              <OrderSummary cart={cart} backordered={backordered} />
              <DispatchPromiseLine promise={promise} className="mt-4" />
            </div>
          </div>
        )}
      </div>

      <PlacingOverlay open={placing} />
    </main>
  );
}

/** Why the customer cannot pay yet, and where to put it right (the basket page marks the same lines). */
function BasketNotReady({
  shortLines,
  shortfalls,
  problem,
}: {
  shortLines: { product_price_id: number; item_name: string }[];
  shortfalls: Record<number, string>;
  problem: string | null;
}) {
  return (
    <div className="space-y-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" role="alert" data-testid="payment-blocked">
      {shortLines.length > 0 ? (
        <>
          <p className="font-semibold" data-testid="basket-stock-problem">
            Some items sold out since you added them. Change or remove them in your basket before you pay: the order cannot be placed with them as they
            are.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {shortLines.map((line) => (
              <li key={line.product_price_id} data-testid="line-stock-problem">
                <span className="font-semibold">{line.item_name}</span>: {shortfalls[line.product_price_id]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {problem ? (
        <p className="font-semibold" data-testid="basket-problem">
          {problem}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to="/checkout" className="font-semibold underline" data-testid="payment-blocked-basket">
          Change your basket
        </Link>
        <Link to="/delivery" className="font-semibold underline">
          Change delivery details
        </Link>
      </p>
    </div>
  );
}

/** Trade customers: the order goes on their account, invoiced on dispatch, payment due on their terms. */
function PayOnAccountPanel({
  account,
  total,
  disabled,
  form,
}: {
  account: { available: number; limit: number; termsDays: number; stopMessage: string | null };
  total: number;
  disabled: boolean;
  form: string;
}) {
  const withinCredit = total <= account.available;
  if (account.stopMessage) {
    return (
      <div className="space-y-4" data-testid="account-panel">
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900" role="alert" data-testid="account-on-stop">
          {account.stopMessage}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4" data-testid="account-panel">
      <p className="text-sm text-stone-700">
        Put <strong className="text-stone-900">{formatPounds(total)}</strong> on your trade account. We invoice you when we dispatch, and payment is
        due {account.termsDays} days after the invoice date.
      </p>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border border-stone-200 bg-white px-4 py-3 text-sm">
        <div>
          <dt className="text-stone-600">Available credit</dt>
          <dd className="font-semibold text-stone-900 tabular-nums" data-testid="account-available">
            {formatPounds(account.available)}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Credit limit</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{formatPounds(account.limit)}</dd>
        </div>
      </dl>
      <div>
        <label htmlFor="purchase-order-number" className="block text-sm font-medium text-stone-800">
          Your purchase order number <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <input
          id="purchase-order-number"
          name="purchase_order_number"
          form={form}
          maxLength={PURCHASE_ORDER_NUMBER_MAX}
          autoComplete="off"
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <p className="mt-1 text-xs text-stone-600">We print it on your invoice.</p>
      </div>
      {withinCredit ? null : (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-testid="account-over-limit">
          This order is more than your available credit. Please pay by card or bank transfer, or call us to raise your limit.
        </p>
      )}
      <button
        type="submit"
        form={form}
        name="intent"
        value="account"
        className="btn-primary w-full py-3 text-base"
        disabled={disabled || !withinCredit}
        data-testid="place-on-account"
      >
        Place order on account
      </button>
      <TermsNotice action="placing your order" />
    </div>
  );
}

function AccountIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 4h16v16H4zM8 9h8M8 13h8M8 17h5" />
    </svg>
  );
}

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </svg>
  );
}

function BankIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M3 10 12 4l9 6M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18" />
    </svg>
  );
}
