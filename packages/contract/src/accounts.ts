/**
 * Account API shapes and the sign-up, sign-in, forgot and reset password rules of SPEC 5,
 * with its messages. The server validates requests with these; the web forms can reuse them.
 */
import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.ts';
import { EMAIL_PATTERN, LOWERCASE_EMAIL_PATTERN, signUpRules } from './field-rules.ts';
import { fieldMessages } from './messages.ts';


export const accountMessages = {
  resetTokenMissing: 'The reset link is incomplete: its token is missing. Please use the link from the e-mail.',
  tooManyAttempts: 'Too many attempts, please wait a minute and try again.',
} as const;

// 1-50 characters, not SPEC 5's 4-50, which refuses "Ian Lee" (DESIGN section 4).
export const firstNameSchema = z.string().trim().min(signUpRules.first_name.min, fieldMessages.firstName).max(signUpRules.first_name.max, fieldMessages.firstName);
export const lastNameSchema = z.string().trim().min(signUpRules.last_name.min, fieldMessages.lastName).max(signUpRules.last_name.max, fieldMessages.lastName);
// The rule is 4-99 characters; the SPEC message speaks of 4-100.
export const signUpEmailSchema = z
  .string()
  .trim()
  .min(4, fieldMessages.signUpEmail)
  .max(99, fieldMessages.signUpEmail)
  .regex(LOWERCASE_EMAIL_PATTERN, fieldMessages.signUpEmail);
export const signUpPasswordSchema = z.string().min(5, fieldMessages.signUpPassword).max(50, fieldMessages.signUpPassword);
/**
 * Confirm Password: 5-50, and it must match the password (DESIGN section 4; SPEC 5 does not
 * check the match). A field of the sign-up page only (signUpFormSchema): POST /api/users has no
 * confirmation field and API clients are not asked for one.
 */
export const confirmPasswordSchema = z.string({ error: fieldMessages.confirmPassword }).min(5, fieldMessages.confirmPassword).max(50, fieldMessages.confirmPassword);
export const signUpPhoneSchema = z.string().trim().min(5, fieldMessages.signUpPhone).max(14, fieldMessages.signUpPhone);

export const signUpBodySchema = z
  .object({
    first_name: firstNameSchema,
    last_name: lastNameSchema,
    email: signUpEmailSchema,
    password: signUpPasswordSchema,
    phone: signUpPhoneSchema,
    newsletter: z.boolean().optional().describe('Opt-in to the newsletter; false when omitted'),
  })
  .meta({ id: 'SignUp' });
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** The sign-up page's form: the API's body plus Confirm Password, which must match the password. */
export const signUpFormSchema = z
  .object({ ...signUpBodySchema.shape, confirmPassword: confirmPasswordSchema })
  .refine((form) => form.confirmPassword === form.password, { path: ['confirmPassword'], message: fieldMessages.passwordsDoNotMatch });

/**
 * Sign-in only requires both fields. Its messages speak of 5-100 and 5-14 characters, but a
 * 5-14 rule would lock out passwords of 15-50 characters that sign-up allows, so lengths are
 * only bounded by what sign-up accepts.
 */
export const signInBodySchema = z
  .object({
    email: z.string().trim().min(1, fieldMessages.loginEmail).max(100, fieldMessages.loginEmail),
    password: z.string().min(1, fieldMessages.loginPassword).max(100, fieldMessages.loginPassword),
  })
  .meta({ id: 'SignIn' });
export type SignInBody = z.infer<typeof signInBodySchema>;

export const authResponseSchema = z
  .object({
    userId: z.number().int().describe('The signed-in user; 0 means failure'),
    token: z.string().describe('Send as `Authorization: Bearer <token>`; valid 30 days or until logout'),
  })
  .meta({ id: 'Auth' });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const signInFailureSchema = z
  .object({
    userId: z.literal(0),
    token: z.literal(''),
    error: z.string(),
    message: z.string(),
  })
  .meta({ id: 'SignInFailure' });

export const forgotPasswordEmailSchema = z
  .string()
  .trim()
  .min(4, fieldMessages.forgotEmail)
  .max(99, fieldMessages.forgotEmail)
  .regex(EMAIL_PATTERN, fieldMessages.forgotEmail);

export const forgotPasswordBodySchema = z.object({ email: forgotPasswordEmailSchema }).meta({ id: 'ForgotPassword' });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const forgotPasswordResponseSchema = z
  .object({ userId: z.number().int().describe('0 when no account has that e-mail address') })
  .meta({ id: 'ForgotPasswordResult' });

export const resetPasswordSchema = z.string().min(5, fieldMessages.resetPassword).max(50, fieldMessages.resetPassword);

export const resetPasswordBodySchema = z
  .object({
    password: resetPasswordSchema,
    user_id: idSchema('user_id').describe('The `users` query parameter of the e-mailed link'),
    token: z
      .string({ error: accountMessages.resetTokenMissing })
      .min(1, accountMessages.resetTokenMissing)
      .max(200)
      .describe('The `token` query parameter of the e-mailed link'),
  })
  .meta({ id: 'ResetPassword' });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const userIdParamsSchema = z.object({ id: idParamSchema('user id') });

export const userResponseSchema = z
  .object({
    user_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    // Additions to SPEC 7's user (My account, issue 11 item 9): for invoices, and the newsletter choice.
    company_name: z.string().nullable().describe('For invoices; null when none'),
    vat_number: z.string().nullable().describe("UK VAT number, normalised (e.g. 'GB123456789'); null when none"),
    newsletter: z.boolean(),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof userResponseSchema>;
