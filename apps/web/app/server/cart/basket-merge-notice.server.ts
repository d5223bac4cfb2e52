/**
 * The one-time notice of a sign-in basket merge (DESIGN 4 "Sign-in merges baskets"): the sign-in
 * and sign-up actions leave core's sentence in a short-lived httpOnly cookie, and the shop frame's
 * loader, which runs for whatever page comes next, reads it and clears it, so it is shown once.
 */
import type { AppLoadContext } from 'react-router';
import { oneTimeNotice } from '~/server/one-time-notice.server';

/** Longer sentences are cut (a cookie holds about 4 kB; core lists at most three packs). */
const NOTICE_MAX_LENGTH = 600;

const basketMergeNotice = oneTimeNotice('shop_basket_notice');

/** The Set-Cookie header value that leaves the notice for the next page. */
export function leaveBasketMergeNotice(context: AppLoadContext, notice: string): Promise<string> {
  return basketMergeNotice.leave(context, notice.slice(0, NOTICE_MAX_LENGTH));
}

/** The notice left by a sign-in, once: with the Set-Cookie header that removes it (or nothing when there is none). */
export async function takeBasketMergeNotice(request: Request, context: AppLoadContext): Promise<{ notice: string | null; setCookie: string | null }> {
  const { value, setCookie } = await basketMergeNotice.take(request, context);
  return { notice: typeof value === 'string' && value.trim() !== '' ? value.slice(0, NOTICE_MAX_LENGTH) : null, setCookie };
}
