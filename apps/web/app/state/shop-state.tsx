/**
 * The visitor's identity, basket and name, shared by the header and the pages (SPEC 4):
 * a session is created on first load when none is stored; the cart and user are loaded with
 * user_id if present, else session_id; add/modify/remove call `refreshCart()`.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CartDto } from '@shop/contract';
import { api } from '~/lib/api-client';
import { readStored, removeStored, storageKeys, writeStored } from '~/lib/browser-storage';
import { replayEarlyInput } from '~/lib/early-input';

export interface ShopState {
  /** False until the browser has read its stored identity (server render and first paint). */
  ready: boolean;
  userId: string | null;
  firstName: string | null;
  cart: CartDto | null;
  /**
   * The visitor's session id once it exists: a first visit creates it just after the page
   * hydrates, and a click made before that (or replayed from before hydration) waits for it.
   */
  ensureSession(): Promise<string | null>;
  refreshCart(): Promise<void>;
  refreshUser(): Promise<void>;
  /** After sign-in or sign-up: store the identity and refresh cart and name. */
  signedIn(userId: number, token: string): Promise<void>;
  logout(): Promise<void>;
}

const ShopStateContext = createContext<ShopState | null>(null);

export function useShopState(): ShopState {
  const state = useContext(ShopStateContext);
  if (!state) throw new Error('useShopState must be used inside <ShopStateProvider>');
  return state;
}

export function ShopStateProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const [userId, setUserId] = useState<string | null>(null);
  const [firstName, setFirstName] = useState<string | null>(null);
  const [cart, setCart] = useState<CartDto | null>(null);
  const sessionPromise = useRef<Promise<string | null> | null>(null);

  const loadCart = useCallback(async (owner: string | null) => {
    if (!owner) return setCart(null);
    try {
      setCart(await api<CartDto>(`/cart/${encodeURIComponent(owner)}`));
    } catch {
      // SPEC 8: a failed cart load is silently ignored.
    }
  }, []);

  const loadUser = useCallback(async (id: string | null) => {
    if (!id) return setFirstName(null);
    try {
      const user = await api<{ first_name: string }>(`/users/${encodeURIComponent(id)}`);
      setFirstName(user.first_name);
    } catch {
      setFirstName(null);
    }
  }, []);

  useEffect(() => {
    const storedSession = readStored(storageKeys.sessionId);
    const storedUser = readStored(storageKeys.userId);
    // Every part of the page that shows the visitor re-renders with the stored identity: as a
    // transition React does that in short slices instead of one long task after hydration.
    startTransition(() => {
      setUserId(storedUser);
      setReady(true);
    });
    sessionPromise.current = storedSession
      ? Promise.resolve(storedSession)
      : api<string>('/session', { method: 'POST', body: { ip: '' } }).then(
          (created) => {
            writeStored(storageKeys.sessionId, created);
            return created;
          },
          () => null, // offline: browsing still works
        );
    // Browser tests wait for this before interacting; the early-input capture stops here.
    document.documentElement.dataset.hydrated = 'true';
    void replayEarlyInput();
    void sessionPromise.current.then((session) => Promise.all([loadCart(storedUser ?? session), loadUser(storedUser)]));
  }, [loadCart, loadUser]);

  const ensureSession = useCallback(() => sessionPromise.current ?? Promise.resolve(readStored(storageKeys.sessionId)), []);

  const refreshCart = useCallback(() => loadCart(readStored(storageKeys.userId) ?? readStored(storageKeys.sessionId)), [loadCart]);
  const refreshUser = useCallback(() => loadUser(readStored(storageKeys.userId)), [loadUser]);

  const signedIn = useCallback(
    async (newUserId: number, token: string) => {
      writeStored(storageKeys.userId, String(newUserId));
      writeStored(storageKeys.token, token);
      setUserId(String(newUserId));
      await Promise.all([loadCart(String(newUserId)), loadUser(String(newUserId))]);
    },
    [loadCart, loadUser],
  );

  const logout = useCallback(async () => {
    try {
      if (readStored(storageKeys.token)) await api('/account/logout', { method: 'POST', body: {} });
    } catch {
      /* the token is dropped locally whatever the server answered */
    }
    removeStored(storageKeys.userId);
    removeStored(storageKeys.token);
    setUserId(null);
    setFirstName(null);
    await loadCart(readStored(storageKeys.sessionId));
  }, [loadCart]);

  const value = useMemo<ShopState>(
    () => ({ ready, userId, firstName, cart, ensureSession, refreshCart, refreshUser, signedIn, logout }),
    [ready, userId, firstName, cart, ensureSession, refreshCart, refreshUser, signedIn, logout],
  );
  return <ShopStateContext.Provider value={value}>{children}</ShopStateContext.Provider>;
}
