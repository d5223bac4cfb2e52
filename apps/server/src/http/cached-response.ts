/**
 * Serialised catalogue answers kept as bytes with a strong ETag, so a repeated read costs a
 * map lookup and a write. Cleared whenever the catalogue changes (see app.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface CachedBody {
  body: Buffer;
  etag: string;
}

/** Browsers and proxies may reuse a catalogue answer briefly, then must revalidate. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export class ResponseCache {
  private readonly entries = new Map<string, CachedBody>();
  private generation = 0;

  constructor(private readonly maxEntries = 5_000) {}

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * Answers from the cache, or computes the value, stores its bytes and answers.
   * `extraHeaders` (e.g. a total count) are part of what is cached.
   */
  async reply(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<{ value: unknown; headers?: Record<string, string> }>,
  ): Promise<void> {
    const key = request.url;
    let entry = this.entries.get(key) as (CachedBody & { headers?: Record<string, string> }) | undefined;
    if (!entry) {
      const generation = this.generation;
      const { value, headers } = await compute();
      const body = Buffer.from(JSON.stringify(value));
      entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, headers };
      if (generation === this.generation) {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, entry);
      }
    }
    reply.header('cache-control', CATALOGUE_CACHE_CONTROL).header('etag', entry.etag);
    if (entry.headers) reply.headers(entry.headers);
    if (request.headers['if-none-match'] === entry.etag) {
      reply.code(304).send();
      return;
    }
    reply.type('application/json; charset=utf-8').send(entry.body);
  }
}
