/** POST /api/session: a new anonymous session id (UUID v4) as a JSON string. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, sessionBodySchema, sessionResponseSchema } from '@shop/contract';
import type { SessionService } from '@shop/core';

export const sessionRoutes: FastifyPluginAsync<{ sessions: SessionService }> = async (app, { sessions }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/session',
    {
      schema: {
        tags: ['identity'],
        summary: 'Create an anonymous session (basket owner before sign-in)',
        body: sessionBodySchema.optional(),
        response: { 200: sessionResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const sessionId = await sessions.create(request.ip);
      // A JSON string (quoted): Fastify would send a bare string as plain text.
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(sessionId));
    },
  );
};
