/**
 * Returns and claims through core, on each database: a customer opens one within its window
 * (with photos checked as catalogue images are), someone else's order is not found, a closed
 * window is refused with the reason in words; staff approve, receive (stock told), refund (the
 * order's refund path, credit note and all) or send a replacement; each step is an audit entry
 * and an e-mail job. Then lines that cannot be supplied: totals recomputed, allocation released,
 * the excess paid owed back.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type CreditNoteLine, type DatabaseHandle, type Executor } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { OrderAdministration } from '../back-office/orders/order-administration.ts';
import { LineCancellation } from '../back-office/orders/line-cancellation.ts';
import { insertFixtureCustomer, insertFixtureOrder } from '../documents/document-fixtures.ts';
import { DomainError } from '../errors.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { cartPricingRules } from '../pricing/cart-totals.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import type { StaffMember } from '../staff/staff-roles.ts';
import type { StockMovements } from '../stock/stock-movements.ts';
import { PaymentProviderUnavailable, type PaymentRefunds } from '../payments/payment-verifier.ts';
import { imageJobsStarted } from '../catalogue-admin/catalogue-images.ts';
import { goodsBackByDefault, Returns } from './returns.ts';
import { returnNextStep, returnSettleable } from './return-states.ts';

const now = new Date('2026-11-27T10:00:00Z');

/** Records every call, as the stock helper's implementation would receive them. */
function recordingStock() {
  const calls: { method: string; args: unknown[] }[] = [];
  const stock: StockMovements = {
    async ship(_tx: Executor, ...args: unknown[]) {
      calls.push({ method: 'ship', args });
    },
    async release(_tx: Executor, ...args: unknown[]) {
      calls.push({ method: 'release', args });
    },
    async returned(_tx: Executor, ...args: unknown[]) {
      calls.push({ method: 'returned', args });
    },
    async sentAsReplacement(_tx: Executor, ...args: unknown[]) {
      calls.push({ method: 'sentAsReplacement', args });
    },
  } as StockMovements;
  return { stock, calls };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('whether the goods come back, by default, and what follows', () => {
  it('a damage, fault or short-delivery claim needs nothing back; unwanted goods come back', () => {
    expect(goodsBackByDefault('damaged')).toBe(false);
    expect(goodsBackByDefault('faulty')).toBe(false);
    expect(goodsBackByDefault('warranty')).toBe(false);
    expect(goodsBackByDefault('unwanted')).toBe(true);
  });
  it('approved without goods back goes straight to settling; with goods back it waits for them', () => {
    expect(returnNextStep({ state: 'approved', goodsBack: false })).toBe('Refund or send a replacement');
    expect(returnSettleable({ state: 'approved', goodsBack: false })).toBe(true);
    expect(returnNextStep({ state: 'approved', goodsBack: true })).toBe('Receive the goods');
    expect(returnSettleable({ state: 'approved', goodsBack: true })).toBe(false);
    expect(returnNextStep({ state: 'received', goodsBack: true })).toBe('Refund or send a replacement');
    expect(returnNextStep({ state: 'requested', goodsBack: null })).toBe('Approve or refuse');
    expect(returnNextStep({ state: 'refunded', goodsBack: false })).toBeNull();
  });
});

for (const kind of databaseKinds()) {
  describe(`returns and claims [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let returns: Returns;
    let admin: OrderAdministration;
    let manager: StaffMember;
    let sizeId: number;
    let priceId: number;
    const { stock, calls } = recordingStock();
    /** The card provider: answers each refund as `next` says. */
    let next: 'completed' | 'pending' = 'completed';
    const paypal: PaymentRefunds = {
      provider: 'paypal',
      captureIdOf: async () => 'CAPTURE-1',
      refund: async () => {
        if (next === 'pending') throw new PaymentProviderUnavailable('timeout');
        return { state: 'completed', refundId: `R-${Math.random().toString(36).slice(2, 8)}` };
      },
    };

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      const jobs = new JobQueue(database.db);
      admin = new OrderAdministration(database.db, { jobs, now: () => now, refunds: { paypal: paypal } });
      returns = new Returns(database.db, { jobs, now: () => now, stock, orderAdministration: admin });
      const [row] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('mona@example.com', 'Mona Manager', 'manager') RETURNING staff_id`);
      manager = { staffId: Number(row!.staff_id), email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
      const [category] = await queryRows<{ category_id: number }>(database.db, sql`INSERT INTO categories (name, slug) VALUES ('Boxes', 'boxes-returns') RETURNING category_id`);
      const [product] = await queryRows<{ product_id: number }>(database.db, sql`INSERT INTO products (name, category_id) VALUES ('Cardboard Box', ${category!.category_id}) RETURNING product_id`);
      const [size] = await queryRows<{ product_size_id: number }>(database.db, sql`INSERT INTO product_sizes (product_id, size1) VALUES (${product!.product_id}, '12x9x6"') RETURNING product_size_id`);
      sizeId = Number(size!.product_size_id);
      const [price] = await queryRows<{ product_price_id: number }>(
        database.db,
        sql`INSERT INTO product_prices (product_size_id, product_id, price_pence, pack_range) VALUES (${sizeId}, ${product!.product_id}, 2500, '{25}') RETURNING product_price_id`,
      );
      priceId = Number(price!.product_price_id);
    });
    afterAll(async () => drop?.());

    /** A bank-transfer order paid in full, delivered on `deliveredAt`, its lines of the real size. */
    async function deliveredOrder(deliveredAt: string) {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { userId, paymentMethod: 'bank', paidPence: 'total', status: 'Delivered', created: new Date(new Date(deliveredAt).getTime() - 2 * 86_400_000), dispatchedAt: new Date(deliveredAt) });
      await database.db.execute(sql`UPDATE orders SET delivered_at = ${deliveredAt}::timestamptz WHERE order_id = ${order.orderId}`);
      await database.db.execute(sql`UPDATE order_lines SET product_price_id = ${priceId} WHERE order_id = ${order.orderId}`);
      const lines = await queryRows<{ order_line_id: number; count: number }>(database.db, sql`SELECT order_line_id, count FROM order_lines WHERE order_id = ${order.orderId} ORDER BY order_line_id`);
      return { userId, ...order, lineIds: lines.map((l) => Number(l.order_line_id)) };
    }
    /** The order's VAT invoice, as its download would issue it. */
    const invoiced = (orderId: number) => database.db.execute(sql`INSERT INTO invoices (invoice_number, order_id, tax_point_date) VALUES (${800_000 + orderId}, ${orderId}, '2026-11-20')`);
    const creditNotesOf = (orderId: number) =>
      queryRows<{ reason: string; lines: CreditNoteLine[] }>(database.db, sql`SELECT reason, lines FROM credit_notes WHERE order_id = ${orderId} ORDER BY credit_note_number`);
    const jobsOf = (orderId: number) =>
      queryRows<{ dedupe_key: string; payload: { subject: string; lines: string[] } }>(database.db, sql`SELECT dedupe_key, payload FROM jobs WHERE kind = 'email.order-notice' AND payload->>'orderId' = ${String(orderId)} ORDER BY job_id`);
    const eventsOf = async (orderId: number) =>
      (await queryRows<{ kind: string; staff_id: number | null }>(database.db, sql`SELECT kind, staff_id FROM order_events WHERE order_id = ${orderId} ORDER BY order_event_id`)).map((e) => e.kind);

    it('a return of a test-payment order is refunded through the test provider, not PayPal; a bank order by hand', async () => {
      const order = await deliveredOrder('2026-11-20T11:00:00Z');
      const opened = await returns.open(order.userId, order.orderId, { reason: 'unwanted', description: 'Too many.', lines: [{ orderLineId: order.lineIds[0]!, count: 1 }], photos: [] });
      expect((await returns.detail(manager, opened.returnId)).order.refundProvider).toBeNull();
      await database.db.execute(sql`UPDATE orders SET payment_method = 'paypal', payment_is_test = true WHERE order_id = ${order.orderId}`);
      expect((await returns.detail(manager, opened.returnId)).order.refundProvider).toBe('test');
      await database.db.execute(sql`UPDATE orders SET payment_is_test = false WHERE order_id = ${order.orderId}`);
      expect((await returns.detail(manager, opened.returnId)).order.refundProvider).toBe('paypal');
    });

    it('a customer opens a return with a photo; staff approve, receive it back to stock and refund it with a credit of the order', async () => {
      const order = await deliveredOrder('2026-11-20T11:00:00Z');
      const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#884422' } }).jpeg().toBuffer();
      const opened = await returns.open(order.userId, order.orderId, {
        reason: 'unwanted',
        description: 'Ordered too many.',
        lines: [{ orderLineId: order.lineIds[0]!, count: 1 }],
        photos: [new Uint8Array(photo)],
      });
      expect(opened).toMatchObject({ state: 'requested', stateLabel: 'Requested', windowUntil: '2026-12-20', photoCount: 1 });
      expect((await returns.photo({ userId: order.userId }, opened.returnId, 1))?.contentType).toBe('image/webp');
      expect(await returns.photo({ userId: order.userId + 999 }, opened.returnId, 1)).toBeNull();
      expect((await returns.queue(manager)).map((r) => r.returnId)).toContain(opened.returnId);

      await returns.approve(manager, opened.returnId, opened.version, { goodsBack: true, instructions: 'Send to Unit 4, Leeds LS1 4AP, quoting return number.' });
      let seen = await returns.detail(manager, opened.returnId);
      await returns.receive(manager, opened.returnId, seen.version, { writtenOff: false });
      expect(calls.filter((c) => c.method === 'returned').at(-1)?.args).toEqual([
        { productSizeId: sizeId, units: 25, orderId: order.orderId, writtenOff: false, note: `Return ${opened.returnId}` },
        manager.staffId,
      ]);
      seen = await returns.detail(manager, opened.returnId);
      expect(seen.valuePence).toBe(3000); // one pack of 25.00 + 20% VAT
      await invoiced(order.orderId);
      await returns.settleByRecordedRefund(manager, opened.returnId, seen.version, { amountPence: 3000, receivedOn: '2026-11-27', bankReference: 'RET', orderVersion: seen.order.version });

      const [mine] = (await returns.forCustomer(order.userId, order.orderId)).returns;
      expect(mine!.state).toBe('refunded');
      expect(mine!.steps.map((s) => s.kind)).toEqual(['requested', 'approved', 'received', 'refunded']);
      expect(mine!.steps[1]!.text).toContain('Send to Unit 4');
      // Each step says when it happened.
      expect(mine!.steps.every((step) => /^\d{4}-\d\d-\d\dT/.test(step.at))).toBe(true);
      expect((await admin.detail(order.orderId, manager)).payment.refundedPence).toBe(3000);
      expect(await eventsOf(order.orderId)).toEqual(['return_requested', 'return_approved', 'return_received', 'return_refunded', 'refund_recorded']);
      // The credit note names the return and its reason, and lists the pack returned.
      expect(await creditNotesOf(order.orderId)).toEqual([
        { reason: `Return ${opened.returnId}: unwanted and unopened`, lines: [{ description: 'Cardboard Box 12x9x6', qty: 25, count: 1, unitNetPence: 2500, netPence: 2500, vatPence: 500 }] },
      ]);
      expect((await jobsOf(order.orderId)).map((j) => j.dedupe_key)).toEqual([
        `return-${opened.returnId}-requested`,
        `return-${opened.returnId}-approved`,
        `return-${opened.returnId}-received`,
        `return-${opened.returnId}-refunded`,
      ]);
    });

    it('someone else’s order is not found, and a closed window is refused with the reason in words', async () => {
      const order = await deliveredOrder('2026-11-20T11:00:00Z');
      const other = await insertFixtureCustomer(database.db);
      const input = { reason: 'damaged', description: 'Crushed.', lines: [{ orderLineId: order.lineIds[0]!, count: 1 }], photos: [] };
      expect((await refusal(returns.open(other, order.orderId, input))).code).toBe('not_found');
      await expect(returns.forCustomer(other, order.orderId)).rejects.toMatchObject({ code: 'not_found' });
      const closed = await refusal(returns.open(order.userId, order.orderId, input));
      expect(closed.message).toBe('Damage must be reported within 3 days of delivery; this order was delivered on 20 November 2026.');
      const windows = (await returns.forCustomer(order.userId, order.orderId)).windows;
      expect(windows.map((w) => [w.reason, w.open])).toEqual([['unwanted', true], ['damaged', false], ['faulty', true], ['warranty', true]]);
    });

    it('refuses more packs than the line has left, and a photo that is not an image', async () => {
      const order = await deliveredOrder('2026-11-25T11:00:00Z');
      const tooMany = await refusal(returns.open(order.userId, order.orderId, { reason: 'unwanted', description: 'x', lines: [{ orderLineId: order.lineIds[0]!, count: 3 }], photos: [] }));
      expect(tooMany.message).toMatch(/at most 2 packs/);
      const notImage = await refusal(
        returns.open(order.userId, order.orderId, { reason: 'unwanted', description: 'x', lines: [{ orderLineId: order.lineIds[0]!, count: 1 }], photos: [new TextEncoder().encode('hello')] }),
      );
      expect(notImage.message).toMatch(/^Photo 1: This file is not a JPEG, PNG or WebP image/);
    });

    it('a return of more packs than were bought, or with a window closed, is refused without reading or decoding its photos', async () => {
      // Delivered a week ago: unwanted goods may come back, damage can no longer be claimed.
      const order = await deliveredOrder('2026-11-20T11:00:00Z');
      const reads: number[] = [];
      // Three 10 MB phone photos as the page hands them over: still in their temporary files.
      const photos = [1, 2, 3].map((n) => ({ size: 9_800_000, read: async () => (reads.push(n), new Uint8Array(9_800_000)) }));
      const jobsBefore = imageJobsStarted();
      const tooMany = await refusal(returns.open(order.userId, order.orderId, { reason: 'unwanted', description: 'x', lines: [{ orderLineId: order.lineIds[0]!, count: 999 }], photos }));
      expect(tooMany.message).toMatch(/at most 2 packs/);
      const closed = await refusal(returns.open(order.userId, order.orderId, { reason: 'damaged', description: 'x', lines: [{ orderLineId: order.lineIds[0]!, count: 1 }], photos }));
      expect(closed.message).toMatch(/^Damage must be reported within 3 days of delivery/);
      const other = await insertFixtureCustomer(database.db);
      expect((await refusal(returns.open(other, order.orderId, { reason: 'unwanted', description: 'x', lines: [{ orderLineId: order.lineIds[0]!, count: 1 }], photos }))).code).toBe('not_found');
      expect(reads).toEqual([]);
      expect(imageJobsStarted()).toBe(jobsBefore);
      // A photo over 10 MB is refused by its size alone, before it is read.
      const huge = await refusal(
        returns.open(order.userId, order.orderId, { reason: 'unwanted', description: 'x', lines: [{ orderLineId: order.lineIds[0]!, count: 1 }], photos: [{ size: 30_000_000, read: async () => (reads.push(0), new Uint8Array(0)) }] }),
      );
      expect(huge.message).toBe('Photo 1: The image is 28.6 MB; the largest is 10 MB.');
      expect(reads).toEqual([]);
      expect(imageJobsStarted()).toBe(jobsBefore);
    });

    it('a damage claim that needs nothing back is settled by a replacement sent with the van', async () => {
      const order = await deliveredOrder('2026-11-26T11:00:00Z');
      const opened = await returns.open(order.userId, order.orderId, { reason: 'damaged', description: 'Two boxes crushed.', lines: [{ orderLineId: order.lineIds[0]!, count: 2 }], photos: [] });
      await returns.approve(manager, opened.returnId, opened.version, { goodsBack: false, instructions: 'Keep or recycle the damaged boxes.' });
      const seen = await returns.detail(manager, opened.returnId);
      await expect(returns.receive(manager, opened.returnId, seen.version, { writtenOff: true })).rejects.toMatchObject({ code: 'invalid_request' });
      await returns.settleByReplacement(manager, opened.returnId, seen.version, { carrier: 'Own van', trackingNumber: '' });
      expect(calls.filter((c) => c.method === 'sentAsReplacement').at(-1)?.args).toEqual([
        { productSizeId: sizeId, units: 50, orderId: order.orderId, note: `Replacement for return ${opened.returnId}` },
        manager.staffId,
      ]);
      const [mine] = (await returns.forCustomer(order.userId, order.orderId)).returns;
      expect(mine!.steps.at(-1)!.text).toBe('Replacement sent with our own van.');
      const mails = await jobsOf(order.orderId);
      expect(mails.at(-1)!.payload.lines.join(' ')).toContain('with our own van');
    });

    it('a card order is refunded through the provider; a refund the provider did not answer leaves the return open', async () => {
      const order = await deliveredOrder('2026-11-26T11:00:00Z');
      await database.db.execute(sql`UPDATE orders SET payment_method = 'paypal', payment_reference = ${`PAYPAL-${order.orderId}`} WHERE order_id = ${order.orderId}`);
      const opened = await returns.open(order.userId, order.orderId, { reason: 'damaged', description: 'Torn tape.', lines: [{ orderLineId: order.lineIds[1]!, count: 1 }], photos: [] });
      await returns.approve(manager, opened.returnId, opened.version, { goodsBack: false, instructions: 'No need to send it back.' });
      let seen = await returns.detail(manager, opened.returnId);
      next = 'pending';
      expect(await returns.settleByProviderRefund(manager, opened.returnId, seen.version, { amountPence: 1000, orderVersion: seen.order.version })).toBe('pending');
      expect((await returns.detail(manager, opened.returnId)).state).toBe('approved');
      // Staff retry on the order page; meanwhile a fresh refund of the return goes through.
      next = 'completed';
      seen = await returns.detail(manager, opened.returnId);
      await invoiced(order.orderId);
      expect(await returns.settleByProviderRefund(manager, opened.returnId, seen.version, { amountPence: 1000, orderVersion: seen.order.version })).toBe('completed');
      const [mine] = (await returns.forCustomer(order.userId, order.orderId)).returns;
      expect(mine!.steps.at(-1)!.text).toBe('Refunded £10.00.');
      // The pack returned (£74.99 ex-VAT) refunded at £10.00: its line, and a line for the part not refunded.
      const [note] = await creditNotesOf(order.orderId);
      expect(note!.reason).toMatch(new RegExp(`^Return ${opened.returnId}: `));
      expect(note!.lines.map((l) => [l.description, l.count, l.netPence])).toEqual([
        ['Brown Packing Tape 48mm x 66m', 1, 7499],
        ['Less: part of the goods above not refunded', null, 833 - 7499],
      ]);
    });

    it('what the customer is told follows what staff chose: no goods back says so in the e-mail and the steps, and nothing waits for goods', async () => {
      const order = await deliveredOrder('2026-11-26T11:00:00Z');
      const claim = await returns.open(order.userId, order.orderId, { reason: 'damaged', description: 'Crushed.', lines: [{ orderLineId: order.lineIds[0]!, count: 1 }], photos: [] });
      await returns.approve(manager, claim.returnId, claim.version, { goodsBack: false, instructions: 'Keep or recycle the crushed boxes; we will refund them.' });
      const unwanted = await returns.open(order.userId, order.orderId, { reason: 'unwanted', description: 'Too many.', lines: [{ orderLineId: order.lineIds[1]!, count: 1 }], photos: [] });
      await returns.approve(manager, unwanted.returnId, unwanted.version, { goodsBack: true, instructions: 'Send to Unit 4, Leeds LS1 4AP.' });

      const mails = await jobsOf(order.orderId);
      const approvedMail = (id: number) => mails.find((m) => m.dedupe_key === `return-${id}-approved`)!.payload.lines.join('\n');
      expect(approvedMail(claim.returnId)).toContain('You do not need to send anything back.');
      expect(approvedMail(claim.returnId)).not.toMatch(/send the goods back|as follows/i);
      expect(approvedMail(unwanted.returnId)).toContain('Please send the goods back as follows:\nSend to Unit 4, Leeds LS1 4AP.');
      expect(approvedMail(unwanted.returnId)).not.toMatch(/do not need to send/i);

      const mine = (await returns.forCustomer(order.userId, order.orderId)).returns;
      const step = (id: number) => mine.find((r) => r.returnId === id)!.steps.at(-1)!.text;
      expect(step(claim.returnId)).toBe('Approved; nothing needs to come back. Keep or recycle the crushed boxes; we will refund them.');
      expect(step(unwanted.returnId)).toBe('Approved. Please send the goods back: Send to Unit 4, Leeds LS1 4AP.');

      // The list of open returns: settle the claim, wait for the unwanted goods.
      const queue = await returns.queue(manager);
      expect(queue.find((r) => r.returnId === claim.returnId)?.nextStep).toBe('Refund or send a replacement');
      expect(queue.find((r) => r.returnId === unwanted.returnId)?.nextStep).toBe('Receive the goods');
      // No "goods received" step for the claim: it is settled as it stands.
      const seen = await returns.detail(manager, claim.returnId);
      expect((await refusal(returns.receive(manager, claim.returnId, seen.version, { writtenOff: true }))).message).toBe(
        'Goods can only be received on an approved return that asked for them back.',
      );
      await returns.settleByRecordedRefund(manager, claim.returnId, seen.version, { amountPence: 10_00, receivedOn: '2026-11-27', bankReference: 'CLAIM', orderVersion: seen.order.version });
      expect((await returns.detail(manager, claim.returnId)).state).toBe('refunded');
    });

    it('staff refuse a return with a reason the customer reads; a stale page is told it changed', async () => {
      const order = await deliveredOrder('2026-11-26T11:00:00Z');
      const opened = await returns.open(order.userId, order.orderId, { reason: 'unwanted', description: 'Not needed.', lines: [{ orderLineId: order.lineIds[1]!, count: 1 }], photos: [] });
      await returns.refuse(manager, opened.returnId, opened.version, 'The tape was opened.');
      expect((await refusal(returns.refuse(manager, opened.returnId, opened.version, 'again'))).code).toBe('conflict');
      const [mine] = (await returns.forCustomer(order.userId, order.orderId)).returns;
      expect(mine!.steps.at(-1)!.text).toBe('Refused: The tape was opened.');
      // Refused packs may be asked for again.
      expect((await returns.forCustomer(order.userId, order.orderId)).lines[1]!.returnableCount).toBe(1);
    });
  });

  describe(`lines that cannot be supplied [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let admin: OrderAdministration;
    let lineCancellation: LineCancellation;
    let manager: StaffMember;
    const { stock, calls } = recordingStock();

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      const jobs = new JobQueue(database.db);
      admin = new OrderAdministration(database.db, { jobs, now: () => now });
      lineCancellation = new LineCancellation(database.db, { jobs, rules: cartPricingRules(demoShopConfig), stock });
      const [row] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('mona@example.com', 'Mona Manager', 'manager') RETURNING staff_id`);
      manager = { staffId: Number(row!.staff_id), email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
    });
    afterAll(async () => drop?.());

    it('cancels packs of a paid order: totals recomputed, allocation released, the excess owed back and the customer told', async () => {
      const userId = await insertFixtureCustomer(database.db);
      // 2 x 25.00 + 1 x 74.99 + 3 x 18.99 = 181.95 ex VAT: free delivery.
      const order = await insertFixtureOrder(database.db, { userId, paymentMethod: 'paypal' });
      const lines = await queryRows<{ order_line_id: number }>(database.db, sql`SELECT order_line_id FROM order_lines WHERE order_id = ${order.orderId} ORDER BY order_line_id`);
      const [boxes, tape] = lines.map((l) => Number(l.order_line_id));
      const version = (await admin.detail(order.orderId, manager)).version;
      const { refundDuePence } = await lineCancellation.cancelLines(manager, order.orderId, version, [{ orderLineId: tape!, count: 1 }, { orderLineId: boxes!, count: 1 }], 'Out of stock at the supplier');
      // Left: 1 x 25.00 + 3 x 18.99 = 81.97, still over the free-delivery threshold: 98.36 with VAT.
      const after = await admin.detail(order.orderId, manager);
      expect(after.totals).toEqual({ subTotalPence: 8197, deliveryFeePence: 0, totalTaxPence: 1639, totalPence: 9836 });
      expect(after.lines.map((l) => [l.productName, l.count])).toEqual([['Cardboard Box 12x9x6', 1], ['Single Wall Cardboard Boxes', 3]]);
      expect(refundDuePence).toBe(order.totalPence - 9836);
      expect(after.payment.refundDuePence).toBe(order.totalPence - 9836);
      expect(after.payment.status).toBe('refund_due');
      expect(calls.at(-1)).toEqual({ method: 'release', args: [order.orderId, [{ orderLineId: tape, count: 1 }, { orderLineId: boxes, count: 1 }], manager.staffId] });
      expect(after.timeline.at(-1)).toMatchObject({ kind: 'lines_cancelled', by: 'Mona Manager' });
      const [mail] = await queryRows<{ payload: { lines: string[] } }>(database.db, sql`SELECT payload FROM jobs WHERE kind = 'email.order-notice' AND payload->>'orderId' = ${String(order.orderId)}`);
      expect(mail!.payload.lines.join(' ')).toContain('Brown Packing Tape 48mm x 66m: 1 pack cancelled.');
    });

    it('refuses to cancel every pack (cancel the order instead) or lines of a dispatched one; an invoiced order keeps its lines and gets a credit note', async () => {
      const userId = await insertFixtureCustomer(database.db);
      const order = await insertFixtureOrder(database.db, { userId, lines: [{ productName: 'Tape', size1: '', pricePence: 500, qty: 1, count: 2 }] });
      const [line] = await queryRows<{ order_line_id: number }>(database.db, sql`SELECT order_line_id FROM order_lines WHERE order_id = ${order.orderId}`);
      const version = (await admin.detail(order.orderId, manager)).version;
      expect((await refusal(lineCancellation.cancelLines(manager, order.orderId, version, [{ orderLineId: Number(line!.order_line_id), count: 2 }], 'None left'))).message).toBe(
        'That is every pack of the order: cancel the whole order instead.',
      );
      await database.db.execute(sql`INSERT INTO invoices (invoice_number, order_id, tax_point_date) VALUES (${900_000 + order.orderId}, ${order.orderId}, '2026-11-27')`);
      // Invoiced: the line keeps its 2 packs (the invoice states them), 1 is taken off and credited with its VAT.
      await lineCancellation.cancelLines(manager, order.orderId, version, [{ orderLineId: Number(line!.order_line_id), count: 1 }], 'None left');
      const after = await admin.detail(order.orderId, manager);
      expect(after.lines.map((l) => l.count)).toEqual([2]);
      expect(after.shipping.lines[0]).toMatchObject({ withdrawnPacks: 1, remainingPacks: 1 });
      expect(after.payment.creditedPence).toBe(600);
      // Paid in full (a card order): the credited packs' price is owed back.
      expect(after.payment).toMatchObject({ duePence: 0, refundDuePence: 600, status: 'refund_due' });
      const [note] = await queryRows<{ kind: string; total_pence: number }>(database.db, sql`SELECT kind, total_pence FROM credit_notes WHERE order_id = ${order.orderId}`);
      expect(note).toMatchObject({ kind: 'credit', total_pence: 600 });
      // Nothing has left, so the last pack is a cancellation of the whole order.
      expect((await refusal(lineCancellation.cancelLines(manager, order.orderId, after.version, [{ orderLineId: Number(line!.order_line_id), count: 1 }], 'None left'))).message).toBe(
        'That is every pack of the order: cancel the whole order instead.',
      );
      await database.db.execute(sql`UPDATE orders SET status = 'Dispatched' WHERE order_id = ${order.orderId}`);
      expect((await refusal(lineCancellation.cancelLines(manager, order.orderId, after.version, [{ orderLineId: Number(line!.order_line_id), count: 1 }], 'None left'))).message).toBe(
        'Only an order not yet dispatched can have lines cancelled.',
      );
    });
  });
}
