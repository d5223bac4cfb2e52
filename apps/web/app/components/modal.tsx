/**
 * A modal dialog on the native <dialog> element (DESIGN section 12): opened with showModal(), so
 * the browser keeps focus inside it, makes the page behind it inert, and gives focus back to the
 * element that opened it when it closes. Escape and a click on the backdrop ask `onClose`; the
 * parent's state (or the URL) says whether it is open. Rendered in place and open, so a modal
 * opened by the URL (e.g. /checkout?remove=12) is in the server HTML and works without
 * JavaScript; its close control and backdrop are then links (`closeHref`).
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
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

export function Modal({ open, onClose, title, children, footer, closeHref }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  // The `open` attribute only as first rendered (the server's HTML); from then on showModal()
  // and close() open and close the dialog, and React leaves the attribute alone.
  const [openAtFirst] = useState(open);
  const pressedOnBackdrop = useRef(false);
  // The latest onClose, so an inline arrow from the parent does not re-run the open effect.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Without showModal (jsdom in component tests) the attribute alone shows and hides it.
    if (typeof dialog.showModal !== 'function') return void dialog.toggleAttribute('open', open);
    if (!open) return;
    if (dialog.open) dialog.close(); // open as the server sent it: not yet modal
    dialog.showModal();
    // A form's first field, else the dialog itself, so screen readers read its title first.
    const field = dialog.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])');
    (field ?? dialog).focus({ preventScroll: true });
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      dialog.close();
    };
  }, [open]);

  const close = (event: React.MouseEvent) => {
    event.preventDefault();
    onCloseRef.current();
  };
  return (
    <>
      {open && closeHref && !hydrated ? (
        // The backdrop of a modal opened by the URL before (or without) JavaScript; showModal()'s own covers the page after.
        <a href={closeHref} className="fixed inset-0 z-40 bg-stone-900/50" aria-hidden="true" tabIndex={-1} data-testid="modal-backdrop" />
      ) : null}
      <dialog
        ref={dialogRef}
        open={openAtFirst}
        aria-labelledby={titleId}
        tabIndex={-1}
        onCancel={(event) => {
          event.preventDefault(); // Escape: the parent closes it
          onCloseRef.current();
        }}
        // A click that starts and ends on the backdrop (the dialog element itself, outside its content).
        onPointerDown={(event) => {
          pressedOnBackdrop.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          if (pressedOnBackdrop.current && event.target === event.currentTarget) onCloseRef.current();
        }}
        className="fixed inset-0 z-50 mx-auto mt-auto mb-0 max-h-[92vh] w-full max-w-none flex-col rounded-t-xl bg-white p-0 text-stone-800 shadow-2xl outline-none backdrop:bg-stone-900/50 open:flex sm:m-auto sm:max-h-[85vh] sm:max-w-lg sm:rounded-xl"
      >
        {open ? (
          <>
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
            <div className="flex-1 overflow-y-auto px-5 py-4 sm:px-6">{children}</div>
            {footer ? (
              <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 bg-stone-50 px-5 py-3 sm:rounded-b-xl sm:px-6">{footer}</div>
            ) : null}
          </>
        ) : null}
      </dialog>
    </>
  );
}

const CLOSE_BUTTON =
  '-mt-1 -mr-2 rounded-md p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-600';
