/**
 * The address step of the checkout (SPEC 2 "Delivery address step", step 2 of the checkout
 * header). Needs a signed-in customer (else /signin?return=delivery). Shows the order summary,
 * the billing address (type Billing, else the first, else a prompt to add one), the selected
 * delivery address (or 'No Address Selected') and the saved addresses; 'Deliver to this
 * Address' assigns an address to the basket and goes on to payment.
 *
 * Everything is read by the loader and changed by the action (delivery-actions.server.ts), with
 * plain forms and links: the 'Add/Update Address' modal is opened by the URL (?address=new or
 * ?address=<id>), and a saved address comes back as ?saved=<id>. React Router revalidates the
 * page and the header's basket after every change.
 */
import { Link, useNavigation, type MetaFunction, type ShouldRevalidateFunctionArgs } from 'react-router';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import type { ShopRouteHandle } from '~/components/shop-layout';
import { FormMessage } from '~/components/account/form-message';
import { FullAddress, SavedAddressCard, ShortAddress } from '~/components/checkout/address-card';
import { billingAddressOf, isBilling } from '~/components/checkout/address-format';
import { AddressModal } from '~/components/checkout/address-modal';
import { addressEditor, addressesInOrder, addressNamed } from '~/components/checkout/address-book';
import { CheckoutPageHeader } from '~/components/checkout/checkout-page-header';
import { deliveryAction } from '~/server/checkout/delivery-actions.server';
import { isAddressFormAnswer } from '~/components/checkout/delivery-answers';
import { EmptyBasket } from '~/components/checkout/empty-state';
import { OrderSummary } from '~/components/checkout/order-summary';
import type { Route } from './+types/delivery';
import { postedForm } from '~/server/forms.server';

export const handle = { checkoutStep: 2 } satisfies ShopRouteHandle;

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your Billing & Delivery Details', 'Choose the delivery and billing addresses for your packaging order.'),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin?return=delivery';
const PAGE = '/delivery';

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  const search = new URL(request.url).searchParams;
  const { carts, addresses } = context.services;
  const [cart, list] = await Promise.all([carts.cartOf({ kind: 'user', userId }), addresses.listOf(userId, userId)]);
  const sorted = addressesInOrder(list);
  return { cart, addresses: sorted, editor: addressEditor(search, sorted), saved: addressNamed(search.get('saved'), sorted)?.reference ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  return deliveryAction(userId, await postedForm(request), context);
}

/** A postcode lookup changes nothing stored: the basket and the addresses need no reload after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  if (typeof intent === 'string' && (intent === 'find' || intent.startsWith('pick:'))) return false;
  return defaultShouldRevalidate;
}

/** The intent of a form of this page being posted (or its redirect being followed), else null. */
function pendingIntentOf(navigation: ReturnType<typeof useNavigation>): string | null {
  if (!navigation.formData || navigation.formMethod?.toUpperCase() !== 'POST') return null;
  const intent = navigation.formData.get('intent');
  return typeof intent === 'string' ? intent : '';
}

export default function DeliveryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, addresses, editor, saved } = loaderData;
  const pendingIntent = pendingIntentOf(useNavigation());
  const busy = pendingIntent !== null;

  const formAnswer = isAddressFormAnswer(actionData) ? actionData : null;
  const cardAnswer = actionData && !isAddressFormAnswer(actionData) ? actionData : null;
  const status = cardAnswer?.ok ? cardAnswer.message : saved ? `Address ${saved} saved.` : '';
  // A refused save whose modal is gone (the address was removed meanwhile) still says why.
  // A refusal of one address's 'Deliver to this Address' is said on its card (in view where it was pressed, on a phone too).
  const cardRefusal = cardAnswer && !cardAnswer.ok && cardAnswer.addressId !== undefined ? cardAnswer : null;
  const message = cardAnswer && !cardAnswer.ok && !cardRefusal ? cardAnswer.message : formAnswer && !formAnswer.ok && !editor ? formAnswer.message : null;

  const lines = cart.cartIems;
  const billing = billingAddressOf(addresses);
  const selected = addresses.find((a) => a.address_id === cart.address_id) ?? null;
  const addHref = `${PAGE}?address=new`;

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <CheckoutPageHeader title="Your Billing & Delivery Details" backTo="/checkout" backLabel="Back to basket">
        Choose where we deliver your order, or add a new address.
      </CheckoutPageHeader>
      <p className="sr-only" role="status" aria-live="polite" data-testid="delivery-status">
        {status}
      </p>

      <div className="mt-6">
        {lines.length === 0 ? (
          <EmptyBasket />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            <div className="min-w-0 space-y-6">
              <FormMessage message={message ? { tone: 'error', text: message } : null} testId="delivery-message" />

              <div className="grid gap-4 sm:grid-cols-2">
                <section className="card p-5" aria-labelledby="billing-heading" data-testid="billing-address">
                  <h2 id="billing-heading" className="text-base font-semibold text-stone-900">
                    Billing Address
                  </h2>
                  <div className="mt-2">
                    {billing ? (
                      <FullAddress address={billing} />
                    ) : (
                      <div>
                        <p className="text-sm text-stone-600">You have no saved address yet. Add one to use as your billing address.</p>
                        <Link to={addHref} preventScrollReset role="button" className="btn-secondary mt-3">
                          Add Address
                        </Link>
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
                    {selected ? (
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
                  <Link to={addHref} preventScrollReset role="button" className="btn-accent" data-testid="add-address">
                    <span aria-hidden="true">+</span> Add Address
                  </Link>
                </div>
                {addresses.length === 0 ? (
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
                        cartId={cart.cart_id}
                        busy={busy}
                        refusal={cardRefusal?.addressId === address.address_id ? cardRefusal.message : null}
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

      {editor && lines.length > 0 ? (
        <AddressModal
          key={editor.address?.address_id ?? 'new'}
          address={editor.address}
          answer={formAnswer}
          pendingIntent={pendingIntent}
          closeHref={PAGE}
        />
      ) : null}
    </main>
  );
}
