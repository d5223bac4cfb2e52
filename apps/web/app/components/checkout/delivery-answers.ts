/**
 * What the delivery step's action answers (routes/delivery.tsx; its redirects aside), shared by
 * the action (delivery-actions.server.ts) and the page. Every answer says which form it is for
 * (`intent`); the address form's answers carry back everything the customer typed, so a page
 * rendered from them (without JavaScript) loses nothing.
 */
import type { AddressFormValues } from './address-format';
import type { PostcodeEntry } from './checkout-types';

/** The postcode finder's result: the addresses to choose from, or the message to show. */
export type PostcodeAnswer = { entries: PostcodeEntry[] } | { error: string };

/** An answer to the address form: 'save' (failed: a successful save redirects), 'find' or 'pick'. */
export interface AddressFormAnswer {
  intent: 'save' | 'find' | 'pick';
  ok: boolean;
  /** The form's message line (a failed save). */
  message?: string;
  /** The message per field (SPEC 5), by API field name. */
  fields?: Record<string, string>;
  /** The values to show: as typed, with a chosen postcode entry filled in for 'pick'. */
  values: AddressFormValues;
  /** The postcode search text. */
  search: string;
  /** 'find': the addresses found or the message; absent when the search text was empty. */
  postcode?: PostcodeAnswer;
  /** 'pick': an entry was filled into the values. */
  filled?: boolean;
}

/** An answer to an address card's form: 'billing' (done or failed) or 'deliver' (failed: success redirects). */
export interface AddressCardAnswer {
  intent: 'deliver' | 'billing' | 'unknown';
  ok: boolean;
  message: string;
  /** The address whose card the refusal belongs to (shown there, beside its button). */
  addressId?: number;
}

export type DeliveryAnswer = AddressFormAnswer | AddressCardAnswer;

export function isAddressFormAnswer(answer: DeliveryAnswer | undefined | null): answer is AddressFormAnswer {
  return answer?.intent === 'save' || answer?.intent === 'find' || answer?.intent === 'pick';
}
