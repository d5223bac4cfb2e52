/**
 * /media/*: the demo illustrations for products, categories and the landing page, served from
 * the SVG files in apps/server/media/demo/ (written by scripts/media/generate-illustrations.ts
 * and committed). The files are read once at start-up (about 115 KiB) into a map: a request
 * is a map lookup, so no name a client sends ever reaches the file system.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { negotiatedEncoding } from '../http/content-encoding.ts';

export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../media/demo/', import.meta.url));

export interface MediaRoutesOptions {
  /** Folder holding products/, categories/ and landing/ SVG files; the demo illustrations by default. */
  dir?: string;
}

/** The names the server answers for: a folder it knows and a plain lower-case file name. */
const MEDIA_PATH = /^(?:products|categories|landing)\/[a-z0-9-]+\.svg$/;

const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

interface MediaFile {
  svg: Buffer;
  // Compressed on first request, then kept: at most two copies of a small, fixed set of files.
  br?: Buffer;
  gzip?: Buffer;
}

async function readMediaFiles(dir: string): Promise<Map<string, MediaFile>> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    throw new Error(`The media folder ${dir} cannot be read (${(error as Error).message}); run npx tsx scripts/media/generate-illustrations.ts`);
  }
  const files = new Map<string, MediaFile>();
  for (const entry of entries) {
    const name = entry.split(path.sep).join('/');
    if (MEDIA_PATH.test(name)) files.set(name, { svg: await readFile(path.join(dir, entry)) });
  }
  if (files.size === 0) throw new Error(`No illustrations in ${dir}; run npx tsx scripts/media/generate-illustrations.ts`);
  return files;
}

function compressed(file: MediaFile, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    file.br ??= zlib.brotliCompressSync(file.svg, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: file.svg.length },
    });
    return file.br;
  }
  file.gzip ??= zlib.gzipSync(file.svg, { level: zlib.constants.Z_BEST_COMPRESSION });
  return file.gzip;
}

export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, options) => {
  const files = await readMediaFiles(options.dir ?? DEMO_MEDIA_DIR);

  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    const name = request.params['*'];
    const file = MEDIA_PATH.test(name) ? files.get(name) : undefined;
    if (!file) return reply.code(404).send({ error: 'not_found', message: 'No such image' });
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', SVG_CONTENT_SECURITY_POLICY)
      .header('vary', 'Accept-Encoding')
      .type('image/svg+xml');
    const encoding = negotiatedEncoding(request, ['br', 'gzip']);
    if (!encoding) return reply.send(file.svg);
    return reply.header('content-encoding', encoding).send(compressed(file, encoding));
  });
};
