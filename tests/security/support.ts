/**
 * Shared set-up of the security suites: an app over a fresh database (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set for the suites about data: describeOnEachDatabase/databaseKinds)
 * like createTestApp, but able to pass a logger, a storefront
 * build and a data directory of its own; and a customer with every kind of record the API keeps
 * (basket, addresses, an order, an order-log entry).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressDto, CartDto, OrderDto } from '@shop/contract';
import { buildApp, type App, type BuildAppOptions } from '../../apps/server/src/app.ts';
import { loadConfig, type AppConfig } from '../../apps/server/src/config.ts';
import { bearer, signUp, type Customer, type Pack } from '../../apps/server/src/testing/basket-fixtures.ts';
import { addToBasket, createAddress, orderBodyFrom, placeOrder } from '../../apps/server/src/testing/checkout-fixtures.ts';
import { createTestDatabase, type DatabaseKind } from '../../apps/server/src/testing/test-app.ts';
import type { DatabaseHandle } from '@shop/db';

export { databaseKinds, describeOnEachDatabase, describeOnPglite, pgliteOnly, type DatabaseKind } from '../../apps/server/src/testing/test-app.ts';

/** Rate limits high enough that a suite's many calls from one IP are never throttled. */
export const relaxedLimits = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: '100000',
  AUTH_ACCOUNT_FREE_FAILURES: '100000',
  SESSION_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_LOG_RATE_LIMIT_PER_MINUTE: '100000',
  POSTCODE_LOOKUP_RATE_LIMIT_PER_MINUTE: '100000',
};

export interface SecurityApp {
  app: App;
  database: DatabaseHandle;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

export interface SecurityAppOptions {
  env?: Record<string, string>;
  logger?: BuildAppOptions['logger'];
  storefront?: BuildAppOptions['storefront'];
  /** A fixed clock for dispatch promises (a basket's "Order within 2 h 14 min" counts minutes). */
  clock?: BuildAppOptions['clock'];
}

export async function createSecurityApp(kind: DatabaseKind, options: SecurityAppOptions = {}): Promise<SecurityApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-security-'));
  const { database, drop } = await createTestDatabase(kind);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...relaxedLimits, ...options.env });
  const app = await buildApp({ config, database, logger: options.logger ?? false, storefront: options.storefront, clock: options.clock });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A customer with a basket (with a delivery address), two addresses, one order and one order-log entry. */
export interface Party extends Customer {
  firstName: string;
  lastName: string;
  addresses: AddressDto[];
  /** The billing address (the first one). */
  addressId: number;
  /** The second, non-billing address. */
  otherAddressId: number;
  orderId: number;
  orderIdempotencyKey: string;
  /** The order's payment reference (bank: prefix + user id). */
  paymentReference: string;
  cart: CartDto;
  /** The pack in the basket now. */
  basketPack: Pack;
  orderLogText: string;
  note: string;
}

export interface PartyTexts {
  firstName: string;
  lastName: string;
  /** Distinctive address texts (reference, contact_name, region, address, town, company_name). */
  address: Record<'reference' | 'contact_name' | 'region' | 'address' | 'town' | 'company_name', string>;
  note: string;
  orderLogText: string;
}

export async function createParty(app: App, texts: PartyTexts, orderedPack: Pack, basketPack: Pack): Promise<Party> {
  const customer = await signUp(app, { first_name: texts.firstName, last_name: texts.lastName });
  const first = await createAddress(app, customer.token, texts.address);
  const second = await createAddress(app, customer.token, { ...texts.address, reference: `${texts.address.reference} 2` });

  // An order: the ordered pack, delivered to the first address.
  await addToBasket(app, customer.token, orderedPack, 2);
  const assigned = await app.inject({
    method: 'PUT',
    url: '/api/cart/AssignAddress',
    headers: bearer(customer.token),
    payload: { addressId: first.address_id, cartId: null },
  });
  if (assigned.statusCode !== 200) throw new Error(`assign: ${assigned.statusCode} ${assigned.body}`);
  const orderIdempotencyKey = randomUUID();
  const placed = await placeOrder(app, customer.token, orderBodyFrom(assigned.json<CartDto>(), { note: texts.note }), orderIdempotencyKey);
  if (placed.statusCode !== 200) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  const order = await app.inject({ method: 'GET', url: `/api/order/${placed.json<number>()}`, headers: bearer(customer.token) });
  const paymentReference = order.json<OrderDto>().payment_reference;

  // A basket again (placing emptied it), delivered to the second address.
  await addToBasket(app, customer.token, basketPack, 3);
  const cart = await app.inject({
    method: 'PUT',
    url: '/api/cart/AssignAddress',
    headers: bearer(customer.token),
    payload: { addressId: second.address_id },
  });
  if (cart.statusCode !== 200) throw new Error(`assign: ${cart.statusCode} ${cart.body}`);

  const logged = await app.inject({
    method: 'POST',
    url: '/api/OrderLog',
    headers: bearer(customer.token),
    payload: { error: texts.orderLogText, request: '{}', extra_info: '', external_id: '' },
  });
  if (logged.statusCode !== 204) throw new Error(`order log: ${logged.statusCode} ${logged.body}`);

  return {
    ...customer,
    firstName: texts.firstName,
    lastName: texts.lastName,
    addresses: [first, second],
    addressId: first.address_id,
    otherAddressId: second.address_id,
    orderId: placed.json<number>(),
    orderIdempotencyKey,
    paymentReference,
    cart: cart.json<CartDto>(),
    basketPack,
    orderLogText: texts.orderLogText,
    note: texts.note,
  };
}

/** Headers for an optional Bearer token. */
export function authHeaders(token: string | null): Record<string, string> {
  return token === null ? {} : bearer(token);
}
