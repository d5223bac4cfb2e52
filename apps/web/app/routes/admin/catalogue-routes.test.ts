/**
 * The catalogue back office's routes over real core services (PGlite), the staff session stubbed as staff-session.server.ts memoises
 * it: without a session every loader and action sends to sign-in; the warehouse is refused
 * (403) and changes nothing; a manager creates a category and a product with two sizes and
 * three packs and an image (a PNG named .jpg), is refused an SVG named .png, is told when
 * someone else saved first, and imports a CSV (dry run, then apply); the export streams.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, pgliteOnly } from '@shop/db/testing';
import { insertCatalogue } from '@shop/db/seed';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { action as catalogueAction, loader as catalogueLoader } from './catalogue';
import { action as categoryAction, loader as categoryLoader } from './catalogue-category';
import { action as productAction, loader as productLoader } from './catalogue-product';
import { action as importAction, loader as importLoader } from './catalogue-import';
import { loader as exportLoader } from './catalogue-export-csv';
import { action as importReportAction } from './catalogue-import-report-csv';

type Role = 'owner' | 'manager' | 'warehouse';
type Handler = (args: never) => unknown;

interface Answer {
  status: number;
  location: string | null;
  body: unknown;
  response: Response | null;
}

async function call(
  handler: Handler,
  services: CoreServices,
  url: string,
  role: Role | null,
  options: { params?: Record<string, string>; form?: Record<string, string | File> } = {},
): Promise<Answer> {
  const session = role === null ? null : { staff: { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  let request: Request;
  if (options.form) {
    const body = new FormData();
    for (const [name, value] of Object.entries(options.form)) body.append(name, value);
    request = new Request(`http://shop.test${url}`, { method: 'POST', body });
  } else request = new Request(`http://shop.test${url}`);
  let result: unknown;
  try {
    result = await handler({ request, context, params: options.params ?? {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location'), body: null, response: result };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data, response: null };
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result, response: null };
}

for (const kind of pgliteOnly()) {
  describe(`catalogue back office routes [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let categoryId: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, { shop: demoShopConfig });
      await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'staff@example.com', 'Sam Staff', 'manager')`);
      await insertCatalogue(database.db, [
        {
          name: 'Boxes',
          slug: 'boxes',
          description: '',
          imageUrl: '',
          products: [{ key: 'b', name: 'Plain box', description: '', imageUrl: '', sizes: [{ size1: 'A4', size2: '', packs: [{ pricePence: 500, packRange: [10] }] }] }],
        },
      ]);
      categoryId = (await services.catalogueAdmin.categories.tree())[0]!.categoryId;
    });
    afterAll(async () => drop?.());

    const pages = (): [string, Handler, string, Record<string, string>?][] => [
      ['catalogue', catalogueLoader, '/admin/catalogue?q=box'],
      ['category', categoryLoader, `/admin/catalogue/categories/${categoryId}`, { categoryId: String(categoryId) }],
      ['product', productLoader, '/admin/catalogue/products/1', { productId: '1' }],
      ['new product', productLoader, '/admin/catalogue/products/new', { productId: 'new' }],
      ['import', importLoader, '/admin/catalogue/import'],
      ['export.csv', exportLoader, '/admin/catalogue/export.csv'],
    ];
    const actions = (): [string, Handler, string, Record<string, string>, Record<string, string>?][] => [
      ['create category', catalogueAction, '/admin/catalogue', { intent: 'create-category', name: 'Sneaky' }],
      ['reorder', catalogueAction, '/admin/catalogue', { intent: 'reorder', categoryId: String(categoryId), direction: 'down' }],
      ['save category', categoryAction, `/admin/catalogue/categories/${categoryId}`, { name: 'Renamed', version: '1' }, { categoryId: String(categoryId) }],
      ['delete category', categoryAction, `/admin/catalogue/categories/${categoryId}`, { intent: 'delete', version: '1' }, { categoryId: String(categoryId) }],
      ['withdraw', productAction, '/admin/catalogue/products/1', { intent: 'withdraw', version: '1' }, { productId: '1' }],
      ['delete product', productAction, '/admin/catalogue/products/1', { intent: 'delete', version: '1' }, { productId: '1' }],
      ['new product', productAction, '/admin/catalogue/products/new', { productCode: 'SNEAK', name: 'Sneak', categoryId: String(categoryId) }, { productId: 'new' }],
      ['import', importAction, '/admin/catalogue/import', { intent: 'apply', payload: '', digest: '' }],
    ];

    async function unchanged() {
      const product = await services.catalogueAdmin.products.product(1);
      expect(product.onSale).toBe(true);
      expect(product.version).toBe(1);
      expect((await services.catalogueAdmin.categories.tree()).map((c) => c.name)).toEqual(['Boxes']);
    }

    it('sends a visitor without a staff session to sign-in (coming back after), for every page and form', async () => {
      for (const [name, handler, url, params] of pages()) {
        const answer = await call(handler, services, url, null, { params });
        expect(answer.status, name).toBe(302);
        expect(answer.location, name).toBe(`/admin/signin?return=${encodeURIComponent(url)}`);
      }
      for (const [name, handler, url, form, params] of actions()) {
        const answer = await call(handler, services, url, null, { params, form });
        expect(answer.status, name).toBe(302);
        expect(answer.location, name).toMatch(/^\/admin\/signin\?return=/);
      }
      await unchanged();
    });

    it('refuses the warehouse every catalogue page and form (403), changing nothing', async () => {
      for (const [name, handler, url, params] of pages()) expect((await call(handler, services, url, 'warehouse', { params })).status, name).toBe(403);
      for (const [name, handler, url, form, params] of actions()) expect((await call(handler, services, url, 'warehouse', { params, form })).status, name).toBe(403);
      await unchanged();
    });

    it('lets a manager create a category and a product with two sizes, three packs and an image (a PNG named .jpg)', async () => {
      const created = await call(catalogueAction, services, '/admin/catalogue', 'manager', { form: { intent: 'create-category', name: 'Mailing bags', parentId: String(categoryId) } });
      expect(created.status).toBe(302);
      const newId = Number(/categories\/(\d+)/.exec(created.location!)![1]);
      const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#aa7744' } }).png().toBuffer();
      const answer = await call(productAction, services, '/admin/catalogue/products/new', 'manager', {
        params: { productId: 'new' },
        form: {
          productCode: 'MB-100',
          name: 'Grey mailing bag',
          categoryId: String(newId),
          description: 'Tough, opaque, self-seal.',
          onSale: 'on',
          isNew: 'on',
          image: new File([png], 'photo.jpg', { type: 'image/jpeg' }),
          'size.0.size1': '10x14"',
          'size.0.size2': '250x350mm',
          'pack.0.0.qty': '100',
          'pack.0.0.price': '8.40',
          'pack.0.1.qty': '500',
          'pack.0.1.price': '36.00',
          'size.1.size1': '12x16"',
          'size.1.size2': '305x406mm',
          'pack.1.0.qty': '100',
          'pack.1.0.price': '10.20',
          'size.2.size1': '',
          'pack.2.0.qty': '',
          'pack.2.0.price': '',
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(302);
      const productId = Number(/products\/(\d+)/.exec(answer.location!)![1]);
      const page = (await call(productLoader, services, `/admin/catalogue/products/${productId}`, 'manager', { params: { productId: String(productId) } })).body as {
        product: { imageUrl: string; sizes: { size1: string; packs: { pricePence: number }[] }[]; priceHistory: unknown[]; isNew: boolean };
      };
      expect(page.product.sizes.map((s) => [s.size1, s.packs.map((p) => p.pricePence)])).toEqual([
        ['10x14"', [840, 3600]],
        ['12x16"', [1020]],
      ]);
      expect(page.product.imageUrl).toMatch(/^\/media\/images\/[0-9a-f]{64}\/640\.webp$/);
      expect(page.product.priceHistory).toHaveLength(3);
      expect(page.product.isNew).toBe(true);
    });

    it('refuses an SVG named .png and a bad price with messages beside the fields, keeping what was typed', async () => {
      const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'logo.png', { type: 'image/png' });
      const refused = await call(productAction, services, '/admin/catalogue/products/new', 'manager', {
        params: { productId: 'new' },
        form: { productCode: 'SVG-1', name: 'Svg', categoryId: String(categoryId), image: svg, 'size.0.size1': 'A4', 'pack.0.0.qty': '5', 'pack.0.0.price': '1.00' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ fields: { image: expect.stringContaining('SVG') }, values: { productCode: 'SVG-1' } });
      const badPrice = await call(productAction, services, '/admin/catalogue/products/new', 'manager', {
        params: { productId: 'new' },
        form: { productCode: 'BP-1', name: 'Bad price', categoryId: String(categoryId), 'size.0.size1': 'A4', 'pack.0.0.qty': '5', 'pack.0.0.price': '-2' },
      });
      expect(badPrice.status).toBe(400);
      expect(badPrice.body).toMatchObject({ fields: { 'pack.0.0.price': 'A price must be more than £0.00.' }, values: { 'pack.0.0.price': '-2' } });
      expect((await services.catalogueAdmin.products.list({ query: 'SVG-1' })).total).toBe(0);
    });

    it('keeps each size\'s unit cost typed in pounds (empty: not known), refusing one of three decimals beside its size', async () => {
      const form = (cost: string) => ({
        productCode: 'UC-1',
        name: 'Costed bag',
        categoryId: String(categoryId),
        'size.0.size1': 'A4',
        'size.0.unitCost': cost,
        'pack.0.0.qty': '50',
        'pack.0.0.price': '5.00',
        'size.1.size1': 'A3',
        'size.1.unitCost': '',
        'pack.1.0.qty': '50',
        'pack.1.0.price': '7.00',
      });
      const refused = await call(productAction, services, '/admin/catalogue/products/new', 'manager', { params: { productId: 'new' }, form: form('0.035') });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ fields: { 'size.0.unitCost': expect.stringContaining('not a unit cost') }, values: { 'size.0.unitCost': '0.035' } });
      const saved = await call(productAction, services, '/admin/catalogue/products/new', 'manager', { params: { productId: 'new' }, form: form('£0.04') });
      expect(saved.status, JSON.stringify(saved.body)).toBe(302);
      const productId = Number(/products\/(\d+)/.exec(saved.location!)![1]);
      const page = (await call(productLoader, services, `/admin/catalogue/products/${productId}`, 'manager', { params: { productId: String(productId) } })).body as {
        product: { sizes: { size1: string; unitCostPence: number | null }[] };
      };
      expect(page.product.sizes.map((s) => [s.size1, s.unitCostPence])).toEqual([
        ['A4', 4],
        ['A3', null],
      ]);
    });

    it('refuses a bad low-stock threshold beside its size, keeping every size\'s figure and shelf as typed', async () => {
      const refused = await call(productAction, services, '/admin/catalogue/products/1', 'manager', {
        params: { productId: '1' },
        form: { intent: 'stock', 'threshold.s1': 'lots', 'location.s1': 'Bay 4', expectedDate: '' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ intent: 'stock', fields: { 'threshold.s1': expect.any(String) }, values: { 'threshold.s1': 'lots', 'location.s1': 'Bay 4' } });
    });

    it('tells the second of two managers saving one product that it changed (409), keeping the first save', async () => {
      const form = (price: string) => ({
        version: '1',
        productCode: 'P000001',
        name: 'Plain box',
        categoryId: String(categoryId),
        onSale: 'on',
        'size.0.id': '1',
        'size.0.size1': 'A4',
        'size.0.size2': '',
        'pack.0.0.id': '1',
        'pack.0.0.qty': '10',
        'pack.0.0.price': price,
      });
      expect((await call(productAction, services, '/admin/catalogue/products/1', 'manager', { params: { productId: '1' }, form: form('5.50') })).status).toBe(302);
      const second = await call(productAction, services, '/admin/catalogue/products/1', 'owner', { params: { productId: '1' }, form: form('4.00') });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ message: expect.stringContaining('Someone else changed this') });
      expect((await services.catalogueAdmin.products.product(1)).sizes[0]!.packs[0]!.pricePence).toBe(550);
    });

    it('asks before deleting a product (the page shows the question), and deletes it only once confirmed', async () => {
      const code = `DEL${Date.now()}`;
      const created = await call(productAction, services, '/admin/catalogue/products/new', 'manager', {
        params: { productId: 'new' },
        form: { productCode: code, name: 'Doomed box', categoryId: String(categoryId), 'size.0.size1': 'A5', 'pack.0.0.qty': '10', 'pack.0.0.price': '3.00' },
      });
      const id = /products\/(\d+)/.exec(created.location ?? '')![1]!;
      const unconfirmed = await call(productAction, services, `/admin/catalogue/products/${id}`, 'manager', { params: { productId: id }, form: { intent: 'delete', version: '1' } });
      expect(unconfirmed.location, JSON.stringify([created.location, unconfirmed.location, unconfirmed.body])).toBe(`/admin/catalogue/products/${id}?confirm=delete`);
      expect((await services.catalogueAdmin.products.product(Number(id))).name).toBe('Doomed box');
      const page = await call(productLoader, services, `/admin/catalogue/products/${id}?confirm=delete`, 'manager', { params: { productId: id } });
      expect(page.body).toMatchObject({ confirmDelete: true });
      const confirmed = await call(productAction, services, `/admin/catalogue/products/${id}`, 'manager', { params: { productId: id }, form: { intent: 'delete', version: '1', confirmed: 'on' } });
      expect(confirmed.location, JSON.stringify(confirmed.body)).toBe('/admin/catalogue');
      await expect(services.catalogueAdmin.products.product(Number(id))).rejects.toMatchObject({ code: 'not_found' });
    });

    it('imports a CSV: the dry run shows the change and carries the file, applying it changes the price; the export streams the result', async () => {
      const exported = await call(exportLoader, services, '/admin/catalogue/export.csv', 'manager');
      expect(exported.response!.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const text = await exported.response!.text();
      const changed = text.replace(/^(P000001,.*),5\.50,/m, '$1,6.75,');
      expect(changed).not.toBe(text);
      const dry = await call(importAction, services, '/admin/catalogue/import', 'manager', {
        form: { intent: 'dry-run', csv: new File([changed], 'prices.csv', { type: 'text/csv' }) },
      });
      const report = dry.body as { step: string; payload: string; digest: string; report: { changes: { changes: string[] }[]; errorCount: number } };
      expect(report.step).toBe('dry-run');
      expect(report.report.changes.map((c) => c.changes)).toEqual([['A4 pack of 10: £5.50 -> £6.75']]);
      expect((await services.catalogueAdmin.products.product(1)).sizes[0]!.packs[0]!.pricePence).toBe(550);
      const applied = await call(importAction, services, '/admin/catalogue/import', 'manager', {
        form: { intent: 'apply', payload: report.payload, digest: report.digest },
      });
      expect(applied.body).toMatchObject({ step: 'applied', priceChanges: 1 });
      expect((await services.catalogueAdmin.products.product(1)).sizes[0]!.packs[0]!.pricePence).toBe(675);
      const bad = await call(importAction, services, '/admin/catalogue/import', 'manager', {
        form: { intent: 'dry-run', csv: new File([new Uint8Array([0xff, 0xfe, 0x41, 0x00])], 'utf16.csv') },
      });
      expect(bad.body).toMatchObject({ step: 'dry-run', payload: null, report: { errorCount: 1, errors: [{ message: expect.stringContaining('UTF-8') }] } });
    });

    it('a dry run of a large file lists the first 100 products of each list with the counts, on a page far smaller than the file, and downloads the full list', async () => {
      const header = 'product_code,name,category,size1,size2,pack_quantities,price_ex_vat,description';
      const description = 'Strong single wall cardboard box for posting and storage, made in the UK from recycled board. '.repeat(4);
      const lines = Array.from({ length: 3000 }, (_, i) => `BULK-${i},Bulk box ${i},Boxes,A${i % 9},,${10 + (i % 5)},${(1 + i / 100).toFixed(2)},"${description}"`);
      lines.push('BULK-X,,Boxes,A4,,10,1.00,');
      const file = `${header}\n${lines.join('\n')}\n`;
      const dry = await call(importAction, services, '/admin/catalogue/import', 'manager', { form: { intent: 'dry-run', csv: new File([file], 'bulk.csv', { type: 'text/csv' }) } });
      const answer = dry.body as { step: string; payload: string; digest: string; canApply: boolean; report: { adds: unknown[]; addCount: number; errors: unknown[]; errorCount: number } };
      expect(answer).toMatchObject({ step: 'dry-run', canApply: false, report: { addCount: 3000, errorCount: 1 } });
      expect(answer.report.adds).toHaveLength(100);
      // The page holds the carried file twice (the hidden field and the page's data): packed, both together stay under the file's own size.
      expect(answer.payload.length * 2).toBeLessThan(file.length / 4);
      const download = await call(importReportAction, services, '/admin/catalogue/import/report.csv', 'manager', { form: { payload: answer.payload, digest: answer.digest } });
      expect(download.response!.headers.get('content-disposition')).toBe('attachment; filename="bulk-dry-run.csv"');
      const lists = (await download.response!.text()).trim().split('\n');
      expect(lists).toHaveLength(1 + 1 + 3000);
      expect(lists[1]).toMatch(/^error,3002,name,,,Give a name\.$/);
      expect(lists.at(-1)).toMatch(/^add,3001,,BULK-2999,Bulk box 2999,1 size, 1 pack$|^add,3001,,BULK-2999,Bulk box 2999,"1 size, 1 pack"$/);
      const tampered = await call(importReportAction, services, '/admin/catalogue/import/report.csv', 'manager', { form: { payload: 'not a packed file', digest: answer.digest } });
      expect(tampered.response!.status).toBe(400);
      const warehouse = await call(importReportAction, services, '/admin/catalogue/import/report.csv', 'warehouse', { form: { payload: answer.payload, digest: answer.digest } });
      expect(warehouse.response!.status).toBe(403);
    });
  });
}
