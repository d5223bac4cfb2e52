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
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { CoreServices } from '@shop/core';
import type { PaymentsConfigDto } from '@shop/contract';
// The one declaration of the load context (it augments React Router's AppLoadContext).
import type {} from '../../../web/app/load-context.server.ts';
import type { AttemptLimits } from '../http/attempt-limits.ts';
import { storefrontServerEntry } from './storefront-build.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../http/database-unavailable.ts';
import { methodNotAllowedBody, notFoundBody } from '../http/error-handler.ts';
import { errorForLog } from '@shop/core';
import { negotiatedEncoding } from '../http/content-encoding.ts';
import { refuseNulCharacters } from '../http/nul-characters.ts';
import { newNonce, pageContentSecurityPolicy } from '../http/security-headers.ts';

export interface StorefrontOptions {
  /** The web app's build folder (contains client/ and server/index.js). */
  buildDir: string;
  /** When PayPal is configured its SDK script and API must be allowed by the page policy. */
  paypalEnabled?: boolean;
  /** The attempt counters the JSON API uses too (sign-in, sign-up, passwords, postcode look-ups). */
  attempts: AttemptLimits;
  /** How the payment step takes card/wallet payments (as GET /api/payments/config answers). */
  payments: PaymentsConfigDto;
}

/** Where PayPal's browser SDK loads from and talks to (its buttons render in paypal.com frames). */
const PAYPAL_SCRIPT_SOURCES = ['https://www.paypal.com'];
const PAYPAL_CONNECT_SOURCES = ['https://www.paypal.com', 'https://*.paypal.com'];

export async function registerStorefront(app: FastifyInstance, services: CoreServices, options: StorefrontOptions): Promise<void> {
  const clientDir = path.join(options.buildDir, 'client');
  // The build imports core, db and contract (TypeScript, loaded by tsx) rather than bundling
  // them: its pages use this process's copy, the one the services below were built from.
  const build = (await import(pathToFileURL(storefrontServerEntry(options.buildDir)).href)) as ServerBuild;
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
    if (isOutsidePages(request.url)) return reply.code(404).send(notFoundBody(request.url));
    const nonce = newNonce();
    // Set when a loader, action or the rendering failed because the database is unreachable.
    let databaseUnavailable = false;
    const context: AppLoadContext = {
      services,
      nonce,
      secure: request.protocol === 'https',
      countAttempt: (action, email) => options.attempts.count(request, action, email),
      rememberDevice: (kind, email) => options.attempts.rememberDevice(request, kind, email),
      memo: new Map(),
      payments: options.payments,
      logError(error) {
        if (isDatabaseUnavailable(error)) {
          databaseUnavailable = true;
          request.log.warn({ error: errorForLog(error) }, 'database unavailable');
        } else request.log.error({ error: errorForLog(error) }, 'page request failed');
      },
    };
    const response = await handleRequest(await toFetchRequest(request), context);
    // The error page of an unreachable database is a 503 the visitor (or a proxy) may retry, as in the API.
    const status = response.status === 500 && databaseUnavailable ? 503 : response.status;
    reply.code(status);
    if (status === 503) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (isHtml) {
      reply.header('content-security-policy', pageContentSecurityPolicy(nonce, scriptSources, connectSources));
      // Every page carries the visitor's name and basket in its header: never shared by caches.
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
    }
    if (!response.body) return reply.send();
    const body = Readable.fromWeb(response.body as never);
    const encoding = negotiatedEncoding(request, ['br', 'gzip']);
    if (!encoding || !isHtml) return reply.send(body);
    // Pages are streamed; compress them on the way out (fast settings: latency matters more).
    reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding').removeHeader('content-length');
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 }, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
        : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
    return reply.send(pipeline(body, compressor, () => {}));
  };

  await app.register(async (pages) => {
    registerFormBodyParsers(pages);
    // PostgreSQL text cannot hold U+0000: a query or form field with one is a 400, as in the API.
    pages.addHook('preValidation', refuseNulCharacters);
    pages.route({ method: ['GET', 'HEAD'], url: '/*', handler: renderPage, schema: { hide: true } });
    // Page actions (forms, and React Router's .data requests for fetchers) are POSTs; they are
    // accepted from this site's own pages only (the session cookie is SameSite=Lax as well).
    pages.route({ method: ['POST'], url: '/*', onRequest: refuseCrossSiteRequests, handler: renderPage, schema: { hide: true } });
    // The catalogue back office uploads images (up to 10 MB) and CSV files (the import reads up
    // to 10 MB and must answer a bigger one, e.g. 20 MB, with a clear message, not a bare 413),
    // and the bank statement import its statements (CSV, carried back base64 to be applied):
    // these pages alone take bodies up to ADMIN_UPLOAD_BODY_LIMIT_BYTES, and only from a request
    // carrying a staff cookie (the page action still checks the session and the permission).
    // (React Router posts a hydrated page's form to its .data URL.)
    for (const url of ['/admin/catalogue/*', '/admin/bank-statements', '/admin/bank-statements.data']) {
      pages.route({
        method: ['POST'],
        url,
        bodyLimit: ADMIN_UPLOAD_BODY_LIMIT_BYTES,
        onRequest: [refuseCrossSiteRequests, refuseLargeBodyWithoutStaffCookie],
        handler: renderPage,
        schema: { hide: true },
      });
    }
    // Any other method (PUT /landing, DELETE /products) is answered here, in the JSON error shape.
    pages.route({
      method: app.supportedMethods.filter((m) => !PAGE_METHODS.includes(m)),
      url: '/*',
      schema: { hide: true },
      handler: (request, reply) =>
        isOutsidePages(request.url)
          ? reply.code(404).send(notFoundBody(request.url))
          : reply.code(405).header('allow', PAGE_METHODS.join(', ')).send(methodNotAllowedBody(request.method)),
    });
  });
}

