/**
 * Shipments on both databases, as staff and the customer notice them: an order sent in two
 * parcels reads "Part dispatched" until the second leaves, each parcel e-mails the customer what
 * left and how to track it; our own van needs no tracking number and the e-mail says so; a
 * mistyped tracking number is corrected, audited and e-mailed; a part-dispatched order cannot be
 * cancelled. The ±10% rule for made-to-order lines at exactly 90% and 110% and just outside, with
 * the order's money following what was delivered.
 */
import { sql } from 'drizzle-orm';
import { Forbidden } from '../../errors.ts';
import type { OrderDto } from '@shop/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { OrderAdministration } from './order-administration.ts';
import { JobQueue, type ClaimedJob } from '../../jobs/job-queue.ts';
import { demoShopConfig } from '../../shop/shop-config.ts';
import type { StaffMember } from '../../staff/staff-roles.ts';
import { insertFixtureCustomer, insertFixtureOrder } from '../../documents/document-fixtures.ts';
import { emailJobKinds, EMAIL_JOB_KINDS } from '../../email/email-jobs.ts';
import type { MailMessage } from '../../email/mailer.ts';
import { stockMovements } from '../../stock/stock-movements.ts';
import { customQuantityMessages, deliveredCustomStatement, highestAccepted, lineChargeOf, lowestAccepted, withinCustomTolerance } from './custom-quantity.ts';
import { shipmentMessages } from './order-shipments.ts';
import { DocumentService } from '../../documents/document-service.ts';
import { OrderRepository } from '../../orders/order-repository.ts';
import { pdfText } from '../../documents/pdf-text.ts';

const now = new Date('2026-11-26T10:00:00Z');

describe('the ±10% custom-quantity rule', () => {
  it('accepts 90% and 110% of the units ordered, inclusive, and refuses one unit either side', () => {
    expect(withinCustomTolerance(1000, 900)).toBe(true);
    expect(withinCustomTolerance(1000, 1100)).toBe(true);
    expect(withinCustomTolerance(1000, 899)).toBe(false);
    expect(withinCustomTolerance(1000, 1101)).toBe(false);
    // 2,500 printed boxes: 2,250 to 2,750.
    expect([lowestAccepted(2500), highestAccepted(2500)]).toEqual([2250, 2750]);
    // Not a round figure: 90% of 333 is 299.7, so 300 is the fewest accepted and 366 the most.
    expect([lowestAccepted(333), highestAccepted(333)]).toEqual([300, 366]);
    expect(withinCustomTolerance(333, 299)).toBe(false);
    expect(withinCustomTolerance(333, 300)).toBe(true);
  });
});

describe('what a made-to-order line charges, read beside its total', () => {
  const printedBoxes = { qty: 2500, count: 1, pricePence: 1550_00, custom: true };
  it('2,375 delivered of 2,500 at £1,550.00 the run: 2,375 units at £0.62 a unit, which make its £1,472.50', () => {
    const charge = lineChargeOf({ ...printedBoxes, totalPricePence: 1472_50, deliveredUnits: 2375 });
    expect(charge).toEqual({ units: 2375, orderedUnits: 2500, per: 'unit', pricePence: 62 });
    expect(charge.units * charge.pricePence).toBe(1472_50);
  });
  it('before dispatch, or invoiced before its units were known, it charges the units ordered', () => {
    expect(lineChargeOf({ ...printedBoxes, totalPricePence: 1550_00, deliveredUnits: null })).toMatchObject({ units: 2500, per: 'unit', pricePence: 62 });
    expect(lineChargeOf({ ...printedBoxes, totalPricePence: 1550_00, deliveredUnits: 2375 })).toMatchObject({ units: 2500 });
  });
  it('a stock line charges by the pack', () => {
    expect(lineChargeOf({ qty: 25, count: 2, pricePence: 20_00, totalPricePence: 40_00, custom: false, deliveredUnits: null })).toEqual({ units: 50, orderedUnits: 50, per: 'pack', pricePence: 20_00 });
  });
});

