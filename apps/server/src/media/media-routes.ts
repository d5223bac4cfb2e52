/** /media/*: generated SVG illustrations for products, categories and the landing page. */
import type { FastifyPluginAsync } from 'fastify';
import { renderIllustration } from './illustrations.ts';

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const rendered = new Map<string, string | null>();
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.params['*'];
    if (!rendered.has(path)) rendered.set(path, /^[a-z0-9/-]+\.svg$/.test(path) ? renderIllustration(path) : null);
    const svg = rendered.get(path);
    if (!svg) return reply.code(404).send({ error: 'not_found', message: 'No such image' });
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml')
      .send(svg);
  });
};
