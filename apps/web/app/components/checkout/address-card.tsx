/**
 * Addresses on the delivery step (SPEC 2): a saved address card (reference, contact name,
 * region, address, town, post code, country, phone) with its Edit, 'Deliver to this Address'
 * and 'Mark as billing' controls, and the short form used for the selected delivery address.
 */
import { Form, Link } from 'react-router';
import { isBilling, streetLine } from './address-format';
import type { AddressDto } from './checkout-types';

interface AddressControlProps {
  /** The page whose modal edits the address and whose action marks it (the delivery step, My account). */
  page: string;
  addressId: number;
  /** The card's heading, which names the address for screen readers. */
  headingId: string;
}

/** Edit: opens the page's 'Add/Update Address' modal by the URL (works without JavaScript). */
export function EditAddressLink({ page, addressId, headingId }: AddressControlProps) {
  return (
    <Link
      to={`${page}?address=${addressId}`}
      preventScrollReset
      role="button"
      className="btn-secondary flex-1 px-3 py-1.5"
      aria-describedby={headingId}
      data-testid="edit-address"
    >
      Edit
    </Link>
  );
}

/** 'Mark as billing': a form posted to the page's action. */
export function MarkAsBillingForm({ page, addressId, headingId, busy }: AddressControlProps & { busy: boolean }) {
  return (
    <Form method="post" action={page} replace preventScrollReset className="flex flex-1">
      <input type="hidden" name="address_id" value={addressId} />
      <button
        type="submit"
        name="intent"
        value="billing"
        className="btn-secondary w-full px-3 py-1.5 whitespace-nowrap"
        disabled={busy}
        aria-describedby={headingId}
        data-testid="mark-billing"
      >
        Mark as billing
      </button>
    </Form>
  );
}

/** Region, address, town and post code on separate lines. */
export function ShortAddress({ address }: { address: Pick<AddressDto, 'region' | 'address' | 'town' | 'post_code'> }) {
  return (
    <address className="text-sm leading-relaxed wrap-anywhere text-stone-700 not-italic">
      {address.region}
      <br />
      {address.address}
      <br />
      {address.town}
      <br />
      <span className="font-medium text-stone-900">{address.post_code}</span>
    </address>
  );
}

/** The full address as the saved cards and the billing card show it. */
export function FullAddress({ address }: { address: AddressDto }) {
  return (
    <address className="text-sm leading-relaxed wrap-anywhere text-stone-700 not-italic">
      <span className="font-medium text-stone-900">{address.contact_name}</span>
      {address.company_name ? (
        <>
          <br />
          {address.company_name}
        </>
      ) : null}
      <br />
      {streetLine(address.region, address.address)}
      <br />
      {address.town}
      <br />
      {address.post_code}
      <br />
      {address.country}
      <br />
      <span className="text-stone-600">Phone:</span> {address.phone}
    </address>
  );
}

interface CardProps {
  address: AddressDto;
  selected: boolean;
  showMarkAsBilling: boolean;
  /** The basket's id, sent with 'Deliver to this Address' (null while the basket has none). */
  cartId: number | null;
  /** A change on this page is being submitted: the card's buttons wait. */
  busy: boolean;
  /** Why 'Deliver to this Address' was refused for this address (a PO box), else null. */
  refusal?: string | null;
}

/**
 * 'Deliver to this Address' and 'Mark as billing' are forms posted to the page's action; Edit is
 * a link that opens the address modal (/delivery?address=<id>). All work without JavaScript.
 */
export function SavedAddressCard({ address, selected, showMarkAsBilling, cartId, busy, refusal = null }: CardProps) {
  const headingId = `address-${address.address_id}-heading`;
  const refusalId = `address-${address.address_id}-refusal`;
  return (
    <li
      className={`card flex flex-col p-4 ${selected ? 'border-brand-500 ring-2 ring-brand-200' : ''}`}
      data-testid="address-card"
      data-address-id={address.address_id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold break-words text-stone-900">
          {address.reference}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          {isBilling(address) ? <span className="rounded bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">Billing</span> : null}
          {selected ? <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">Delivering here</span> : null}
        </div>
      </div>
      <div className="mt-2 flex-1">
        <FullAddress address={address} />
      </div>
      <div className="mt-4 space-y-2">
        <Form method="post" action="/delivery" preventScrollReset>
          <input type="hidden" name="addressId" value={address.address_id} />
          {cartId !== null ? <input type="hidden" name="cartId" value={cartId} /> : null}
          <button
            type="submit"
            name="intent"
            value="deliver"
            className="btn-primary w-full"
            disabled={busy}
            aria-describedby={refusal ? `${headingId} ${refusalId}` : headingId}
            data-testid="deliver-here"
          >
            Deliver to this Address
          </button>
          {refusal ? (
            <p id={refusalId} role="alert" className="field-error mt-2 text-sm" data-testid="address-card-refusal">
              {refusal}
            </p>
          ) : null}
        </Form>
        <div className="flex flex-wrap gap-2">
          <EditAddressLink page="/delivery" addressId={address.address_id} headingId={headingId} />
          {showMarkAsBilling ? <MarkAsBillingForm page="/delivery" addressId={address.address_id} headingId={headingId} busy={busy} /> : null}
        </div>
      </div>
    </li>
  );
}
