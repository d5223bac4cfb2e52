/**
 * Helpers for the address, checkout and payment API tests: act as a customer would (save an
 * address, fill the basket, place an order), and create many customers fast for load tests.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AddressDto, CartDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import type { App } from '../app.ts';
import { bearer, signUp, type Customer, type Pack } from './basket-fixtures.ts';

export const validAddress = (overrides: Record<string, unknown> = {}) => ({
  reference: 'Warehouse',
  contact_name: 'Alice Walker',
  region: '12',
  company_name: 'Walker Crafts Ltd',
  address: 'Boar Lane',
  town: 'Leeds',
  country: 'United Kingdom',
  post_code: 'LS1 4AP',
  phone: '0113 496 0123',
  user_id: 1,
  ...overrides,
});

export async function createAddress(app: App, token: string, overrides: Record<string, unknown> = {}): Promise<AddressDto> {
  const response = await app.inject({ method: 'POST', url: '/api/address', headers: bearer(token), payload: validAddress(overrides) });
  if (response.statusCode !== 200) throw new Error(`address: ${response.statusCode} ${response.body}`);
  return response.json<AddressDto>();
}

export async function addToBasket(app: App, token: string, pack: Pack, count = 1): Promise<CartDto> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: bearer(token),
    payload: { user_id: 1, product_id: pack.productId, product_price_id: pack.productPriceId, price: 1, qty: pack.qty, count },
  });
  if (response.statusCode !== 200) throw new Error(`add to basket: ${response.statusCode} ${response.body}`);
  return response.json<CartDto>();
}

export async function basketOf(app: App, customer: Customer): Promise<CartDto> {
  const response = await app.inject({ method: 'GET', url: `/api/cart/${customer.userId}`, headers: bearer(customer.token) });
  if (response.statusCode !== 200) throw new Error(`basket: ${response.statusCode} ${response.body}`);
  return response.json<CartDto>();
}

/** The order body as the storefront sends it: the basket's totals and lines. */
export function orderBodyFrom(cart: CartDto, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sub_total: cart.subTotal,
    delivery_fee: cart.deliveryFee,
    total_tax: cart.totalTax,
    total: cart.total,
    note: 'Leave at the back door',
    user_id: 1,
    payment_reference: '',
    status: 'PendingDelivery',
    address_id: cart.address_id,
    is_active: true,
    payment_method: 'bank',
    orderLines: cart.cartIems.map((l) => ({
      product_id: l.product_id,
      product_price_id: l.product_price_id,
      price: l.price,
      qty: l.qty,
      is_active: true,
      count: l.count,
    })),
    ...overrides,
  };
}

export function placeOrder(app: App, token: string, body: Record<string, unknown>, idempotencyKey: string | null = randomUUID()) {
  const headers: Record<string, string> = { ...bearer(token) };
  if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  return app.inject({ method: 'POST', url: '/api/order', headers, payload: body });
}

type Db = Parameters<typeof queryRows>[0];

export async function countRows(db: Db, table: 'orders' | 'order_lines' | 'order_logs', userId?: number): Promise<number> {
  const where = userId === undefined ? sql`` : sql`WHERE user_id = ${userId}`;
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} ${where}`);
  return Number(row!.n);
}

/**
 * Many signed-in customers at once, without paying argon2 for each: users are inserted with a
 * fixed placeholder hash (they never sign in with a password) and get tokens the normal way.
 */
export async function insertCustomers(app: App, db: Db, count: number): Promise<Customer[]> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const rows = await queryRows<{ user_id: number; email: string }>(
    db,
    sql`INSERT INTO users (first_name, last_name, email, password_hash, phone)
        SELECT 'Load', 'Tester', 'load' || g || '-' || ${stamp} || '@example.com', 'not-a-password-hash', '0113 496 0999'
        FROM generate_series(1, ${count}) AS g
        RETURNING user_id, email`,
  );
  return Promise.all(
    rows.map(async (row) => ({
      userId: Number(row.user_id),
      email: row.email,
      password: '',
      token: await app.services.accounts.tokens.issue(Number(row.user_id), 'access'),
    })),
  );
}

export interface ReadyCustomer {
  customer: Customer;
  cart: CartDto;
  addressId: number;
}

/** A signed-in customer with packs in the basket and a delivery address chosen (Leeds unless `address` says otherwise). */
export async function readyCustomer(t: { app: App }, lines: [Pack, number][], address: Record<string, unknown> = {}): Promise<ReadyCustomer> {
  const customer = await signUp(t.app);
  for (const [pack, count] of lines) await addToBasket(t.app, customer.token, pack, count);
  const saved = await createAddress(t.app, customer.token, address);
  const assigned = await t.app.inject({
    method: 'PUT',
    url: '/api/cart/AssignAddress',
    headers: bearer(customer.token),
    payload: { addressId: saved.address_id, cartId: null },
  });
  if (assigned.statusCode !== 200) throw new Error(`assign: ${assigned.body}`);
  return { customer, cart: assigned.json<CartDto>(), addressId: saved.address_id };
}
