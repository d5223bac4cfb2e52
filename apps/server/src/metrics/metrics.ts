/**
 * Prometheus metrics (DESIGN section 13; names and labels in docs/metrics.md). Kept only when
 * configured (METRICS_PORT or METRICS_TOKEN), so a shop that nobody scrapes pays nothing.
 *
 * Per process: HTTP request durations by route pattern and status class (never the raw URL, whose
 * values are unbounded), cached catalogue reads by hit or miss, the PostgreSQL pool, and Node's
 * own (event-loop delay, memory, CPU). For the whole shop, read from the database at each scrape
 * so that every process says the same and a restart loses nothing: orders placed and their value,
 * money recorded, the e-mail queue's depth, the age of its oldest job and its failures.
 */
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { imageJobsStarted, type CoreServices } from '@shop/core';
import type { DatabaseHandle } from '@shop/db';
import { bearerTokenOf } from '../http/authentication.ts';
import type { MetricsConfig } from '../config.ts';

export class ShopMetrics {
  readonly registry = new Registry();
  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    // From a cached read (about a millisecond) to a slow page or PDF.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'shop_catalogue_cache_lookups_total',
    help: 'Catalogue reads that could be answered from the in-memory cache, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  /** Pre-bound children: a hit is the hottest path of the shop (DESIGN section 8). */
  readonly cacheHit = this.cacheLookups.labels('hit');
  readonly cacheMiss = this.cacheLookups.labels('miss');

  /** The database figures of the scrape under way: one read shared by the gauges that show them. */
  private figuresOfThisScrape: Promise<Figures> | null = null;

  constructor(
    private readonly services: Pick<CoreServices, 'figures'>,
    database: Pick<DatabaseHandle, 'poolStats'>,
  ) {
    collectDefaultMetrics({ register: this.registry });
    new Counter({
      name: 'shop_image_jobs_total',
      help: 'Uploaded images (catalogue images, photos of returns) decoded and resized by this process',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(imageJobsStarted());
      },
    });
    shopFigureGauges(this.registry, () => (this.figuresOfThisScrape ??= this.services.figures.read()));
    if (database.poolStats) poolGauges(this.registry, database.poolStats);
  }

  /** The metrics in Prometheus' text format. */
  async scrape(): Promise<string> {
    this.figuresOfThisScrape = null;
    return this.registry.metrics();
  }

  /** Counts every request once it is answered (cache hits included). */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    this.requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  }
}

type Figures = Awaited<ReturnType<CoreServices['figures']['read']>>;

function shopFigureGauges(registry: Registry, figures: () => Promise<Figures>): void {
  const gauge = (name: string, help: string, read: (f: Figures, g: Gauge) => void, labelNames: string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        read(await figures(), this);
      },
    });
  gauge('shop_orders_placed', 'Orders placed since the shop opened (whole shop)', (f, g) => g.set(f.ordersPlaced));
  gauge('shop_orders_value_pounds', 'Value of the orders placed, VAT and delivery included (whole shop)', (f, g) => g.set(f.ordersValuePence / 100));
  gauge('shop_money_recorded', 'Payments and refunds recorded against orders, by kind (whole shop)', (f, g) => {
    g.set({ kind: 'payment' }, f.money.payment.count);
    g.set({ kind: 'refund' }, f.money.refund.count);
  }, ['kind']);
  gauge('shop_money_recorded_pounds', 'Value of the payments and refunds recorded, by kind (whole shop)', (f, g) => {
    g.set({ kind: 'payment' }, f.money.payment.pence / 100);
    g.set({ kind: 'refund' }, f.money.refund.pence / 100);
  }, ['kind']);
  gauge('shop_jobs_pending', 'Jobs (e-mails) waiting to be done (whole shop)', (f, g) => g.set(f.jobsPending));
  gauge('shop_jobs_oldest_pending_age_seconds', 'Age of the oldest job still waiting; 0 when none waits', (f, g) => g.set(f.oldestPendingJobAgeSeconds));
  gauge('shop_jobs_failed', 'Jobs that failed for good after every attempt (whole shop)', (f, g) => g.set(f.jobsFailed));
}

function poolGauges(registry: Registry, poolStats: NonNullable<DatabaseHandle['poolStats']>): void {
  new Gauge({
    name: 'shop_database_pool_connections',
    help: 'PostgreSQL connections of this process, by state (in_use or idle)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats();
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'shop_database_pool_waiting',
    help: 'Queries of this process waiting for a PostgreSQL connection',
    registers: [registry],
    collect() {
      this.set(poolStats().waiting);
    },
  });
}

/**
 * Serves the metrics as configured: on a port of their own, and/or at /metrics on the shop's
 * port for a bearer of METRICS_TOKEN (anyone else gets the shop's 404, so the path says nothing).
 */
export function serveMetrics(app: FastifyInstance, metrics: ShopMetrics, config: MetricsConfig): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  if (config.token) {
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      // The scheme's name is case-insensitive (RFC 7235): "bearer" and "BEARER" are Bearer too.
      if (bearerTokenOf(request.headers.authorization) !== config.token) return reply.callNotFound();
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.scrape());
    });
  }
  if (config.port !== undefined) {
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        metrics.scrape().then(
          (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics could not be collected');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject).listen(config.port, config.host, () => resolve());
      });
      app.log.info({ metrics: `http://${config.host}:${config.port}/metrics` }, 'metrics served');
    });
    app.addHook('onClose', async () => {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    });
  }
}
