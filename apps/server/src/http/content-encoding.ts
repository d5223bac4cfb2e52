/**
 * Which compression an answer gets, from the request's Accept-Encoding, by the negotiation
 * @fastify/static uses for the built assets (@fastify/accept-negotiator): q-values count, so
 * `br;q=0, gzip` gets gzip and `identity` gets none; between equal q-values the first encoding
 * offered wins. Pages, media and sitemaps compress their own bodies (streamed, or cached once),
 * so only the choice is shared.
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/** The encoding to send among `offered` (in order of preference), or null: send the body as it is. */
export function negotiatedEncoding<E extends string>(request: FastifyRequest, offered: E[]): E | null {
  const accepted = request.headers['accept-encoding'];
  return accepted ? negotiate(accepted, offered) : null;
}
