/**
 * My account (issue 11 item 9): the rules and messages of the change-password and company
 * details forms, zod-free so the browser's forms and the server's schemas (account-settings.ts)
 * check the same thing with the same SPEC 5-style message.
 */
import type { TextRule } from './field-rules.ts';

export const accountSettingsMessages = {
  currentPassword: 'Current Password is required. (1-100) Characters',
  currentPasswordWrong: 'Current Password is not correct.',
  /** SPEC 5's password rule (5-50), as for sign-up and reset. */
  newPassword: 'New Password is required. (5-50) Characters',
  confirmNewPassword: 'Confirm New Password is required. (5-50) Characters',
  passwordsDoNotMatch: 'Passwords do not match.',
  companyName: 'Company Name is (1-100) Characters, or leave it empty.',
  vatNumber: 'VAT Number is GB followed by 9 or 12 digits, e.g. GB 123 4567 89, or leave it empty.',
  passwordChanged: 'Your password has been changed. You have been signed out everywhere else.',
  detailsSaved: 'Your company details and newsletter choice have been saved.',
} as const;

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

export const changePasswordRules = {
  current_password: { min: 1, max: 100, message: accountSettingsMessages.currentPassword },
  new_password: { min: 5, max: 50, message: accountSettingsMessages.newPassword },
  confirm_password: {
    min: 5,
    max: 50,
    message: accountSettingsMessages.confirmNewPassword,
    sameAs: { field: 'new_password', message: accountSettingsMessages.passwordsDoNotMatch },
  },
} satisfies Record<string, TextRule>;

export const accountDetailsRules = {
  // Both optional: an empty field clears the value (checkText applies a pattern only to typed text).
  company_name: { min: 0, max: 100, message: accountSettingsMessages.companyName },
  vat_number: { min: 0, max: 30, message: accountSettingsMessages.vatNumber, pattern: VAT_NUMBER_TYPED },
} satisfies Record<string, TextRule>;
