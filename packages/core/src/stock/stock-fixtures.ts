/** Test fixtures of the stock suites: a small catalogue with stock, customers at checkout, staff. */
import { eq, sql } from 'drizzle-orm';
import { addToCartBodySchema, createAddressBodySchema, placeOrderBodySchema, type PlaceOrderBody } from '@shop/contract';
import { productPrices, products, stockLevels, type Database } from '@shop/db';
import { insertCatalogue } from '@shop/db/seed';
import { insertFixtureCustomer } from '../documents/document-fixtures.ts';
import type { CoreServices } from '../services.ts';
import type { StaffMember } from '../staff/staff-roles.ts';

export const MANAGER: StaffMember = { staffId: 1, email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
export const WAREHOUSE: StaffMember = { staffId: 2, email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse', totpEnabled: false };

export interface StockCatalogue {
  /** A box product: size A (packs of 25 and 100), size B (packs of 10). */
  productId: number;
  sizeA: number;
  sizeB: number;
  packA25: number;
  packA100: number;
  packB10: number;
  /** A product nobody tracks (no stock rows). */
  untrackedProductId: number;
  untrackedPack: number;
}

/** The stock catalogue and the two staff members; the box sizes start untracked (tests give them stock). */
export async function insertStockCatalogue(db: Database): Promise<StockCatalogue> {
  await insertCatalogue(db, [
    {
      name: 'Boxes',
      slug: 'boxes',
      description: '',
      imageUrl: '',
      products: [
        {
          key: 'box',
          name: 'Stock Test Box',
          description: 'A box.',
          imageUrl: '',
          sizes: [
            { size1: '12x9x6"', size2: '', packs: [{ pricePence: 2500, packRange: [25] }, { pricePence: 9000, packRange: [100] }] },
            { size1: '18x12x12"', size2: '', packs: [{ pricePence: 3000, packRange: [10] }] },
          ],
        },
        { key: 'tape', name: 'Untracked Tape', description: 'Tape.', imageUrl: '', sizes: [{ size1: '48mm', size2: '', packs: [{ pricePence: 500, packRange: [6] }] }] },
      ],
    },
  ]);
  await db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'mona@example.com', 'Mona Manager', 'manager'), (2, 'will@example.com', 'Will Warehouse', 'warehouse') ON CONFLICT DO NOTHING`);
  const packs = await db
    .select({ name: products.name, productId: products.productId, productSizeId: productPrices.productSizeId, productPriceId: productPrices.productPriceId })
    .from(productPrices)
    .innerJoin(products, eq(products.productId, productPrices.productId))
    .orderBy(productPrices.productSizeId, sql`${productPrices.packRange}[1]`);
  const box = packs.filter((p) => p.name === 'Stock Test Box');
  const tape = packs.find((p) => p.name === 'Untracked Tape')!;
  return {
    productId: box[0]!.productId,
    sizeA: box[0]!.productSizeId,
    sizeB: box[2]!.productSizeId,
    packA25: box[0]!.productPriceId,
    packA100: box[1]!.productPriceId,
    packB10: box[2]!.productPriceId,
    untrackedProductId: tape.productId,
    untrackedPack: tape.productPriceId,
  };
}

/** Set a size's stock directly (the test's starting point; staff use goods-in and counts). */
export async function setStock(db: Database, productSizeId: number, onHand: number, options: { allocated?: number; lowThreshold?: number } = {}): Promise<void> {
  await db.execute(
    sql`INSERT INTO stock_levels (product_size_id, on_hand, allocated, low_threshold) VALUES (${productSizeId}, ${onHand}, ${options.allocated ?? 0}, ${options.lowThreshold ?? 0})
        ON CONFLICT (product_size_id) DO UPDATE SET on_hand = excluded.on_hand, allocated = excluded.allocated, low_threshold = excluded.low_threshold`,
  );
}

export async function setBackorders(db: Database, productId: number, backordersAllowed: boolean, expectedDate: string | null = null): Promise<void> {
  await db.execute(
    sql`INSERT INTO product_stock_settings (product_id, backorders_allowed, expected_date) VALUES (${productId}, ${backordersAllowed}, ${expectedDate})
        ON CONFLICT (product_id) DO UPDATE SET backorders_allowed = excluded.backorders_allowed, expected_date = excluded.expected_date`,
  );
}

export async function levelOf(db: Database, productSizeId: number): Promise<{ onHand: number; allocated: number } | null> {
  const [row] = await db.select({ onHand: stockLevels.onHand, allocated: stockLevels.allocated }).from(stockLevels).where(eq(stockLevels.productSizeId, productSizeId));
  return row ?? null;
}

/** A customer with these packs in the basket and a delivery address; the order body with the totals they see. */
export async function customerAtCheckout(
  services: CoreServices,
  db: Database,
  lines: readonly { productId: number; productPriceId: number; count: number }[],
): Promise<{ userId: number; body: PlaceOrderBody }> {
  const userId = await insertFixtureCustomer(db);
  for (const line of lines) {
    await services.carts.add(userId, addToCartBodySchema.parse({ product_id: line.productId, product_price_id: line.productPriceId, count: line.count }));
  }
  const address = await services.addresses.create(
    userId,
    createAddressBodySchema.parse({
      reference: 'Unit 4',
      contact_name: 'Ria Shah',
      region: '1',
      company_name: '',
      address: 'Kirkstall Road',
      town: 'Leeds',
      country: 'United Kingdom',
      post_code: 'LS4 2AA',
      phone: '0113 496 0123',
    }),
  );
  const cart = await services.carts.assignAddress(userId, { addressId: address.address_id });
  return { userId, body: placeOrderBodySchema.parse({ sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total }) };
}
