/**
 * Bearer authentication (DESIGN section 4 "Identity"): one hook resolves the Authorization
 * header to the signed-in user. Routes read `request.userId` (null when no token was sent, or
 * it is unknown, expired or revoked) and pass it to core, which decides what that caller may
 * do. A user id in a body or path never identifies the caller.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Unauthorized } from '@shop/core';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler itself decides what an unknown or missing token means (sign-out). */
    signInCheckedByHandler?: boolean;
  }
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
    // A route documented as needing the Bearer token alone answers 401 before its body or
    // parameters are validated, so a caller without a valid token learns nothing about them.
    app.addHook('onRoute', (route) => {
      if (!signInOnly(route.schema?.security) || route.config?.signInCheckedByHandler) return;
      const existing = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
      route.preValidation = [async (request: FastifyRequest) => void requireUserId(request), ...existing];
    });
  },
  { name: 'authentication', fastify: '5.x' },
);

export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

/** True when the OpenAPI security of a route is exactly "Bearer token" (no anonymous option). */
function signInOnly(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.length === 1 &&
    typeof security[0] === 'object' &&
    security[0] !== null &&
    Object.keys(security[0]).join() === 'bearer'
  );
}

/** The signed-in user, or a 401. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === null) throw new Unauthorized();
  return request.userId;
}
