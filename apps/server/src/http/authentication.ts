/**
 * Bearer authentication (DESIGN section 4 "Identity"): one hook resolves the Authorization
 * header to the signed-in user. Routes read `request.userId` (null when no valid token was sent)
 * and pass it to core, which decides what that caller may do. A user id in a body or path never
 * identifies the caller.
 *
 * What a route's OpenAPI `security` says is what it enforces, before its body or parameters are
 * validated (so a caller without a valid token learns nothing about them):
 *  - `[{ bearer: [] }]` (signed in only): no valid token is a 401;
 *  - `[{}, { bearer: [] }]` (guest or signed in): no Authorization header is the guest, but a
 *    token that is sent and not valid (unknown, expired, revoked, malformed) is a 401, so a
 *    client learns its sign-in ended instead of silently acting on the guest's basket;
 *  - no `security`: the header is ignored.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Unauthorized } from '@shop/core';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user signed in by the Bearer token; null when there is none or it is not valid. */
    userId: number | null;
    /** The Bearer token as sent (logout revokes it); null when none was sent. */
    bearerToken: string | null;
  }
}

export interface AuthenticationOptions {
  accounts: { authenticate(token: string): Promise<number | null> };
}

export const signInRequiredMessage = 'Sign-in required';
export const signInEndedMessage = 'Your sign-in has expired or is not valid: please sign in again';

export const authentication = fp<AuthenticationOptions>(
  async (app, { accounts }) => {
    app.decorateRequest('userId', null);
    app.decorateRequest('bearerToken', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerTokenOf(request.headers.authorization);
      if (token === null) return;
      request.bearerToken = token;
      request.userId = await accounts.authenticate(token);
    });
    app.addHook('onRoute', (route) => {
      const access = accessOf(route.schema?.security);
      if (access === 'public') return;
      const check = access === 'signed-in' ? requireUserId : refuseEndedSignIn;
      const existing = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
      route.preValidation = [async (request: FastifyRequest) => void check(request), ...existing];
    });
  },
  { name: 'authentication', fastify: '5.x' },
);

export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

type Access = 'public' | 'signed-in' | 'guest-or-signed-in';

/** Who may call a route, from its OpenAPI security: `[{ bearer }]`, `[{}, { bearer }]` or none. */
function accessOf(security: unknown): Access {
  if (!Array.isArray(security)) return 'public';
  const schemes = security.map((requirement: unknown) =>
    typeof requirement === 'object' && requirement !== null ? Object.keys(requirement).join() : '?',
  );
  if (!schemes.includes('bearer')) return 'public';
  return schemes.includes('') ? 'guest-or-signed-in' : 'signed-in';
}

/** True when the caller sent credentials of some kind (an empty header counts as none). */
function sentCredentials(request: FastifyRequest): boolean {
  return (request.headers.authorization ?? '').trim() !== '';
}

/** The signed-in user, or a 401 saying whether a sign-in is missing or has ended. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === null) throw new Unauthorized(sentCredentials(request) ? signInEndedMessage : signInRequiredMessage);
  return request.userId;
}

/** A guest may call without credentials; credentials that are sent must be valid. */
function refuseEndedSignIn(request: FastifyRequest): void {
  if (request.userId === null && sentCredentials(request)) throw new Unauthorized(signInEndedMessage);
}
