/**
 * The one place that reads the environment (DESIGN section 9): parsed once at start,
 * failing fast with a clear message.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { demoShopConfig, type ShopConfig } from '@shop/core';
import type { HttpTimeouts } from './http/server-options.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  MEDIA_BASE_URL: z.string().default(''),
  /** Bytes of serialised catalogue answers kept in memory per process (an LRU; default 32 MiB). */
  CATALOGUE_CACHE_MAX_BYTES: z.coerce.number().int().min(1, 'CATALOGUE_CACHE_MAX_BYTES must be a positive number of bytes').default(32 * 1024 * 1024),
  /** A client must send its request headers within this, and the whole request within the next; idle kept-alive connections close after the last (http/server-options.ts). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalogue when the catalogue is empty (default on). */
  SEED_DEMO_CATALOGUE: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  SHOP_NAME: z.string().optional(),
  /** The supplier's legal name on VAT invoices (default: SHOP_NAME, else the fictional demo company). */
  SHOP_LEGAL_NAME: optionalText,
  /**
   * The shop's postal address (invoices, pages, the warehouse the dispatch promise starts from):
   * lines separated by new lines, a literal \n or '|', e.g. "Unit 4, Airedale Trade Park|Kirkstall Road|Leeds|LS4 2AA".
   * The line holding a UK postcode is the postcode, the one before it the town, any after it the country.
   */
  SHOP_ADDRESS: optionalText.pipe(
    z
      .string()
      .transform((text, context) => {
        const address = parseShopAddress(text);
        if (!address) context.addIssue({ code: 'custom', message: 'SHOP_ADDRESS must have a street line, a town and a UK postcode, one per line' });
        return address ?? z.NEVER;
      })
      .optional(),
  ),
  /** The shop's VAT registration number printed on invoices (default: a fictional 'GB 000 0000 00 (demo)'). */
  SHOP_VAT_NUMBER: optionalText,
  SHOP_EMAIL: z.string().email().optional(),
  SHOP_PHONE_SALES: z.string().optional(),
  SHOP_PHONE_OFFICE: z.string().optional(),
  BANK_PAYEE: z.string().optional(),
  BANK_NAME: z.string().optional(),
  BANK_SORT_CODE: z.string().optional(),
  BANK_ACCOUNT_NUMBER: z.string().optional(),
  BANK_REFERENCE_PREFIX: z.string().optional(),
  /** Carriage to remote postcodes (Highlands and islands, Northern Ireland, Scilly, Channel Islands, Isle of Man, Republic of Ireland), pounds ex-VAT, on every basket. */
  REMOTE_DELIVERY_FEE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, 'REMOTE_DELIVERY_FEE must be an amount in pounds and pence, e.g. 14.99')
      .transform(Number)
      .optional(),
  ),
  /** Days a sent quote may be accepted (decision record 018); default 30, as SPEC section 9 says. */
  QUOTE_VALIDITY_DAYS: optionalText.pipe(z.string().regex(/^\d{1,3}$/, 'QUOTE_VALIDITY_DAYS must be a whole number of days, e.g. 30').transform(Number).optional()),
  /** smtp(s)://user:pass@host:port; without it e-mails are written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Sender of the shop's e-mails, e.g. "Boxwell Packaging <sales@example.com>" (default: shop name and e-mail). */
  MAIL_FROM: z.string().optional(),
  /**
   * Which proxies may set X-Forwarded-For/-Proto: 'loopback' (default: a proxy on this host),
   * a comma-separated list of addresses/CIDRs, or 'false'. Trusting every proxy
   * would let a client fake its IP and slip past the per-IP rate limits.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /** Where customers reach the storefront; links in e-mails start with it (default: this server's own HOST and PORT). */
  PUBLIC_BASE_URL: z
    .string()
    .url('PUBLIC_BASE_URL must be a URL such as https://shop.example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Sign-in, sign-up and forgot-password attempts allowed per window: per client IP, per
   * (e-mail, client IP) pair, and for sign-up and forgot-password per e-mail over all addresses.
   * Sign-in counts only refused passwords against the e-mail.
   */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * Wrong passwords for one account (customer or staff, from any address) in a day before it
   * slows down: each further one makes browsers that never signed in to it wait 1 s, 2 s, 4 s...
   * up to AUTH_ACCOUNT_MAX_DELAY_SECONDS (decision record 014).
   */
  AUTH_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  /** New anonymous sessions (POST /api/session) allowed per client IP per minute. */
  SESSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** redis(s)://[user:pass@]host:port[/db]: every rate limit is then shared by all processes; without it each process counts alone. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prepended to every Redis key, so several shops (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default('shop:'),
  /** Ideal Postcodes key for the address finder; without it a small demo data set answers. */
  IDEAL_POSTCODES_API_KEY: optionalText,
  IDEAL_POSTCODES_BASE_URL: z.string().url('IDEAL_POSTCODES_BASE_URL must be a URL').default('https://api.ideal-postcodes.co.uk'),
  /** Address finder look-ups allowed per client IP per minute. */
  POSTCODE_LOOKUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** PayPal REST credentials; without both, the shop offers simulated "test payments". */
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_ENV: z.enum(['sandbox', 'live'], { error: 'PAYPAL_ENV must be sandbox or live' }).default('sandbox'),
  /** Overrides the PayPal API host chosen by PAYPAL_ENV (tests point it at a local imitation). */
  PAYPAL_API_BASE: z.string().url('PAYPAL_API_BASE must be a URL').optional().or(z.literal('').transform(() => undefined)),
  /** How long checkout waits for PayPal to confirm a payment before answering 502 and placing nothing (tests shorten it). */
  PAYPAL_TIMEOUT_SECONDS: z.coerce.number().min(0.1, 'PAYPAL_TIMEOUT_SECONDS must be at least 0.1').max(60).default(10),
  /**
   * Simulated "test payments" (DESIGN section 4) where the shop is not at a localhost address:
   * a staging shop. Without PayPal keys and without this, a shop reached from elsewhere takes
   * bank transfer (and trade accounts) only.
   */
  PAYMENTS_TEST_MODE: z
    .enum(['0', '1', 'true', 'false', ''], { error: 'PAYMENTS_TEST_MODE must be 1 or 0' })
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** HMAC key of the simulated test payments; every process of one shop must share it (default: derived from the database location). */
  PAYMENTS_TEST_SECRET: z.string().min(16, 'PAYMENTS_TEST_SECRET must be at least 16 characters').optional().or(z.literal('').transform(() => undefined)),
  /** Order-log reports (POST /api/OrderLog) allowed per client IP per minute. */
  ORDER_LOG_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Durable jobs (e-mails): first retry delay (doubling, up to 15 min), attempts in all, and how long a claimed job is reserved. */
  JOB_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(5),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(20),
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  /** Recurring work (daily credit control, monthly statements: decision record 021); 0 leaves this process's scheduler off (tests). */
  SCHEDULED_JOBS: z
    .enum(['0', '1', 'true', 'false', ''], { error: 'SCHEDULED_JOBS must be 1 or 0' })
    .default('1')
    .transform((v) => v !== '0' && v !== 'false'),
  /** Credit control: an account order more than this many days past its due date puts the account on stop (docs/credit-control.md). */
  CREDIT_STOP_DAYS_OVERDUE: z.coerce
    .number({ error: 'CREDIT_STOP_DAYS_OVERDUE must be a whole number of days from 0 to 365' })
    .int('CREDIT_STOP_DAYS_OVERDUE must be a whole number of days from 0 to 365')
    .min(0, 'CREDIT_STOP_DAYS_OVERDUE must be a whole number of days from 0 to 365')
    .max(365, 'CREDIT_STOP_DAYS_OVERDUE must be a whole number of days from 0 to 365')
    .default(7),
  /** Credit control: when the daily reminders and stops run, London time (HH:MM, 24-hour clock). */
  CREDIT_CONTROL_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'CREDIT_CONTROL_TIME must be a time of day as HH:MM, for example 07:00')
    .default('07:00')
    .transform((time) => ({ hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) })),
  /** Prometheus metrics on a port of their own (at METRICS_HOST, loopback by default), never on the shop's. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional().or(z.literal('').transform(() => undefined)),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Or on the shop's own port at /metrics, for a scraper that sends `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional().or(z.literal('').transform(() => undefined)),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  mediaBaseUrl: string;
  catalogueCacheMaxBytes: number;
  httpTimeouts: HttpTimeouts;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemoCatalogue: boolean;
  shop: ShopConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicBaseUrl: string;
  trustProxy: boolean | string;
  authRateLimit: AuthRateLimitConfig;
  sessionRateLimitPerMinute: number;
  /** Where rate limits are counted when they are shared (REDIS_URL); undefined: in each process. */
  redis: { url: string; keyPrefix: string } | undefined;
  postcodes: PostcodeConfig;
  payments: PaymentsConfig;
  orderLogRateLimitPerMinute: number;
  jobs: JobConfig;
  /** Where Prometheus metrics are served (metrics/metrics.ts); undefined: nowhere, and none are kept. */
  metrics: MetricsConfig | undefined;
}

