/**
 * My account through the API: `PUT /api/account/password` and `PUT /api/account/details`, both
 * for the user of the Bearer token. Their fields are My account's forms' (forms.ts).
 */
import { z } from 'zod';
import { changePasswordFields, companyNameText, companyOrNone, vatNumberOrNone, vatNumberText } from './forms.ts';

export const changePasswordBodySchema = z
  .object({
    ...changePasswordFields,
    new_password: changePasswordFields.new_password.describe("SPEC 5's password rule: 5-50 characters"),
  })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const accountDetailsBodySchema = z
  .object({
    company_name: companyNameText
      .nullable()
      .transform(companyOrNone)
      .describe('1-100 characters after trimming; null or an empty string clears it'),
    vat_number: vatNumberText
      .nullable()
      .transform(vatNumberOrNone)
      .describe('A UK VAT number: GB followed by 9 or 12 digits, spaces allowed (stored as e.g. GB123456789); null or an empty string clears it'),
    newsletter: z.boolean({ error: 'newsletter must be true or false' }).describe('Receive the newsletter'),
  })
  .meta({ id: 'AccountDetailsUpdate' });
/** What core receives: the company name trimmed and the VAT number normalised, empty ones null. */
export type AccountDetailsBody = z.output<typeof accountDetailsBodySchema>;
