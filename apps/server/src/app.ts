/**
 * The Fastify application as a function (DESIGN section 9): tests build it with fresh services
 * and use `app.inject`; server.ts only opens the database, listens and handles signals.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@shop/db';
import type { CoreServices } from '@shop/core';
import type { AppConfig } from './config.ts';
import { catalogueRoutes } from './api/catalogue-routes.ts';
import { sessionRoutes } from './api/session-routes.ts';
import { cartRoutes } from './api/cart-routes.ts';
import { accountRoutes } from './api/account-routes.ts';
import { accountSettingsRoutes } from './api/account-settings-routes.ts';
import { addressRoutes } from './api/address-routes.ts';
import { orderRoutes } from './api/order-routes.ts';
import { returnRoutes } from './api/return-routes.ts';
import { backInStockRoutes } from './api/back-in-stock-routes.ts';
import { companyRoutes } from './api/company-routes.ts';
import { approvalRoutes } from './api/approval-routes.ts';
import { paymentRoutes } from './api/payment-routes.ts';
import { quickOrderRoutes } from './api/quick-order-routes.ts';
import { statementRoutes } from './api/statement-routes.ts';
import { createPayments, paymentModeLine } from './adapters/payments/create-payment-verifier.ts';
import { createPostcodeLookup } from './adapters/postcodes/create-postcode-lookup.ts';
import { createMailer } from './adapters/email/create-mailer.ts';
import { coreServicesFor } from './core-services.ts';
import { authentication } from './http/authentication.ts';
import { createAttemptLimits } from './http/attempt-limits.ts';
import { createRateLimitStore } from './http/rate-limit-store.ts';
import { serializeRequestForLog } from './http/log-redaction.ts';
import { ResponseCache } from './http/cached-response.ts';
import { trustedProxies } from './http/trusted-proxies.ts';
import { answerClientError, answerError, notFoundBody, registerErrorHandling } from './http/error-handler.ts';
import { httpServerOptions, refuseMissingHost } from './http/server-options.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { refuseNulCharacters } from './http/nul-characters.ts';
import { truthfulApiDocument } from './http/api-document.ts';
import { API_CONTENT_SECURITY_POLICY } from './http/security-headers.ts';
import { ShopLogController } from './http/request-log.ts';
import { serveMetrics, ShopMetrics } from './metrics/metrics.ts';
import { mediaRoutes } from './media/media-routes.ts';
import { uploadedImageRoutes } from './media/uploaded-image-routes.ts';
import { seoRoutes } from './seo/seo-routes.ts';
import { registerStorefront, type StorefrontOptions } from './ssr/storefront.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Serve the server-rendered storefront from this build; omitted in API-only tests. */
  storefront?: Pick<StorefrontOptions, 'buildDir'>;
  /**
   * `false` silences logs (tests). Pino options (e.g. `{ level: 'trace', stream }`) are laid over
   * the production ones, so secrets stay redacted whatever a caller passes.
   */
  logger?: boolean | object;
  /** The clock of dispatch promises and placed orders (tests fix it); default the system clock. */
  clock?: () => Date;
}

export interface App extends FastifyInstance {
  services: CoreServices;
}

const BODY_LIMIT_BYTES = 100 * 1024;

