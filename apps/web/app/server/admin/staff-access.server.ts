/**
 * The schemas of the pages where staff get in (routes/admin/signin.tsx, setup.tsx,
 * set-password.tsx, security.tsx), and what they show of core: the password's least length and
 * the role's words. Core checks the e-mail, the password and the codes themselves.
 */
import { z } from 'zod';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLE_LABELS, type StaffRole } from '@shop/core';
import { passwordsMatch, textField, UNKNOWN_FORM } from './admin-forms.server';
import { safeAdminReturn } from './staff-session.server';

export { STAFF_PASSWORD_MIN_LENGTH };

export function staffRoleLabel(role: StaffRole): string {
  return STAFF_ROLE_LABELS[role];
}

const ENTER_EMAIL_AND_PASSWORD = 'Enter your e-mail address and password.';

/** Where sign-in goes after: a back-office page only. */
const returnTo = z
  .string()
  .default('')
  .transform((value) => safeAdminReturn(value));

/** Sign-in: the password step, the code step (TOTP or a recovery code), or "sign in as someone else". */
export const signInFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('password'),
      return: returnTo,
      email: z.string({ error: ENTER_EMAIL_AND_PASSWORD }).trim().min(1, ENTER_EMAIL_AND_PASSWORD),
      password: z.string({ error: ENTER_EMAIL_AND_PASSWORD }).transform((value) => value.slice(0, 1000)),
    }),
    z.object({ intent: z.literal('code'), return: returnTo, code: textField(100) }),
    z.object({ intent: z.literal('cancel'), return: returnTo }),
  ],
  { error: UNKNOWN_FORM },
);

/** The first owner's setup: name, e-mail and the password twice, with the single-use token. */
export const setupFormSchema = z
  .object({ token: textField(200), name: textField(200), email: textField(300), password: textField(1000), confirm: textField(1000) })
  .superRefine(passwordsMatch);

/** A staff member's set-password link: the password twice, with the link's token. */
export const setPasswordFormSchema = z.object({ token: textField(200), password: textField(1000), confirm: textField(1000) }).superRefine(passwordsMatch);

/** Two-step sign-in: begin setting it up, confirm it with a code, or turn it off with the password. */
export const securityFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('begin') }),
    z.object({ intent: z.literal('confirm'), code: textField(20) }),
    z.object({ intent: z.literal('off'), password: textField(1000) }),
  ],
  { error: UNKNOWN_FORM },
);
