/**
 * Guards shared by the checkout and order pages (SPEC 6): they need a signed-in customer, and
 * their data (basket, addresses, orders) is the customer's, so it loads in the browser.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CartDto } from '@shop/contract';
import { ApiError } from '~/lib/api-client';
import { useShopState } from '~/state/shop-state';

/**
 * Sends a visitor without a stored user id to the sign-in page (`signInPath`, e.g.
 * '/signin?return=delivery'). Returns the user id once known; null while the browser has not
 * read its storage yet (server render, first paint) or while redirecting.
 */
export function useRequireSignIn(signInPath: string): string | null {
  const { ready, userId } = useShopState();
  const navigate = useNavigate();
  useEffect(() => {
    if (ready && !userId) navigate(signInPath, { replace: true });
  }, [ready, userId, navigate, signInPath]);
  return ready ? userId : null;
}

/**
 * For a call answered 401 (the stored token expired or was revoked): forget the identity and go
 * to sign-in. Without forgetting it, the sign-in page would send a still "signed in" visitor
 * straight back here (SPEC 4), round and round.
 */
export function useSignInAgain(signInPath: string): (error: unknown) => boolean {
  const { logout } = useShopState();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return false;
      void logout().then(() => navigate(signInPath, { replace: true }));
      return true;
    },
    [logout, navigate, signInPath],
  );
}

/** A basket that never arrives (offline, failed load: SPEC 8 ignores it) ends as an empty page, not an endless skeleton. */
const LOADING_GIVE_UP_MS = 8000;

/** True while the shared basket has not loaded yet. */
export function useBasketLoading(ready: boolean, cart: CartDto | null): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!ready || cart !== null) return;
    const timer = window.setTimeout(() => setGaveUp(true), LOADING_GIVE_UP_MS);
    return () => window.clearTimeout(timer);
  }, [ready, cart]);
  return !ready || (cart === null && !gaveUp);
}

/** The message of a failed call for the customer: the server's own text when it sent one. */
export function apiMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && typeof error.body?.message === 'string' && error.body.message && error.status !== 500) return error.body.message;
  return fallback;
}
