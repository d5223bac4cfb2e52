/**
 * Serves the React Router storefront: its built assets (immutable) and server-rendered pages.
 * A small adapter turns Fastify's request into a Fetch Request and streams the Response back;
 * it stays off /api and /media so the JSON API keeps its full speed (DESIGN section 3).
 */
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { CoreServices } from '@shop/core';
import { notFoundBody } from '../http/error-handler.ts';
import { newNonce, pageContentSecurityPolicy } from '../http/security-headers.ts';

export interface StorefrontOptions {
  /** The web app's build folder (contains client/ and server/index.js). */
  buildDir: string;
  /** When PayPal is configured its SDK script and API must be allowed by the page policy. */
  paypalEnabled?: boolean;
}

/** Where PayPal's browser SDK loads from and talks to (its buttons render in paypal.com frames). */
const PAYPAL_SCRIPT_SOURCES = ['https://www.paypal.com'];
const PAYPAL_CONNECT_SOURCES = ['https://www.paypal.com', 'https://*.paypal.com'];

/** What every page loader receives as `context` (apps/web/app/load-context.server.ts). */
export interface StorefrontLoadContext {
  services: CoreServices;
  nonce: string;
}

export async function registerStorefront(app: FastifyInstance, services: CoreServices, options: StorefrontOptions): Promise<void> {
  const clientDir = path.join(options.buildDir, 'client');
  const build = (await import(pathToFileURL(path.join(options.buildDir, 'server', 'index.js')).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, 'production');
  const scriptSources = options.paypalEnabled ? PAYPAL_SCRIPT_SOURCES : [];
  const connectSources = options.paypalEnabled ? PAYPAL_CONNECT_SOURCES : [];

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true, // .br/.gz written by apps/web/scripts/precompress.mjs
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Built assets have content hashes in their names: cache them for a year.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/media/')) {
      return reply.code(404).send(notFoundBody(request.url));
    }
    const nonce = newNonce();
    const context: StorefrontLoadContext = { services, nonce };
    const response = await handleRequest(toFetchRequest(request), context as never);
    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', pageContentSecurityPolicy(nonce, scriptSources, connectSources));
    }
    if (!response.body) return reply.send();
    const body = Readable.fromWeb(response.body as never);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return reply.send(body);
    // Pages are streamed; compress them on the way out (fast settings: latency matters more).
    reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding').removeHeader('content-length');
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 }, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
        : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
    return reply.send(pipeline(body, compressor, () => {}));
  };

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: renderPage, schema: { hide: true } });
  // React Router data requests for client navigation end in .data and may be POSTs for actions.
  app.route({ method: ['POST'], url: '/*', handler: renderPage, schema: { hide: true } });
}

function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = String(acceptEncoding ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function toFetchRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  request.raw.on('close', () => {
    if (request.raw.destroyed && !request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
  });
}
