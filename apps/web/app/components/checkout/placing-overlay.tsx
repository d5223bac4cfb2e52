/**
 * The full-screen overlay while an order is placed (SPEC 2 "Payment step"): it says the order is
 * being placed and that the customer will be redirected to the order detail. It takes focus and
 * covers the page, so nothing can be clicked twice.
 */
import { useEffect, useRef } from 'react';

export function PlacingOverlay({ open }: { open: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-stone-900/60 p-4 backdrop-blur-sm select-none" data-testid="placing-overlay">
      <div
        ref={box}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="placing-title"
        aria-describedby="placing-text"
        aria-busy="true"
        tabIndex={-1}
        className="w-full max-w-sm rounded-xl bg-white px-6 py-8 text-center shadow-2xl outline-none"
      >
        <span className="mx-auto block h-12 w-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
        <h2 id="placing-title" className="mt-5 text-lg font-semibold text-stone-900">
          Placing your order…
        </h2>
        <p id="placing-text" className="mt-2 text-sm text-stone-600">
          Please wait and keep this page open. You will be redirected to your order detail in a moment.
        </p>
      </div>
    </div>
  );
}
