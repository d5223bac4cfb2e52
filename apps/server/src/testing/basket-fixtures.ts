/**
 * A small catalogue with known prices for the basket and account API tests, and helpers that
 * act as a customer would (start a session, sign up, add to the basket).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { insertCatalogue, type SeedCategory } from '@shop/db/seed';
import type { App } from '../app.ts';

export const basketCatalogue: SeedCategory[] = [
  {
    name: 'Test Supplies',
    slug: 'test-supplies',
    description: 'Products with round prices for tests.',
    imageUrl: '/media/categories/box-kraft.svg',
    products: [
      {
        key: 'box',
        // The name carries its size (it has an x), so the item name is the name alone.
        name: 'Cardboard Box 12x9x6',
        description: 'A box.',
        imageUrl: '/media/products/box-kraft.svg',
        sizes: [
          {
            size1: '12x9x6"',
            size2: '305x229x152mm',
            packs: [
              { pricePence: 2500, packRange: [25] },
              { pricePence: 4500, packRange: [50, 60] },
            ],
          },
        ],
      },
      {
        key: 'tape',
        // No x in the name: the item name adds the size.
        name: 'Packing Tape',
        description: 'Tape.',
        imageUrl: '/media/products/tape-brown.svg',
        sizes: [
          { size1: 'Brown', size2: '48mm', packs: [{ pricePence: 7499, packRange: [6] }] },
          { size1: 'Clear', size2: '48mm', packs: [{ pricePence: 1, packRange: [1] }] },
        ],
      },
      {
        key: 'retired',
        name: 'Retired Bubble Wrap',
        description: 'No longer sold.',
        imageUrl: '/media/products/bubble.svg',
        sizes: [{ size1: '500mm', size2: '500mm', packs: [{ pricePence: 999, packRange: [1] }] }],
      },
    ],
  },
];

export interface Pack {
  productId: number;
  productPriceId: number;
  qty: number;
}

export interface BasketFixture {
  /** £25.00, pack of 25. */
  box25: Pack;
  /** £45.00, packs of 50 or 60. */
  box50: Pack;
  /** £74.99, 'Packing Tape Brown'. */
  tapeBrown: Pack;
  /** £0.01, 'Packing Tape Clear'. */
  tapeClear: Pack;
  /** A product that is no longer active. */
  retired: Pack;
}

export async function insertBasketCatalogue(database: DatabaseHandle): Promise<BasketFixture> {
  await insertCatalogue(database.db, basketCatalogue);
  await database.db.execute(sql`UPDATE products SET is_active = false WHERE name = 'Retired Bubble Wrap'`);
  const rows = await queryRows<{ name: string; product_id: number; product_price_id: number; qty: number; price_pence: number }>(
    database.db,
    sql`SELECT p.name, p.product_id, pp.product_price_id, pp.pack_range[1] AS qty, pp.price_pence
        FROM product_prices pp JOIN products p ON p.product_id = pp.product_id`,
  );
  const pack = (name: string, pricePence: number): Pack => {
    const row = rows.find((r) => r.name === name && Number(r.price_pence) === pricePence);
    if (!row) throw new Error(`fixture pack ${name} ${pricePence} missing`);
    return { productId: Number(row.product_id), productPriceId: Number(row.product_price_id), qty: Number(row.qty) };
  };
  return {
    box25: pack('Cardboard Box 12x9x6', 2500),
    box50: pack('Cardboard Box 12x9x6', 4500),
    tapeBrown: pack('Packing Tape', 7499),
    tapeClear: pack('Packing Tape', 1),
    retired: pack('Retired Bubble Wrap', 999),
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export async function newSession(app: App): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/session', payload: { ip: '' } });
  if (response.statusCode !== 200) throw new Error(`session: ${response.statusCode} ${response.body}`);
  // DESIGN: a JSON string; tolerate a bare id too.
  const body = response.body.trim();
  return body.startsWith('"') ? (JSON.parse(body) as string) : body;
}

let accountCounter = 0;

export interface Customer {
  userId: number;
  token: string;
  email: string;
  password: string;
}

export async function signUp(app: App, overrides: Record<string, unknown> = {}): Promise<Customer> {
  accountCounter += 1;
  const body = {
    first_name: 'Alice',
    last_name: 'Walker',
    email: `customer${accountCounter}-${Date.now()}@example.com`,
    password: 'correct horse',
    phone: '0113 496 0999',
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/users', payload: body });
  if (response.statusCode !== 200) throw new Error(`sign-up: ${response.statusCode} ${response.body}`);
  const { userId, token } = response.json<{ userId: number; token: string }>();
  return { userId, token, email: body.email as string, password: body.password as string };
}
