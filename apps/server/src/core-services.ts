/** The domain services of one app process, built from its configuration (app.ts). */
import type { DatabaseHandle } from '@shop/db';
import { createCoreServices, type CoreServices, type JobWorkerLog, type PaymentRefunds, type PaymentVerifier, type PostcodeLookup } from '@shop/core';
import type { AppConfig } from './config.ts';
import type { ClosableMailer } from './adapters/email/create-mailer.ts';

export interface ServiceAdapters {
  mailer: ClosableMailer;
  log: JobWorkerLog;
  /** Card/wallet payments (PayPal or the test provider); without one only bank transfer works. */
  payments?: PaymentVerifier | null;
  /** Refunds of card/wallet orders through their provider (PayPal, or the simulated one for test orders). */
  refunds?: Partial<Record<'paypal' | 'test', PaymentRefunds>>;
  postcodes?: PostcodeLookup;
  clock?: () => Date;
}

export function coreServicesFor(config: AppConfig, database: DatabaseHandle, adapters: ServiceAdapters): CoreServices {
  const { retryBaseMs, maxAttempts, leaseMs, stopAfterDaysOverdue, creditControlAt } = config.jobs;
  return createCoreServices(database, {
    shop: config.shop,
    mediaBaseUrl: config.mediaBaseUrl,
    mailer: adapters.mailer,
    publicBaseUrl: config.publicBaseUrl,
    payments: adapters.payments,
    refunds: adapters.refunds,
    postcodes: adapters.postcodes,
    log: adapters.log,
    jobs: { retryBaseMs, maxAttempts, leaseMs },
    clock: adapters.clock,
    stopAfterDaysOverdue,
    creditControlAt,
  });
}