describe('what the customer is told of made-to-order lines delivered in other numbers', () => {
  const boxes = { itemName: 'Printed mailing box', orderedUnits: 1000 };
  it('says nothing when every line was delivered as ordered', () => {
    expect(deliveredCustomStatement([{ ...boxes, deliveredUnits: 1000 }], { totalPence: 300_00, duePence: 0, refundDuePence: 0, onAccount: false })).toBeNull();
  });
  it('an account order: what is due goes on the trade account; outside 10% it says the customer agreed', () => {
    expect(deliveredCustomStatement([{ ...boxes, deliveredUnits: 850 }], { totalPence: 255_00, duePence: 255_00, refundDuePence: 0, onAccount: true })).toBe(
      'We delivered 850 of the 1,000 units of Printed mailing box you ordered (as you agreed with us), so your order total is now £255.00; £255.00 is due on your trade account.',
    );
  });
});

for (const kind of databaseKinds()) {
  describe(`shipments [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let admin: OrderAdministration;
    let warehouse: StaffMember;
    let manager: StaffMember;
    const shipped = vi.spyOn(stockMovements, 'ship');

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      admin = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => now });
      const rows = await queryRows<{ staff_id: number; role: string }>(
        database.db,
        sql`INSERT INTO staff (email, name, role) VALUES ('will@example.com', 'Will Warehouse', 'warehouse'), ('mona@example.com', 'Mona Manager', 'manager') RETURNING staff_id, role`,
      );
      const id = (role: string) => Number(rows.find((r) => r.role === role)!.staff_id);
      warehouse = { staffId: id('warehouse'), email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse', totpEnabled: false };
      manager = { staffId: id('manager'), email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
    });
    afterAll(async () => drop?.());
    afterEach(() => shipped.mockClear());

    /** The e-mails the worker sends for the order's shipment jobs, oldest first. */
    async function shipmentEmails(orderId: number): Promise<MailMessage[]> {
      const jobs = await queryRows<{ job_id: number; payload: Record<string, unknown>; created_at: string }>(
        database.db,
        sql`SELECT job_id, payload, created_at FROM jobs WHERE kind = ${EMAIL_JOB_KINDS.shipment} AND (payload ->> 'orderId')::int = ${orderId} ORDER BY job_id`,
      );
      const sent: MailMessage[] = [];
      const kinds = emailJobKinds({
        shop: demoShopConfig,
        mailer: { send: async (message) => void sent.push(message) },
        publicBaseUrl: 'https://shop.example.com',
        contactOf: async () => ({ email: 'alice@example.com', firstName: 'Alice' }),
        // The order's money as the customer's order page reads it, after the dispatch repriced it.
        orderAndContactOf: async (_userId, id) => {
          const order = await admin.detail(id, manager);
          const pounds = (pence: number) => pence / 100;
          const read = { total: pounds(order.totals.totalPence), amount_due: pounds(order.payment.duePence), refund_due: pounds(order.payment.refundDuePence), payment_method: order.payment.method };
          return { order: read as unknown as OrderDto, customer: { email: 'alice@example.com', firstName: 'Alice' } };
        },
        recordUnsentConfirmation: async () => {},
        resetLinkValidForMinutes: 60,
        shipmentOf: (o, s) => admin.shipments.shipmentForEmail(o, s),
      });
      for (const job of jobs) {
        const claimed: ClaimedJob = { jobId: Number(job.job_id), kind: EMAIL_JOB_KINDS.shipment, payload: job.payload, createdAt: new Date(job.created_at), attempt: 1 };
        await kinds[EMAIL_JOB_KINDS.shipment]!.run(claimed);
      }
      return sent;
    }

    async function paidOrder(lines?: Parameters<typeof insertFixtureOrder>[1]['lines'], paymentMethod: 'paypal' | 'account' = 'paypal') {
      const userId = await insertFixtureCustomer(database.db);
      return insertFixtureOrder(database.db, { userId, paymentMethod, ...(lines ? { lines } : {}) });
    }

    it('an order sent in two parcels reads "Part dispatched" until the second leaves, then Dispatched; each parcel is e-mailed', async () => {
      const { orderId } = await paidOrder();
      let order = await admin.detail(orderId, warehouse);
      const [boxes, tape, small] = order.shipping.lines;
      // The boxes (1 of 2 packs) and the tape go today; the rest tomorrow.
      await admin.shipments.ship(warehouse, orderId, order.version, {
        carrier: 'DPD',
        trackingNumber: ' 1550 0001 ',
        lines: [
          { orderLineId: boxes!.orderLineId, count: 1 },
          { orderLineId: tape!.orderLineId, count: 1 },
          { orderLineId: small!.orderLineId, count: 0 },
        ],
      });
      order = await admin.detail(orderId, warehouse);
      expect(order.status).toBe('PendingDelivery');
      expect(order.progressLabel).toBe('Part dispatched');
      expect(order.shipping.lines.map((l) => l.remainingPacks)).toEqual([1, 0, 3]);
      expect(shipped).toHaveBeenLastCalledWith(expect.anything(), orderId, [
        { orderLineId: boxes!.orderLineId, count: 1 },
        { orderLineId: tape!.orderLineId, count: 1 },
      ], warehouse.staffId);
      // More than is left is refused, naming what is left.
      await expect(
        admin.shipments.ship(warehouse, orderId, order.version, { carrier: 'DPD', trackingNumber: 'X', lines: [{ orderLineId: tape!.orderLineId, count: 1 }] }),
      ).rejects.toThrow(shipmentMessages.tooMany('Brown Packing Tape 48mm x 66m', 0));
      // A part-dispatched order cannot be cancelled.
      await expect(admin.cancel(manager, orderId, order.version, 'Changed my mind')).rejects.toThrow(shipmentMessages.cannotCancelShipped);

      await admin.shipments.ship(warehouse, orderId, order.version, { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB', lines: 'rest' });
      order = await admin.detail(orderId, warehouse);
      expect(order.status).toBe('Dispatched');
      expect(order.progressLabel).toBe('Dispatched');
      expect(order.shipping.shipments.map((s) => [s.number, s.carrier, s.trackingNumber, s.lines.map((l) => l.count)])).toEqual([
        [1, 'DPD', '1550 0001', [1, 1]],
        [2, 'Royal Mail', 'AB123456789GB', [1, 3]],
      ]);
      expect(order.timeline.map((e) => e.kind)).toEqual(['placed', 'part_dispatched', 'dispatched']);
      expect(order.timeline[1]!.by).toBe('Will Warehouse');

      const [first, second] = await shipmentEmails(orderId);
      expect(first!.subject).toBe(`Part of your Boxwell Packaging order ${orderId} is on its way (shipment 1)`);
      expect(first!.text).toContain(`Part 1 of your order ${orderId} left our warehouse today with DPD.`);
      expect(first!.text).toContain('Tracking number: 1550 0001');
      expect(first!.text).toContain('Track your parcel: https://track.dpd.co.uk/parcels/1550%200001');
      expect(first!.text).toContain('In this parcel: 1 x Cardboard Box 12x9x6 (pack of 25); 1 x Brown Packing Tape 48mm x 66m (pack of 36).');
      expect(first!.text).toContain('The rest of your order will follow');
      expect(second!.text).toContain('This is the last part: everything you ordered has now been sent.');
      expect(second!.text).toContain('Tracking number: AB123456789GB');
    });

    it('our own van needs no tracking number; the e-mail says "with our own van" and gives no tracking', async () => {
      const { orderId } = await paidOrder();
      const order = await admin.detail(orderId, warehouse);
      await admin.shipments.ship(warehouse, orderId, order.version, { carrier: 'Own van', trackingNumber: '', lines: 'rest' });
      const after = await admin.detail(orderId, warehouse);
      expect(after.status).toBe('Dispatched');
      expect(after.shipping.shipments[0]).toMatchObject({ carrier: 'Own van', trackingNumber: null, trackingUrl: null });
      const [email] = await shipmentEmails(orderId);
      expect(email!.subject).toBe(`Your Boxwell Packaging order ${orderId} is on its way`);
      expect(email!.text).toContain(`Your order ${orderId} left our warehouse today with our own van.`);
      expect(email!.text).not.toMatch(/Tracking number|n\/a|Own van/);
      // Every other carrier needs its number.
      const other = await paidOrder();
      const seen = await admin.detail(other.orderId, warehouse);
      await expect(admin.shipments.ship(warehouse, other.orderId, seen.version, { carrier: 'Evri', trackingNumber: '  ', lines: 'rest' })).rejects.toThrow(shipmentMessages.trackingNumber);
      // A formula, a tag or a link is not a tracking number: it never reaches a CSV, a page or an e-mail.
      for (const typed of ['=HYPERLINK("http://x.example")<scrip', '<script>', 'https://evil.example/t']) {
        await expect(admin.shipments.ship(warehouse, other.orderId, seen.version, { carrier: 'Evri', trackingNumber: typed, lines: 'rest' })).rejects.toThrow(shipmentMessages.trackingNumber);
      }
      expect((await admin.detail(other.orderId, warehouse)).shipping.shipments).toEqual([]);
    });

    it('a mistyped tracking number is corrected after dispatch: audited before and after, and the customer is e-mailed the right one', async () => {
      const { orderId } = await paidOrder();
      let order = await admin.detail(orderId, warehouse);
      await admin.shipments.ship(warehouse, orderId, order.version, { carrier: 'Royal Mail', trackingNumber: 'AB12345678GB', lines: 'rest' });
      order = await admin.detail(orderId, warehouse);
      await admin.shipments.correct(warehouse, orderId, order.version, 1, { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' });
      order = await admin.detail(orderId, warehouse);
      expect(order.shipping.shipments[0]!.trackingNumber).toBe('AB123456789GB');
      expect(order.dispatch.trackingNumber).toBe('AB123456789GB');
      const correction = order.timeline.at(-1)!;
      expect(correction).toMatchObject({
        kind: 'shipment_corrected',
        by: 'Will Warehouse',
        before: { shipment: 1, carrier: 'Royal Mail', tracking_number: 'AB12345678GB' },
        after: { shipment: 1, carrier: 'Royal Mail', tracking_number: 'AB123456789GB' },
      });
      const emails = await shipmentEmails(orderId);
      expect(emails).toHaveLength(2);
      expect(emails[1]!.subject).toBe(`Corrected tracking details for your Boxwell Packaging order ${orderId}`);
      expect(emails[1]!.text).toContain('Tracking number: AB123456789GB');
      // The same details again correct nothing.
      await expect(admin.shipments.correct(warehouse, orderId, order.version, 1, { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' })).rejects.toThrow(
        shipmentMessages.nothingCorrected,
      );
    });

    it('an account order invoiced when its first parcel leaves: the invoice says which shipment had gone and that it covers the rest', async () => {
      let clock = now;
      const documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'https://shop.example.com', now: () => clock });
      const invoicing = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => clock, issueInvoice: (id) => documents.issueInvoice(id) });
      const { orderId } = await paidOrder(undefined, 'account');
      let order = await invoicing.detail(orderId, warehouse);
      const [boxes] = order.shipping.lines;
      await invoicing.shipments.ship(warehouse, orderId, order.version, { carrier: 'DPD', trackingNumber: 'D1', lines: [{ orderLineId: boxes!.orderLineId, count: 2 }] });
      clock = new Date('2026-11-27T10:00:00Z');
      order = await invoicing.detail(orderId, warehouse);
      await invoicing.shipments.ship(warehouse, orderId, order.version, { carrier: 'DPD', trackingNumber: 'D2', lines: 'rest' });
      const invoice = await documents.invoice(orderId);
      expect(invoice.taxPointDate).toBe('2026-11-26');
      expect(invoice.shipments).toEqual([
        'Shipment 1, sent 26 November 2026: 2 x Cardboard Box 12x9x6.',
        'This invoice covers the whole order: shipment 1 above, and the goods still to be sent in later shipments.',
      ]);
      const text = (await pdfText((await documents.staffInvoicePdf(orderId)).content)).join(' ');
      expect(text).toContain('Shipments');
      expect(text).toContain('Shipment 1, sent 26 November 2026');
    });

    describe('a made-to-order line: 1,000 printed boxes at £250.00', () => {
      const CUSTOM = [{ productName: 'Printed Mailing Box', size1: '9x6x3"', pricePence: 250_00, qty: 1000, count: 1 }];

      async function customOrder(paymentMethod: 'paypal' | 'account' = 'paypal') {
        const placed = await paidOrder(CUSTOM, paymentMethod);
        await database.db.execute(sql`UPDATE order_lines SET custom = true WHERE order_id = ${placed.orderId}`);
        const order = await admin.detail(placed.orderId, warehouse);
        return { ...placed, version: order.version, lineId: order.shipping.lines[0]!.orderLineId };
      }

      it('exactly 90% is accepted, the line is charged for 900 units and the paid customer is owed the difference', async () => {
        const { orderId, version, lineId, totalPence } = await customOrder();
        await admin.shipments.ship(warehouse, orderId, version, { carrier: 'DPD', trackingNumber: 'P1', lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 900 }] });
        const order = await admin.detail(orderId, manager);
        expect(order.status).toBe('Dispatched');
        expect(order.lines[0]!.totalPricePence).toBe(225_00);
        // £225.00 + 20% VAT: £270.00, from £300.00 paid.
        expect(order.totals.totalPence).toBe(270_00);
        expect(order.payment).toMatchObject({ status: 'refund_due', refundDuePence: totalPence - 270_00 });
        expect(order.shipping.shipments[0]!.lines[0]!.deliveredUnits).toBe(900);
        expect(String(order.timeline.at(-1)!.after!.custom_quantities)).toContain('900 units delivered of 1000 ordered');
        // The invoice is for what was delivered.
        const documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'https://shop.example.com', now: () => now });
        const invoice = await documents.invoice(orderId);
        expect(invoice.lines[0]).toMatchObject({ quantity: '900 units delivered (1,000 ordered)', amountPence: 225_00 });
        expect(invoice.totals.grossPence).toBe(270_00);
      });

      it('1,080 delivered of 1,000 on a paid card order: the dispatch e-mail says so, with the new total and the £24.00 now due', async () => {
        const { orderId, version, lineId } = await customOrder();
        await admin.shipments.ship(warehouse, orderId, version, { carrier: 'DPD', trackingNumber: 'P9', lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 1080 }] });
        const order = await admin.detail(orderId, manager);
        // £270.00 + 20% VAT = £324.00, of which £300.00 was paid.
        expect(order.payment).toMatchObject({ status: 'part_paid', duePence: 24_00 });
        const [mail] = await shipmentEmails(orderId);
        expect(mail!.text).toContain(
          'We delivered 1,080 of the 1,000 units of Printed Mailing Box 9x6x3" you ordered (within the ±10% our terms allow), so your order total is now £324.00; £24.00 is due.',
        );
      });

      it('900 delivered of 1,000: the e-mail says the total went down and what we owe back', async () => {
        const { orderId, version, lineId } = await customOrder();
        await admin.shipments.ship(warehouse, orderId, version, { carrier: 'DPD', trackingNumber: 'P8', lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 900 }] });
        const [mail] = await shipmentEmails(orderId);
        expect(mail!.text).toContain('We delivered 900 of the 1,000 units of');
        expect(mail!.text).toContain('so your order total is now £270.00; we owe you £30.00, which we refund to you.');
      });

      it('exactly 110% is accepted: an account order is invoiced for 1,100 units', async () => {
        const { orderId, version, lineId } = await customOrder('account');
        await admin.shipments.ship(warehouse, orderId, version, { carrier: 'DPD', trackingNumber: 'P2', lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 1100 }] });
        const order = await admin.detail(orderId, manager);
        expect(order.lines[0]!.totalPricePence).toBe(275_00);
        expect(order.totals.totalPence).toBe(330_00);
        expect(order.payment).toMatchObject({ status: 'on_account', duePence: 330_00 });
      });

      it('just outside (899 or 1,101 units) is refused with the accepted range, unless the customer agreed, which is audited', async () => {
        const { orderId, version, lineId } = await customOrder();
        for (const units of [899, 1101]) {
          await expect(
            admin.shipments.ship(warehouse, orderId, version, { carrier: 'DPD', trackingNumber: 'P3', lines: [{ orderLineId: lineId, count: 1, deliveredUnits: units }] }),
          ).rejects.toThrow(customQuantityMessages.outside(1000, units, false));
        }
        // Ticked without saying how they agreed: refused too.
        await expect(
          admin.shipments.ship(manager, orderId, version, {
            carrier: 'DPD',
            trackingNumber: 'P3',
            lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 850 }],
            customerAgreed: { note: ' ' },
          }),
        ).rejects.toThrow(customQuantityMessages.agreementNote);
        expect((await admin.detail(orderId, warehouse)).status).toBe('PendingDelivery');
        expect(shipped).not.toHaveBeenCalled();

        await admin.shipments.ship(manager, orderId, version, {
          carrier: 'DPD',
          trackingNumber: 'P3',
          lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 850 }],
          customerAgreed: { note: 'Ann Buyer agreed by phone, 26 Nov' },
        });
        const order = await admin.detail(orderId, manager);
        expect(order.lines[0]!.totalPricePence).toBe(212_50);
        const entry = order.timeline.at(-1)!;
        expect(entry.by).toBe('Mona Manager');
        expect(String(entry.after!.custom_quantities)).toContain('850 units delivered of 1000 ordered (outside 10%: the customer agreed, Ann Buyer agreed by phone, 26 Nov)');
      });

      it('the warehouse cannot send a made-to-order quantity outside 10% on the customer\'s word: it is told a manager must, and nothing leaves', async () => {
        const { orderId, version, lineId } = await customOrder();
        await expect(
          admin.shipments.ship(warehouse, orderId, version, {
            carrier: 'DPD',
            trackingNumber: 'P4',
            lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 850 }],
            customerAgreed: { note: 'Ann Buyer agreed by phone, 26 Nov' },
          }),
        ).rejects.toThrow(Forbidden);
        // Ticked even within 10%: the agreement is not the warehouse's to record.
        await expect(
          admin.shipments.ship(warehouse, orderId, version, {
            carrier: 'DPD',
            trackingNumber: 'P4',
            lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 1000 }],
            customerAgreed: { note: 'Ann Buyer agreed' },
          }),
        ).rejects.toThrow(Forbidden);
        await expect(
          admin.shipments.ship(warehouse, orderId, version, { carrier: 'DPD', trackingNumber: 'P4', lines: [{ orderLineId: lineId, count: 1, deliveredUnits: 850 }] }),
        ).rejects.toThrow(customQuantityMessages.outside(1000, 850, false));
        expect((await admin.detail(orderId, warehouse)).status).toBe('PendingDelivery');
        expect(shipped).not.toHaveBeenCalled();
      });

      it('a made-to-order line is not sent by the bulk "everything left" dispatch: it needs its units delivered', async () => {
        const { orderId } = await customOrder();
        const [result] = await admin.shipments.shipMany(warehouse, 'DPD', [{ orderId, trackingNumber: 'B1' }]);
        expect(result).toEqual({ orderId, ok: false, message: `Order ${orderId}: ${shipmentMessages.customInBulk(orderId)}` });
      });
    });
  });
}
