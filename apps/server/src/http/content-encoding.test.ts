/**
 * The compression an answer gets (pages, media, sitemaps): what the client says it accepts,
 * q-values included. A client that refuses brotli with `br;q=0` once got brotli anyway.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { negotiatedEncoding } from './content-encoding.ts';

const asking = (acceptEncoding?: string) => ({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }) as FastifyRequest;

describe('negotiatedEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0.0, gzip;q=0.5', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['deflate', null],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
    [undefined, null],
  ])('Accept-Encoding %j among br and gzip: %s', (acceptEncoding, expected) => {
    expect(negotiatedEncoding(asking(acceptEncoding), ['br', 'gzip'])).toBe(expected);
  });

  it('offers only what the caller can send: gzip alone for a sitemap', () => {
    expect(negotiatedEncoding(asking('br, gzip'), ['gzip'])).toBe('gzip');
    expect(negotiatedEncoding(asking('br'), ['gzip'])).toBeNull();
    expect(negotiatedEncoding(asking('gzip;q=0, br'), ['gzip'])).toBeNull();
  });
});
