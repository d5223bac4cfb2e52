/**
 * The one place that reads the environment (DESIGN section 9): parsed once at start,
 * failing fast with a clear message.
 */
import path from 'node:path';
import { z } from 'zod';
import { demoShopConfig, type ShopConfig } from '@shop/core';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalogue when the catalogue is empty (default on). */
  SEED_DEMO_CATALOGUE: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  SHOP_NAME: z.string().optional(),
  SHOP_EMAIL: z.string().email().optional(),
  SHOP_PHONE_SALES: z.string().optional(),
  SHOP_PHONE_OFFICE: z.string().optional(),
  BANK_PAYEE: z.string().optional(),
  BANK_NAME: z.string().optional(),
  BANK_SORT_CODE: z.string().optional(),
  BANK_ACCOUNT_NUMBER: z.string().optional(),
  BANK_REFERENCE_PREFIX: z.string().optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  mediaBaseUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemoCatalogue: boolean;
  shop: ShopConfig;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const shop: ShopConfig = {
    ...demoShopConfig,
    companyName: e.SHOP_NAME ?? demoShopConfig.companyName,
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
  };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mediaBaseUrl: e.MEDIA_BASE_URL,
    logLevel: e.LOG_LEVEL,
    seedDemoCatalogue: e.SEED_DEMO_CATALOGUE,
    shop,
  };
}
