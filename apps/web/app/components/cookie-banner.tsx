/**
 * SPEC 1 and 4: shown until accepted; acceptance is stored as 'yes' under cb_isCookieAccepted,
 * in localStorage (SPEC 3) and in a cookie of the same name, so the server renders the banner
 * only for visitors who have not accepted. 'I Agree' is a form: without JavaScript it posts to
 * /cookie-consent, which sets the cookie and comes back; with it, the browser sets both at once.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { readStored, storageKeys, writeStored } from '~/lib/browser-storage';
import { useRootData } from '~/root';
import { useVisitor } from '~/state/visitor';
import { cookieConsentCookie } from './cookie-consent';

const BANNER_ID = 'cookie-banner';

// Accepted in this browser before the cookie existed: hidden before the first paint, not after.
const HIDE_IF_ACCEPTED = `if(localStorage.getItem('${storageKeys.cookieAccepted}')==='yes'){var b=document.getElementById('${BANNER_ID}');if(b)b.hidden=true}`;

export function CookieBanner() {
  const { cookiesAccepted } = useVisitor();
  const { nonce } = useRootData();
  const location = useLocation();
  const [visible, setVisible] = useState(!cookiesAccepted);
  useEffect(() => {
    if (readStored(storageKeys.cookieAccepted) === 'yes') setVisible(false);
  }, []);
  if (!visible) return null;

  const accept = (event: FormEvent) => {
    event.preventDefault();
    writeStored(storageKeys.cookieAccepted, 'yes');
    document.cookie = cookieConsentCookie(window.location.protocol === 'https:');
    setVisible(false);
  };

  return (
    <>
      <div
        id={BANNER_ID}
        role="region"
        aria-label="Cookie consent"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
      >
        <form method="post" action="/cookie-consent" onSubmit={accept} className="mx-auto flex max-w-7xl flex-col items-start gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <p className="text-sm text-stone-700">This website uses cookies to ensure you get the best experience on our website.</p>
          <button type="submit" className="btn-primary shrink-0">
            I Agree
          </button>
        </form>
      </div>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HIDE_IF_ACCEPTED }} />
    </>
  );
}
