/**
 * Two server processes on one PostgreSQL: a price changed through one
 * (the back office's product editor, or a CSV import) is what the other serves next, though
 * it had the product cached, because every catalogue write NOTIFYs `catalogue_changed` and
 * each process clears its caches on it. Also: an uploaded image is served by the other
 * process (it lives in the database) with immutable caching.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '@shop/db';
import { demoCatalogue, insertCatalogue } from '@shop/db/seed';
import type { ProductDto } from '@shop/contract';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { until } from '../testing/until.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('catalogue changes across two processes on one PostgreSQL', () => {
  const name = `shop_test_two_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  let one: App;
  let two: App;
  let staffId: number;

  async function productVia(app: App, id: number): Promise<ProductDto> {
    const response = await app.inject({ method: 'GET', url: `/api/products/GetById/${id}` });
    expect(response.statusCode).toBe(200);
    return response.json() as ProductDto;
  }

  /** The NOTIFY of a change travels after its commit: the other process serves it after at most a short wait. */
  const PROPAGATION_LIMIT_MS = 3_000;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const config = loadConfig({ DATA_DIR: '/tmp/shop-test-data', LOG_LEVEL: 'silent', DATABASE_URL: url.toString() });
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 4 }));
    await insertCatalogue(handles[0]!.db, demoCatalogue());
    one = await buildApp({ config, database: handles[0]!, logger: false });
    two = await buildApp({ config, database: handles[1]!, logger: false });
    await one.ready();
    await two.ready();
    const [row] = await queryRows<{ staff_id: number }>(handles[0]!.db, sql`INSERT INTO staff (email, name, role) VALUES ('two@example.com', 'Two', 'manager') RETURNING staff_id`);
    staffId = Number(row!.staff_id);
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    for (const handle of handles) await handle.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });

  it('a price saved through one process is served by the other on its next read, though it had the product cached', async () => {
    const product = await one.services.catalogueAdmin.products.product(1);
    const before = await productVia(two, 1); // now cached in process two
    const pack = product.sizes[0]!.packs[0]!;
    expect(before.product_Sizes[0]!.packs[0]!.price).toBe(pack.pricePence / 100);
    const edited = structuredClone(product);
    edited.sizes[0]!.packs[0]!.pricePence = pack.pricePence + 123;
    await one.services.catalogueAdmin.products.update(staffId, 1, product.version, edited);
    const after = await until(async () => {
      const served = await productVia(two, 1);
      return served.product_Sizes[0]!.packs[0]!.price === (pack.pricePence + 123) / 100 && served;
    }, PROPAGATION_LIMIT_MS, 'process two to serve the new price');
    expect(after.product_Sizes[0]!.packs[0]!.price).toBe((pack.pricePence + 123) / 100);
  });

  it('a CSV import applied through one process is served by the other, and withdrawing hides the product there', async () => {
    const csv = one.services.catalogueAdmin.csv;
    let file = '';
    for await (const piece of csv.export()) file += piece;
    const lines = file.split('\n');
    const header = lines[0]!.replace(/^\uFEFF/, '').split(',');
    const priceAt = header.indexOf('price_ex_vat');
    // P000002's rows: plain cells except the description; change every pack's price by the last cell index from the end.
    const rows = lines.filter((line) => line.startsWith('P000002,'));
    expect(rows.length).toBeGreaterThan(0);
    await productVia(two, 2);
    const fromEnd = header.length - priceAt;
    const changed = rows.map((line) => {
      const cells = line.split(',');
      cells[cells.length - fromEnd] = '99.99';
      return cells.join(',');
    });
    const report = await csv.apply(new TextEncoder().encode([lines[0], ...changed, ''].join('\n')), staffId);
    expect(report.errorCount).toBe(0);
    const after = await until(async () => {
      const served = await productVia(two, 2);
      return served.product_Sizes.every((s) => s.packs.every((k) => k.price === 99.99)) && served;
    }, PROPAGATION_LIMIT_MS, 'process two to serve the imported prices');
    expect(after.product_Sizes.flatMap((s) => s.packs.map((k) => k.price)).every((price) => price === 99.99)).toBe(true);

    const current = await one.services.catalogueAdmin.products.product(2);
    await one.services.catalogueAdmin.products.setOnSale(2, current.version, false);
    const status = await until(async () => {
      const code = (await two.inject({ method: 'GET', url: '/api/products/GetById/2' })).statusCode;
      return code === 404 && code;
    }, PROPAGATION_LIMIT_MS, 'process two to hide the withdrawn product');
    expect(status).toBe(404);
  });

  it('an image uploaded through one process is served by the other, immutable', async () => {
    const bytes = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#336699' } }).png().toBuffer();
    const stored = await one.services.catalogueAdmin.images.upload(bytes, staffId);
    const response = await two.inject({ method: 'GET', url: stored.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(640);
    expect((await two.inject({ method: 'GET', url: `/media/images/${stored.sha256}/1280.webp` })).statusCode).toBe(200);
    expect((await two.inject({ method: 'GET', url: `/media/images/${stored.sha256}/999.webp` })).statusCode).toBe(404);
    expect((await two.inject({ method: 'GET', url: `/media/images/${'0'.repeat(64)}/640.webp` })).statusCode).toBe(404);
    // The demo illustrations are still served beside them.
    expect((await two.inject({ method: 'GET', url: '/media/products/box-kraft.svg' })).statusCode).toBe(200);
  });
});
