/**
 * Price lists through the pages, over real core services on PGlite with the demo catalogue: a
 * manager starts a list on the back-office pages (plain POSTs), gives 10% off a whole category
 * and puts a customer on it; the warehouse may not open the pages. The customer then sees their
 * prices on the landing grid, the category's product list and the product page, marked as their
 * trade price; another customer and a visitor not signed in see the public prices, also right
 * after the customer on the list loaded the same pages (core's cached catalogue stays public).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProductDto } from '@shop/contract';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { insertFixtureCustomer } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { action as listsAction, loader as listsLoader } from './admin/price-lists';
import { action as listAction, loader as listLoader } from './admin/price-list';
import { loader as landingLoader } from './landing';
import { loader as productsLoader } from './products';
import { loader as productLoader } from './product-detail';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
let staffId: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite', { demoCatalogue: true }));
  services = createCoreServices(database, { shop: demoShopConfig });
  const [row] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('mandy@example.com', 'Mandy Manager', 'manager') RETURNING staff_id`);
  staffId = Number(row!.staff_id);
}, 60_000);
afterAll(async () => drop?.());

type Handler = (args: never) => Promise<unknown>;

async function call(handler: Handler, url: string, who: { role?: 'manager' | 'warehouse'; customer?: number }, options: { params?: Record<string, string>; form?: Record<string, string> } = {}) {
  const staff = who.role ? { staff: { staffId, email: 'mandy@example.com', name: 'Mandy Manager', role: who.role, totpEnabled: false }, awaitingSecondFactor: false } : null;
  const visitor = { sessionId: null, token: who.customer ? 'T'.repeat(43) : null, userId: who.customer ?? null };
  const context = {
    services,
    secure: false,
    nonce: 'n',
    memo: new Map<string, unknown>([
      ['staff', Promise.resolve(staff)],
      ['visitor', Promise.resolve(visitor)],
    ]),
  };
  const request = options.form
    ? new Request(`http://shop.test${url}`, { method: 'POST', body: new URLSearchParams(options.form) })
    : new Request(`http://shop.test${url}`);
  let result: unknown;
  try {
    result = await handler({ request, context, params: options.params ?? {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location'), body: null as never };
  const shaped = result as { data?: unknown; init?: { status?: number } | null } | undefined;
  if (shaped && typeof shaped === 'object' && 'data' in shaped && 'init' in shaped) return { status: shaped.init?.status ?? 200, location: null, body: shaped.data as never };
  return { status: 200, location: null, body: result as never };
}

it('staff keep a list on the pages; its customer sees their prices on every catalogue page, others the public ones', async () => {
  const [featured] = await services.catalogue.landingProducts('');
  const product = await services.catalogue.productById(featured!.product_id);
  const tree = await services.catalogue.categoryTree();
  const top = tree.find((c) => JSON.stringify(c).includes(`"slug":"${product.category.slug}"`))!;
  const tara = await insertFixtureCustomer(database.db, { firstName: 'Tara' });
  const olly = await insertFixtureCustomer(database.db, { firstName: 'Olly' });
  const [taraRow] = await queryRows<{ email: string }>(database.db, sql`SELECT email FROM users WHERE user_id = ${tara}`);

  // The warehouse cannot open price lists.
  const refused = await call(listsLoader, '/admin/price-lists', { role: 'warehouse' });
  expect(refused.status).not.toBe(200);

  const created = await call(listsAction, '/admin/price-lists', { role: 'manager' }, { form: { intent: 'create', name: 'Trade 10%' } });
  expect(created.status).toBe(302);
  const listId = created.location!.split('/').pop()!;
  const params = { priceListId: listId };
  const saved = await call(listAction, `/admin/price-lists/${listId}`, { role: 'manager' }, { params, form: { intent: 'save-entry', category: top.name, percent_off: '10' } });
  expect(saved).toMatchObject({ status: 302, location: `/admin/price-lists/${listId}` });
  const assigned = await call(listAction, `/admin/price-lists/${listId}`, { role: 'manager' }, { params, form: { intent: 'assign', email: taraRow!.email.toUpperCase() } });
  expect(assigned.status).toBe(302);
  const unknown = await call(listAction, `/admin/price-lists/${listId}`, { role: 'manager' }, { params, form: { intent: 'assign', email: 'nobody@example.com' } });
  expect(unknown).toMatchObject({ status: 404, body: { ok: false, fields: { email: 'No customer has the e-mail address nobody@example.com.' } } });
  const page = await call(listLoader, `/admin/price-lists/${listId}`, { role: 'manager' }, { params });
  expect(page.body).toMatchObject({ list: { name: 'Trade 10%', entries: [{ what: `${top.name} (category)`, rule: '10% off' }], customers: [{ userId: tara }] } });

  const publicPack = product.product_Sizes[0]!.packs[0]!;
  const tenPercentOff = Math.round(publicPack.price * 100 - Math.floor((publicPack.price * 100 * 1000 + 5000) / 10000)) / 100;

  // Tara's product page: her price, marked.
  const hers = await call(productLoader, `/product-detail?productCode=${product.product_id}`, { customer: tara });
  const herPack = (hers.body as { product: ProductDto }).product.product_Sizes[0]!.packs[0]!;
  expect(herPack).toMatchObject({ price: tenPercentOff, trade_price: true, public_price: publicPack.price });

  // Straight after: Olly and a visitor get the public product, exactly.
  for (const who of [{ customer: olly }, {}]) {
    const theirs = await call(productLoader, `/product-detail?productCode=${product.product_id}`, who);
    expect((theirs.body as { product: ProductDto }).product).toEqual(product);
  }

  // The landing grid and the category's product list: her card's "from" price is hers, marked.
  const card = (body: { products: { product_id: number; fromPrice: number | null; tradePrice?: true }[] }) => body.products.find((p) => p.product_id === product.product_id)!;
  const landing = card((await call(landingLoader, '/landing', { customer: tara })).body);
  expect(landing.tradePrice).toBe(true);
  const publicLanding = card((await call(landingLoader, '/landing', {})).body);
  expect(publicLanding.tradePrice).toBeUndefined();
  expect(landing.fromPrice!).toBeLessThan(publicLanding.fromPrice!);
  const listed = card((await call(productsLoader, `/products?categoryCode=${product.category.slug}`, { customer: tara })).body);
  expect(listed).toMatchObject({ fromPrice: landing.fromPrice, tradePrice: true });
  const listedForOlly = card((await call(productsLoader, `/products?categoryCode=${product.category.slug}`, { customer: olly })).body);
  expect(listedForOlly).toEqual(publicLanding);
  // Core's cached catalogue is still the public one.
  expect(await services.catalogue.productById(product.product_id)).toEqual(product);
});
