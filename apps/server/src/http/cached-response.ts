/**
 * Serialised catalogue answers kept as bytes with a strong ETag. The first read of a URL goes
 * through the route (validation, core, serialisation) and records the bytes and every header it
 * sent; later reads of the same URL are answered before Fastify's routing, straight to the
 * socket, which is what keeps cached reads close to a bare node:http server (DESIGN section 8).
 * Cleared whenever the catalogue changes (see app.ts). Cache hits are not access-logged.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_CONTENT_SECURITY_POLICY, HSTS_HEADER_VALUE } from './security-headers.ts';
import { lastRawHeader } from './trusted-proxies.ts';

interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** Every header of the 200 answer (without HSTS, which depends on the request's protocol). */
  headers: OutgoingHttpHeaders;
}

/** Browsers and proxies may reuse a catalogue answer briefly, then must revalidate. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private generation = 0;

  constructor(private readonly maxEntries = 5_000) {}

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * The fast path, straight on node's request and response (see app.ts: before Fastify for
   * connections to the server, in an onRequest hook for injected requests): true when the
   * answer was written from the cache.
   */
  answer(request: IncomingMessage, response: ServerResponse, isHttps: (request: IncomingMessage) => boolean, closing: boolean): boolean {
    if (request.method !== 'GET') return false;
    const entry = this.entries.get(request.url ?? '');
    if (!entry) return false;
    let headers = isHttps(request) ? { ...entry.headers, 'strict-transport-security': HSTS_HEADER_VALUE } : entry.headers;
    if (closing) headers = { ...headers, connection: 'close' };
    if (lastRawHeader(request, 'if-none-match') === entry.etag) {
      const { 'content-length': _length, 'content-type': _type, ...rest } = headers;
      response.writeHead(304, rest);
      response.end();
    } else {
      response.writeHead(200, headers);
      response.end(entry.body);
    }
    return true;
  }

  /**
   * The route path (a cache miss): computes the value, answers it, and stores its bytes and
   * headers. `headers` (e.g. a total count) are part of what is cached.
   */
  async reply(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<{ value: unknown; headers?: Record<string, string> }>,
  ): Promise<void> {
    const generation = this.generation;
    const { value, headers } = await compute();
    const body = Buffer.from(JSON.stringify(value));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('cache-control', CATALOGUE_CACHE_CONTROL).header('etag', etag);
    if (headers) reply.headers(headers);
    reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    reply.type('application/json; charset=utf-8');
    // A clear() during the computation means the value may predate the change: do not keep it.
    if (generation === this.generation) {
      const recorded = { ...reply.getHeaders(), 'content-length': String(body.length) } as OutgoingHttpHeaders;
      delete recorded['strict-transport-security'];
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(request.url, { body, etag, headers: recorded });
    }
    if (request.headers['if-none-match'] === etag) {
      reply.code(304).send();
      return;
    }
    reply.send(body);
  }
}
