/**
 * Serialised catalogue answers kept as bytes with a strong ETag (DESIGN section 8).
 *
 * One pipeline: every request, hit or miss, goes through Fastify (routing, request id, request
 * logs, onResponse hooks, the 503 of a server that is closing). `onRequest` is a root hook,
 * added before helmet's, so a hit skips helmet's per-request work, validation, the handler and
 * the onSend hooks; the headers those gave the first answer are recorded with its bytes and
 * replayed.
 *
 * Keyed by the route and its validated parameters: the route's own zod schemas parse the path
 * parameters and the query, so `?condition=a&j=1` and `?condition=a` share one entry and keys
 * the route does not know never create entries. Held in an LRU bounded in bytes. Cleared
 * whenever the catalogue changes (see app.ts).
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { API_CONTENT_SECURITY_POLICY, HSTS_HEADER_VALUE } from './security-headers.ts';

/** Browsers and proxies may reuse a catalogue answer briefly, then must revalidate. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export const DEFAULT_CATALOGUE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** What one cached route is keyed by: its id and the schemas its parameters are validated with. */
export interface CachedRouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
}

export interface CachedRoute {
  /** The key of this request's answer, or undefined when its parameters are invalid (the route answers 400). */
  keyOf(request: FastifyRequest): string | undefined;
  /**
   * The answer may be a signed-in customer's own (their price list's prices, decision record
   * 020): a request with an Authorization header is never answered from the cache, nor stored;
   * the route lays the customer's prices over the public value, or answers the public one.
   */
  personal?: boolean;
}

/** Lays a signed-in customer's own prices over the public value; null when the caller has none (the public answer then). */
export type Personalise = (value: unknown) => Promise<unknown | null>;

/** Answers that are one customer's own: never kept by the browser's or any shared cache. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by ResponseCache.route(): GET answers of this route are cached. */
    responseCache?: CachedRoute;
  }
}

interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** Every header of the 200 answer, HSTS aside (it depends on the request's protocol). */
  headers: OutgoingHttpHeaders;
  /** The same with HSTS, for requests over HTTPS. */
  httpsHeaders: OutgoingHttpHeaders;
  /** Body, headers and key, as counted against the byte budget. */
  bytes: number;
}

/** URLs whose cache key each cached route remembers (a few hundred kB of short strings at most). */
const KEY_MEMO_SIZE = 2_000;

/** A rough per-entry cost of the objects around the bytes (entry, headers object, LRU slots). */
const ENTRY_OVERHEAD_BYTES = 256;

export class ResponseCache {
  private readonly entries: LRUCache<string, CachedAnswer>;
  /** The key computed by onRequest for a miss, used by reply() to store the answer. */
  private readonly missKeys = new WeakMap<FastifyRequest, string>();
  private generation = 0;

  private readonly isClosing: () => boolean;

