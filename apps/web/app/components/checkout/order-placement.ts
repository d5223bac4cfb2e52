/**
 * Placing the order (SPEC 4, 7; DESIGN 4 "Orders"): POST /api/order with the basket's totals and
 * lines as the server cart computed them, and an `Idempotency-Key` made once per payment
 * attempt. A retry or a double click of the same attempt sends the same key, so the server
 * answers with the same order instead of placing a second one. A 409 with fresh totals means
 * the basket changed: nothing was placed, the basket is reloaded and the customer confirms again.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError } from '~/lib/api-client';
import { useShopState } from '~/state/shop-state';
import type { TotalsConflictBody } from './checkout-types';
import { newIdempotencyKey, orderBody, orderIdFrom, type OrderRequest } from './order-body';
import { logOrderEvent } from './order-log';


export const messagesForPlacement = {
  totalsChanged:
    'The prices or delivery charge of your basket changed since this page was opened, so your order was not placed. We have updated the order summary: please check the new total and confirm again.',
  failed: 'Your order could not be placed. Please try again, or call us if it keeps happening.',
  uncertain:
    'We could not reach the shop to confirm your order. Please check your connection and try again: pressing the button again will not place a second order.',
} as const;

interface Placement {
  placing: boolean;
  error: string | null;
  clearError(): void;
  /** Shows an error that happened before placing (e.g. the payment provider failed). */
  showError(text: string): void;
  place(request: OrderRequest): Promise<boolean>;
}

export function useOrderPlacement(): Placement {
  const { refreshCart } = useShopState();
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  // One key per attempt: the same method and payment reference reuse it until the server gives a definite answer.
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const place = useCallback(
    async (request: OrderRequest): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      const signature = `${request.method}:${request.paymentReference}`;
      if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
      const key = attempt.current.key;
      setPlacing(true);
      setError(null);
      try {
        const answer = await api<unknown>('/order', {
          method: 'POST',
          headers: { 'Idempotency-Key': key },
          body: orderBody(request),
        });
        const orderId = orderIdFrom(answer);
        if (orderId === null) throw new Error(`Unexpected answer to POST /api/order: ${JSON.stringify(answer)}`);
        attempt.current = null;
        await refreshCart();
        navigate(`/order-detail?orderId=${orderId}`, { state: { placed: true } });
        // The overlay stays up until the order page replaces this one.
        return true;
      } catch (failure) {
        busy.current = false;
        setPlacing(false);
        const definite = failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
        // A definite refusal placed nothing: the next try is a new attempt with a new key.
        if (definite) attempt.current = null;
        let text: string;
        if (failure instanceof ApiError && failure.status === 409 && (failure.body as TotalsConflictBody | null)?.totals) {
          await refreshCart();
          text = messagesForPlacement.totalsChanged;
        } else if (failure instanceof ApiError && (definite || failure.status === 502) && typeof failure.body?.message === 'string' && failure.body.message) {
          text = failure.body.message;
        } else {
          text = failure instanceof ApiError ? messagesForPlacement.failed : messagesForPlacement.uncertain;
        }
        if (request.method === 'paypal') {
          // The provider has approved a payment that did not become an order: give the customer its reference.
          text = `${text} Your payment reference is ${request.paymentReference}; please quote it if you contact us.`;
        }
        setError(text);
        if (request.method === 'paypal') {
          void logOrderEvent({
            error: failure instanceof ApiError ? `${failure.status} ${failure.message}` : failure,
            request: { payment_reference: request.paymentReference, total: request.cart.total },
            extra_info: 'Placing the order after a card/wallet payment failed',
            external_id: request.paymentReference,
            user_id: request.userId,
          });
        }
        return false;
      }
    },
    [refreshCart, navigate],
  );

  return {
    placing,
    error,
    clearError: useCallback(() => setError(null), []),
    showError: useCallback((text: string) => setError(text), []),
    place,
  };
}
