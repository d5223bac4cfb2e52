/**
 * POST /api/session: a new anonymous session id (UUID v4) as a JSON string. Its body is optional
 * (SPEC 7 sends `{ ip: "" }`; the server records the caller's address), so no body, an empty body
 * and `{}` all make a session. Each makes a database row, so it is limited per client IP.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, sessionBodySchema, sessionResponseSchema } from '@shop/contract';
import type { SessionService } from '@shop/core';
import { registerJsonBodyParser } from '../http/json-body.ts';
import type { RateLimitStore } from '../http/rate-limit-store.ts';

export interface SessionRoutesOptions {
  sessions: SessionService;
  /** Where the per-IP limit counts (shared by every process with REDIS_URL). */
  rateLimits: RateLimitStore;
  /** New sessions per client IP per minute. */
  perMinute: number;
}

export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, { sessions, rateLimits, perMinute }) => {
  await rateLimits.register(app);
  // In this plugin's context only: other routes keep refusing an empty JSON body.
  registerJsonBodyParser(app, { emptyBodyIsNoBody: true });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/session',
    {
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['identity'],
        summary: 'Create an anonymous session (basket owner before sign-in)',
        description: 'The body is optional. Limited per client IP (SESSION_RATE_LIMIT_PER_MINUTE; 429 with Retry-After beyond).',
        body: sessionBodySchema.nullish(),
        response: { 200: sessionResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const sessionId = await sessions.create(request.ip);
      // A JSON string (quoted): Fastify would send a bare string as plain text.
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(sessionId));
    },
  );
};
