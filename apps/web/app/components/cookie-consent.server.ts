/**
 * The cookie banner's answer (SPEC 1, 4) as a cookie named like its localStorage key, so the
 * server renders the banner only for visitors who have not accepted yet.
 */
import { storageKeys } from '@shop/contract';

export const COOKIE_CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function cookieConsentGiven(request: Request): boolean {
  const header = request.headers.get('cookie') ?? '';
  return header.split(/;\s*/).includes(`${storageKeys.cookieAccepted}=yes`);
}

export function cookieConsentHeader(secure: boolean): string {
  return `${storageKeys.cookieAccepted}=yes; Path=/; Max-Age=${COOKIE_CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
