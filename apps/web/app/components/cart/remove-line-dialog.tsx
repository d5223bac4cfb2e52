/** The confirmation before a basket line is removed (SPEC 2): 'Are you sure?' with Yes and No. */
import type { CartLineDto } from '@shop/contract';
import { messages } from '@shop/contract/browser';
import { Modal } from '~/components/modal';

interface Props {
  line: CartLineDto | null;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function RemoveLineDialog({ line, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal
      open={line !== null}
      onClose={onCancel}
      title={messages.removeConfirm}
      footer={
        <>
          <button type="button" className="btn-secondary min-w-20" onClick={onCancel}>
            No
          </button>
          <button type="button" className="btn-primary min-w-20" onClick={onConfirm} disabled={busy} data-testid="confirm-remove">
            Yes
          </button>
        </>
      }
    >
      {line ? (
        <p className="text-sm text-stone-700">
          Remove <strong className="text-stone-900">{line.item_name}</strong> ({line.count} × pack of {line.qty}) from your basket?
        </p>
      ) : null}
    </Modal>
  );
}
