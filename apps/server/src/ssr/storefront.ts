/**
 * Serves the React Router storefront: its built assets (immutable) and server-rendered pages.
 * A small adapter turns Fastify's request into a Fetch Request and streams the Response back;
 * it stays off /api and /media so the JSON API keeps its full speed (DESIGN section 3).
 */
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCookie, createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { can, type CoreServices, type StaffPermission } from '@shop/core';
import { formShapeProblem, type PaymentsConfigDto } from '@shop/contract';
// The one declaration of the load context (it augments React Router's AppLoadContext).
import type {} from '../../../web/app/load-context.server.ts';
import type { AttemptLimits } from '../http/attempt-limits.ts';
import { storefrontServerEntry } from './storefront-build.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../http/database-unavailable.ts';
import { answerError, bodyTooLargeError, methodNotAllowedBody, notFoundBody, payloadTooLargeBody } from '../http/error-handler.ts';
import { errorForLog } from '@shop/core';
import { negotiatedEncoding } from '../http/content-encoding.ts';
import { refuseNulCharacters } from '../http/nul-characters.ts';
import { newNonce, pageContentSecurityPolicy } from '../http/security-headers.ts';
import { readMultipartForm, removeUploads, type UploadRules } from './multipart-form.ts';

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

  /** Renders the page; with `refusal`, the page as a GET answering that refusal (its error page). */
  const renderPage = async (request: FastifyRequest, reply: FastifyReply, refusal?: PageRefusal) => {
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
      // Handed to the action as parsed (registerFormBodyParsers): not encoded and parsed again.
      postedForm: request.body instanceof FormData ? request.body : undefined,
      logError(error) {
        if (isDatabaseUnavailable(error)) {
          databaseUnavailable = true;
          request.log.warn({ error: errorForLog(error) }, 'database unavailable');
        } else request.log.error({ error: errorForLog(error) }, 'page request failed');
      },
      logRefusal(status, message) {
        request.log.info({ status, reason: message }, 'page request refused');
      },
      ...(refusal ? { refusal } : {}),
    };
    const response = await handleRequest(await toFetchRequest(request, refusal !== undefined), context);
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
    if (isHtml) reply.header('content-security-policy', pageContentSecurityPolicy(nonce, scriptSources, connectSources));
    // Every page carries the visitor's name and basket in its header, and its .data answer (the
    // same loaders' data for a client navigation) the account, basket or price-list prices: no
    // shared cache may keep either, and a browser's copy is for the cookie it was asked with.
    if (!response.headers.has('cache-control')) reply.header('cache-control', PERSONAL_ANSWER_CACHE_CONTROL);
    const vary = new Set(['Cookie']);
    if (!response.body) return reply.header('vary', varyHeader(vary, response.headers.get('vary'))).send();
    const body = Readable.fromWeb(response.body as never);
    const encoding = negotiatedEncoding(request, ['br', 'gzip']);
    if (!encoding || !isHtml) return reply.header('vary', varyHeader(vary, response.headers.get('vary'))).send(body);
    // Pages are streamed; compress them on the way out (fast settings: latency matters more).
    vary.add('Accept-Encoding');
    reply.header('content-encoding', encoding).header('vary', varyHeader(vary, response.headers.get('vary'))).removeHeader('content-length');
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 }, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
        : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
    return reply.send(pipeline(body, compressor, () => {}));
  };

  await app.register(async (pages) => {
    registerFormBodyParsers(pages);
    // A form too large for its page (an artwork over 6 MB, a statement over 32 MB, a carrier CSV
    // over 100 kB) is shown to a person as the shop's page saying so; API clients keep the JSON.
    pages.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.statusCode === 413 && prefersHtml(request.headers.accept) && !reply.sent) {
        const limit = (error as { bodyLimitBytes?: number }).bodyLimitBytes ?? request.routeOptions.bodyLimit;
        request.log.info({ limit }, 'oversized form refused');
        reply.header('connection', 'close');
        return renderPage(request, reply, { status: 413, message: tooLargeForPersonMessage(limit) });
      }
      return answerError(error, request, reply);
    });
    const refuseCrossSiteRequests = crossSiteRefusal((request, reply, refused) => renderPage(request, reply, refused));
    // A form naming an absurd row (`lines[99999999].count`) or holding too many fields is refused
    // before any action reads it (DESIGN section 10 "Forms"); each action's parseForm checks its
    // own lists' maxima as well.
    pages.addHook('preValidation', oversizedFormRefusal((request, reply, refused) => renderPage(request, reply, refused)));
    // PostgreSQL text cannot hold U+0000: a query or form field with one is a 400, as in the API.
    pages.addHook('preValidation', refuseNulCharacters);
    pages.route({ method: ['GET', 'HEAD'], url: '/*', handler: (request, reply) => renderPage(request, reply), schema: { hide: true } });
    // Page actions (forms, and React Router's .data requests for fetchers) are POSTs; they are
    // accepted from this site's own pages only (the session cookie is SameSite=Lax as well).
    pages.route({ method: ['POST'], url: '/*', onRequest: refuseCrossSiteRequests, handler: (request, reply) => renderPage(request, reply), schema: { hide: true } });
    // The catalogue back office uploads images (up to 10 MB) and CSV files (the import reads up
    // to 10 MB and must answer a bigger one, e.g. 20 MB, with a clear message, not a bare 413),
    // and the bank statement import its statements (CSV, carried back base64 to be applied):
    // these pages alone take bodies up to ADMIN_UPLOAD_BODY_LIMIT_BYTES, and only from a signed-in
    // staff member whose role may use the page, checked before the body is read; anyone else
    // keeps the usual 100 kB (the page action checks the session and the permission again).
    // (React Router posts a hydrated page's form to its .data URL.)
    const uploadPages: [string, StaffPermission][] = [
      ['/admin/catalogue/*', 'catalogue:edit'],
      ['/admin/bank-statements', 'payments:record'],
      ['/admin/bank-statements.data', 'payments:record'],
      // A price list's CSV import (its dry run carries the file back, as the catalogue's does).
      ['/admin/price-lists/*', 'price-lists:manage'],
    ];
    for (const [url, permission] of uploadPages) {
      pages.route({
        method: ['POST'],
        url,
        bodyLimit: ADMIN_UPLOAD_BODY_LIMIT_BYTES,
        onRequest: [refuseCrossSiteRequests, limitBodyUnlessStaffMay(services, permission)],
        preParsing: capBodyOfOthers,
        handler: (request, reply) => renderPage(request, reply),
        schema: { hide: true },
        config: { uploads: ADMIN_UPLOADS },
      });
    }
    // Two storefront pages take a larger body, and only from a signed-in customer (checked before
    // the body is read; anyone else keeps the usual 100 kB, as on the staff upload pages): a
    // return or claim with up to three photos (10 MB each at most), and a quote request with its
    // artwork (core/quotes/artwork.ts, at most 5 MB). Their actions check the sign-in again, and
    // core the files' size and content.
    const customerUploadPages: [string, number, UploadRules][] = [
      ['/order-return', RETURN_UPLOAD_BODY_LIMIT_BYTES, RETURN_UPLOADS],
      ['/order-return.data', RETURN_UPLOAD_BODY_LIMIT_BYTES, RETURN_UPLOADS],
      ['/quote-request', QUOTE_REQUEST_BODY_LIMIT_BYTES, QUOTE_REQUEST_UPLOADS],
      ['/quote-request.data', QUOTE_REQUEST_BODY_LIMIT_BYTES, QUOTE_REQUEST_UPLOADS],
    ];
    for (const [url, bodyLimit, uploads] of customerUploadPages) {
      pages.route({
        method: ['POST'],
        url,
        bodyLimit,
        onRequest: [refuseCrossSiteRequests, limitBodyUnlessSignedInCustomer(services)],
        preParsing: capBodyOfOthers,
        handler: (request, reply) => renderPage(request, reply),
        schema: { hide: true },
        config: { uploads },
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
/** A quote request with its artwork (5 MB) and the form around it. */
export const QUOTE_REQUEST_BODY_LIMIT_BYTES = 6 * 1024 * 1024;
/** Largest body of a customer's return (three photos of up to 10 MB and the form). */
export const RETURN_UPLOAD_BODY_LIMIT_BYTES = 31 * 1024 * 1024;
/**
 * Other pages take one small file within the usual 100 kB body (the dispatch desk's carrier
 * CSV); an empty file input's part does not count.
 */
const SMALL_UPLOAD: UploadRules = { maxFiles: 1 };
/** A return or claim: its photos (core/returns MAX_RETURN_PHOTOS). */
const RETURN_UPLOADS: UploadRules = { maxFiles: 3 };
/** A quote request: its artwork. */
const QUOTE_REQUEST_UPLOADS: UploadRules = { maxFiles: 1 };
/** A back-office upload page: an image or a CSV file per form (a few, for forms with several inputs). */
const ADMIN_UPLOADS: UploadRules = { maxFiles: 5 };

/** The app's own limit, which requests without a staff cookie keep on the upload pages. */
const DEFAULT_PAGE_BODY_LIMIT_BYTES = 100 * 1024;

/** Requests to an upload page that may send only the usual 100 kB (not a staff member allowed to use it). */
const limitedToDefault = new WeakSet<FastifyRequest>();

/**
 * Before the body is read: unless the request carries a live staff session (second factor
 * given) whose role has `permission`, the body may be 100 kB at most. A declared larger body is
 * refused at once; a chunked one is cut off at 100 kB by capBodyOfOthers. The staff cookie is
 * the one the back office sets (staff-session.server.ts): `__Host-shop_staff` over HTTPS,
 * `shop_staff` over HTTP, its value a session id as createCookie stores it.
 */
function limitBodyUnlessStaffMay(services: CoreServices, permission: StaffPermission) {
  const cookies = { https: createCookie('__Host-shop_staff'), http: createCookie('shop_staff') };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (reply.sent) return;
    const sessionId: unknown = await cookies[request.protocol === 'https' ? 'https' : 'http'].parse(request.headers.cookie ?? null).catch(() => null);
    const session = typeof sessionId === 'string' ? await services.staff.session(sessionId) : null;
    if (session && !session.awaitingSecondFactor && can(session.staff.role, permission)) return;
    limitedToDefault.add(request);
    if (Number(request.headers['content-length'] ?? 0) > DEFAULT_PAGE_BODY_LIMIT_BYTES) {
      await reply.code(413).header('connection', 'close').send(payloadTooLargeBody(DEFAULT_PAGE_BODY_LIMIT_BYTES));
    }
  };
}

/**
 * Before the body is read: unless the request's page session (the `shop_session` cookie,
 * apps/web/app/session.server.ts) holds a live customer sign-in, the body may be 100 kB at most,
 * as limitBodyUnlessStaffMay does for staff.
 */
function limitBodyUnlessSignedInCustomer(services: CoreServices) {
  const cookie = createCookie('shop_session');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (reply.sent) return;
    const session = (await cookie.parse(request.headers.cookie ?? null).catch(() => null)) as { token?: unknown } | null;
    const token = typeof session?.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(session.token) ? session.token : null;
    if (token && (await services.accounts.authenticate(token).catch(() => null)) !== null) return;
    limitedToDefault.add(request);
    if (Number(request.headers['content-length'] ?? 0) > DEFAULT_PAGE_BODY_LIMIT_BYTES) {
      await reply.code(413).header('connection', 'close').send(payloadTooLargeBody(DEFAULT_PAGE_BODY_LIMIT_BYTES));
    }
  };
}

/** The body of a request limitBodyUnlessStaffMay limited, failing (413) past 100 kB, whatever it declared. */
async function capBodyOfOthers(request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream> {
  if (!limitedToDefault.has(request)) return payload;
  let received = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > DEFAULT_PAGE_BODY_LIMIT_BYTES) callback(bodyTooLargeError(DEFAULT_PAGE_BODY_LIMIT_BYTES));
      else callback(null, chunk);
    },
  });
  // The pipe stops at the error; the answer closes the connection on whatever the client still sends.
  return (payload as Readable).pipe(capped);
}