export interface MetricsConfig {
  /** A port of its own, bound to `host`. */
  port: number | undefined;
  host: string;
  /** /metrics on the shop's port, for a bearer of this token. */
  token: string | undefined;
}

export interface JobConfig {
  retryBaseMs: number;
  maxAttempts: number;
  leaseMs: number;
  /** This process runs the scheduler (SCHEDULED_JOBS). */
  scheduled: boolean;
  /** CREDIT_STOP_DAYS_OVERDUE. */
  stopAfterDaysOverdue: number;
  /** CREDIT_CONTROL_TIME. */
  creditControlAt: { hour: number; minute: number };
}

export interface PostcodeConfig {
  /** Without a key the demo data set answers. */
  idealPostcodesApiKey: string | undefined;
  idealPostcodesBaseUrl: string;
  rateLimitPerMinute: number;
}

export interface PaymentsConfig {
  /** Null when PayPal is not configured: test payments are offered instead where `testMode` allows, else none. */
  paypal: { clientId: string; clientSecret: string; env: 'sandbox' | 'live'; apiBase: string; timeoutMs: number } | null;
  /**
   * Simulated payments may be offered (when PayPal is not configured): the shop's public address
   * is localhost (DESIGN section 4), or PAYMENTS_TEST_MODE=1.
   */
  testMode: boolean;
  /** HMAC key of the test payments' stateless order ids. */
  testSecret: string;
}

