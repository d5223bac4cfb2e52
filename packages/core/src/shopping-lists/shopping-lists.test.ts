/**
 * Shopping lists on PGlite and PostgreSQL: the basket saved under a name, seen, renamed, deleted
 * and put back in the basket (saying what is no longer sold); no customer sees or changes
 * another's list.
 */
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, productPrices, products, shoppingListLines, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { shoppingListMessages } from '@shop/contract';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { insertStockCatalogue, setStock, type StockCatalogue } from '../stock/stock-fixtures.ts';
import { shoppingListReasons } from './shopping-lists.ts';

for (const kind of databaseKinds()) {
  describe(`shopping lists [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let c: StockCatalogue;
    let ann: number;
    let bob: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 4 }));
      c = await insertStockCatalogue(database.db);
      services = createCoreServices(database, { shop: demoShopConfig });
      const signUp = async (first: string) =>
        (await services.accounts.signUp({ first_name: first, last_name: 'Lister', email: `${first.toLowerCase()}.${kind}@example.com`, password: 'correct horse battery', phone: '0113 496 0000' })).userId;
      ann = await signUp('Ann');
      bob = await signUp('Bob');
    }, 60_000);
    afterAll(async () => drop?.());

    beforeEach(async () => {
      await database.db.execute(sql`DELETE FROM cart_lines`);
      await database.db.execute(sql`DELETE FROM shopping_lists`);
      await database.db.update(products).set({ isActive: true });
      await setStock(database.db, c.sizeA, 1000);
      await setStock(database.db, c.sizeB, 1000);
    });

    const fill = async (userId: number, lines: [product: number, pack: number, count: number][]) => {
      for (const [productId, productPriceId, count] of lines) await services.carts.add(userId, { product_id: productId, product_price_id: productPriceId, count });
    };
    const basketOf = async (userId: number) => new Map((await services.carts.cartOf({ kind: 'user', userId })).cartIems.map((line) => [line.product_price_id, line.count]));
    const emptyBasket = () => database.db.execute(sql`DELETE FROM cart_lines`);

    it('saves the basket as a named list and puts it back in the emptied basket', async () => {
      await fill(ann, [[c.productId, c.packA25, 3], [c.untrackedProductId, c.untrackedPack, 2]]);
      const saved = await services.shoppingLists.saveBasket(ann, ' Weekly boxes ');
      expect(saved).toMatchObject({ name: 'Weekly boxes', lines: 2, packs: 5, saved_by: 'Ann' });

      const list = await services.shoppingLists.list(ann, saved.list_id);
      expect(list.items.map((line) => [line.item_name, line.qty, line.count, line.price, line.on_sale])).toEqual([
        ['Stock Test Box 12x9x6"', 25, 3, 25, true],
        ['Untracked Tape 48mm', 6, 2, 5, true],
      ]);

      await emptyBasket();
      const result = await services.shoppingLists.addToBasket(ann, saved.list_id);
      expect(result).toMatchObject({ added: 2, not_added: [] });
      expect(await basketOf(ann)).toEqual(new Map([[c.packA25, 3], [c.untrackedPack, 2]]));
    });

    it('adding a list twice does not double it: a pack in the basket keeps the larger count', async () => {
      await fill(ann, [[c.productId, c.packA25, 3]]);
      const saved = await services.shoppingLists.saveBasket(ann, 'Boxes');
      await services.shoppingLists.addToBasket(ann, saved.list_id);
      expect(await basketOf(ann)).toEqual(new Map([[c.packA25, 3]]));
    });

    it('says which lines are no longer sold or cannot be had, and adds the rest', async () => {
      await fill(ann, [[c.productId, c.packA100, 2], [c.productId, c.packB10, 5], [c.untrackedProductId, c.untrackedPack, 1]]);
      const saved = await services.shoppingLists.saveBasket(ann, 'Mixed');
      await emptyBasket();
      await database.db.update(products).set({ isActive: false }).where(eq(products.productId, c.untrackedProductId));
      await setStock(database.db, c.sizeB, 30);
      // A pack removed from the catalogue altogether (no other test uses it): the list keeps the line's name.
      await database.db.delete(productPrices).where(eq(productPrices.productPriceId, c.packA100));

      const list = await services.shoppingLists.list(ann, saved.list_id);
      expect(list.items.map((line) => [line.item_name, line.on_sale])).toEqual([
        ['Stock Test Box 12x9x6"', false],
        ['Stock Test Box 18x12x12"', true],
        ['Untracked Tape 48mm', false],
      ]);
      const result = await services.shoppingLists.addToBasket(ann, saved.list_id);
      expect(result.added).toBe(0);
      expect(result.not_added.map((line) => line.reason)).toEqual([
        shoppingListReasons.notSold('Stock Test Box 12x9x6"'),
        expect.stringMatching(/^Sorry, only 3 packs of 10 of Stock Test Box 18x12x12" can be added/),
        shoppingListReasons.notSold('Untracked Tape 48mm'),
      ]);
      expect(await basketOf(ann)).toEqual(new Map());
    });

    it('renames and deletes a list; an empty basket cannot be saved', async () => {
      await fill(ann, [[c.productId, c.packA25, 1]]);
      const saved = await services.shoppingLists.saveBasket(ann, 'Old name');
      expect((await services.shoppingLists.rename(ann, saved.list_id, 'New name')).name).toBe('New name');
      expect((await services.shoppingLists.listsOf(ann)).map((list) => list.name)).toEqual(['New name']);
      await services.shoppingLists.delete(ann, saved.list_id);
      expect(await services.shoppingLists.listsOf(ann)).toEqual([]);
      await emptyBasket();
      await expect(services.shoppingLists.saveBasket(ann, 'Nothing')).rejects.toMatchObject({ code: 'invalid_request', message: shoppingListMessages.emptyBasket });
    });

    it("the data download holds the customer's lists, and closing the account deletes them", async () => {
      const cat = (await services.accounts.signUp({ first_name: 'Cat', last_name: 'Lister', email: `cat.${kind}@example.com`, password: 'correct horse battery', phone: '0113 496 0000' })).userId;
      await fill(cat, [[c.productId, c.packA25, 1]]);
      const saved = await services.shoppingLists.saveBasket(cat, "Cat's list");
      const archive = await services.customerData.archive(cat, { kind: 'customer' });
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(archive.content))['data.json']!)) as { shopping_lists: unknown[] };
      expect(data.shopping_lists).toEqual([{ name: "Cat's list", saved: expect.any(String), lines: [{ item: 'Stock Test Box 12x9x6"', pack_of: 25, packs: 1 }] }]);
      await services.accountClosure.closeByCustomer(cat, 'correct horse battery');
      const left = await database.db.select({ id: shoppingListLines.shoppingListLineId }).from(shoppingListLines).where(eq(shoppingListLines.shoppingListId, saved.list_id));
      expect(left).toEqual([]);
      expect(await services.shoppingLists.listsOf(cat)).toEqual([]);
    });

    it("no customer sees, renames, deletes or adds another's list", async () => {
      await fill(ann, [[c.productId, c.packA25, 1]]);
      const annsList = await services.shoppingLists.saveBasket(ann, "Ann's list");
      expect(await services.shoppingLists.listsOf(bob)).toEqual([]);
      const notFound = { code: 'not_found', message: shoppingListMessages.notFound };
      await expect(services.shoppingLists.list(bob, annsList.list_id)).rejects.toMatchObject(notFound);
      await expect(services.shoppingLists.rename(bob, annsList.list_id, 'Mine now')).rejects.toMatchObject(notFound);
      await expect(services.shoppingLists.delete(bob, annsList.list_id)).rejects.toMatchObject(notFound);
      await expect(services.shoppingLists.addToBasket(bob, annsList.list_id)).rejects.toMatchObject(notFound);
      expect(await basketOf(bob)).toEqual(new Map());
      expect((await services.shoppingLists.list(ann, annsList.list_id)).name).toBe("Ann's list");
    });

    it("a company's lists are shared: a buyer adds the admin's list to their basket; only the admin removes another's list", async () => {
      const signUp = async (first: string) =>
        (await services.accounts.signUp({ first_name: first, last_name: 'Company', email: `${first.toLowerCase()}.co.${kind}@example.com`, password: 'correct horse battery', phone: '0113 496 0000' })).userId;
      const [dee, eve] = [await signUp('Dee'), await signUp('Eve')];
      const [company] = await database.db.insert(companies).values({ name: 'Shared Lists Ltd' }).returning({ companyId: companies.companyId });
      const { companyId } = company!;
      await database.db.execute(sql`INSERT INTO company_members (user_id, company_id, role) VALUES (${dee}, ${companyId}, 'admin'), (${eve}, ${companyId}, 'buyer')`);

      await fill(dee, [[c.productId, c.packA25, 4]]);
      const deesList = await services.shoppingLists.saveBasket(dee, 'Site weekly');
      await fill(eve, [[c.untrackedProductId, c.untrackedPack, 1]]);
      const evesList = await services.shoppingLists.saveBasket(eve, "Eve's tape");
      await emptyBasket();

      expect((await services.shoppingLists.listsOf(eve)).map((list) => [list.name, list.saved_by]).sort()).toEqual([["Eve's tape", 'Eve'], ['Site weekly', 'Dee']]);
      await services.shoppingLists.addToBasket(eve, deesList.list_id);
      expect(await basketOf(eve)).toEqual(new Map([[c.packA25, 4]]));
      // Someone outside the company sees neither.
      expect(await services.shoppingLists.listsOf(ann)).not.toContainEqual(expect.objectContaining({ list_id: deesList.list_id }));
      await expect(services.shoppingLists.list(ann, deesList.list_id)).rejects.toMatchObject({ code: 'not_found' });

      const notFound = { code: 'not_found', message: shoppingListMessages.notFound };
      await expect(services.shoppingLists.delete(eve, deesList.list_id)).rejects.toMatchObject(notFound);
      await expect(services.shoppingLists.rename(eve, deesList.list_id, 'Mine')).rejects.toMatchObject(notFound);
      await services.shoppingLists.rename(dee, evesList.list_id, 'Tape for every site');
      await services.shoppingLists.delete(dee, evesList.list_id);
      expect((await services.shoppingLists.listsOf(eve)).map((list) => list.name)).toEqual(['Site weekly']);
    });
  });
}
