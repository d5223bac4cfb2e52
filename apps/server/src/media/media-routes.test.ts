import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { demoCatalogue, largeCatalogue, type SeedCategory } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA_DIR, mediaRoutes } from './media-routes.ts';

function imageUrls(tree: SeedCategory[]): Set<string> {
  const out = new Set<string>();
  const walk = (node: SeedCategory) => {
    out.add(node.imageUrl);
    for (const p of node.products ?? []) out.add(p.imageUrl);
    node.children?.forEach(walk);
  };
  tree.forEach(walk);
  return out;
}

// The landing page's images (apps/web/app/routes/landing.tsx).
const LANDING_URLS = ['/media/landing/banner-1.svg', '/media/landing/banner-2.svg', ...[1, 2, 3, 4, 5, 6].map((n) => `/media/landing/tile-${n}.svg`)];

async function mediaApp(options: { dir?: string } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(mediaRoutes, { prefix: '/media', ...options });
  await app.ready();
  return app;
}

describe('/media', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await mediaApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const fileOf = (url: string) => path.join(DEMO_MEDIA_DIR, url.replace(/^\/media\//, ''));

  it('has a file for every image the demo catalogue, the large catalogue and the landing page use', async () => {
    const used = new Set([...imageUrls(demoCatalogue()), ...imageUrls(largeCatalogue(2_000)), ...LANDING_URLS]);
    expect(used.size).toBeGreaterThan(50);
    for (const url of used) {
      expect(url).toMatch(/^\/media\/(?:products|categories|landing)\/[a-z0-9-]+\.svg$/);
      expect(existsSync(fileOf(url)), url).toBe(true);
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.equals(readFileSync(fileOf(url))), url).toBe(true);
    }
  });

  it('serves an SVG with a year of caching, a policy that runs nothing, and its type', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/products/box-kraft.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const head = await app.inject({ method: 'HEAD', url: '/media/products/box-kraft.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/svg+xml');
  });

  it('sends brotli or gzip when the client accepts it, the same SVG once decoded', async () => {
    const original = readFileSync(fileOf('/media/landing/banner-1.svg'));
    const url = '/media/landing/banner-1.svg';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(original.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(original)).toBe(true);
    const identity = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(original)).toBe(true);
    // Compressed once, then the same bytes every time.
    const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('answers 404 JSON for unknown or malformed names', async () => {
    for (const name of [
      'products/no-such-thing.svg',
      'categories/banner-1.svg',
      'landing/tile-7.svg',
      'landing/box-kraft.svg',
      'products/box-kraft.png',
      'products/box-kraft',
      'products/BOX-KRAFT.svg',
      'other/box-kraft.svg',
      'products/constructor.svg',
      'products/__proto__.svg',
      'products/',
      '',
    ]) {
      const response = await app.inject({ method: 'GET', url: `/media/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual({ error: 'not_found', message: 'No such image' });
    }
  });

  it('never reads outside the media folder, whatever the path spelling', async () => {
    for (const url of [
      '/media/../package.json',
      '/media/../../package.json',
      '/media/..%2F..%2Fpackage.json',
      '/media/products/..%2F..%2F..%2F..%2Fpackage.json',
      '/media/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/media/products/%2e%2e%2f%2e%2e%2fsrc%2fmedia%2fmedia-routes.ts',
      '/media/products/..%5c..%5cpackage.json',
      '/media/products/box-kraft.svg%00.png',
      '/media//etc/passwd',
      '/media/products/../../../../etc/passwd',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toMatch(/"name"|root:|import /);
    }
  });

  it('refuses to start without its files, saying how to make them', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'media-'));
    try {
      await expect(mediaApp({ dir: empty })).rejects.toThrow(/generate-illustrations/);
      await expect(mediaApp({ dir: path.join(empty, 'missing') })).rejects.toThrow(/generate-illustrations/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
