/**
 * The three back-office imports (catalogue, price list, bank statement) over real core services
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the staff session stubbed as
 * staff-session.server.ts memoises it: each applies only the file its dry run checked on its own
 * page. A carried file changed between the dry run and apply, or one checked on another import's
 * page (another price list's, the catalogue's), is refused and changes nothing.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertCatalogue } from '@shop/db/seed';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { NOT_THE_CHECKED_FILE } from '~/server/admin/import-pipeline.server';
import { action as catalogueImportAction } from './catalogue-import';
import { action as priceListAction } from './price-list';
import { action as statementAction } from './bank-statements';

type Handler = (args: never) => unknown;
type Carried = { ok: boolean; step?: string; payload: string | null; digest: string; message?: string };

async function post(services: CoreServices, handler: Handler, url: string, form: Record<string, string | File>, params: Record<string, string> = {}): Promise<{ status: number; body: Carried }> {
  const session = { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role: 'owner', totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.append(name, value);
  const result = (await handler({ request: new Request(`http://shop.test${url}`, { method: 'POST', body }), context, params } as never)) as { data: Carried; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, body: result.data };
}

/** The carried file with one text replaced, packed again as the page packs it: its digest is left as the dry run gave it. */
function altered(payload: string, from: string, to: string): string {
  const text = gunzipSync(Buffer.from(payload, 'base64')).toString('utf8');
  expect(text).toContain(from);
  return gzipSync(Buffer.from(text.replace(from, to))).toString('base64');
}