/**
 * The Cache-Control of a page or .data answer whose route set none: for this visitor only (DESIGN
 * section 4); `no-cache` keeps the back/forward cache and revalidation, `Vary: Cookie` is sent too.
 */
export const PERSONAL_ANSWER_CACHE_CONTROL = 'private, no-cache';

/** A Vary header naming `names` and whatever the route's answer already named. */
function varyHeader(names: Set<string>, fromRoute: string | null): string {
  for (const name of (fromRoute ?? '').split(',')) if (name.trim()) names.add(name.trim());
  return [...names].join(', ');
}

/** What a person reads when a page's form was too large (the API's payload_too_large says the same to programs). */
export function tooLargeForPersonMessage(limitBytes: number): string {
  const limit = payloadTooLargeBody(limitBytes).message.replace(/^.*\(at most (.*)\)\.$/, '$1');
  return `The form with its files is too large: this page takes at most ${limit} in all. Choose a smaller file and send it again.`;
}

/** The methods pages answer: GET and HEAD read them, POST runs their actions. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

/** The catch-all page routes also see what /api and /media did not match: those are not pages. */
function isOutsidePages(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/media/');
}

/**
 * Form bodies of page actions, within their route's body limit: URL-encoded forms, multipart
 * forms (checked here, so a malformed one is a 400 and never reaches an action) and text/plain.
 * JSON bodies use the app's JSON parser.
 */
