/**
 * A dialog the URL opens (/signin?forgot, /delivery?address=new): the shop's one modal
 * (components/modal.tsx, a native <dialog>) kept open by the URL. The server renders it open, so
 * it works without JavaScript (Close and the backdrop are links to `closeHref`); once hydrated,
 * closing it (Close, Escape, the backdrop) is a navigation to `closeHref`, so the URL always says
 * whether it is open.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '~/components/modal';

interface Props {
  title: string;
  /** The page without the dialog. */
  closeHref: string;
  /** Closing replaces the history entry (for a dialog opened by a link with `replace`). */
  replace?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

export function UrlDialog({ title, closeHref, replace = false, children, footer }: Props) {
  const navigate = useNavigate();
  return (
    <Modal open title={title} closeHref={closeHref} footer={footer} onClose={() => void navigate(closeHref, { replace, preventScrollReset: true })}>
      {children}
    </Modal>
  );
}
