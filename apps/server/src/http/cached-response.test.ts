/**
 * ResponseCache on a small Fastify app arranged as app.ts arranges the real one: the cache's
 * root onRequest hook, then helmet, then an onSend hook adding `connection: close` while closing.
 */
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { DEFAULT_CATALOGUE_CACHE_MAX_BYTES, ResponseCache } from './cached-response.ts';
import { ShopLogController } from './request-log.ts';

const querystring = z.object({
  condition: z.string().max(200).default(''),
  page: z.coerce.number().int().min(1).default(1),
});
const params = z.object({ id: z.coerce.number().int().positive() });

interface Harness {
  app: FastifyInstance;
  cache: ResponseCache;
  /** How many times each route computed its value (cache misses). */
  computed: { list: number; item: number };
  logs: Array<{ level?: number; msg?: string; reqId?: string; res?: { statusCode?: number } }>;
  setClosing(value: boolean): void;
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.app.close();
  harness = undefined;
});

async function build(options: { maxBytes?: number; bodyBytes?: number; beforeCompute?: () => void } = {}): Promise<Harness> {
  let closing = false;
  const cache = new ResponseCache({ maxBytes: options.maxBytes, isClosing: () => closing });
  const logs: Harness['logs'] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as Harness['logs'][number]);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'debug', stream }, logController: new ShopLogController((request) => cache.servedFromCache(request)), trustProxy: 'loopback' });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', cache.onRequest);
  await app.register(helmet, { contentSecurityPolicy: false, hsts: { maxAge: 31_536_000, includeSubDomains: true } });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol !== 'https') reply.removeHeader('strict-transport-security');
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const computed = { list: 0, item: 0 };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const filler = 'x'.repeat(options.bodyBytes ?? 10);
  api.get('/list', { schema: { querystring }, config: cache.route('list', { querystring }) }, (request, reply) =>
    cache.reply(request, reply, async () => {
      computed.list += 1;
      options.beforeCompute?.();
      return { value: { ...request.query, filler }, headers: { 'x-total-count': '7' } };
    }),
  );
  api.get('/item/:id', { schema: { params }, config: cache.route('item', { params }) }, (request, reply) =>
    cache.reply(request, reply, async () => {
      computed.item += 1;
      return { value: { id: request.params.id } };
    }),
  );
  await app.ready();
  harness = { app, cache, computed, logs, setClosing: (value) => (closing = value) };
  return harness;
}