export interface AuthRateLimitConfig {
  perIp: number;
  perEmailAndIp: number;
  /** The ceiling per e-mail over all client addresses (sign-up, forgot password). */
  perEmail: number;
  windowMs: number;
  /** Sign-ins: wrong passwords per account in a day before it slows down, and the longest wait then. */
  accountFreeFailures: number;
  accountMaxDelaySeconds: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    throw new Error('Invalid configuration:\n  PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together (or neither, for test payments)');
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? ownBaseUrl(e.HOST, e.PORT)).replace(/\/+$/, '');
  const shop: ShopConfig = {
    ...demoShopConfig,
    companyName: e.SHOP_LEGAL_NAME ?? e.SHOP_NAME ?? demoShopConfig.companyName,
    vatNumber: e.SHOP_VAT_NUMBER ?? demoShopConfig.vatNumber,
    address: e.SHOP_ADDRESS ?? demoShopConfig.address,
    city: e.SHOP_ADDRESS?.town ?? demoShopConfig.city,
    email: e.SHOP_EMAIL ?? demoShopConfig.email,
    phones: {
      sales: e.SHOP_PHONE_SALES ?? demoShopConfig.phones.sales,
      office: e.SHOP_PHONE_OFFICE ?? demoShopConfig.phones.office,
    },
    bank: {
      payee: e.BANK_PAYEE ?? demoShopConfig.bank.payee,
      bankName: e.BANK_NAME ?? demoShopConfig.bank.bankName,
      sortCode: e.BANK_SORT_CODE ?? demoShopConfig.bank.sortCode,
      accountNumber: e.BANK_ACCOUNT_NUMBER ?? demoShopConfig.bank.accountNumber,
      referencePrefix: e.BANK_REFERENCE_PREFIX ?? demoShopConfig.bank.referencePrefix,
    },
    remoteDeliveryFee: e.REMOTE_DELIVERY_FEE ?? demoShopConfig.remoteDeliveryFee,
    quoteValidityDays: e.QUOTE_VALIDITY_DAYS ?? demoShopConfig.quoteValidityDays,
  };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mediaBaseUrl: e.MEDIA_BASE_URL,
    catalogueCacheMaxBytes: e.CATALOGUE_CACHE_MAX_BYTES,
    httpTimeouts: { headersMs: e.HTTP_HEADERS_TIMEOUT_MS, requestMs: e.HTTP_REQUEST_TIMEOUT_MS, keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    seedDemoCatalogue: e.SEED_DEMO_CATALOGUE,
    shop,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${shop.tradingName}" <${shop.email}>`,
    publicBaseUrl,
    trustProxy: e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmailAndIp: e.AUTH_RATE_LIMIT_PER_EMAIL_AND_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      accountFreeFailures: e.AUTH_ACCOUNT_FREE_FAILURES,
      accountMaxDelaySeconds: e.AUTH_ACCOUNT_MAX_DELAY_SECONDS,
    },
    sessionRateLimitPerMinute: e.SESSION_RATE_LIMIT_PER_MINUTE,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    postcodes: {
      idealPostcodesApiKey: e.IDEAL_POSTCODES_API_KEY,
      idealPostcodesBaseUrl: e.IDEAL_POSTCODES_BASE_URL.replace(/\/+$/, ''),
      rateLimitPerMinute: e.POSTCODE_LOOKUP_RATE_LIMIT_PER_MINUTE,
    },
    payments: {
      paypal:
        e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
          ? {
              clientId: e.PAYPAL_CLIENT_ID,
              clientSecret: e.PAYPAL_CLIENT_SECRET,
              env: e.PAYPAL_ENV,
              apiBase: (e.PAYPAL_API_BASE ?? (e.PAYPAL_ENV === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')).replace(/\/+$/, ''),
              timeoutMs: e.PAYPAL_TIMEOUT_SECONDS * 1000,
            }
          : null,
      testMode: e.PAYMENTS_TEST_MODE || isLocalhostUrl(publicBaseUrl),
      testSecret: e.PAYMENTS_TEST_SECRET ?? defaultTestPaymentsSecret(e.DATABASE_URL ?? dataDir),
    },
    orderLogRateLimitPerMinute: e.ORDER_LOG_RATE_LIMIT_PER_MINUTE,
    jobs: {
      retryBaseMs: e.JOB_RETRY_BASE_SECONDS * 1000,
      maxAttempts: e.JOB_MAX_ATTEMPTS,
      leaseMs: e.JOB_LEASE_SECONDS * 1000,
      scheduled: e.SCHEDULED_JOBS,
      stopAfterDaysOverdue: e.CREDIT_STOP_DAYS_OVERDUE,
      creditControlAt: e.CREDIT_CONTROL_TIME,
    },
    metrics: e.METRICS_PORT !== undefined || e.METRICS_TOKEN !== undefined ? { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN } : undefined,
  };
}

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

