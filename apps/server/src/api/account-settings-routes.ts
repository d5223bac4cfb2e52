/**
 * My account through the API: change the password, and the company name, VAT
 * number and newsletter choice. Both act on the user of the Bearer token (no id in the path).
 * A wrong current password counts as a refused sign-in against the customer's e-mail, with the
 * same limits (http/attempt-limits.ts), so a stolen sign-in buys no extra password guesses.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDetailsBodySchema, authResponseSchema, changePasswordBodySchema, errorResponseSchema, userResponseSchema } from '@shop/contract';
import { DomainError, type AccountService } from '@shop/core';
import { requireUserId } from '../http/authentication.ts';
import type { AttemptLimits } from '../http/attempt-limits.ts';

export interface AccountSettingsRoutesOptions {
  accounts: AccountService;
  /** Shared with sign-in and the storefront's forms (app.ts). */
  attempts: AttemptLimits;
}

export const accountSettingsRoutes: FastifyPluginAsync<AccountSettingsRoutesOptions> = async (app, { accounts, attempts }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.put(
    '/account/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (needs the current one)',
        description:
          "new_password follows SPEC 5's password rule (5-50 characters). On success every token of the user is revoked (other " +
          'devices, e-mailed reset links, and the token of this call) and a fresh token is answered: use it from now on. A wrong ' +
          'current_password is a 400 naming that field, and counts as a refused sign-in against the e-mail (429 when over the limit).',
        security: [{ bearer: [] }],
        body: changePasswordBodySchema,
        response: { 200: authResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { email } = await accounts.userDetails(userId, userId);
      const attempt = await attempts.count(request, 'signIn', email).catch((error: unknown) => {
        const retryAfter = error instanceof DomainError ? error.details?.retryAfterSeconds : undefined;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        throw error;
      });
      try {
        const changed = await accounts.changePassword(userId, request.body);
        await attempt.succeeded({ rememberDevice: false });
        return changed;
      } catch (error) {
        // A wrong current password counts against the e-mail as a refused sign-in does (attempt-limits.ts).
        await attempt.failed(error);
        throw error;
      }
    },
  );

  api.put(
    '/account/details',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set the company name, VAT number and newsletter choice',
        description:
          'For the user of the Bearer token. company_name: 1-100 characters after trimming; vat_number: a UK VAT number, "GB" and 9 or ' +
          '12 digits, spaces allowed, stored normalised (\'gb 123 4567 89\' -> \'GB123456789\'); null or "" clears either. Answers the ' +
          'user as GET /api/users/{id} does.',
        security: [{ bearer: [] }],
        body: accountDetailsBodySchema,
        response: { 200: userResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    (request) => accounts.updateDetails(request.userId, request.body),
  );
};
