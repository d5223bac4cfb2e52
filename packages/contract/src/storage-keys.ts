/** Browser localStorage keys, exactly as SPEC section 3. */
export const storageKeys = {
  sessionId: 'session_id',
  userId: 'user_id',
  token: 'token',
  categories: 'categories',
  cookieAccepted: 'cb_isCookieAccepted',
} as const;
