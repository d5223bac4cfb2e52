/**
 * My account's address book: the saved addresses with Edit (the delivery step's
 * 'Add/Update Address' modal, opened by the URL: /account?address=<id>), 'Mark as billing' (a
 * form) and Delete, which asks first (/account?delete=<id> opens the confirmation; Yes posts the
 * deletion). Everything works without JavaScript.
 */
import { Form, Link } from 'react-router';
import { messages } from '@shop/contract/browser';
import { Modal } from '~/components/modal';
import { EditAddressLink, FullAddress, MarkAsBillingForm } from '~/components/checkout/address-card';
import { isBilling } from '~/components/checkout/address-format';
import type { AddressDto } from '~/components/checkout/checkout-types';

const PAGE = '/account';

interface CardProps {
  address: AddressDto;
  showMarkAsBilling: boolean;
  /** A change on this page is being submitted: the buttons wait. */
  busy: boolean;
}

export function MyAccountAddressCard({ address, showMarkAsBilling, busy }: CardProps) {
  const headingId = `account-address-${address.address_id}-heading`;
  return (
    <li className="card flex flex-col p-4" data-testid="account-address-card" data-address-id={address.address_id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold break-words text-stone-900">
          {address.reference}
        </h3>
        {isBilling(address) ? (
          <span className="rounded bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700" data-testid="billing-badge">
            Billing
          </span>
        ) : null}
      </div>
      <div className="mt-2 flex-1">
        <FullAddress address={address} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <EditAddressLink page={PAGE} addressId={address.address_id} headingId={headingId} />
        {showMarkAsBilling ? <MarkAsBillingForm page={PAGE} addressId={address.address_id} headingId={headingId} busy={busy} /> : null}
        <Link
          to={`${PAGE}?delete=${address.address_id}`}
          preventScrollReset
          role="button"
          className="btn-secondary flex-1 px-3 py-1.5 text-red-700 hover:text-red-800"
          aria-describedby={headingId}
          data-testid="delete-address"
        >
          Delete
        </Link>
      </div>
    </li>
  );
}

const DELETE_FORM_ID = 'delete-address-form';

/** SPEC 2's confirmation ('Are you sure?' with Yes and No), before an address is deleted. */
export function DeleteAddressDialog({ address, busy, onCancel }: { address: AddressDto; busy: boolean; onCancel(): void }) {
  return (
    <Modal
      open
      onClose={onCancel}
      closeHref={PAGE}
      title={messages.removeConfirm}
      footer={
        <>
          <Link to={PAGE} preventScrollReset role="button" className="btn-secondary min-w-20" data-testid="cancel-delete">
            No
          </Link>
          <button type="submit" form={DELETE_FORM_ID} className="btn-primary min-w-20" disabled={busy} data-testid="confirm-delete">
            Yes
          </button>
        </>
      }
    >
      <Form method="post" action={PAGE} id={DELETE_FORM_ID} replace preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="address_id" value={address.address_id} />
        <p className="text-sm text-stone-700">
          Delete the address <strong className="text-stone-900">{address.reference}</strong> ({address.town}, {address.post_code})?
        </p>
        <p className="mt-2 text-sm text-stone-600">
          {isBilling(address) ? 'It is your billing address: your oldest other address becomes the billing address. ' : ''}
          Past orders keep the address they were sent to.
        </p>
      </Form>
    </Modal>
  );
}