  /**
   * `maxBytes` bounds the bytes held (bodies, headers, keys). `isClosing` says the server is
   * shutting down, when every answer carries `connection: close` (app.ts, preClose and onSend).
   */
  constructor(options: { maxBytes?: number; isClosing?: () => boolean } = {}) {
    this.isClosing = options.isClosing ?? (() => false);
    this.entries = new LRUCache<string, CachedAnswer>({
      maxSize: options.maxBytes ?? DEFAULT_CATALOGUE_CACHE_MAX_BYTES,
      sizeCalculation: (entry) => entry.bytes,
    });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Entries held and the bytes they are counted as (tests, diagnostics). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /**
   * Route options `config` of a cached GET route. `id` names the route in keys; `schemas` must be
   * the ones the route validates with, so a key is exactly what the handler will see.
   */
  route(id: string, schemas: CachedRouteSchemas = {}, options: { personal?: boolean } = {}): { responseCache: CachedRoute } {
    const { params, querystring } = schemas;
    const keyOf = (request: FastifyRequest): string | undefined => {
      let key = id;
      if (params) {
        const parsed = params.safeParse(request.params);
        if (!parsed.success) return undefined;
        key += JSON.stringify(parsed.data);
      }
      if (querystring) {
        const parsed = querystring.safeParse(request.query);
        if (!parsed.success) return undefined;
        key += JSON.stringify(parsed.data);
      }
      return key;
    };
    // Parsing and serialising the parameters cost a hit about a tenth of its throughput: the key
    // of each URL seen is remembered. Only keys are held (no answers), at most KEY_MEMO_SIZE URLs
    // per route, so odd query strings cannot grow it; a full memo starts again.
    const keysByUrl = new Map<string, string>();
    const memoisedKeyOf = (request: FastifyRequest): string | undefined => {
      const known = keysByUrl.get(request.url);
      if (known !== undefined) return known;
      const key = keyOf(request);
      if (key === undefined) return undefined;
      if (keysByUrl.size >= KEY_MEMO_SIZE) keysByUrl.clear();
      keysByUrl.set(request.url, key);
      return key;
    };
    return { responseCache: { keyOf: memoisedKeyOf, personal: options.personal === true } };
  }

  /**
   * A root onRequest hook, added before helmet's: routing is done, so the route's config is
   * known, Fastify has given the request its id and logged it, and has already answered 503
   * with `connection: close` if the server is closing. A hit is then written with the headers
   * helmet, the route and the root onSend hook gave the first answer (recorded by reply()), HSTS
   * over HTTPS only and `connection: close` while closing, as those hooks would (a hit is
   * answered synchronously, so it cannot normally see the app closing; the check keeps the two
   * paths alike). Skipping helmet's hooks, validation, the handler, serialisation and onSend is
   * what keeps hits within the budget of DESIGN section 8. The reply is hijacked, yet the
   * request is still logged as completed (at debug, http/request-log.ts) and
   * onResponse hooks run.
   */
  /** Requests answered from the cache (their log line is at debug, http/request-log.ts). */
  private readonly hits = new WeakSet<FastifyRequest>();

  servedFromCache(request: FastifyRequest): boolean {
    return this.hits.has(request);
  }

  /** Where hits and misses are counted (the metrics, when they are kept). */
  private lookups: { hit: { inc(): void }; miss: { inc(): void } } | undefined;

  countLookups(hit: { inc(): void }, miss: { inc(): void }): void {
    this.lookups = { hit, miss };
  }

  readonly onRequest: onRequestHookHandler = (request, reply, done) => {
    const route = request.routeOptions.config.responseCache;
    // A NUL character anywhere (even in a key the route ignores) is refused with a 400 by the
    // route's preValidation hook: such a request never takes the cache (see http/nul-characters.ts).
    if (route === undefined || request.method !== 'GET' || request.url.includes('%00')) return done();
    // A caller who may have prices of their own goes to the route: neither served nor stored here.
    if (route.personal && request.headers.authorization !== undefined) return done();
    const key = route.keyOf(request);
    if (key === undefined) return done();
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.lookups?.miss.inc();
      this.missKeys.set(request, key);
      return done();
    }
    this.lookups?.hit.inc();
    reply.hijack();
    this.hits.add(request);
    let headers = request.protocol === 'https' ? entry.httpsHeaders : entry.headers;
    if (this.isClosing()) headers = { ...headers, connection: 'close' };
    const response = reply.raw;
    if (request.headers['if-none-match'] === entry.etag) {
      const { 'content-length': _length, 'content-type': _type, ...rest } = headers;
      response.writeHead(304, rest);
      response.end();
    } else {
      response.writeHead(200, headers);
      response.end(entry.body);
    }
  };

  /**
   * The route path (a cache miss): computes the value, answers it, and stores its bytes and
   * headers under the key onRequest computed. `headers` (e.g. a total count) are part of what is
   * cached.
   */
  async reply(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<{ value: unknown; headers?: Record<string, string> }>,
    personalise?: Personalise,
  ): Promise<void> {
    const generation = this.generation;
    const { value, headers } = await compute();
    // The caller's own prices (a personal route, an Authorization header): their own bytes, never stored or shared.
    const own = personalise && request.headers.authorization !== undefined ? await personalise(value) : null;
    const body = Buffer.from(JSON.stringify(own ?? value));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('cache-control', own === null ? CATALOGUE_CACHE_CONTROL : PERSONAL_CACHE_CONTROL).header('etag', etag);
    // A browser or proxy must not answer a signed-in request with a copy made for another caller.
    if (request.routeOptions.config.responseCache?.personal) reply.header('vary', 'Authorization');
    if (headers) reply.headers(headers);
    reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    reply.type('application/json; charset=utf-8');
    const key = this.missKeys.get(request);
    // A clear() during the computation means the value may predate the change: do not keep it.
    if (key !== undefined && own === null && generation === this.generation) {
      // A new object rather than `delete` on the reply's: an object that had properties deleted
      // is kept in V8's slow dictionary mode, and every hit's writeHead walks these headers.
      const recorded: OutgoingHttpHeaders = Object.fromEntries(
        Object.entries(reply.getHeaders() as OutgoingHttpHeaders).filter(
          // HSTS depends on the request's protocol; onSend adds `connection` only while closing.
          ([name]) => name !== 'strict-transport-security' && name !== 'connection' && name !== 'content-length',
        ),
      );
      recorded['content-length'] = String(body.length);
      const httpsHeaders = { ...recorded, 'strict-transport-security': HSTS_HEADER_VALUE };
      this.entries.set(key, { body, etag, headers: recorded, httpsHeaders, bytes: sizeOf(key, body, [recorded, httpsHeaders]) });
    }
    if (request.headers['if-none-match'] === etag) {
      reply.code(304).send();
      return;
    }
    reply.send(body);
  }
}

/** Bytes counted for an entry: its body, its key (twice: the LRU's map and its key list), its header objects. */
function sizeOf(key: string, body: Buffer, headerSets: OutgoingHttpHeaders[]): number {
  let bytes = ENTRY_OVERHEAD_BYTES + body.length + key.length * 2;
  for (const headers of headerSets) {
    for (const [name, value] of Object.entries(headers)) bytes += name.length + String(value).length + 16;
  }
  return bytes;
}
