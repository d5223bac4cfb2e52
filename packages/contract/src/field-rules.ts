/**
 * The patterns and limits of SPEC 5 that are more than one field's rule: zod-free, so the
 * browser's pages can use them. Each form's own rules, with their messages, are its schema in
 * forms.ts (the server's actions, the JSON API and the browser check the same schema).
 */
import { fieldMessages } from './messages.ts';

/**
 * Sign-up and forgot password, SPEC 5: "email pattern". Any letter case, although SPEC 5 asks
 * sign-up for lower case: phones capitalise the first letter, and addresses are compared
 * without case everywhere (DESIGN section 4).
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Phone numbers of addresses: digits and spaces, with an optional leading + (DESIGN section 4). */
export const ADDRESS_PHONE_PATTERN = /^\+?[0-9 ]+$/;

/**
 * A UK VAT registration number as customers type it: "GB" and 9 digits (or 12, a branch
 * trader's), any letter case, spaces anywhere. HMRC's check digits are not verified (the
 * demo's fictional numbers would fail them); government departments' and health
 * authorities' GBGD / GBHA numbers are not accepted.
 */
export const VAT_NUMBER_TYPED = /^\s*[Gg]\s*[Bb](\s*\d){9}((\s*\d){3})?\s*$/;
/** What the API's vat_number accepts as text (published in OpenAPI): a VAT number as typed, or blank for none. */
export const VAT_NUMBER_OR_BLANK = /^(\s*[Gg]\s*[Bb](\s*\d){9}((\s*\d){3})?\s*|\s*)$/;

/** The stored form of a VAT number ('gb 123 4567 89' -> 'GB123456789'), or null when it is not one. */
export function normaliseVatNumber(text: string): string | null {
  if (!VAT_NUMBER_TYPED.test(text)) return null;
  return text.replace(/\s+/g, '').toUpperCase();
}

/**
 * Unicode's explicit direction controls: embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069). They are invisible and no name or address needs one (the Unicode bidi
 * algorithm already orders Arabic or Hebrew text), but a right-to-left override makes
 * "\u202Egnp.exe" read as "exe.png" wherever the text is shown: in pages, e-mails, PDFs and
 * other systems' screens. Names and addresses are stored without them (the marks LRM and RLM
 * stay: they cannot reorder a word).
 */
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Text as stored for a name or an address: the invisible direction controls removed. */
export function withoutDirectionControls(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '');
}

/** The payment step's delivery note: optional, at most 50 characters (SPEC 5). */
export const deliveryNoteRule = { max: 50, message: fieldMessages.deliveryNote } as const;

export const PACK_COUNT_MIN = 1;
export const PACK_COUNT_MAX = 1000;

/** A trade customer's own purchase order number (pay on account), as printed on the invoice. */
export const PURCHASE_ORDER_NUMBER_MAX = 35;
