/**
 * "Pay £Y by card" on the customer's order page, while something is due on an order that stands:
 * the checkout's card panel (PayPal, or the labelled test payments) for exactly what is due; the
 * page's action (~/server/orders/due-card-payment.server) has core verify and record it.
 */
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { CartDto } from '@shop/contract';
import { formatPounds } from '@shop/contract/browser';
import { CardWalletPanel } from '~/components/checkout/card-wallet-panel';
import type { PaymentsConfig } from '~/components/checkout/checkout-types';
import { FormMessage } from '~/components/account/form-message';

/** The order page's form intent for a card payment of what is due. */
export const PAY_DUE_INTENT = 'pay-card';

/** "Pay £Y by card": the checkout's card panel for what is due; the page's action records it. */
export function PayDueByCard({ orderId, cart, payments }: { orderId: number; cart: CartDto; payments: PaymentsConfig }) {
  const card = useFetcher<{ ok: false; message: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const refused = card.data && !card.data.ok ? card.data.message : null;
  const shown = problem ?? refused;
  return (
    <section className="card mt-6 max-w-xl space-y-3 p-5" aria-labelledby="order-pay-card-heading" data-testid="order-pay-card">
      <h2 id="order-pay-card-heading" className="text-base font-semibold text-stone-900">
        Pay {formatPounds(cart.total)} by card
      </h2>
      {shown ? <FormMessage message={{ tone: 'error', text: shown }} /> : null}
      <noscript>
        <p className="text-sm text-stone-700">Paying by card needs JavaScript; bank transfer with your payment reference works without it.</p>
      </noscript>
      <CardWalletPanel
        config={payments}
        cart={cart}
        disabled={card.state !== 'idle'}
        onPaid={(reference) => {
          setProblem(null);
          void card.submit({ intent: PAY_DUE_INTENT, order_id: String(orderId), payment_reference: reference }, { method: 'post' });
        }}
        showError={setProblem}
        showStatus={setProblem}
      />
    </section>
  );
}
