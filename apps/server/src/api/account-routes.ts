/**
 * Account API, SPEC section 7 and DESIGN section 4 "Identity": sign-up, sign-in, the user's
 * details, logout and the password reset. Guessable actions are rate limited per IP and per
 * e-mail address (http/attempt-limits.ts; sign-in counts refused passwords against the e-mail,
 * and a browser that signed in before keeps getting in while guessing slows the account down).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  errorResponseSchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signInFailureSchema,
  signUpBodySchema,
  userIdParamsSchema,
  userResponseSchema,
} from '@shop/contract';
import type { AccountService } from '@shop/core';
import { attemptLimit, countedAttemptOf, type AttemptLimits } from '../http/attempt-limits.ts';

export interface AccountRoutesOptions {
  accounts: AccountService;
  /** Shared with the storefront's account forms (app.ts). */
  attempts: AttemptLimits;
}

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, { accounts, attempts }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Answers carry tokens and personal details: never cached.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.post(
    '/users',
    {
      preValidation: attemptLimit(attempts, 'signUp'),
      schema: {
        tags: ['accounts'],
        summary: 'Sign up: create an account and sign it in',
        description: 'An e-mail address that is already registered (in any letter case) answers 409.',
        body: signUpBodySchema,
        response: { 200: authResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => accounts.signUp(request.body),
  );

  api.post(
    '/account',
    {
      preValidation: attemptLimit(attempts, 'signIn'),
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password',
        description:
          'A wrong e-mail or password answers 401 with userId 0 and an empty token. A success sets the httpOnly `shop_device` ' +
          'cookie: after many wrong passwords for an account (from any address) sign-ins to it slow down and answer 429 with ' +
          'Retry-After, except from a client that sends back the cookie of an earlier successful sign-in to it.',
        body: signInBodySchema,
        response: { 200: authResponseSchema, 400: errorResponseSchema, 401: signInFailureSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const attempt = countedAttemptOf(request);
      try {
        const signedIn = await accounts.signIn(request.body.email, request.body.password);
        // A browser calling the API is remembered as the page's sign-in remembers it (attempt-limits.ts).
        const deviceCookie = await attempt?.succeeded();
        if (deviceCookie) reply.header('set-cookie', deviceCookie);
        return signedIn;
      } catch (error) {
        await attempt?.failed(error);
        throw error;
      }
    },
  );

  api.post(
    '/account/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: revoke the Bearer token on the server',
        description:
          'The token stops working at once, on every device that holds it. Answers 204 with no body; ' +
          'a missing, unknown, expired or already revoked token is a 401.',
        security: [{ bearer: [] }],
        response: { 204: z.undefined().describe('Signed out'), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // Only a valid token gets here (http/authentication.ts): revoke that one.
      if (request.bearerToken !== null) await accounts.logout(request.bearerToken);
      return reply.code(204).send();
    },
  );

  api.get(
    '/users/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user\'s details',
        description: 'Needs that user\'s Bearer token; another user answers 404.',
        security: [{ bearer: [] }],
        params: userIdParamsSchema,
        response: { 200: userResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => accounts.userDetails(request.userId, request.params.id),
  );

  api.post(
    '/forgotpassword',
    {
      preValidation: attemptLimit(attempts, 'forgotPassword'),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a password reset link',
        description: 'The link (/resetpassword?users={userId}&token={token}) works once, within one hour. An unknown address answers userId 0.',
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => accounts.requestPasswordReset(request.body.email),
  );

  api.put(
    '/forgotpassword',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token of the e-mailed link',
        description: 'The token is used up, and every other sign-in and reset link of the user is revoked.',
        body: resetPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
      // Each attempt hashes a password: limit them like the other account calls.
      preValidation: attemptLimit(attempts, 'resetPassword'),
    },
    (request) => accounts.resetPassword({ userId: request.body.user_id, token: request.body.token, password: request.body.password }),
  );
};