/** An id a load balancer or client may send as x-request-id; anything else gets a fresh one. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:+=@/-]{1,128}$/;

/**
 * Every log line of a request carries its id (`reqId`): the caller's x-request-id when it is a
 * sane token (so a proxy's id follows the request), else a UUID, unique across processes.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const loggerOptions = {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: { req: serializeRequestForLog },
  };
  const trustProxy = trustedProxies(config.trustProxy);
  // Shutting down: answers to requests still in flight close their keep-alive connection, so
  // the client (or load balancer) does not reuse it and server.close() need not wait for it.
  let closing = false;
  const responseCache = new ResponseCache({ maxBytes: config.catalogueCacheMaxBytes, isClosing: () => closing });
  const app = Fastify({
    logger:
      options.logger === undefined || options.logger === true
        ? loggerOptions
        : options.logger === false
          ? false
          : { ...loggerOptions, ...options.logger },
    bodyLimit: BODY_LIMIT_BYTES,
    // One line per request (http/request-log.ts).
    logController: new ShopLogController((request) => responseCache.servedFromCache(request)),
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy,
    // A path value longer than Fastify's default of 100 characters would miss its route (404):
    // let the route's schema refuse it with a 400. Node's 16 kB header limit bounds the URL anyway.
    routerOptions: { maxParamLength: 16 * 1024 },
    ...httpServerOptions(config.httpTimeouts),
    // Fastify's own errors (a malformed URL, a request the HTTP parser refuses) in DESIGN's shape too.
    frameworkErrors: (error, request, reply) => {
      // The reply is sent by answerError; it is thenable, and nothing here awaits it.
      void answerError(error, request, reply);
    },
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  app.addHook('onRequest', refuseMissingHost);

  const mailer = createMailer(config, app.log);
  const payments = createPayments(config);
  const services = coreServicesFor(config, database, {
    mailer,
    log: app.log,
    payments: payments.verifier,
    refunds: payments.refunds,
    postcodes: createPostcodeLookup(config),
    clock: options.clock,
  });
  // Prometheus metrics, only when something will scrape them (metrics/metrics.ts).
  if (config.metrics) {
    const metrics = new ShopMetrics(services, database);
    responseCache.countLookups(metrics.cacheHit, metrics.cacheMiss);
    serveMetrics(app, metrics, config.metrics);
  }
  // The job worker sends e-mails recorded by this process at once, and by others when they die.
  // It runs in the request thread (decision record 007: a worker thread bought nothing measurable).
  app.addHook('onReady', async () => {
    // The embedded database has one process: a lease still running belongs to a process that is gone.
    if (database.driver === 'pglite') await services.jobs.releaseAllLeases();
    services.jobWorker.start();
    // Recurring work (decision record 021): every process ticks; each occasion is enqueued once.
    if (config.jobs.scheduled) services.scheduler.start();
  });
  // DESIGN section 4: say at start how this shop takes payments, above all when test payments are on.
  app.addHook('onReady', async () => {
    const line = paymentModeLine(payments, config.payments.paypal?.env ?? null);
    if (payments.mode === 'test') app.log.warn({ paymentMode: payments.mode }, line);
    else app.log.info({ paymentMode: payments.mode }, line);
  });
  // Back office: while no enabled owner exists, one line with the single-use setup link (its
  // token lives in this process only). Logged as a warning: it needs doing, and LOG_LEVEL=warn shows it.
  app.addHook('onReady', async () => {
    const token = await services.staff.setupToken();
    if (token) {
      app.log.warn(
        { setupLink: services.staff.setupLink(token) },
        `Back office has no owner yet: open ${services.staff.setupLink(token)} to create one (works once, while this process runs)`,
      );
    }
  });
  // Attempts under way finish before the mailer closes; jobs not yet run wait in the table.
  app.addHook('onClose', async () => {
    await services.scheduler.stop();
    await services.jobWorker.stop();
    await mailer.close();
  });
  // Any catalogue write, by this process or another, bumps the version and NOTIFYs.
  const stopListening = await database.listen('catalogue_changed', () => {
    services.catalogue.cache.clear();
    responseCache.clear();
  });
  app.addHook('onClose', async () => stopListening());
  app.decorate('services', services);

  // Cached catalogue reads are answered here, inside Fastify (request id, logs, 503 while closing)
  // but before helmet's hooks, with the headers the first answer got (http/cached-response.ts).
  app.addHook('onRequest', responseCache.onRequest);

  await app.register(helmet, {
    // Pages set their own nonce-based policy (ssr/storefront.ts); this one covers the API.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 31_536_000, includeSubDomains: true }, // = HSTS_HEADER_VALUE, kept only over HTTPS
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    if (request.protocol !== 'https') reply.removeHeader('strict-transport-security');
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.shop.tradingName} API`,
        description:
          'The JSON API of the packaging shop (SPEC section 7). Prices are pounds ex-VAT. ' +
          'Request bodies may carry fields a schema does not name: they are ignored (not refused). ' +
          'Text anywhere in a request must not contain the NUL character (U+0000): such a request is a 400.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from sign-in or sign-up' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => truthfulApiDocument(jsonSchemaTransformObject(document)),
  });

  // Every rate limit counts here: in Redis when REDIS_URL is set (shared by all processes), else in this process.
  const rateLimits = await createRateLimitStore(config.redis, app.log);
  app.addHook('onClose', async () => rateLimits.close());
  // One set of attempt counters (sign-in, sign-up, passwords, postcode look-ups) for the API and the pages.
  const attempts = await createAttemptLimits(app, rateLimits, {
    accounts: config.authRateLimit,
    postcodeLookupsPerMinute: config.postcodes.rateLimitPerMinute,
    devices: services.trustedDevices,
  });

  await app.register(
    async (api) => {
      // PostgreSQL text cannot hold U+0000: refuse it with a 400 before it reaches a query. A route
      // hook, so that the sign-in check (http/authentication.ts puts it first) answers before it:
      // a caller without a valid token gets the documented 401 whatever the request holds.
      api.addHook('onRoute', (route) => {
        const existing = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
        route.preValidation = [...existing, refuseNulCharacters];
      });
      await api.register(catalogueRoutes, {
        catalogue: services.catalogue,
        responseCache,
        customerPrices: services.customerPrices,
        authenticate: (token) => services.accounts.authenticate(token),
      });
      await api.register(sessionRoutes, { sessions: services.sessions, rateLimits, perMinute: config.sessionRateLimitPerMinute });
      // Resolves `Authorization: Bearer` to request.userId for every API route registered after it.
      await api.register(authentication, { accounts: services.accounts });
      await api.register(cartRoutes, { carts: services.carts });
      await api.register(quickOrderRoutes, { carts: services.carts, quickOrder: services.quickOrder, shoppingLists: services.shoppingLists });
      await api.register(accountRoutes, { accounts: services.accounts, attempts });
      await api.register(accountSettingsRoutes, { accounts: services.accounts, attempts });
      await api.register(addressRoutes, {
        addresses: services.addresses,
        carts: services.carts,
        postcodes: services.postcodes,
        attempts,
      });
      await api.register(orderRoutes, {
        orders: services.orders,
        placement: services.orderPlacement,
        reorder: services.reorder,
        documents: services.documents,
        orderLogRateLimitPerMinute: config.orderLogRateLimitPerMinute,
        rateLimits,
      });
      await api.register(returnRoutes, { returns: services.returns });
      await api.register(backInStockRoutes, { backInStock: services.backInStock, attempts });
      await api.register(paymentRoutes, { payments });
      await api.register(statementRoutes, { statements: services.statements, dueCardPayments: services.dueCardPayments });
      await api.register(companyRoutes, { companies: services.companies });
      await api.register(approvalRoutes, { approvals: services.approvals });
      api.setNotFoundHandler((request, reply) => reply.code(404).send(notFoundBody(request.url)));
    },
    { prefix: '/api' },
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(mediaRoutes, { prefix: '/media' });
  // Catalogue images uploaded in the back office, from the database.
  await app.register(uploadedImageRoutes, { prefix: '/media/images', images: services.catalogueAdmin.images });
  await app.register(seoRoutes, { catalogue: services.catalogue, publicBaseUrl: config.publicBaseUrl });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await services.catalogue.categoryTree();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ error: 'not_ready', message: 'The database is not answering.' });
    }
  });

  if (options.storefront) {
    await registerStorefront(app, services, {
      ...options.storefront,
      paypalEnabled: config.payments.paypal !== null,
      attempts,
      payments: { mode: payments.mode, clientId: payments.clientId, currency: 'GBP' },
    });
  }
  else app.setNotFoundHandler((request, reply) => reply.code(404).send(notFoundBody(request.url)));

  return Object.assign(app, { services }) as App;
}
