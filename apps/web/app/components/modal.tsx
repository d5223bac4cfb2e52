/**
 * An accessible modal dialog: role="dialog" with aria-modal, labelled by its title; Escape and a
 * click on the backdrop close it; focus moves into it on open, is kept inside while open, and
 * returns to the element that opened it on close. Rendered in place, so a modal opened by the
 * URL (e.g. /checkout?remove=12) is in the server HTML and works without JavaScript; its close
 * control may then be a link (`closeHref`).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Where the close button and the backdrop lead without JavaScript (a modal opened by the URL). */
  closeHref?: string;
}

const focusableSelector = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  );
}

export function Modal({ open, onClose, title, children, footer, closeHref }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // The latest onClose, so an inline arrow from the parent does not re-run the open effect.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    // Focus the first form field of the content if there is one; otherwise the dialog itself,
    // so screen readers announce its title and read the text from the start.
    const firstField = bodyRef.current
      ? focusableIn(bodyRef.current).find((el) => el.matches('input, select, textarea'))
      : undefined;
    (firstField ?? dialog).focus({ preventScroll: true });

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      } else if (!dialog.contains(active)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;
  const close = (event: React.MouseEvent) => {
    event.preventDefault();
    onCloseRef.current();
  };
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      {closeHref ? (
        <a href={closeHref} className="absolute inset-0 bg-stone-900/50 backdrop-blur-[1px]" aria-hidden="true" tabIndex={-1} data-testid="modal-backdrop" onClick={close} />
      ) : (
        <div className="absolute inset-0 bg-stone-900/50 backdrop-blur-[1px]" aria-hidden="true" data-testid="modal-backdrop" onClick={() => onCloseRef.current()} />
      )}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative flex max-h-[92vh] w-full flex-col rounded-t-xl bg-white shadow-2xl outline-none sm:max-h-[85vh] sm:max-w-lg sm:rounded-xl"
      >
        <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          {closeHref ? (
            <a href={closeHref} className={CLOSE_BUTTON} aria-label="Close" onClick={close}>
              <CloseIcon />
            </a>
          ) : (
            <button type="button" className={CLOSE_BUTTON} aria-label="Close" onClick={() => onCloseRef.current()}>
              <CloseIcon />
            </button>
          )}
        </div>
        <div ref={bodyRef} className="flex-1 overflow-y-auto px-5 py-4 sm:px-6">
          {children}
        </div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 bg-stone-50 px-5 py-3 sm:rounded-b-xl sm:px-6">
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}

const CLOSE_BUTTON =
  '-mt-1 -mr-2 rounded-md p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-600';
