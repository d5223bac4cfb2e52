/** /media/*: generated SVG illustrations for products, categories and the landing page. */
import type { FastifyPluginAsync } from 'fastify';
import { renderIllustration } from './illustrations.ts';

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.params['*'];
    // renderIllustration caches what it knows; unknown names are not remembered (no unbounded cache).
    const svg = /^[a-z0-9/-]+\.svg$/.test(path) ? renderIllustration(path) : null;
    if (!svg) return reply.code(404).send({ error: 'not_found', message: 'No such image' });
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .type('image/svg+xml')
      .send(svg);
  });
};
