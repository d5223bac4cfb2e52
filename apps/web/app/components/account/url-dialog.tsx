/**
 * A dialog the URL opens (/signin?forgot, /delivery?address=new), as a native <dialog>
 * (DESIGN section 12). The server renders it open, so it is there and works without
 * JavaScript, its Close control and backdrop being links to the page without it; once hydrated
 * it is shown modal (showModal): the page behind is inert, Tab stays inside, Escape closes it
 * and focus goes back to what opened it. Closing is a navigation to `closeHref`, so the URL
 * always says whether it is open.
 */
import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CloseIcon } from '~/components/icons';

interface Props {
  title: string;
  /** The page without the dialog. */
  closeHref: string;
  /** Closing replaces the history entry (for a dialog opened by a link with `replace`). */
  replace?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

export function UrlDialog({ title, closeHref, replace = false, children, footer, testId }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const close = () => void navigate(closeHref, { replace, preventScrollReset: true });
  const closeByLink = (event: MouseEvent) => {
    event.preventDefault();
    close();
  };

  useLayoutEffect(() => {
    const dialog = ref.current;
    // Where <dialog> cannot be modal (jsdom), the open, non-modal dialog of the server's HTML stays.
    if (!dialog || typeof dialog.showModal !== 'function') return;
    dialog.close();
    dialog.showModal();
    // Opened to be filled in: focus the first field, as showModal would focus the Close link.
    dialog.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus({ preventScroll: true });
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      // Escape: the URL closes it (the browser would only hide it).
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      // Closed by the browser all the same (a repeated Escape cannot be refused): follow it.
      onClose={() => {
        if (!ref.current?.open) close();
      }}
      className="fixed inset-0 z-50 m-0 hidden h-full max-h-none w-full max-w-none items-end justify-center bg-transparent p-0 text-inherit open:flex backdrop:bg-transparent sm:items-center sm:p-4"
      data-testid={testId}
    >
      <a href={closeHref} className="absolute inset-0 bg-stone-900/50 backdrop-blur-[1px]" aria-hidden="true" tabIndex={-1} data-testid="modal-backdrop" onClick={closeByLink} />
      <div className="relative flex max-h-[92vh] w-full flex-col rounded-t-xl bg-white shadow-2xl sm:max-h-[85vh] sm:max-w-lg sm:rounded-xl">
        <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          <a
            href={closeHref}
            className="-mt-1 -mr-2 rounded-md p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="Close"
            onClick={closeByLink}
          >
            <CloseIcon />
          </a>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4 sm:px-6">{children}</div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 bg-stone-50 px-5 py-3 sm:rounded-b-xl sm:px-6">{footer}</div>
        ) : null}
      </div>
    </dialog>
  );
}
