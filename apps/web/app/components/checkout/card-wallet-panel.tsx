/**
 * The 'Card / Wallet' tab of the payment step (SPEC 2, 4; DESIGN 5). With PayPal configured it
 * loads PayPal's buttons (lazily: PayPal's code is fetched only here); after approval the
 * payment is captured, its PayPal order id becomes the payment reference, the approval is
 * written to the order log and the order is placed. Without PayPal, a shop at a localhost address
 * or with PAYMENTS_TEST_MODE=1 runs "test payments": a clearly labelled button approves a
 * simulated provider order instead; elsewhere the payment step shows no card tab at all.
 * Both need JavaScript: the server's HTML has neither the test button nor PayPal's placeholder
 * (a button that cannot work), only the page's note that card payments need JavaScript.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { CartDto } from '@shop/contract';
import { formatPounds } from '@shop/contract/browser';
import { apiClient, failureMessage } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';
import { useRootData } from '~/root';
import type { PaymentsConfig } from './checkout-types';
import { logOrderEvent } from './order-log';
import type { PayPalCheckoutProps } from './paypal-checkout';

interface Props {
  config: PaymentsConfig;
  cart: CartDto;
  disabled: boolean;
  /** The provider approved a payment: place the order with this payment reference. */
  onPaid(reference: string): void;
  showError(text: string): void;
  showStatus(text: string): void;
}

const unavailableText = 'Card and wallet payments are not available right now. Please try again later, or pay by bank transfer.';

function Unavailable({ text = unavailableText }: { text?: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800" data-testid="paypal-unavailable">
      {text}
    </p>
  );
}

export function CardWalletPanel({ config, cart, disabled, onPaid, showError, showStatus }: Props) {
  // Without JavaScript nothing here could work: the payment page's <noscript> note says so instead.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  if (config.mode === 'test') {
    return <TestPayment cart={cart} disabled={disabled} onPaid={onPaid} showError={showError} />;
  }
  if (!config.clientId) return <Unavailable />;
  return (
    <PayPalPayment clientId={config.clientId} cart={cart} disabled={disabled} onPaid={onPaid} showError={showError} showStatus={showStatus} />
  );
}

function TestPayment({ cart, disabled, onPaid, showError }: Pick<Props, 'cart' | 'disabled' | 'onPaid' | 'showError'>) {
  const [paying, setPaying] = useState(false);
  const pay = async () => {
    if (paying) return;
    setPaying(true);
    try {
      const { id } = await apiClient.createTestPayment({ amount: cart.total });
      onPaid(id);
    } catch (error) {
      showError(failureMessage(error, 'The test payment could not be made. Please try again.'));
    } finally {
      setPaying(false);
    }
  };
  return (
    <section className="rounded-lg border-2 border-dashed border-accent-500 bg-accent-300/15 p-4" aria-labelledby="test-payments-heading" data-testid="test-payments">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-accent-400 px-2 py-0.5 text-xs font-bold tracking-wide text-stone-900 uppercase">Test mode</span>
        <h3 id="test-payments-heading" className="text-base font-semibold text-stone-900">
          Test payments (no real money)
        </h3>
      </div>
      <p className="mt-2 text-sm text-stone-700">
        This shop is not connected to a card payment provider. The button below approves a simulated payment of{' '}
        <strong className="text-stone-900">{formatPounds(cart.total)}</strong>, so you can try the whole checkout. No card is charged.
      </p>
      <button type="button" className="btn-primary mt-4 w-full py-3 sm:w-auto sm:px-6" onClick={() => void pay()} disabled={disabled || paying} data-testid="pay-test-card">
        {paying ? 'Approving test payment…' : 'Pay with test card'}
      </button>
    </section>
  );
}

function PayPalPayment({ clientId, cart, disabled, onPaid, showError, showStatus }: Omit<Props, 'config'> & { clientId: string }) {
  const { nonce } = useRootData();
  const [Checkout, setCheckout] = useState<ComponentType<PayPalCheckoutProps> | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    import('./paypal-checkout')
      .then((module) => live && setCheckout(() => module.default))
      .catch((error: unknown) => {
        console.error('Loading the card payment buttons failed', error);
        if (live) setCheckout('failed');
      });
    return () => {
      live = false;
    };
  }, []);

  if (Checkout === 'failed') return <Unavailable text="Card and wallet payments could not be loaded right now. Please try again later, or pay by bank transfer." />;
  if (Checkout === null) {
    return (
      <p className="animate-pulse rounded-md bg-stone-100 px-3 py-6 text-center text-sm text-stone-600" role="status">
        Loading secure payment buttons…
      </p>
    );
  }

  return (
    <div data-testid="paypal-area">
      <p className="mb-3 text-sm text-stone-700">
        Pay <strong className="text-stone-900">{formatPounds(cart.total)}</strong> securely with PayPal, or with a credit or debit card.
      </p>
      <Checkout
        clientId={clientId}
        nonce={nonce}
        cart={cart}
        disabled={disabled}
        onCaptured={(orderId, details) => {
          void (async () => {
            await logOrderEvent({ request: details, extra_info: 'PayPal payment approved and captured', external_id: orderId });
            onPaid(orderId);
          })();
        }}
        onFailure={(error, stage) => {
          void logOrderEvent({ error, extra_info: `PayPal ${stage} failed` });
          showError('The card or wallet payment did not go through, and you have not been charged. Please try again, or pay by bank transfer.');
        }}
        onCancelled={() => showStatus('Payment cancelled. You have not been charged.')}
      />
    </div>
  );
}
