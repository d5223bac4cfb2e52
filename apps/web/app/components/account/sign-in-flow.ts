/**
 * What happens after a successful sign-in or sign-up (SPEC 4): store user_id and token, move the
 * anonymous basket into the user's (PUT /api/cart with the new token), refresh the basket and
 * name shown in the header, then go to the return URL or /landing. Also: a visitor who is
 * already signed in and arrives with a return parameter goes straight on to it.
 */
import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api, ApiError } from '~/lib/api-client';
import { readStored, storageKeys, writeStored } from '~/lib/browser-storage';
import { useShopState } from '~/state/shop-state';
import { returnTarget } from './return-target';

export interface AuthResult {
  userId: number;
  token: string;
}

export function useCompleteSignIn(): (auth: AuthResult) => Promise<void> {
  const { signedIn } = useShopState();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return useCallback(
    async ({ userId, token }: AuthResult) => {
      // The token goes to storage first: the basket call below must carry the new identity
      // (api() sends the stored token), not a stale one.
      writeStored(storageKeys.token, token);
      writeStored(storageKeys.userId, String(userId));
      const sessionId = readStored(storageKeys.sessionId);
      if (sessionId) {
        try {
          await api('/cart', { method: 'PUT', body: { anonymousUserId: sessionId, userId } });
        } catch (error) {
          // The customer is signed in either way; their anonymous basket simply stays behind.
          console.error('Moving the basket to the account failed', error);
        }
      }
      await signedIn(userId, token);
      navigate(returnTarget(search) ?? '/landing', { replace: true });
    },
    [signedIn, navigate, search],
  );
}

/** SPEC 4: with a return parameter and a stored user id, go on to the return URL. */
export function useRedirectWhenSignedIn(): void {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  useEffect(() => {
    const target = returnTarget(search);
    if (target && readStored(storageKeys.userId)) navigate(target, { replace: true });
  }, [navigate, search]);
}

/**
 * The text for a failed account call: the SPEC 8 message, except when the server is
 * rate-limiting (429), where its own message ('Too many attempts...') tells the customer more.
 */
export function failureText(error: unknown, specMessage: string): string {
  if (error instanceof ApiError && error.status === 429 && typeof error.body?.message === 'string') return error.body.message;
  return specMessage;
}