function registerFormBodyParsers(pages: FastifyInstance): void {
  pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  // Read as it arrives, files to temporary files (multipart-form.ts): never whole in memory.
  pages.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload: NodeJS.ReadableStream) =>
    readMultipartForm(request, payload as Readable, request.routeOptions.bodyLimit, request.routeOptions.config.uploads ?? SMALL_UPLOAD),
  );
  pages.addHook('onResponse', async (request) => removeUploads(request));
  pages.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

/**
 * Refuses a page form whose field names are out of bounds (formShapeProblem with the global
 * bounds: an index of FORM_LIST_MAX or more, more than FORM_ENTRIES_MAX fields) with a 400: a
 * person sees the shop's error page saying so, other clients the JSON error. Only names are
 * read, before Conform or any action builds a list from them.
 */
function oversizedFormRefusal(renderRefusal: (request: FastifyRequest, reply: FastifyReply, refusal: PageRefusal) => Promise<unknown>) {
  return async function refuseOversizedForms(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const form = request.body;
    if (!(form instanceof URLSearchParams || form instanceof FormData)) return undefined;
    const problem = formShapeProblem(form.keys());
    if (!problem) return undefined;
    request.log.info({ reason: problem }, 'oversized form refused');
    if (prefersHtml(request.headers.accept)) await renderRefusal(request, reply, { status: 400, message: problem });
    else await reply.code(400).send({ error: 'invalid_request', message: problem });
    return reply;
  };
}

