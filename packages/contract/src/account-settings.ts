/**
 * My account through the API (issue 11 item 9): `PUT /api/account/password` and
 * `PUT /api/account/details`, both for the user of the Bearer token. The rules and messages
 * are account-rules.ts's, shared with the storefront's forms.
 */
import { z } from 'zod';
import { accountSettingsMessages as m, normaliseVatNumber, VAT_NUMBER_OR_BLANK } from './account-rules.ts';

export const changePasswordBodySchema = z
  .object({
    current_password: z.string({ error: m.currentPassword }).min(1, m.currentPassword).max(100, m.currentPassword),
    new_password: z
      .string({ error: m.newPassword })
      .min(5, m.newPassword)
      .max(50, m.newPassword)
      .describe("SPEC 5's password rule: 5-50 characters"),
  })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The page's form: the API's body plus the confirmation, which must match (as on sign-up, DESIGN 4). */
export const changePasswordFormSchema = z
  .object({
    ...changePasswordBodySchema.shape,
    confirm_password: z.string({ error: m.confirmNewPassword }).min(5, m.confirmNewPassword).max(50, m.confirmNewPassword),
  })
  .refine((form) => form.confirm_password === form.new_password, { path: ['confirm_password'], message: m.passwordsDoNotMatch });

/** Trimmed; empty (or null) is "none". */
export const companyNameSchema = z
  .string({ error: m.companyName })
  .trim()
  .max(100, m.companyName)
  .nullable()
  .transform((name) => (name ? name : null))
  .describe('1-100 characters after trimming; null or an empty string clears it');

/** "GB" + 9 or 12 digits, spaces allowed, any case; stored and answered normalised ('GB123456789'). */
export const vatNumberSchema = z
  .string({ error: m.vatNumber })
  .max(30, m.vatNumber)
  .regex(VAT_NUMBER_OR_BLANK, m.vatNumber)
  .nullable()
  .transform((text) => (text === null ? null : normaliseVatNumber(text)))
  .describe('A UK VAT number: GB followed by 9 or 12 digits, spaces allowed (stored as e.g. GB123456789); null or an empty string clears it');

export const accountDetailsBodySchema = z
  .object({
    company_name: companyNameSchema,
    vat_number: vatNumberSchema,
    newsletter: z.boolean({ error: 'newsletter must be true or false' }).describe('Receive the newsletter'),
  })
  .meta({ id: 'AccountDetailsUpdate' });
/** What core receives: the company name trimmed and the VAT number normalised, empty ones null. */
export type AccountDetailsBody = z.output<typeof accountDetailsBodySchema>;
