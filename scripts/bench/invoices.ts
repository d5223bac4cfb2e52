/**
 * VAT invoice PDFs on PostgreSQL: orders paid in full, with 1-12 lines each,
 * in a scratch database; each invoice is asked for once (issue: lock the counter, number,
 * insert, read the order and its lines, render the PDF) and once more (already issued: read and
 * render). Sequential, as a customer or a member of staff downloads one; the time is the whole
 * DocumentService call, from the database read to the PDF's last byte.
 *
 *   BENCH_INVOICES=300   invoices (orders) measured
 */
import { performance } from 'node:perf_hooks';
import { DocumentService, OrderRepository, demoShopConfig } from '@shop/core';
import { openDatabase } from '@shop/db';
import { insertFixtureCustomer, insertFixtureOrder, type FixtureLine } from '../../packages/core/src/documents/document-fixtures.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { percentile } from './percentile.ts';

export interface InvoiceBenchResult {
  invoices: number;
  issue: { p50: number; p95: number; max: number };
  again: { p50: number; p95: number; max: number };
  bytes: number;
}

const products = ['Cardboard Box', 'Mailing Bag Grey', 'Bubble Wrap', 'Brown Packing Tape', 'Padded Envelope', 'Pallet Wrap', 'Void Fill Chips', 'Kraft Tube'];

function linesFor(n: number): FixtureLine[] {
  const count = 1 + (n % 12);
  return Array.from({ length: count }, (_, i) => ({
    productName: `${products[(n + i) % products.length]} ${i % 2 ? '12x9x6' : 'Heavy Duty'}`,
    size1: i % 2 ? '12x9x6"' : `${100 + i * 50}mm`,
    pricePence: 499 + ((n * 37 + i * 101) % 9000),
    qty: [10, 25, 50, 100][i % 4]!,
    count: 1 + ((n + i) % 20),
  }));
}

function percentiles(timings: number[]): { p50: number; p95: number; max: number } {
  return { p50: percentile(timings, 0.5), p95: percentile(timings, 0.95), max: Math.max(...timings) };
}

export async function measureInvoicePdfs(postgresUrl: string, invoices = Number(process.env.BENCH_INVOICES ?? 300)): Promise<InvoiceBenchResult> {
  const scratch = await createScratchDatabase(postgresUrl, 'shop_bench_invoices');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    const customers: number[] = [];
    for (let i = 0; i < 20; i++) {
      customers.push(await insertFixtureCustomer(database.db, { companyName: i % 2 ? `Bench Trading ${i} Ltd` : null, vatNumber: i % 3 ? null : `GB${String(100000000 + i)}` }));
    }
    const orderIds: number[] = [];
    for (let n = 0; n < invoices + 10; n++) {
      const { orderId } = await insertFixtureOrder(database.db, { userId: customers[n % customers.length]!, lines: linesFor(n), deliveryFeePence: n % 3 ? 0 : 499, note: n % 4 ? '' : 'Leave at reception' });
      orderIds.push(orderId);
    }
    const documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'http://localhost:3000' });
    // Warm up: the fonts' metrics, the connection pool, the query plans.
    for (const orderId of orderIds.slice(0, 10)) await documents.staffInvoicePdf(orderId);

    const issue: number[] = [];
    const again: number[] = [];
    let bytes = 0;
    for (const orderId of orderIds.slice(10)) {
      const t0 = performance.now();
      const file = await documents.staffInvoicePdf(orderId);
      issue.push(performance.now() - t0);
      bytes += file.content.byteLength;
    }
    // Again, as the customer (the order read checks the owner): already issued, read and render only.
    for (let n = 10; n < orderIds.length; n++) {
      const t0 = performance.now();
      await documents.customerInvoicePdf(customers[n % customers.length]!, orderIds[n]!);
      again.push(performance.now() - t0);
    }
    return { invoices, issue: percentiles(issue), again: percentiles(again), bytes: Math.round(bytes / invoices) };
  } finally {
    await database.close();
    await scratch.drop();
  }
}
