/**
 * The confirmation before a basket line is removed (SPEC 2): 'Are you sure?' with Yes and No.
 * Opened by the basket page's URL (?remove=<pack id>), so it works without JavaScript: Yes posts
 * intent=remove to the basket page's action, No goes back to the basket.
 */
import { Form, useNavigation } from 'react-router';
import type { CartLineDto } from '@shop/contract';
import { messages } from '@shop/contract/browser';
import { Modal } from '~/components/modal';

const REMOVE_FORM_ID = 'remove-line-form';

export function RemoveLineDialog({ line, onCancel }: { line: CartLineDto | null; onCancel(): void }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Modal
      open={line !== null}
      onClose={onCancel}
      closeHref="/checkout"
      title={messages.removeConfirm}
      footer={
        <>
          <a href="/checkout" role="button" className="btn-secondary min-w-20" onClick={(event) => (event.preventDefault(), onCancel())}>
            No
          </a>
          <button type="submit" form={REMOVE_FORM_ID} className="btn-primary min-w-20" disabled={busy} data-testid="confirm-remove">
            Yes
          </button>
        </>
      }
    >
      {line ? (
        <Form method="post" action="/checkout" id={REMOVE_FORM_ID} replace>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="user_id" value="1" />
          <input type="hidden" name="product_id" value={line.product_id} />
          <input type="hidden" name="product_price_id" value={line.product_price_id} />
          <p className="text-sm text-stone-700">
            Remove <strong className="text-stone-900">{line.item_name}</strong> ({line.count} × pack of {line.qty}) from your basket?
          </p>
        </Form>
      ) : null}
    </Modal>
  );
}
