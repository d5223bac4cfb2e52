/**
 * The payment step of the checkout (SPEC 2 "Payment step", step 3 of the checkout header).
 * Needs a signed-in customer (else /signin?return=payment) and a basket with a delivery address
 * (else back to /delivery). Shows the summary, the delivery and billing addresses and a delivery
 * note, and two tabs: 'Card / Wallet' (PayPal, or clearly labelled test payments when no provider
 * is configured) and 'Bank Transfer' (payee details, the reference and "I've made my bank
 * transfer"). While the order is placed an overlay covers the page; then order detail opens.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, type MetaFunction } from 'react-router';
import { formatPounds } from '@shop/contract/browser';
import { api } from '~/lib/api-client';
import { useShopState } from '~/state/shop-state';
import { pageMeta } from '~/components/page-meta';
import type { ShopRouteHandle } from '~/components/shop-layout';
import { FormMessage } from '~/components/account/form-message';
import { FullAddress } from '~/components/checkout/address-card';
import { billingAddressOf } from '~/components/checkout/address-format';
import { BankPayeeDetails, useBankReference } from '~/components/checkout/bank-transfer';
import { CardWalletPanel, type PaymentsConfigState } from '~/components/checkout/card-wallet-panel';
import { CheckoutPageHeader, CheckoutSkeleton } from '~/components/checkout/checkout-page-header';
import { useBasketLoading, useRequireSignIn, useSignInAgain } from '~/components/checkout/checkout-guards';
import type { AddressDto, PaymentsConfig } from '~/components/checkout/checkout-types';
import { DeliveryNote, deliveryNoteError } from '~/components/checkout/delivery-note';
import { EmptyBasket } from '~/components/checkout/empty-state';
import { useOrderPlacement } from '~/components/checkout/order-placement';
import { OrderSummary } from '~/components/checkout/order-summary';
import { PlacingOverlay } from '~/components/checkout/placing-overlay';
import { Tabs } from '~/components/checkout/tabs';
import { TermsNotice } from '~/components/checkout/terms-modals';

export const handle = { checkoutStep: 3 } satisfies ShopRouteHandle;

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Payment', 'Pay for your packaging order by card, wallet or bank transfer.'),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin?return=payment';

type PaymentTab = 'card' | 'bank';

export default function PaymentPage() {
  const userId = useRequireSignIn(SIGN_IN);
  const signInAgain = useSignInAgain(SIGN_IN);
  const { ready, cart, refreshCart } = useShopState();
  const basketLoading = useBasketLoading(ready, cart);
  const navigate = useNavigate();
  const { placing, error: placementError, clearError, showError: showPlacementError, place: placeOrder } = useOrderPlacement();
  const bankReference = useBankReference(userId);

  const [addresses, setAddresses] = useState<AddressDto[] | null>(null);
  const [config, setConfig] = useState<PaymentsConfigState>('loading');
  const [tab, setTab] = useState<PaymentTab>('card');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (!userId) return;
    let live = true;
    api<AddressDto[]>(`/address/GetBy/${encodeURIComponent(userId)}`)
      .then((list) => live && setAddresses(list))
      .catch((error: unknown) => {
        if (!live || signInAgain(error)) return;
        setAddresses([]);
      });
    return () => {
      live = false;
    };
  }, [userId, signInAgain]);

  useEffect(() => {
    let live = true;
    api<PaymentsConfig>('/payments/config')
      .then((answer) => live && setConfig(answer))
      .catch(() => live && setConfig('failed'));
    return () => {
      live = false;
    };
  }, []);

  const lines = cart?.cartIems ?? [];
  const loading = basketLoading || !userId;
  const hasItems = lines.length > 0;

  // SPEC 2: the payment step needs a selected delivery address. Not while an order is being
  // placed: placing empties the basket just before order detail opens. The basket in memory
  // may predate the address being chosen: reload it once before sending the customer back.
  const noAddress = !loading && cart !== null && hasItems && cart.address_id === null && !placing;
  const [recheck, setRecheck] = useState<'idle' | 'checking' | 'done'>('idle');
  useEffect(() => {
    if (!noAddress) return;
    if (recheck === 'done') {
      navigate('/delivery', { replace: true });
    } else if (recheck === 'idle') {
      setRecheck('checking');
      void refreshCart().finally(() => setRecheck('done'));
    }
  }, [noAddress, recheck, refreshCart, navigate]);

  const delivery = addresses?.find((a) => a.address_id === cart?.address_id) ?? null;
  const billing = addresses ? billingAddressOf(addresses) : null;
  const noteInvalid = deliveryNoteError(note) !== null;
  const canPay = !placing && !noteInvalid && addresses !== null;

  const place = useCallback(
    (method: 'bank' | 'paypal', paymentReference: string) => {
      if (!cart || !userId) return;
      setStatus('');
      void placeOrder({ cart, userId, note, billingAddressId: billing?.address_id ?? null, method, paymentReference });
    },
    [cart, userId, note, billing, placeOrder],
  );

  const showError = useCallback(
    (text: string) => {
      setStatus('');
      showPlacementError(text);
    },
    [showPlacementError],
  );

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <CheckoutPageHeader title="Payment" backTo="/delivery" backLabel="Back to delivery details">
        Check your order, then pay by card, wallet or bank transfer.
      </CheckoutPageHeader>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>

      <div className="mt-6">
        {loading || noAddress ? (
          <CheckoutSkeleton label="Loading your order…" />
        ) : !cart || !hasItems ? (
          placing ? null : <EmptyBasket />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
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
                  <div className="mt-2">
                    {addresses === null ? <LinesPlaceholder /> : delivery ? <FullAddress address={delivery} /> : <p className="text-sm text-stone-600">No Address Selected</p>}
                  </div>
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
                  <div className="mt-2">
                    {addresses === null ? <LinesPlaceholder /> : billing ? <FullAddress address={billing} /> : <p className="text-sm text-stone-600">The delivery address is used.</p>}
                  </div>
                </section>
              </div>

              <section className="card p-5" aria-labelledby="note-heading">
                <h2 id="note-heading" className="sr-only">
                  Delivery note
                </h2>
                <DeliveryNote value={note} onChange={setNote} disabled={placing} />
              </section>

              <section className="card p-5" aria-labelledby="pay-heading" data-testid="payment-methods">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id="pay-heading" className="text-lg font-semibold text-stone-900">
                    How would you like to pay?
                  </h2>
                  <p className="text-sm text-stone-600">
                    Total to pay <strong className="text-base text-stone-900 tabular-nums">{formatPounds(cart.total)}</strong>
                  </p>
                </div>
                <div className="mt-4 space-y-4">
                  <FormMessage message={placementError ? { tone: 'error', text: placementError } : null} testId="payment-message" />
                  <Tabs<PaymentTab>
                    label="Payment method"
                    selected={tab}
                    onSelect={(key) => {
                      setTab(key);
                      clearError();
                    }}
                    tabs={[
                      {
                        key: 'card',
                        label: 'Card / Wallet',
                        icon: <CardIcon />,
                        panel: (
                          <div className="space-y-4">
                            <CardWalletPanel
                              config={config}
                              cart={cart}
                              userId={userId ?? ''}
                              disabled={!canPay}
                              onPaid={(reference) => place('paypal', reference)}
                              showError={showError}
                              showStatus={setStatus}
                            />
                            <TermsNotice action="paying" />
                          </div>
                        ),
                      },
                      {
                        key: 'bank',
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
                              type="button"
                              className="btn-primary w-full py-3 text-base"
                              disabled={!canPay}
                              onClick={() => place('bank', bankReference)}
                              data-testid="bank-transfer-done"
                            >
                              I&apos;ve made my bank transfer
                            </button>
                            <TermsNotice action="placing your order" />
                          </div>
                        ),
                      },
                    ]}
                  />
                </div>
              </section>
            </div>

            <div className="lg:sticky lg:top-4">
              <OrderSummary cart={cart} />
            </div>
          </div>
        )}
      </div>

      <PlacingOverlay open={placing} />
    </main>
  );
}

function LinesPlaceholder() {
  return (
    <div className="animate-pulse space-y-2" aria-hidden="true">
      <div className="h-3 w-2/3 rounded bg-stone-100" />
      <div className="h-3 w-1/2 rounded bg-stone-100" />
      <div className="h-3 w-1/3 rounded bg-stone-100" />
    </div>
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
