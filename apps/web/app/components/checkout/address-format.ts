/**
 * Address rules of the checkout without any React: which address bills, how a house number
 * joins its street, the address form's values (what the page renders and its action reads
 * back), and a postcode lookup entry as address form values.
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

/**
 * Where an order goes unless the customer picks another address: the one chosen for the basket at
 * checkout ('Deliver to this Address', the delivery step's selected address), else the billing
 * address. Never simply the newest address: one added for a one-off export would otherwise price
 * every later quote without UK VAT.
 */
export function deliveryDefaultOf(addresses: AddressDto[], basketAddressId: number | null): AddressDto | null {
  return addresses.find((a) => a.address_id === basketAddressId) ?? billingAddressOf(addresses);
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

/** The nations a UK postcode lookup names in its entries' `country` (SPEC's lookup entry). */
const UK_NATIONS = new Set(['england', 'scotland', 'wales', 'northern ireland', 'united kingdom', 'uk', 'great britain']);

/**
 * The address form's Country for a lookup entry's country: the lookup names the nation
 * ('England', 'Scotland'), the form (and a saved address) holds the country, 'United Kingdom'.
 * A place outside the UK the lookup covers (Jersey, Guernsey, Isle of Man) keeps its own name.
 */
export function countryOfLookup(country: string | null | undefined): string {
  const named = clean(country);
  return UK_NATIONS.has(named.toLowerCase()) ? DEFAULT_COUNTRY : named;
}

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
    country: countryOfLookup(entry.country),
  };
}


/** The address form's fields, named as the API's address body names them (SPEC 7). */
export const ADDRESS_FORM_FIELDS = ['reference', 'contact_name', 'region', 'company_name', 'address', 'town', 'country', 'post_code', 'phone'] as const;
export type AddressFormField = (typeof ADDRESS_FORM_FIELDS)[number];
/** What the customer typed (or what an address holds), as text. */
export type AddressFormValues = Record<AddressFormField, string>;

export const DEFAULT_COUNTRY = 'United Kingdom';

/** The form's starting values: the address being edited, or a blank one in the UK. */
export function addressFormValues(address: AddressDto | null): AddressFormValues {
  return {
    reference: address?.reference ?? '',
    contact_name: address?.contact_name ?? '',
    region: address?.region ?? '',
    company_name: address?.company_name ?? '',
    address: address?.address ?? '',
    town: address?.town ?? '',
    country: address?.country || DEFAULT_COUNTRY,
    post_code: address?.post_code ?? '',
    phone: address?.phone ?? '',
  };
}

/** The values a submitted address form holds, exactly as typed (a missing field reads as empty). */
export function addressFormValuesFrom(form: FormData): AddressFormValues {
  const text = (name: AddressFormField) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(ADDRESS_FORM_FIELDS.map((name) => [name, text(name)])) as AddressFormValues;
}

/** The values with a found address filled in: its non-empty parts replace, the rest is kept. */
export function withFoundAddress(values: AddressFormValues, found: FoundAddress): AddressFormValues {
  const filled = { ...values };
  for (const [name, value] of Object.entries(found) as [keyof FoundAddress, string][]) {
    if (value) filled[name] = value;
  }
  return filled;
}
