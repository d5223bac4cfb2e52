/**
 * PayPal's wallet and card buttons (SPEC 7: currency GBP, capture intent, items, totals, tax and
 * shipping). Imported lazily by the card/wallet tab only when the shop is configured for PayPal,
 * so PayPal's code is in no other page's bundle. If PayPal's script cannot load, the tab says so
 * (bank transfer still works).
 */
import { useEffect, useRef } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { CartDto } from '@shop/contract';

export interface PayPalCheckoutProps {
  clientId: string;
  /** The page's CSP nonce, for the styles and scripts PayPal's SDK adds. */
  nonce: string;
  cart: CartDto;
  disabled: boolean;
  /** The buyer approved and the payment was captured: `orderId` is PayPal's order id. */
  onCaptured(orderId: string, details: unknown): void;
  onFailure(error: unknown, stage: string): void;
  onCancelled(): void;
}

const money = (amount: number) => ({ currency_code: 'GBP', value: amount.toFixed(2) });

/** PayPal rejects item names over 127 characters. */
const itemName = (name: string) => (name.length > 127 ? `${name.slice(0, 126)}…` : name);

export function purchaseUnitFor(cart: CartDto) {
  return {
    amount: {
      ...money(cart.total),
      // PayPal checks item_total - discount + shipping + tax_total = value: an offer's discount is its own entry.
      breakdown: {
        item_total: money(cart.subTotal),
        tax_total: money(cart.totalTax),
        shipping: money(cart.deliveryFee),
        ...(cart.discount > 0 ? { discount: money(cart.discount) } : {}),
      },
    },
    items: cart.cartIems.map((line) => ({
      name: itemName(line.item_name),
      unit_amount: money(line.price),
      quantity: String(line.count),
      sku: String(line.product_price_id),
    })),
  };
}

export default function PayPalCheckout({ clientId, nonce, cart, disabled, onCaptured, onFailure, onCancelled }: PayPalCheckoutProps) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'GBP', intent: 'capture', components: 'buttons', dataCspNonce: nonce || undefined }}>
      <PayPalArea cart={cart} disabled={disabled} onCaptured={onCaptured} onFailure={onFailure} onCancelled={onCancelled} />
    </PayPalScriptProvider>
  );
}

function PayPalArea({ cart, disabled, onCaptured, onFailure, onCancelled }: Omit<PayPalCheckoutProps, 'clientId' | 'nonce'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // The buttons keep the callbacks of their first render: read the latest basket through a ref.
  const latest = useRef(cart);
  useEffect(() => {
    latest.current = cart;
  }, [cart]);

  if (isRejected) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800" data-testid="paypal-unavailable">
        Card and wallet payments could not be loaded right now. Please try again later, or pay by bank transfer.
      </p>
    );
  }

  return (
    <div className="min-h-[9rem]" aria-busy={isPending}>
      {isPending ? (
        <p className="animate-pulse rounded-md bg-stone-100 px-3 py-6 text-center text-sm text-stone-600" role="status">
          Loading secure payment buttons…
        </p>
      ) : null}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: 'pay' }}
        disabled={disabled}
        forceReRender={[cart.total, cart.count]}
        createOrder={(_data, actions) =>
          actions.order.create({ intent: 'CAPTURE', purchase_units: [purchaseUnitFor(latest.current)] })
        }
        onApprove={async (data, actions) => {
          try {
            const details = actions.order ? await actions.order.capture() : null;
            const orderId = details?.id ?? data.orderID;
            onCaptured(orderId, details ?? data);
          } catch (error) {
            onFailure(error, 'capture');
          }
        }}
        onCancel={() => onCancelled()}
        onError={(error) => onFailure(error, 'buttons')}
      />
    </div>
  );
}
