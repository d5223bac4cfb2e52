/**
 * The catalogue back office on PGlite and PostgreSQL: the category tree's rules
 * (three levels, versions, no deleting a category with products), products (codes unique,
 * versions, every price change audited in the same transaction, withdrawn not deleted once
 * ordered), and what the shop's customers then see.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertCatalogue } from '@shop/db/seed';
import { CatalogueRepository } from '../catalogue/catalogue-repository.ts';
import { CatalogueService } from '../catalogue/catalogue-service.ts';
import { CatalogueAdmin } from './catalogue-admin.ts';
import type { CategoryInput } from './category-editor.ts';
import type { ProductState } from './product-store.ts';

const category = (name: string, parentId: number | null = null): CategoryInput => ({
  name,
  description: '',
  imageUrl: '',
  parentId,
  visible: true,
  isNew: false,
  pageTitle: '',
  pageDescription: '',
});

export function productState(code: string, categoryId: number, overrides: Partial<ProductState> = {}): ProductState {
  return {
    productCode: code,
    name: `Product ${code}`,
    description: 'A sturdy box.',
    categoryId,
    imageUrl: '',
    linkProductCode: null,
    isNew: false,
    isFeatured: false,
    onSale: true,
    sizes: [
      { size1: '12x9x6"', size2: '305x229x152mm', packs: [{ pricePence: 1250, packRange: [25] }, { pricePence: 2200, packRange: [50] }] },
      { size1: '16x12x8"', size2: '406x305x203mm', packs: [{ pricePence: 1899, packRange: [25] }] },
    ],
    ...overrides,
  };
}

for (const kind of databaseKinds()) {
  describe(`catalogue back office [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let admin: CatalogueAdmin;
    let shop: CatalogueService;
    let staffId: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      admin = new CatalogueAdmin(database.db);
      shop = new CatalogueService(new CatalogueRepository(database.db));
      const [row] = await queryRows<{ staff_id: number }>(
        database.db,
        sql`INSERT INTO staff (email, name, role) VALUES ('mia@example.com', 'Mia Manager', 'manager') RETURNING staff_id`,
      );
      staffId = Number(row!.staff_id);
      await insertCatalogue(database.db, [
        {
          name: 'Seeded',
          slug: 'seeded',
          description: '',
          imageUrl: '',
          products: [{ key: 'a', name: 'Seeded box', description: '', imageUrl: '', sizes: [{ size1: 'A4', size2: '', packs: [{ pricePence: 500, packRange: [10] }] }] }],
        },
      ]);
    });
    afterAll(async () => drop?.());

    it('gives products inserted without a code P and their id padded to 6 digits; codes are unique without case', async () => {
      const [seeded] = await queryRows<{ product_id: number; product_code: string }>(database.db, sql`SELECT product_id, product_code FROM products WHERE name = 'Seeded box'`);
      expect(seeded!.product_code).toBe(`P${String(seeded!.product_id).padStart(6, '0')}`);
      await expect(database.db.execute(sql`UPDATE products SET product_code = ${seeded!.product_code.toLowerCase()} || 'x' WHERE product_id = ${seeded!.product_id}`)).resolves.toBeDefined();
      const top = await admin.categories.create(category('Code checks'));
      await admin.products.create(staffId, productState('CASE-1', top.categoryId));
      await expect(admin.products.create(staffId, productState('case-1', top.categoryId))).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('already used') });
    });

    it('builds the tree three levels deep at most, by creating or moving, and never under itself', async () => {
      const boxes = await admin.categories.create(category('Boxes'));
      const single = await admin.categories.create(category('Single wall', boxes.categoryId));
      const small = await admin.categories.create(category('Small', single.categoryId));
      expect(small.path).toBe('Boxes > Single wall > Small');
      expect(small.depth).toBe(3);
      await expect(admin.categories.create(category('Tiny', small.categoryId))).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('3 levels') });
      const tape = await admin.categories.create(category('Tape'));
      const brown = await admin.categories.create(category('Brown', tape.categoryId));
      // Tape (with a child) under Single wall would make Brown a fourth level.
      await expect(admin.categories.update(tape.categoryId, tape.version, { ...category('Tape'), parentId: single.categoryId })).rejects.toMatchObject({
        message: expect.stringContaining('3 levels'),
      });
      await expect(admin.categories.update(boxes.categoryId, boxes.version, { ...category('Boxes'), parentId: small.categoryId })).rejects.toMatchObject({
        message: expect.stringContaining('under itself'),
      });
      // Brown (no children) may move under Single wall: level 3.
      const moved = await admin.categories.update(brown.categoryId, brown.version, { ...category('Brown'), parentId: single.categoryId });
      expect(moved.path).toBe('Boxes > Single wall > Brown');
      expect(moved.version).toBe(brown.version + 1);
    });

    it('tells the second of two people editing one category that it changed, and keeps the first one\'s change', async () => {
      const seen = await admin.categories.create(category('Mailers'));
      await admin.categories.update(seen.categoryId, seen.version, { ...category('Postal mailers'), pageTitle: 'Postal mailers | Shop' });
      await expect(admin.categories.update(seen.categoryId, seen.version, category('Mail bags'))).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('Someone else changed') });
      const now = await admin.categories.category(seen.categoryId);
      expect(now.name).toBe('Postal mailers');
      expect(now.pageTitle).toBe('Postal mailers | Shop');
    });

    it('reorders siblings, hides a category from the shop and shows it again', async () => {
      const parent = await admin.categories.create(category('Order test'));
      const a = await admin.categories.create(category('A first', parent.categoryId));
      const b = await admin.categories.create(category('B second', parent.categoryId));
      await admin.categories.reorder(b.categoryId, 'up');
      expect((await admin.categories.category(parent.categoryId)).children.map((c) => c.name)).toEqual(['B second', 'A first']);
      const current = await admin.categories.category(a.categoryId);
      await admin.categories.update(a.categoryId, current.version, { ...category('A first', parent.categoryId), visible: false });
      shop.cache.clear();
      const shown = await shop.categoryBySlug(parent.slug);
      expect(shown.subCategories.map((c) => c.name)).toEqual(['B second']);
    });

    it('refuses to delete a category holding products or sub-categories, and deletes an empty one', async () => {
      const full = await admin.categories.create(category('Full'));
      await admin.products.create(staffId, productState('FULL-1', full.categoryId));
      const withProducts = await admin.categories.category(full.categoryId);
      await expect(admin.categories.delete(full.categoryId, withProducts.version)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('holds 1 product') });
      const parent = await admin.categories.create(category('Parent'));
      await admin.categories.create(category('Child', parent.categoryId));
      await expect(admin.categories.delete(parent.categoryId, parent.version)).rejects.toMatchObject({ message: expect.stringContaining('sub-categories') });
      const empty = await admin.categories.create(category('Empty'));
      await admin.categories.delete(empty.categoryId, empty.version);
      await expect(admin.categories.category(empty.categoryId)).rejects.toMatchObject({ code: 'not_found' });
    });

    it('creates a product with two sizes and three packs, each pack entering the price history as added', async () => {
      const cat = await admin.categories.create(category('New products'));
      const id = await admin.products.create(staffId, productState('NP-1', cat.categoryId, { isNew: true }));
      const product = await admin.products.product(id);
      expect(product.sizes.map((s) => [s.size1, s.packs.map((p) => p.pricePence)])).toEqual([
        ['12x9x6"', [1250, 2200]],
        ['16x12x8"', [1899]],
      ]);
      expect(product.priceHistory).toHaveLength(3);
      expect(product.priceHistory.every((h) => h.oldPricePence === null && h.staffName === 'Mia Manager' && h.source === 'editor')).toBe(true);
      shop.cache.clear();
      const seen = await shop.productById(id);
      expect(seen.is_new).toBe(true);
      expect(seen.product_Sizes[0]!.packs.map((p) => p.price)).toEqual([12.5, 22]);
    });

    it('stores product and category names without direction controls, so a name pasted as "\u202Egnp.exe" does not read "exe.png" in the shop', async () => {
      const cat = await admin.categories.create({ ...category('\u202ENew \u2067things'), pageTitle: '\u202Dtitle' });
      expect(cat).toMatchObject({ name: 'New things', pageTitle: 'title' });
      const id = await admin.products.create(staffId, productState('RLO-1', cat.categoryId, { name: '\u202Egnp.exe', description: 'A \u202Ebox' }));
      const product = await admin.products.product(id);
      expect(product).toMatchObject({ name: 'gnp.exe', description: 'A box' });
    });

    it('the price history names the size of each pack, so two packs of 25 of different sizes can be told apart', async () => {
      const cat = await admin.categories.create(category('History sizes'));
      const id = await admin.products.create(staffId, productState('HS-1', cat.categoryId));
      const product = await admin.products.product(id);
      expect(product.priceHistory.map((h) => [h.size, h.newPackRange, h.newPricePence]).sort()).toEqual(
        [
          ['12x9x6" (305x229x152mm)', [25], 1250],
          ['12x9x6" (305x229x152mm)', [50], 2200],
          ['16x12x8" (406x305x203mm)', [25], 1899],
        ].sort(),
      );
      // A removed pack keeps its row in the history, without a size to name.
      const [first, second] = product.sizes;
      await admin.products.update(staffId, id, product.version, { ...product, sizes: [first!, { ...second!, packs: [] }].slice(0, 1) });
      const after = await admin.products.product(id);
      expect(after.priceHistory.find((h) => h.newPricePence === null)).toMatchObject({ size: null, oldPackRange: [25], oldPricePence: 1899 });
    });

    it('audits a price change (who, when, old, new) in the same save, and tells a second editor the product changed', async () => {
      const cat = await admin.categories.create(category('Audit'));
      const id = await admin.products.create(staffId, productState('AUD-1', cat.categoryId));
      const opened = await admin.products.product(id);
      const edited = structuredClone(opened);
      edited.sizes[0]!.packs[0]!.pricePence = 1375;
      edited.sizes[1]!.packs[0]!.packRange = [20];
      await admin.products.update(staffId, id, opened.version, edited);
      const after = await admin.products.product(id);
      expect(after.version).toBe(opened.version + 1);
      const changes = after.priceHistory.filter((h) => h.oldPricePence !== null);
      expect(changes.map((h) => [h.oldPricePence, h.newPricePence, h.oldPackRange, h.newPackRange])).toEqual(
        expect.arrayContaining([
          [1250, 1375, [25], [25]],
          [1899, 1899, [25], [20]],
        ]),
      );
      expect(changes[0]!.changedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      // The second person still has the version they opened: told, nothing overwritten.
      const theirs = structuredClone(opened);
      theirs.sizes[0]!.packs[0]!.pricePence = 999;
      await expect(admin.products.update(staffId, id, opened.version, theirs)).rejects.toMatchObject({ code: 'conflict' });
      expect((await admin.products.product(id)).sizes[0]!.packs[0]!.pricePence).toBe(1375);
      // The history is evidence: never changed or deleted.
      await expect(database.db.execute(sql`UPDATE price_changes SET new_price_pence = 1 WHERE product_id = ${id}`)).rejects.toMatchObject({ cause: { message: 'price_changes is append-only' } });
      await expect(database.db.execute(sql`DELETE FROM price_changes WHERE product_id = ${id}`)).rejects.toMatchObject({ cause: { message: 'price_changes is append-only' } });
    });

    it('removes a pack (audited as removed) and adds one; an unchanged save writes no history', async () => {
      const cat = await admin.categories.create(category('Packs'));
      const id = await admin.products.create(staffId, productState('PK-1', cat.categoryId));
      const opened = await admin.products.product(id);
      // What the editor sends back: the kept pack with its id, the new one without.
      const edited: ProductState = structuredClone(opened);
      edited.sizes[0]!.packs = [opened.sizes[0]!.packs[0]!, { pricePence: 4000, packRange: [100] }];
      await admin.products.update(staffId, id, opened.version, edited);
      const after = await admin.products.product(id);
      expect(after.sizes[0]!.packs.map((p) => p.packRange[0])).toEqual([25, 100]);
      expect(after.priceHistory.slice(0, 2).map((h) => [h.oldPricePence, h.newPricePence]).sort()).toEqual([[2200, null], [null, 4000]].sort());
      const count = after.priceHistory.length;
      await admin.products.update(staffId, id, after.version, after);
      const again = await admin.products.product(id);
      expect(again.priceHistory).toHaveLength(count);
      expect(again.version).toBe(after.version);
    });

    it('withdraws a product with order history (gone from the shop, kept for its orders) and refuses to delete it; deletes one never ordered', async () => {
      const cat = await admin.categories.create(category('Withdraw'));
      const ordered = await admin.products.create(staffId, productState('WD-1', cat.categoryId));
      const [user] = await queryRows<{ user_id: number }>(
        database.db,
        sql`INSERT INTO users (first_name, last_name, email, password_hash, phone) VALUES ('Olly', 'Order', 'olly@example.com', 'x', '0') RETURNING user_id`,
      );
      const [order] = await queryRows<{ order_id: number }>(
        database.db,
        sql`INSERT INTO orders (user_id, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence)
            VALUES (${user!.user_id}, 'bank', 'B1', 'PendingDelivery', 1250, 0, 250, 1500) RETURNING order_id`,
      );
      const product = await admin.products.product(ordered);
      await database.db.execute(
        sql`INSERT INTO order_lines (order_id, product_id, product_price_id, product_name, size1, price_pence, qty, count, total_price_pence)
            VALUES (${order!.order_id}, ${ordered}, ${product.sizes[0]!.packs[0]!.productPriceId}, 'Product WD-1', '12x9x6"', 1250, 25, 1, 1250)`,
      );
      const withOrders = await admin.products.product(ordered);
      expect(withOrders.hasOrders).toBe(true);
      await expect(admin.products.delete(ordered, withOrders.version)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('withdraw it instead') });
      await admin.products.setOnSale(ordered, withOrders.version, false);
      shop.cache.clear();
      await expect(shop.productById(ordered)).rejects.toMatchObject({ code: 'not_found' });
      expect((await admin.products.list({ query: 'WD-1', status: 'withdrawn' })).products.map((p) => p.productCode)).toEqual(['WD-1']);
      const never = await admin.products.create(staffId, productState('WD-2', cat.categoryId));
      const neverOrdered = await admin.products.product(never);
      await admin.products.delete(never, neverOrdered.version);
      await expect(admin.products.product(never)).rejects.toMatchObject({ code: 'not_found' });
    });

    it('lists products a page at a time by code, name or size, within a category and its sub-categories', async () => {
      const top = await admin.categories.create(category('Listing'));
      const sub = await admin.categories.create(category('Listing sub', top.categoryId));
      for (let i = 0; i < 30; i++) await admin.products.create(staffId, productState(`LS-${String(i).padStart(2, '0')}`, i % 2 ? sub.categoryId : top.categoryId));
      const first = await admin.products.list({ categoryId: top.categoryId });
      expect(first.total).toBe(30);
      expect(first.products).toHaveLength(25);
      expect(first.products[0]!.productCode).toBe('LS-00');
      expect(first.products[0]!.categoryPath).toBe('Listing');
      expect(first.products[0]!.fromPricePence).toBe(1250);
      const second = await admin.products.list({ categoryId: top.categoryId, page: 2 });
      expect(second.products.map((p) => p.productCode)).toEqual(['LS-25', 'LS-26', 'LS-27', 'LS-28', 'LS-29']);
      expect((await admin.products.list({ categoryId: sub.categoryId })).total).toBe(15);
      expect((await admin.products.list({ query: 'ls-1' })).total).toBe(10);
      expect((await admin.products.list({ query: '406x305' })).total).toBeGreaterThanOrEqual(30);
      expect((await admin.products.list({ query: 'ls', page: 99 })).page).toBe(2);
    });

    it('refuses a product without a name, a size without packs, a duplicate pack and an unknown linked product', async () => {
      const cat = await admin.categories.create(category('Refusals'));
      await expect(admin.products.create(staffId, productState('RF-1', cat.categoryId, { name: ' ' }))).rejects.toMatchObject({ details: { fields: [{ field: 'name' }] } });
      await expect(admin.products.create(staffId, productState('RF 1', cat.categoryId))).rejects.toMatchObject({ details: { fields: [{ field: 'productCode' }] } });
      await expect(
        admin.products.create(staffId, productState('RF-2', cat.categoryId, { sizes: [{ size1: 'A4', size2: '', packs: [] }] })),
      ).rejects.toMatchObject({ message: expect.stringContaining('at least one pack') });
      await expect(
        admin.products.create(
          staffId,
          productState('RF-3', cat.categoryId, { sizes: [{ size1: 'A4', size2: '', packs: [{ pricePence: 100, packRange: [5] }, { pricePence: 200, packRange: [5] }] }] }),
        ),
      ).rejects.toMatchObject({ message: expect.stringContaining('twice') });
      await expect(admin.products.create(staffId, productState('RF-4', cat.categoryId, { linkProductCode: 'NOPE' }))).rejects.toMatchObject({
        details: { fields: [{ field: 'linkProductCode' }] },
      });
    });
  });
}