/** SHOP_ADDRESS's lines as the shop's address: street line(s), town, postcode, then the country (default United Kingdom). */
export function parseShopAddress(text: string): ShopConfig['address'] | null {
  const lines = text
    .split(/\r?\n|\\n|\|/)
    .map((line) => line.trim())
    .filter(Boolean);
  const at = lines.findLastIndex((line) => UK_POSTCODE.test(line));
  if (at < 2) return null;
  const street = lines.slice(0, at - 1);
  return {
    line1: street[0]!,
    line2: street.slice(1).join(', '),
    town: lines[at - 1]!,
    postcode: lines[at]!.toUpperCase(),
    country: lines.slice(at + 1).join(', ') || 'United Kingdom',
  };
}

/** Addresses that mean "every interface": no one browses to them, so links say localhost. */
const ANY_ADDRESS = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The address this server answers on, for links when PUBLIC_BASE_URL is not set: the PORT it
 * listens on (links to port 3000 from a shop on 8080 lead nowhere), and HOST when it is one
 * specific address or name, since the server answers only there.
 */
export function ownBaseUrl(host: string, port: number): string {
  const name = ANY_ADDRESS.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True when the shop's public address (PUBLIC_BASE_URL, else this server's own HOST and PORT)
 * is this machine: no customer elsewhere can reach it, so simulated payments harm no one there.
 * A shop listening on every interface with no PUBLIC_BASE_URL counts as localhost (its links say
 * so too); a shop others reach sets PUBLIC_BASE_URL for its e-mailed links (README).
 */
export function isLocalhostUrl(url: string): boolean {
  try {
    return LOCALHOST_NAMES.has(new URL(url).hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Test payments are a simulation anyone can mint (POST /api/payments/test-order), so their key
 * need not be secret; it must only be the same in every process of one shop. Processes of one
 * shop share a database, so the key is derived from where the database is (DATABASE_URL, else
 * the DATA_DIR of the embedded one). A random per-process key would reject payments minted by
 * a sibling process behind the same load balancer.
 */
function defaultTestPaymentsSecret(databaseLocation: string): string {
  return createHash('sha256').update(`boxwell test payments\n${databaseLocation}`).digest('base64url');
}