/** A request the pages refuse before any action runs, shown as the shop's error page to a person. */
interface PageRefusal {
  status: number;
  message: string;
}

const CROSS_SITE_MESSAGE = 'This form was sent from another site, so it was refused.';

/**
 * Refuses a POST that another site made the browser send: modern browsers say where a request
 * comes from (`Sec-Fetch-Site`), older ones send `Origin` with every POST. A request with
 * neither is not a browser's cross-site form, so it is let through. A person (a browser
 * navigating, which prefers HTML) sees the shop's error page; other clients get the JSON error.
 */
function crossSiteRefusal(renderRefusal: (request: FastifyRequest, reply: FastifyReply, refusal: PageRefusal) => Promise<unknown>) {
  return async function refuseCrossSiteRequests(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite = site !== undefined ? site !== 'same-origin' : origin !== undefined && origin !== originOf(request);
    if (!crossSite) return;
    request.log.info({ site, origin }, 'cross-site form refused');
    if (prefersHtml(request.headers.accept)) await renderRefusal(request, reply, { status: 403, message: CROSS_SITE_MESSAGE });
    else await reply.code(403).send({ error: 'forbidden', message: CROSS_SITE_MESSAGE });
  };
}

/**
 * Whether an Accept header asks for HTML before JSON: a browser's navigation ("text/html,...,
 * *\/*;q=0.8") does; `*\/*` alone, `application/json` or no header (API clients, curl) do not.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.toLowerCase().split(';').map((piece) => piece.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === 'text/html') html = Math.max(html, q);
    else if (type === 'application/json') json = Math.max(json, q);
  }
  return html > 0 && html > json;
}

/** This request's own origin, `http://localhost` when the Host header is missing or malformed. */
function originOf(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://localhost`;
  }
}

/** The page request as React Router takes it; `asGet` for a refused form shown as its page. */
async function toFetchRequest(request: FastifyRequest, asGet = false): Promise<Request> {
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
  // A page served with Referrer-Policy: no-referrer (setup and set-password links, and every
  // page a client navigation reaches from one) makes the browser send "Origin: null" with its own
  // forms, which React Router's origin check refuses (400). The browser's Sec-Fetch-Site, which
  // refuseCrossSiteRequests checked, says it is this site's own form.
  if (headers.get('origin') === 'null' && headers.get('sec-fetch-site') === 'same-origin') headers.delete('origin');
  const method = asGet ? 'GET' : request.method;
  const hasBody = method !== 'GET' && method !== 'HEAD';
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
  if (asGet) {
    headers.delete('content-type');
    headers.delete('content-length');
  }
  return new Request(new URL(request.url, originOf(request)), { method, headers, signal: controller.signal, body });
}
