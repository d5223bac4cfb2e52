/**
 * The form rules of SPEC section 5 as plain data, so the server's zod schemas and the browser's
 * forms check exactly the same thing with the same message. Lengths are in characters.
 */
import { fieldMessages } from './messages.ts';

export interface TextRule {
  min: number;
  max: number;
  message: string;
  pattern?: RegExp;
  /** The message when the length is right but the pattern is not (default: `message`). */
  patternMessage?: string;
  /** A confirmation: the value must equal that field's (checked by checkForm, once the length is right). */
  sameAs?: { field: string; message: string };
}

/** Sign-up, SPEC 5: "a lowercase email pattern". */
export const LOWERCASE_EMAIL_PATTERN = /^[a-z0-9._%+'-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
/** Forgot password, SPEC 5: "email pattern" (any letter case: addresses are compared case-insensitively). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/**
 * Sign-up, SPEC 5, with two deliberate deviations (DESIGN section 4): first and last names of
 * 1-50 characters (SPEC's 4 refuses "Ian Lee"), and the confirmation must match the password.
 */
export const signUpRules = {
  first_name: { min: 1, max: 50, message: fieldMessages.firstName },
  last_name: { min: 1, max: 50, message: fieldMessages.lastName },
  email: { min: 4, max: 99, message: fieldMessages.signUpEmail, pattern: LOWERCASE_EMAIL_PATTERN },
  password: { min: 5, max: 50, message: fieldMessages.signUpPassword },
  confirmPassword: { min: 5, max: 50, message: fieldMessages.confirmPassword, sameAs: { field: 'password', message: fieldMessages.passwordsDoNotMatch } },
  phone: { min: 5, max: 14, message: fieldMessages.signUpPhone },
} satisfies Record<string, TextRule>;

/** Sign-in: required only (the messages mention 5-100 and 5-14, the fields only require a value). */
export const signInRules = {
  email: { min: 1, max: 100, message: fieldMessages.loginEmail },
  password: { min: 1, max: 100, message: fieldMessages.loginPassword },
} satisfies Record<string, TextRule>;

export const forgotPasswordRules = {
  email: { min: 4, max: 99, message: fieldMessages.forgotEmail, pattern: EMAIL_PATTERN },
} satisfies Record<string, TextRule>;

export const resetPasswordRules = {
  password: { min: 5, max: 50, message: fieldMessages.resetPassword },
  confirmPassword: { min: 5, max: 50, message: fieldMessages.resetPassword, sameAs: { field: 'password', message: fieldMessages.passwordsDoNotMatch } },
} satisfies Record<string, TextRule>;

/** Phone numbers of addresses: digits and spaces, with an optional leading + (DESIGN section 4). */
export const ADDRESS_PHONE_PATTERN = /^\+?[0-9 ]+$/;

/**
 * Address form: all required; the phone message says 14 but the rule is 10-15 (SPEC 5). The
 * postcode is checked further on the server (a UK postcode or an Eircode, core's
 * delivery-zones.ts) and stored normalised.
 */
export const addressRules = {
  reference: { min: 1, max: 100, message: fieldMessages.reference },
  contact_name: { min: 1, max: 100, message: fieldMessages.contactName },
  region: { min: 1, max: 50, message: fieldMessages.region },
  post_code: { min: 1, max: 100, message: fieldMessages.postCode },
  town: { min: 1, max: 50, message: fieldMessages.town },
  address: { min: 1, max: 500, message: fieldMessages.address },
  country: { min: 1, max: 50, message: fieldMessages.country },
  phone: { min: 10, max: 15, message: fieldMessages.addressPhone, pattern: ADDRESS_PHONE_PATTERN, patternMessage: fieldMessages.addressPhoneFormat },
} satisfies Record<string, TextRule>;

export const deliveryNoteRule: TextRule = { min: 0, max: 50, message: fieldMessages.deliveryNote };

export const PACK_COUNT_MIN = 1;
export const PACK_COUNT_MAX = 1000;

/** The message for an invalid value, or null when it passes. */
export function checkText(value: string | null | undefined, rule: TextRule): string | null {
  const text = value ?? '';
  if (text.length < rule.min || text.length > rule.max) return rule.message;
  if (rule.pattern && text.length > 0 && !rule.pattern.test(text)) return rule.patternMessage ?? rule.message;
  return null;
}

/** Check every field of a form; returns the messages of the invalid ones. */
export function checkForm<K extends string>(values: Partial<Record<K, string>>, rules: Record<K, TextRule>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const rule: TextRule = rules[key];
    const message = checkText(values[key], rule);
    if (message) errors[key] = message;
    else if (rule.sameAs && (values[key] ?? '') !== (values[rule.sameAs.field as K] ?? '')) errors[key] = rule.sameAs.message;
  }
  return errors;
}

/** A trade customer's own purchase order number (pay on account), as printed on the invoice. */
export const PURCHASE_ORDER_NUMBER_MAX = 35;
