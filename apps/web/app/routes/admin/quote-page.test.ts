/**
 * The back office's quote page over real core services (PGlite), as a manager prices a request:
 * a charge such as print plates is chosen as "a charge (no product, no stock)" and saved as one;
 * printed goods are suggested as made to order, and saving them without a dispatch date or lead
 * time is refused beside the field; with a lead time the page shows the promise the customer
 * will read; a lead time and a date together are refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, quoteDispatchMessages, type CoreServices } from '@shop/core';
import { action as quoteAction, loader as quoteLoader } from './quote';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
let pack: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite', { demoCatalogue: true }));
  services = createCoreServices(database, { shop: demoShopConfig, publicBaseUrl: 'https://shop.example' });
  await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'mandy@example.com', 'Mandy Manager', 'manager')`);
  const [row] = await queryRows<{ product_price_id: number }>(database.db, sql`SELECT product_price_id FROM product_prices ORDER BY product_price_id LIMIT 1`);
  pack = Number(row!.product_price_id);
}, 60_000);
afterAll(async () => drop?.());

const manager = { staff: { staffId: 1, email: 'mandy@example.com', name: 'Mandy Manager', role: 'manager', totpEnabled: false }, awaitingSecondFactor: false };
const context = () => ({ services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(manager)]]) });

type Page = { quote: Awaited<ReturnType<CoreServices['quotes']['forStaff']>>; lines: { productPriceId: string; isCustom: boolean }[]; chargeChoice: string };
async function load(quoteId: number): Promise<Page> {
  return ((await quoteLoader({ request: new Request(`http://shop.test/admin/quotes/${quoteId}`), context: context(), params: { quoteId: String(quoteId) } } as never)) as unknown as { data: Page }).data;
}
async function post(quoteId: number, fields: Record<string, string>) {
  const request = new Request(`http://shop.test/admin/quotes/${quoteId}`, { method: 'POST', body: new URLSearchParams(fields) });
  return (await quoteAction({ request, context: context(), params: { quoteId: String(quoteId) } } as never).catch((thrown: unknown) => thrown)) as
    | Response
    | { data: { message: string; fields: Record<string, string> }; init: { status: number } };
}

async function printedRequest(): Promise<number> {
  const { userId } = await services.accounts.signUp({ first_name: 'Ria', last_name: 'Shah', email: `ria-${Math.random()}@example.com`, password: 'correct horse', phone: '0113 496 0123' });
  const { quoteId } = await services.quotes.request(userId, {
    items: [{ productPriceId: pack, quantity: 1000, printed: true, custom: false, customSize: '', printColours: '1 colour', notes: '' }],
    neededBy: null,
    note: '',
    artwork: null,
  });
  return quoteId;
}

describe('pricing a quote on the back office page', () => {
  it('printed goods are suggested as made to order; without a dispatch promise they are refused beside the lead time; with 10 working days they are saved, with print plates as a charge', async () => {
    const quoteId = await printedRequest();
    const page = await load(quoteId);
    expect(page.lines).toMatchObject([{ productPriceId: String(pack), isCustom: true }]);
    const base = {
      intent: 'price',
      version: String(page.quote.version),
      'lines[0].productPriceId': String(pack),
      'lines[0].description': 'Printed box, 1 colour',
      'lines[0].quantity': '1000',
      'lines[0].unitPrice': '0.50',
      'lines[0].isCustom': 'on',
      'lines[1].productPriceId': page.chargeChoice,
      'lines[1].description': 'Print plates',
      'lines[1].quantity': '1',
      'lines[1].unitPrice': '120.00',
      deliveryCharge: '0',
    };
    const refused = await post(quoteId, base);
    expect('init' in refused && refused.init.status).toBe(400);
    expect('data' in refused && refused.data.fields.leadTimeDays).toBe(quoteDispatchMessages.needed);

    const both = await post(quoteId, { ...base, leadTimeDays: '10', dispatchBy: '2099-01-15' });
    expect('data' in both && both.data.fields.dispatchBy).toBe(quoteDispatchMessages.one);

    const saved = await post(quoteId, { ...base, leadTimeDays: '10' });
    expect((saved as Response).status).toBe(302);
    const after = await load(quoteId);
    expect(after.quote.dispatchText).toBe('Dispatch within 10 working days of your order');
    expect(after.quote.lines.map((l) => [l.kind, l.productPriceId, l.description, l.totalPence])).toEqual([
      ['goods', pack, 'Printed box, 1 colour', 500_00],
      ['charge', null, 'Print plates', 120_00],
    ]);
    // Shown again as the page's choice for a charge.
    expect(after.lines.map((l) => l.productPriceId)).toEqual([String(pack), page.chargeChoice]);
  });
});
