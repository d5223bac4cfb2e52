/**
 * Account API shapes (SPEC 7). The request bodies are the storefront forms' schemas (forms.ts,
 * with SPEC 5's rules and messages) plus what the OpenAPI document publishes.
 */
import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.ts';
import { forgotPasswordFormSchema, resetPasswordSchema, signInFormSchema, signUpFields } from './forms.ts';

export const accountMessages = {
  resetTokenMissing: 'The reset link is incomplete: its token is missing. Please use the link from the e-mail.',
  tooManyAttempts: 'Too many attempts, please wait a minute and try again.',
} as const;

/**
 * Wrong passwords for one account from many places slow it down (DESIGN section 4 "Identity"):
 * the refusal says how long, and that a browser signed in with before is let through.
 */
export function accountPausedMessage(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds <= 60 ? 'a minute' : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `Too many wrong passwords for this account. Please wait ${wait} and try again, or sign in on a device you have signed in with before.`;
}

/** POST /api/users: the sign-up page's fields without the confirmation (API clients are not asked for one). */
export const signUpBodySchema = z
  .object({
    ...signUpFields,
    newsletter: z.boolean().optional().describe('Opt-in to the newsletter; false when omitted'),
  })
  .meta({ id: 'SignUp' });
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = signInFormSchema.meta({ id: 'SignIn' });
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

export const forgotPasswordBodySchema = forgotPasswordFormSchema.meta({ id: 'ForgotPassword' });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const forgotPasswordResponseSchema = z
  .object({ userId: z.number().int().describe('0 when no account has that e-mail address') })
  .meta({ id: 'ForgotPasswordResult' });

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
    // Additions to SPEC 7's user (My account): for invoices, and the newsletter choice.
    company_name: z.string().nullable().describe('For invoices; null when none'),
    vat_number: z.string().nullable().describe("UK VAT number, normalised (e.g. 'GB123456789'); null when none"),
    newsletter: z.boolean(),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof userResponseSchema>;
