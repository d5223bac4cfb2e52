/**
 * "Email me when it is back in stock" on PGlite and PostgreSQL: a size out of stock takes one
 * request per e-mail; when goods-in (or a count) makes it available, each waiting request gets
 * exactly one e-mail linking to the product page, however many workers run, and is then gone; the
 * data download lists a customer's requests and closing the account deletes them.
 */
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backInStockMessages } from '@shop/contract';
import { backInStockRequests, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from '../email/mailer.ts';
import { insertStockCatalogue, setBackorders, setStock, WAREHOUSE, type StockCatalogue } from './stock-fixtures.ts';

const PASSWORD = 'correct horse battery';

for (const kind of databaseKinds()) {
  describe(`back-in-stock e-mails [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    /** A second process's services over the same database. */
    let other: CoreServices;
    let c: StockCatalogue;
    const sent: MailMessage[] = [];
    const tag = `b${Date.now().toString(36)}`;
    // What this suite sends besides (an account closed is confirmed by e-mail) is not its concern.
    const backInStockMails = () => sent.filter((m) => m.subject.startsWith('Back in stock'));

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 4 }));
      c = await insertStockCatalogue(database.db);
      const mailer = { send: async (message: MailMessage) => void sent.push(message) };
      services = createCoreServices(database, { shop: demoShopConfig, mailer, publicBaseUrl: 'https://shop.example' });
      other = createCoreServices(database, { shop: demoShopConfig, mailer, publicBaseUrl: 'https://shop.example' });
    }, 60_000);
    afterAll(async () => drop?.());

    beforeEach(async () => {
      sent.length = 0;
      await database.db.execute(sql`DELETE FROM back_in_stock_requests`);
      // Size A (smallest pack 25) is out: 10 units left. Size B (packs of 10) is in stock.
      await setStock(database.db, c.sizeA, 10);
      await setStock(database.db, c.sizeB, 500);
      await setBackorders(database.db, c.productId, false);
    });

    const requests = () =>
      database.db
        .select({ email: backInStockRequests.email, closed: sql<boolean>`${backInStockRequests.closedAt} IS NOT NULL` })
        .from(backInStockRequests)
        .orderBy(backInStockRequests.backInStockRequestId);

    async function customer(first: string) {
      const email = `${tag}.${first.toLowerCase()}@example.com`;
      const signedIn = await services.accounts.signUp({ first_name: first, last_name: 'Tester', email, password: PASSWORD, phone: '0113 496 0000' });
      return { ...signedIn, email };
    }

    it('a visitor and a customer each ask once for a size out of stock; asking again says it is already noted', async () => {
      const vic = await services.backInStock.ask(c.sizeA, { kind: 'visitor', email: 'vic@example.com' });
      expect(vic).toEqual({ noted: true, item: 'Stock Test Box 12x9x6"', message: backInStockMessages.noted('Stock Test Box 12x9x6"') });
      const again = await services.backInStock.ask(c.sizeA, { kind: 'visitor', email: ' VIC@Example.com ' });
      expect(again).toMatchObject({ noted: false, message: backInStockMessages.alreadyNoted('Stock Test Box 12x9x6"') });
      const cas = await customer('Cas');
      expect((await services.backInStock.ask(c.sizeA, { kind: 'customer', userId: cas.userId })).noted).toBe(true);
      expect((await services.backInStock.ask(c.sizeA, { kind: 'customer', userId: cas.userId })).noted).toBe(false);
      expect(await services.backInStock.waitingSizesOf(cas.userId, c.productId)).toEqual([c.sizeA]);
      expect(await requests()).toEqual([
        { email: 'vic@example.com', closed: false },
        { email: cas.email, closed: false },
      ]);
    });

    it('a size that can be bought now (in stock, not tracked, or to order) takes no request', async () => {
      await expect(services.backInStock.ask(c.sizeB, { kind: 'visitor', email: 'vic@example.com' })).rejects.toMatchObject({ code: 'conflict', message: backInStockMessages.inStock });
      await database.db.execute(sql`DELETE FROM stock_levels WHERE product_size_id = ${c.sizeB}`);
      await expect(services.backInStock.ask(c.sizeB, { kind: 'visitor', email: 'vic@example.com' })).rejects.toMatchObject({ code: 'conflict', message: backInStockMessages.notTracked });
      await setBackorders(database.db, c.productId, true);
      await expect(services.backInStock.ask(c.sizeA, { kind: 'visitor', email: 'vic@example.com' })).rejects.toMatchObject({ code: 'conflict', message: backInStockMessages.backorder });
      await expect(services.backInStock.ask(999_999, { kind: 'visitor', email: 'vic@example.com' })).rejects.toMatchObject({ code: 'not_found' });
      expect(await requests()).toEqual([]);
    });

    it('goods-in that makes the size available sends each waiting request one e-mail with the product link, across two workers, then forgets it', async () => {
      await services.backInStock.ask(c.sizeA, { kind: 'visitor', email: 'vic@example.com' });
      const cas = await customer('Cas2');
      await services.backInStock.ask(c.sizeA, { kind: 'customer', userId: cas.userId });

      // 10 + 10 units: still less than a pack of 25, so nobody is told yet.
      await services.stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-1', note: '', lines: [{ productSizeId: c.sizeA, units: 10 }] });
      await services.jobWorker.drain();
      expect(sent).toEqual([]);
      expect(await requests()).toEqual([
        { email: 'vic@example.com', closed: false },
        { email: cas.email, closed: false },
      ]);

      await services.stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-2', note: '', lines: [{ productSizeId: c.sizeA, units: 100 }] });
      // Another delivery before any e-mail went: still one e-mail each.
      await services.stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-3', note: '', lines: [{ productSizeId: c.sizeA, units: 100 }] });
      await Promise.all([services.jobWorker.drain(), other.jobWorker.drain()]);
      expect(sent.map((m) => m.to).sort()).toEqual([cas.email, 'vic@example.com'].sort());
      const mail = sent[0]!;
      expect(mail.subject).toBe('Back in stock: Stock Test Box 12x9x6"');
      expect(mail.text).toContain(`https://shop.example/product-detail?productCode=${c.productId}&size=${c.sizeA}`);
      expect(mail.html).toContain(`https://shop.example/product-detail?productCode=${c.productId}&amp;size=${c.sizeA}`);
      expect(await requests()).toEqual([]);

      await services.stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-4', note: '', lines: [{ productSizeId: c.sizeA, units: 100 }] });
      await services.jobWorker.drain();
      expect(sent).toHaveLength(2);
    });

    it('a count that puts stock back also tells whoever waits; a request for another size keeps waiting', async () => {
      await setStock(database.db, c.sizeB, 5);
      await services.backInStock.ask(c.sizeA, { kind: 'visitor', email: 'ann@example.com' });
      await services.backInStock.ask(c.sizeB, { kind: 'visitor', email: 'ann@example.com' });
      await services.stock.count(WAREHOUSE, { productSizeId: c.sizeA, counted: 60, reason: 'Found a pallet' });
      await services.jobWorker.drain();
      expect(sent.map((m) => m.subject)).toEqual(['Back in stock: Stock Test Box 12x9x6"']);
      expect(await requests()).toEqual([{ email: 'ann@example.com', closed: false }]);
    });

    it("the data download lists a customer's requests (signed in, and by their e-mail before), and closing the account deletes them so no e-mail goes", async () => {
      const dee = await customer('Dee');
      await services.backInStock.ask(c.sizeA, { kind: 'customer', userId: dee.userId });
      await setStock(database.db, c.sizeB, 0);
      await services.backInStock.ask(c.sizeB, { kind: 'visitor', email: dee.email.toUpperCase() });
      await services.backInStock.ask(c.sizeB, { kind: 'visitor', email: 'someone.else@example.com' });

      const archive = await services.customerData.archive(dee.userId, { kind: 'customer' });
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(archive.content))['data.json']!)) as { back_in_stock_requests: { item: string; email: string; back_in_stock: null }[] };
      expect(data.back_in_stock_requests.map((r) => [r.item, r.email, r.back_in_stock])).toEqual([
        ['Stock Test Box 12x9x6"', dee.email, null],
        ['Stock Test Box 18x12x12"', dee.email.toUpperCase(), null],
      ]);

      await services.accountClosure.closeByCustomer(dee.userId, PASSWORD);
      expect(await requests()).toEqual([{ email: 'someone.else@example.com', closed: false }]);
      await services.stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-5', note: '', lines: [{ productSizeId: c.sizeA, units: 100 }, { productSizeId: c.sizeB, units: 100 }] });
      await services.jobWorker.drain();
      // The account-closed confirmation goes to Dee; no back-in-stock e-mail does.
      expect(backInStockMails().map((m) => m.to)).toEqual(['someone.else@example.com']);
    });

    it('a request whose e-mail was recorded but deleted before sending (account closed meanwhile) sends nothing', async () => {
      const eve = await customer('Eve');
      await services.backInStock.ask(c.sizeA, { kind: 'customer', userId: eve.userId });
      await services.stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-6', note: '', lines: [{ productSizeId: c.sizeA, units: 100 }] });
      await services.accountClosure.closeByCustomer(eve.userId, PASSWORD);
      await services.jobWorker.drain();
      expect(backInStockMails()).toEqual([]);
    });
  });
}