/** Largest body of a catalogue back-office page action (image and CSV uploads). */
export const ADMIN_UPLOAD_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
/** The app's own limit, which requests without a staff cookie keep on the upload pages. */
const DEFAULT_PAGE_BODY_LIMIT_BYTES = 100 * 1024;

/** Without a staff cookie an upload page's body stays within the usual 100 kB (a 413 as Fastify answers it). */
async function refuseLargeBodyWithoutStaffCookie(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (reply.sent) return;
  const hasStaffCookie = /(?:^|;\s*)(?:__Host-)?shop_staff=/.test(request.headers.cookie ?? '');
  const length = Number(request.headers['content-length'] ?? 0);
  if (!hasStaffCookie && length > DEFAULT_PAGE_BODY_LIMIT_BYTES) {
    await reply.code(413).send({ error: 'payload_too_large', message: 'The request body is too large (at most 100 kB).' });
  }
}

/** The methods pages answer: GET and HEAD read them, POST runs their actions. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

/** The catch-all page routes also see what /api and /media did not match: those are not pages. */
function isOutsidePages(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/media/');
}

/**
 * Form bodies of page actions, within the app's 100 kB body limit: URL-encoded forms, small
 * multipart forms (checked here, so a malformed one is a 400 and never reaches an action) and
 * text/plain. JSON bodies use the app's JSON parser.
 */
function registerFormBodyParsers(pages: FastifyInstance): void {
  pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  pages.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    const contentType = request.headers['content-type'] ?? '';
    new Response(new Uint8Array(body as Buffer), { headers: { 'content-type': contentType } }).formData().then(
      (form) => done(null, form),
      () => {
        const error = new Error('The form could not be read: it is not valid multipart/form-data.') as FastifyError;
        error.statusCode = 400;
        done(error, undefined);
      },
    );
  });
  pages.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

/**
 * Refuses a POST that another site made the browser send: modern browsers say where a request
 * comes from (`Sec-Fetch-Site`), older ones send `Origin` with every POST. A request with
 * neither is not a browser's cross-site form, so it is let through.
 */
async function refuseCrossSiteRequests(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const crossSite = site !== undefined ? site !== 'same-origin' : origin !== undefined && origin !== originOf(request);
  if (crossSite) {
    await reply.code(403).send({ error: 'forbidden', message: 'This form was sent from another site, so it was refused.' });
  }
}

/** This request's own origin, `http://localhost` when the Host header is missing or malformed. */
function originOf(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://localhost`;
  }
}

async function toFetchRequest(request: FastifyRequest): Promise<Request> {
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
  const parsed = request.body;
  let body: URLSearchParams | FormData | string | undefined;
  if (hasBody) {
    // Forms are handed on as forms (the Fetch body sets the content type); JSON as JSON.
    if (parsed instanceof URLSearchParams || parsed instanceof FormData || typeof parsed === 'string') {
      body = parsed;
      // A re-encoded multipart body gets a new boundary, which Request puts in the content type.
      if (parsed instanceof FormData) headers.delete('content-type');
    } else body = JSON.stringify(parsed ?? {});
    headers.delete('content-length');
  }
  return new Request(new URL(request.url, originOf(request)), { method: request.method, headers, signal: controller.signal, body });
}
