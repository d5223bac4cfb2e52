/**
 * /media/images/<sha256>/<width>.webp: the catalogue images staff uploaded, read from
 * the database (content-addressed, so every process serves the same bytes). A URL's content
 * never changes, so it is cached for a year as immutable: a CDN at MEDIA_BASE_URL takes the
 * load, and this process keeps a small LRU of recent copies so a page of product cards does
 * not read the database once per image.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CatalogueImages } from '@shop/core';

export interface UploadedImageRoutesOptions {
  images: CatalogueImages;
  /** Bytes of image copies kept in memory (default 32 MB). */
  cacheBytes?: number;
}

const IMAGE_PATH = /^([0-9a-f]{64})\/(\d{2,4})\.webp$/;

export const uploadedImageRoutes: FastifyPluginAsync<UploadedImageRoutesOptions> = async (app, options) => {
  const cache = new LRUCache<string, { contentType: string; bytes: Buffer }>({
    maxSize: options.cacheBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (value) => Math.max(1, value.bytes.byteLength),
  });
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    const match = IMAGE_PATH.exec(request.params['*']);
    const key = match ? `${match[1]}/${match[2]}` : null;
    let image = key ? cache.get(key) : undefined;
    if (match && key && !image) {
      image = (await options.images.variant(match[1]!, Number(match[2]))) ?? undefined;
      if (image) cache.set(key, image);
    }
    if (!image) return reply.code(404).header('cache-control', 'public, max-age=60').send({ error: 'not_found', message: 'No such image' });
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .type(image.contentType)
      .send(image.bytes);
  });
};
