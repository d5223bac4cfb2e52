/**
 * The address book as the pages that edit it read it from the URL (the delivery step and My
 * account): addresses oldest first, and the one a query value names (`?address=12`, `?saved=12`,
 * `?delete=12`), only if it is one of the customer's.
 */
import { isRecordId } from '@shop/contract/browser';
import type { AddressDto } from './checkout-types';

/** Oldest first: the order the customer added them in. */
export function addressesInOrder(addresses: readonly AddressDto[]): AddressDto[] {
  return [...addresses].sort((a, b) => a.address_id - b.address_id);
}

/** One of the customer's addresses named by a query value ('12'), or undefined. */
export function addressNamed(value: string | null, addresses: readonly AddressDto[]): AddressDto | undefined {
  return value !== null && isRecordId(value) ? addresses.find((a) => a.address_id === Number(value)) : undefined;
}

/**
 * The 'Add/Update Address' modal the URL opens: a blank form for ?address=new, the stored address
 * for ?address=<id>; an unknown id opens nothing.
 */
export function addressEditor(search: URLSearchParams, addresses: readonly AddressDto[]): { address: AddressDto | null } | null {
  const opened = search.get('address');
  if (opened === 'new') return { address: null };
  const edited = addressNamed(opened, addresses);
  return edited ? { address: edited } : null;
}
