/**
 * The one-time notice of a sign-in basket merge (DESIGN 4 "Sign-in merges baskets"): the sign-in
 * and sign-up actions leave core's sentence in a short-lived httpOnly cookie, and the shop frame's
 * loader, which runs for whatever page comes next, reads it and clears it, so it is shown once.
 */
import { createCookie, type AppLoadContext } from 'react-router';

/** Longer sentences are cut (a cookie holds about 4 kB; core lists at most three packs). */
const NOTICE_MAX_LENGTH = 600;

function noticeCookie(context: AppLoadContext) {
  return createCookie('shop_basket_notice', { httpOnly: true, sameSite: 'lax', secure: context.secure, path: '/', maxAge: 300 });
}

/** The Set-Cookie header value that leaves the notice for the next page. */
export function leaveBasketMergeNotice(context: AppLoadContext, notice: string): Promise<string> {
  return noticeCookie(context).serialize(notice.slice(0, NOTICE_MAX_LENGTH));
}

/** The notice left by a sign-in, once: with the Set-Cookie header that removes it (or nothing when there is none). */
export async function takeBasketMergeNotice(request: Request, context: AppLoadContext): Promise<{ notice: string | null; setCookie: string | null }> {
  const cookie = noticeCookie(context);
  const value: unknown = await cookie.parse(request.headers.get('cookie')).catch(() => null);
  if (value === null || value === undefined || value === '') return { notice: null, setCookie: null };
  const setCookie = await cookie.serialize('', { maxAge: 0, expires: new Date(0) });
  return { notice: typeof value === 'string' && value.trim() !== '' ? value.slice(0, NOTICE_MAX_LENGTH) : null, setCookie };
}