describe('ResponseCache', () => {
  it('keys an answer by its route and validated parameters: unknown query keys never create entries', async () => {
    const { app, cache, computed } = await build();
    for (let j = 1; j <= 400; j++) {
      const response = await app.inject({ url: `/list?condition=boxes&j=${j}` });
      expect(response.statusCode).toBe(200);
    }
    expect(computed.list).toBe(1);
    expect(cache.stats.entries).toBe(1);
    expect(cache.stats.bytes).toBeLessThan(2_000);
    // Order, defaults spelt out and values zod coerces all name the same answer.
    for (const url of ['/list?condition=boxes', '/list?page=1&condition=boxes', '/list?condition=boxes&page=01', '/list?condition=boxes&page=1&x=%00y']) {
      expect((await app.inject({ url })).statusCode).toBe(200);
    }
    // Only the one with a NUL character bypassed the cache (the app's preValidation hook refuses it).
    expect(computed.list).toBe(2);
    expect(cache.stats.entries).toBe(1);
    expect((await app.inject({ url: '/item/5?j=1' })).json()).toEqual({ id: 5 });
    expect((await app.inject({ url: '/item/05' })).json()).toEqual({ id: 5 });
    expect(computed.item).toBe(1);
    expect(cache.stats.entries).toBe(2);
  });

  it('creates no entry for parameters the route refuses', async () => {
    const { app, cache } = await build();
    expect((await app.inject({ url: '/list?condition=a&condition=b' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/list?page=0' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/item/abc' })).statusCode).toBe(400);
    expect(cache.stats.entries).toBe(0);
  });

  it('evicts the least recently used answers to stay within its byte budget, and never keeps one larger than it', async () => {
    // One answer of about 3 kB, counted with its headers and key.
    const probe = await build({ bodyBytes: 3_000 });
    await probe.app.inject({ url: '/list?condition=a' });
    const entryBytes = probe.cache.stats.bytes;
    expect(entryBytes).toBeGreaterThan(3_000);
    await probe.app.close();

    const maxBytes = Math.floor(entryBytes * 3.5);
    const { app, cache, computed } = await build({ maxBytes, bodyBytes: 3_000 });
    for (const condition of ['a', 'b', 'c']) await app.inject({ url: `/list?condition=${condition}` });
    expect(cache.stats.entries).toBe(3);
    await app.inject({ url: '/list?condition=a' }); // a is now the most recently used
    await app.inject({ url: '/list?condition=d' }); // evicts b
    expect(cache.stats.entries).toBe(3);
    expect(cache.stats.bytes).toBeLessThanOrEqual(maxBytes);
    const before = computed.list;
    await app.inject({ url: '/list?condition=a' });
    expect(computed.list).toBe(before);
    await app.inject({ url: '/list?condition=b' });
    expect(computed.list).toBe(before + 1);
    for (let i = 0; i < 50; i++) await app.inject({ url: `/list?condition=n${i}` });
    expect(cache.stats.entries).toBe(3);
    expect(cache.stats.bytes).toBeLessThanOrEqual(maxBytes);
    await app.close();

    const small = await build({ maxBytes: 1_000, bodyBytes: 3_000 });
    await small.app.inject({ url: '/list?condition=a' });
    await small.app.inject({ url: '/list?condition=a' });
    expect(small.computed.list).toBe(2);
    expect(small.cache.stats.entries).toBe(0);
  });

  it('answers a hit with the status, bytes and headers of the first answer, HSTS over HTTPS only, and 304 for its ETag', async () => {
    const { app } = await build();
    const first = await app.inject({ url: '/list?condition=boxes' });
    const hit = await app.inject({ url: '/list?condition=boxes&utm=1' });
    expect(hit.statusCode).toBe(200);
    expect(hit.body).toBe(first.body);
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, connection: _connection, ...rest } = headers;
      return rest;
    };
    expect(comparable(hit.headers)).toEqual(comparable(first.headers));
    expect(first.headers).toMatchObject({ 'x-total-count': '7', 'x-content-type-options': 'nosniff', 'content-type': 'application/json; charset=utf-8' });
    expect(hit.headers['strict-transport-security']).toBeUndefined();
    // light-my-request connects from 127.0.0.1, a trusted proxy here.
    const https = await app.inject({ url: '/list?condition=boxes', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const unchanged = await app.inject({ url: '/list?condition=boxes', headers: { 'if-none-match': first.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(first.headers.etag);
  });

  it('logs a hit with its request id, at debug: one completion line like any other request', async () => {
    const { app, logs } = await build();
    await app.inject({ url: '/item/9' });
    const missLines = logs.filter((line) => line.reqId === logs.at(-1)!.reqId);
    expect(missLines.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 30],
    ]);
    const hit = await app.inject({ url: '/item/9' });
    expect(hit.statusCode).toBe(200);
    const lines = logs.filter((line) => line.reqId === logs.at(-1)!.reqId);
    expect(lines.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 20],
    ]);
    expect(lines[1]!.res?.statusCode).toBe(200);
  });

  it('while the server is closing a hit carries connection: close, as the onSend hook gives every other answer', async () => {
    const { app, setClosing } = await build();
    await app.inject({ url: '/item/3' });
    setClosing(true);
    const hit = await app.inject({ url: '/item/3' });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers.connection).toBe('close');
    const miss = await app.inject({ url: '/item/4' });
    expect(miss.headers.connection).toBe('close');
  });

  it('clear() empties it, and an answer computed across a clear() is not kept', async () => {
    let clearDuringCompute = false;
    // The hook needs the cache that build() makes: read it through the harness once built.
    const built: { cache?: ResponseCache } = {};
    const h = await build({ beforeCompute: () => (clearDuringCompute ? built.cache!.clear() : undefined) });
    built.cache = h.cache;
    const cache = h.cache;
    await h.app.inject({ url: '/list?condition=a' });
    expect(cache.stats.entries).toBe(1);
    cache.clear();
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
    clearDuringCompute = true;
    await h.app.inject({ url: '/list?condition=a' });
    expect(cache.stats.entries).toBe(0);
  });

  it('is bounded by CATALOGUE_CACHE_MAX_BYTES, 32 MiB by default', () => {
    expect(loadConfig({}).catalogueCacheMaxBytes).toBe(DEFAULT_CATALOGUE_CACHE_MAX_BYTES);
    expect(loadConfig({ CATALOGUE_CACHE_MAX_BYTES: '1048576' }).catalogueCacheMaxBytes).toBe(1_048_576);
    expect(() => loadConfig({ CATALOGUE_CACHE_MAX_BYTES: '0' })).toThrow(/CATALOGUE_CACHE_MAX_BYTES/);
  });
});
