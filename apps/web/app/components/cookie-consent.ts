/**
 * The cookie banner's answer (SPEC 1, 4) as a cookie named like its localStorage key, so the
 * server renders the banner only for visitors who have not accepted. The same cookie is set by
 * the browser ('I Agree' with JavaScript) and by POST /cookie-consent (without it).
 */
import { storageKeys } from '@shop/contract/browser';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The cookie, as a Set-Cookie value or for `document.cookie`. */
export function cookieConsentCookie(secure: boolean): string {
  return `${storageKeys.cookieAccepted}=yes; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function cookieConsentGiven(cookieHeader: string | null): boolean {
  return (cookieHeader ?? '').split(/;\s*/).includes(`${storageKeys.cookieAccepted}=yes`);
}
