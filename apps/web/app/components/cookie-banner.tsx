/** SPEC 1 and 4: shown until accepted; acceptance is stored as 'yes' under cb_isCookieAccepted. */
import { useEffect, useState } from 'react';
import { readStored, storageKeys, writeStored } from '~/lib/browser-storage';

export function CookieBanner() {
  // Hidden on the server and until the browser has read the stored answer: no flash for
  // visitors who already accepted, and no layout shift (the banner overlays the page).
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setVisible(readStored(storageKeys.cookieAccepted) !== 'yes');
  }, []);
  if (!visible) return null;
  return (
    <div
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-700">This website uses cookies to ensure you get the best experience on our website.</p>
        <button
          type="button"
          className="btn-primary shrink-0"
          onClick={() => {
            writeStored(storageKeys.cookieAccepted, 'yes');
            setVisible(false);
          }}
        >
          I Agree
        </button>
      </div>
    </div>
  );
}
