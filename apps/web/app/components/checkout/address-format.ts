/**
 * Address rules of the checkout without any React: which address bills, how a house number
 * joins its street, and a postcode lookup entry as address form values.
 */
import type { AddressDto, PostcodeEntry } from './checkout-types';

export const BILLING = 'Billing';

export function isBilling(address: Pick<AddressDto, 'type'>): boolean {
  return address.type === BILLING;
}

/** The billing address: the one of type Billing, else the first (SPEC 2). */
export function billingAddressOf(addresses: AddressDto[]): AddressDto | null {
  return addresses.find(isBilling) ?? addresses[0] ?? null;
}

/** '12 Boar Lane' for a house number, 'Aire House, Boar Lane' for a name. */
export function streetLine(region: string | null | undefined, street: string | null | undefined): string {
  const house = (region ?? '').trim();
  const road = (street ?? '').trim();
  if (!house || !road) return house || road;
  return /^\d+[A-Za-z]?$/.test(house) ? `${house} ${road}` : `${house}, ${road}`;
}

export interface FoundAddress {
  region: string;
  address: string;
  town: string;
  post_code: string;
  country: string;
}

const clean = (value: string | null | undefined) => (value ?? '').trim();

/**
 * A lookup entry as form values: the region is the house number or name (sub-building,
 * building name, building number), the address the street (or the first line when the entry
 * has no street), so the two do not repeat each other.
 */
export function foundAddressFrom(entry: PostcodeEntry): FoundAddress {
  const parts = [clean(entry.sub_building_name), clean(entry.building_name), clean(entry.building_number)].filter(
    (part, index, all) => part !== '' && all.indexOf(part) === index,
  );
  const line1 = clean(entry.line_1);
  const street = clean(entry.thoroughfare);
  return {
    region: (parts.length > 0 ? parts.join(', ') : line1).slice(0, 50),
    address: street || line1,
    town: clean(entry.post_town),
    post_code: clean(entry.postcode),
    country: clean(entry.country),
  };
}