for (const kind of databaseKinds()) {
  describe(`imports apply only the file checked on their page [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, { shop: demoShopConfig });
      await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'owner')`);
      await insertCatalogue(database.db, [
        {
          name: 'Boxes',
          slug: 'boxes',
          description: '',
          imageUrl: '',
          products: [{ key: 'b', name: 'Plain box', description: '', imageUrl: '', sizes: [{ size1: 'A4', size2: '', packs: [{ pricePence: 500, packRange: [10] }] }] }],
        },
      ]);
    });
    afterAll(async () => drop?.());

    const pricePence = async () => (await services.catalogueAdmin.products.product(1)).sizes[0]!.packs[0]!.pricePence;

    it('the catalogue import refuses a carried file changed after its dry run, and one checked on a price list page', async () => {
      let exported = '';
      for await (const chunk of services.catalogueAdmin.csv.export()) exported += chunk;
      const changed = exported.replace(/^(P000001,.*),5\.00,/m, '$1,6.75,');
      expect(changed).not.toBe(exported);
      const dry = await post(services, catalogueImportAction, '/admin/catalogue/import', { intent: 'dry-run', csv: new File([changed], 'prices.csv') });
      expect(dry.body).toMatchObject({ ok: true, step: 'dry-run', payload: expect.any(String) });

      const tampered = await post(services, catalogueImportAction, '/admin/catalogue/import', { intent: 'apply', payload: altered(dry.body.payload!, '6.75', '0.01'), digest: dry.body.digest });
      expect(tampered).toMatchObject({ status: 400, body: { ok: false, message: NOT_THE_CHECKED_FILE } });
      const unsealed = await post(services, catalogueImportAction, '/admin/catalogue/import', { intent: 'apply', payload: dry.body.payload!, digest: '' });
      expect(unsealed).toMatchObject({ status: 400, body: { ok: false, message: NOT_THE_CHECKED_FILE } });
      expect(await pricePence()).toBe(500);

      // Checked on a price list's page, the same kind of file is not the catalogue's to apply.
      const listId = await services.priceLists.create(1, 'Trade');
      const priceList = await post(services, priceListAction, `/admin/price-lists/${listId}`, { intent: 'dry-run', csv: new File(['product_code,size1,pack_quantity,price_ex_vat,category,percent_off\nP000001,A4,10,4.00,,\n'], 'trade.csv') }, { priceListId: String(listId) });
      expect(priceList.body).toMatchObject({ ok: true, step: 'dry-run', payload: expect.any(String) });
      const mixedUp = await post(services, catalogueImportAction, '/admin/catalogue/import', { intent: 'apply', payload: priceList.body.payload!, digest: priceList.body.digest });
      expect(mixedUp).toMatchObject({ status: 400, body: { ok: false, message: NOT_THE_CHECKED_FILE } });

      const applied = await post(services, catalogueImportAction, '/admin/catalogue/import', { intent: 'apply', payload: dry.body.payload!, digest: dry.body.digest });
      expect(applied.body).toMatchObject({ ok: true, step: 'applied' });
      expect(await pricePence()).toBe(675);
    });

    it("a price list's import refuses a carried file changed after its dry run, and one checked for another list", async () => {
      const listId = await services.priceLists.create(1, 'Builders');
      const otherId = await services.priceLists.create(1, 'Schools');
      const file = new File(['product_code,size1,pack_quantity,price_ex_vat,category,percent_off\nP000001,A4,10,4.00,,\n'], 'builders.csv');
      const dry = await post(services, priceListAction, `/admin/price-lists/${listId}`, { intent: 'dry-run', csv: file }, { priceListId: String(listId) });
      expect(dry.body).toMatchObject({ ok: true, step: 'dry-run', payload: expect.any(String) });
      const entries = async (id: number) => (await services.priceLists.detail(id)).entries.map((e) => e.ruleText);

      const tampered = await post(services, priceListAction, `/admin/price-lists/${listId}`, { intent: 'apply', payload: altered(dry.body.payload!, '4.00', '0.01'), digest: dry.body.digest }, { priceListId: String(listId) });
      expect(tampered).toMatchObject({ status: 400, body: { ok: false, intent: 'apply', message: NOT_THE_CHECKED_FILE } });
      const otherList = await post(services, priceListAction, `/admin/price-lists/${otherId}`, { intent: 'apply', payload: dry.body.payload!, digest: dry.body.digest }, { priceListId: String(otherId) });
      expect(otherList).toMatchObject({ status: 400, body: { ok: false, message: NOT_THE_CHECKED_FILE } });
      expect([await entries(listId), await entries(otherId)]).toEqual([[], []]);

      const applied = await post(services, priceListAction, `/admin/price-lists/${listId}`, { intent: 'apply', payload: dry.body.payload!, digest: dry.body.digest }, { priceListId: String(listId) });
      expect(applied.body).toMatchObject({ ok: true, step: 'applied' });
      expect(await entries(listId)).toHaveLength(1);
    });

    it('the bank statement import refuses a carried statement changed after its check, recording nothing', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const lines = [{ productName: 'Box', size1: 'S', pricePence: 5000, qty: 10, count: 1 }]; // £60.00 due
      const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', paidPence: 0, lines, created: new Date('2025-01-02T10:00:00Z') });
      await database.db.execute(sql`UPDATE orders SET payment_reference = 'BXW-7KQ4MC' WHERE order_id = ${orderId}`);
      const paid = async () => Number((await queryRows<{ paid_pence: number }>(database.db, sql`SELECT paid_pence FROM orders WHERE order_id = ${orderId}`))[0]!.paid_pence);
      const dry = await post(services, statementAction, '/admin/bank-statements', { intent: 'dry-run', csv: new File(['Date,Description,Amount\n05/01/2025,A WALKER BXW-7KQ4MC,60.00\n'], 'january.csv') });
      expect(dry.body).toMatchObject({ ok: true, step: 'dry-run', payload: expect.any(String) });

      const tampered = await post(services, statementAction, '/admin/bank-statements', { intent: 'apply', payload: altered(dry.body.payload!, '60.00', '6000.00'), digest: dry.body.digest });
      expect(tampered).toMatchObject({ status: 400, body: { ok: false, message: NOT_THE_CHECKED_FILE } });
      expect(await paid()).toBe(0);

      const applied = await post(services, statementAction, '/admin/bank-statements', { intent: 'apply', payload: dry.body.payload!, digest: dry.body.digest });
      expect(applied.body).toMatchObject({ ok: true, step: 'applied' });
      expect(await paid()).toBe(60_00);
    });
  });
}
