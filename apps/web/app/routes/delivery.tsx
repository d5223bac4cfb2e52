/**
 * The address step of the checkout (SPEC 2 "Delivery address step", step 2 of the checkout
 * header). Needs a signed-in customer (else /signin?return=delivery). Shows the order summary,
 * the billing address (type Billing, else the first, else a prompt to add one), the selected
 * delivery address (or 'No Address Selected') and the saved addresses; 'Deliver to this
 * Address' assigns an address to the basket and goes on to payment.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, type MetaFunction } from 'react-router';
import { api } from '~/lib/api-client';
import { useShopState } from '~/state/shop-state';
import { pageMeta } from '~/components/page-meta';
import type { ShopRouteHandle } from '~/components/shop-layout';
import { FormMessage, type FormMessageValue } from '~/components/account/form-message';
import { FullAddress, SavedAddressCard, ShortAddress } from '~/components/checkout/address-card';
import { billingAddressOf, isBilling } from '~/components/checkout/address-format';
import { AddressModal } from '~/components/checkout/address-modal';
import { CheckoutPageHeader, CheckoutSkeleton } from '~/components/checkout/checkout-page-header';
import { apiMessage, useBasketLoading, useRequireSignIn, useSignInAgain } from '~/components/checkout/checkout-guards';
import type { AddressDto } from '~/components/checkout/checkout-types';
import { EmptyBasket } from '~/components/checkout/empty-state';
import { OrderSummary } from '~/components/checkout/order-summary';

export const handle = { checkoutStep: 2 } satisfies ShopRouteHandle;

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your Billing & Delivery Details', 'Choose the delivery and billing addresses for your packaging order.'),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin?return=delivery';

const byId = (a: AddressDto, b: AddressDto) => a.address_id - b.address_id;

export default function DeliveryPage() {
  const userId = useRequireSignIn(SIGN_IN);
  const signInAgain = useSignInAgain(SIGN_IN);
  const { ready, cart, refreshCart } = useShopState();
  const basketLoading = useBasketLoading(ready, cart);
  const navigate = useNavigate();

  const [addresses, setAddresses] = useState<AddressDto[] | null>(null);
  const [editor, setEditor] = useState<{ address: AddressDto | null } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  const loadAddresses = useCallback(async () => {
    if (!userId) return;
    try {
      const list = await api<AddressDto[]>(`/address/GetBy/${encodeURIComponent(userId)}`);
      setAddresses([...list].sort(byId));
    } catch (error) {
      if (signInAgain(error)) return;
      setAddresses((current) => current ?? []);
      setMessage({ tone: 'error', text: 'Your saved addresses could not be loaded. Please refresh the page to try again.' });
    }
  }, [userId, signInAgain]);

  useEffect(() => {
    void loadAddresses();
  }, [loadAddresses]);

  const fail = (error: unknown, fallback: string) => {
    if (!signInAgain(error)) setMessage({ tone: 'error', text: apiMessage(error, fallback) });
  };

  const deliverTo = async (address: AddressDto) => {
    if (!cart || busyId !== null) return;
    setBusyId(address.address_id);
    setMessage(null);
    try {
      await api('/cart/AssignAddress', { method: 'PUT', body: { addressId: address.address_id, cartId: cart.cart_id } });
      await refreshCart();
      navigate('/payment');
    } catch (error) {
      fail(error, 'This address could not be selected. Please try again.');
    } finally {
      setBusyId(null);
    }
  };

  const edit = async (address: AddressDto) => {
    if (busyId !== null) return;
    setBusyId(address.address_id);
    setMessage(null);
    try {
      // Edit the stored address, not what this page loaded a while ago.
      setEditor({ address: await api<AddressDto>(`/address/${address.address_id}`) });
    } catch (error) {
      if (!signInAgain(error)) setEditor({ address });
    } finally {
      setBusyId(null);
    }
  };

  const markAsBilling = async (address: AddressDto) => {
    if (busyId !== null) return;
    setBusyId(address.address_id);
    setMessage(null);
    try {
      const list = await api<AddressDto[]>('/address/MarkAsBilling', { method: 'PUT', body: { address_id: address.address_id } });
      setAddresses([...list].sort(byId));
      setStatus(`${address.reference} is now your billing address.`);
    } catch (error) {
      fail(error, 'The billing address could not be changed. Please try again.');
    } finally {
      setBusyId(null);
    }
  };

  const saved = async (address: AddressDto) => {
    setEditor(null);
    setStatus(`Address ${address.reference} saved.`);
    setMessage(null);
    await loadAddresses();
  };

  const openAdd = () => {
    setMessage(null);
    setEditor({ address: null });
  };

  const lines = cart?.cartIems ?? [];
  const loading = basketLoading || !userId;
  const billing = addresses ? billingAddressOf(addresses) : null;
  const selected = addresses?.find((a) => a.address_id === cart?.address_id) ?? null;

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <CheckoutPageHeader title="Your Billing & Delivery Details" backTo="/checkout" backLabel="Back to basket">
        Choose where we deliver your order, or add a new address.
      </CheckoutPageHeader>
      <p className="sr-only" role="status" aria-live="polite" data-testid="delivery-status">
        {status}
      </p>

      <div className="mt-6">
        {loading ? (
          <CheckoutSkeleton label="Loading your basket and addresses…" />
        ) : !cart || lines.length === 0 ? (
          <EmptyBasket />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            <div className="min-w-0 space-y-6">
              <FormMessage message={message} testId="delivery-message" />

              <div className="grid gap-4 sm:grid-cols-2">
                <section className="card p-5" aria-labelledby="billing-heading" data-testid="billing-address">
                  <h2 id="billing-heading" className="text-base font-semibold text-stone-900">
                    Billing Address
                  </h2>
                  <div className="mt-2">
                    {addresses === null ? (
                      <AddressPlaceholder />
                    ) : billing ? (
                      <FullAddress address={billing} />
                    ) : (
                      <div>
                        <p className="text-sm text-stone-600">You have no saved address yet. Add one to use as your billing address.</p>
                        <button type="button" className="btn-secondary mt-3" onClick={openAdd}>
                          Add Address
                        </button>
                      </div>
                    )}
                  </div>
                </section>

                <section
                  className={`card p-5 ${selected ? 'border-brand-500' : ''}`}
                  aria-labelledby="selected-heading"
                  data-testid="selected-address"
                >
                  <h2 id="selected-heading" className="text-base font-semibold text-stone-900">
                    Delivery Address
                  </h2>
                  <div className="mt-2">
                    {addresses === null ? (
                      <AddressPlaceholder />
                    ) : selected ? (
                      <ShortAddress address={selected} />
                    ) : (
                      <>
                        <p className="text-sm font-medium text-stone-900">No Address Selected</p>
                        <p className="mt-1 text-sm text-stone-600">
                          Choose &lsquo;Deliver to this Address&rsquo; on one of your addresses below.
                        </p>
                      </>
                    )}
                  </div>
                </section>
              </div>

              <section aria-labelledby="addresses-heading">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h2 id="addresses-heading" className="text-lg font-semibold text-stone-900">
                    Your Addresses
                  </h2>
                  <button type="button" className="btn-accent" onClick={openAdd} data-testid="add-address">
                    <span aria-hidden="true">+</span> Add Address
                  </button>
                </div>
                {addresses === null ? (
                  <div className="card mt-3 h-40 animate-pulse bg-stone-50" aria-hidden="true" />
                ) : addresses.length === 0 ? (
                  <div className="mt-3 rounded-lg border-2 border-dashed border-stone-300 bg-white px-5 py-8 text-center" data-testid="no-addresses">
                    <p className="text-sm font-medium text-stone-900">No saved addresses yet</p>
                    <p className="mt-1 text-sm text-stone-600">Add your first address: it becomes your billing address, and you can deliver to it.</p>
                  </div>
                ) : (
                  <ul className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="address-list">
                    {addresses.map((address) => (
                      <SavedAddressCard
                        key={address.address_id}
                        address={address}
                        selected={address.address_id === selected?.address_id}
                        showMarkAsBilling={addresses.length > 1 && !isBilling(address)}
                        busy={busyId !== null}
                        onEdit={() => void edit(address)}
                        onDeliver={() => void deliverTo(address)}
                        onMarkAsBilling={() => void markAsBilling(address)}
                      />
                    ))}
                  </ul>
                )}
              </section>
            </div>

            <div className="lg:sticky lg:top-4">
              <OrderSummary cart={cart}>
                {selected ? (
                  <Link to="/payment" className="btn-primary mt-5 w-full py-3" data-testid="continue-to-payment">
                    Continue to Payment
                  </Link>
                ) : (
                  <p className="mt-4 rounded-md bg-stone-100 px-3 py-2.5 text-sm text-stone-700">Choose a delivery address to continue to payment.</p>
                )}
              </OrderSummary>
            </div>
          </div>
        )}
      </div>

      {userId ? (
        <AddressModal
          open={editor !== null}
          address={editor?.address ?? null}
          userId={userId}
          onClose={() => setEditor(null)}
          onSaved={(address) => void saved(address)}
        />
      ) : null}
    </main>
  );
}

function AddressPlaceholder() {
  return (
    <div className="animate-pulse space-y-2" aria-hidden="true">
      <div className="h-3 w-2/3 rounded bg-stone-100" />
      <div className="h-3 w-1/2 rounded bg-stone-100" />
      <div className="h-3 w-1/3 rounded bg-stone-100" />
    </div>
  );
}
