/**
 * One writer for every order: the same 50 boxes ordered from the basket at checkout, from an
 * accepted quote and by phone make orders staff cannot tell apart (status, totals and VAT, the
 * reference, the addresses, the dispatch promise, the lines' units, the confirmation e-mail), and
 * each allocates its units with the same stock movement; a short shelf refuses all three alike,
 * leaving nothing placed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressBodySchema, ORDER_STATUS_PENDING_DELIVERY } from '@shop/contract';
import { jobs, orderLines, orders, queryRows, stockMovements, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer } from '../documents/document-fixtures.ts';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { NotEnoughStock } from '../stock/stock-allocation.ts';
import { customerAtCheckout, insertStockCatalogue, levelOf, MANAGER, setStock, type StockCatalogue } from '../stock/stock-fixtures.ts';

const BOXES = 50;
/** The pack of 25 costs £25.00: a box is 100p. */
const BOX_PENCE = 100;

for (const kind of databaseKinds()) {
  describe(`orders from the basket, a quote and the phone are written alike [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let c: StockCatalogue;
    let n = 0;
    const staffMember = { staffId: MANAGER.staffId, name: MANAGER.name };

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      c = await insertStockCatalogue(database.db);
      services = createCoreServices(database, { shop: demoShopConfig });
    }, 180_000);
    afterAll(async () => drop?.());

    async function customerWithAddress(): Promise<{ userId: number; addressId: number }> {
      const userId = await insertFixtureCustomer(database.db);
      const address = await services.addresses.create(
        userId,
        createAddressBodySchema.parse({ reference: 'Unit 4', contact_name: 'Ria Shah', region: '1', company_name: '', address: 'Kirkstall Road', town: 'Leeds', country: 'United Kingdom', post_code: 'LS4 2AA', phone: '0113 496 0123' }),
      );
      return { userId, addressId: address.address_id };
    }

    async function fromCheckout(): Promise<{ userId: number; orderId: number }> {
      const { userId, body } = await customerAtCheckout(services, database.db, [{ productId: c.productId, productPriceId: c.packA25, count: BOXES / 25 }]);
      const { orderId } = await services.orderPlacement.place(userId, { body, idempotencyKey: null });
      return { userId, orderId };
    }

    async function byPhone(): Promise<{ userId: number; orderId: number }> {
      const { userId, addressId } = await customerWithAddress();
      const { orderId } = await services.phoneOrders.place(staffMember, { userId, lines: [{ productPriceId: c.packA25, count: BOXES / 25 }], deliveryAddressId: addressId, note: '', payment: 'bank', formKey: `writer-phone-${++n}` });
      return { userId, orderId: orderId! };
    }

    /** A quote for the boxes at the catalogue's price, with the carriage the shop charges for them. */
    async function fromQuote(deliveryChargePence: number): Promise<{ userId: number; orderId: number; quoteId: number }> {
      const { userId, addressId } = await customerWithAddress();
      const { quoteId } = await services.quotes.request(userId, {
        items: [{ productPriceId: c.packA25, quantity: BOXES, printed: false, custom: false, customSize: '', printColours: '', notes: '' }],
        neededBy: null,
        note: '',
        artwork: null,
      });
      await services.quotes.price(MANAGER.staffId, quoteId, (await services.quotes.forStaff(quoteId)).version, {
        lines: [{ productPriceId: c.packA25, description: 'Stock Test Box', quantity: BOXES, unitPricePence: BOX_PENCE, isCustom: false }],
        deliveryChargePence,
        validityDays: null,
        note: '',
      });
      await services.quotes.send(MANAGER.staffId, quoteId, (await services.quotes.forStaff(quoteId)).version);
      const { orderId } = await services.quotes.accept(userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null });
      return { userId, orderId, quoteId };
    }

    /** What staff see of an order, less what names the customer or the order itself. */
    async function asStaffSeeIt(orderId: number) {
      const [order] = await database.db.select().from(orders).where(eq(orders.orderId, orderId));
      const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      const confirmations = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, `order-confirmation:${orderId}`));
      const movements = await database.db
        .select({ kind: stockMovements.kind, allocatedChange: stockMovements.allocatedChange, userId: stockMovements.userId, reason: stockMovements.reason })
        .from(stockMovements)
        .where(eq(stockMovements.orderId, orderId));
      return {
        status: order!.status,
        money: [order!.subTotalPence, order!.deliveryFeePence, order!.totalTaxPence, order!.totalPence, order!.paidPence],
        vat: [order!.vatTreatment, order!.vatRatePercent],
        payment: [order!.paymentMethod, order!.paymentIsTest, /^BXW-/.test(order!.paymentReference ?? '')],
        deliveryAddress: order!.deliveryAddress,
        promisedDispatchDate: order!.promisedDispatchDate,
        units: lines.map((line) => [line.kind, line.productPriceId, line.qty * line.count, line.totalPricePence, line.custom]),
        confirmations: confirmations.length,
        movements: movements.map((m) => [m.kind, m.allocatedChange, m.userId === order!.userId, m.reason]),
      };
    }

    it('checkout, an accepted quote and a phone order carry the same totals, VAT, reference, lines and allocation', async () => {
      await setStock(database.db, c.sizeA, 1000);
      const checkout = await fromCheckout();
      const checkoutSeen = await asStaffSeeIt(checkout.orderId);
      const phone = await byPhone();
      const quote = await fromQuote(checkoutSeen.money[1]!);

      expect(checkoutSeen).toMatchObject({
        status: ORDER_STATUS_PENDING_DELIVERY,
        vat: ['standard', 20],
        payment: ['bank', false, true],
        units: [['goods', c.packA25, BOXES, BOXES * BOX_PENCE, false]],
        confirmations: 1,
        movements: [['allocated', BOXES, true, 'Order placed']],
      });
      expect(checkoutSeen.money[0]).toBe(BOXES * BOX_PENCE);
      expect(checkoutSeen.promisedDispatchDate).not.toBeNull();
      // A quote's order keeps its one line of 50 boxes as one "pack" of 50: the same units and money.
      expect(await asStaffSeeIt(phone.orderId)).toEqual(checkoutSeen);
      expect(await asStaffSeeIt(quote.orderId)).toEqual(checkoutSeen);
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 1000, allocated: 3 * BOXES });
      // The quote knows which order line each of its lines became.
      const [line] = await database.db.select({ orderLineId: orderLines.orderLineId }).from(orderLines).where(eq(orderLines.orderId, quote.orderId));
      expect((await services.quotes.forCustomer(quote.userId, quote.quoteId)).lines.map((l) => l.orderLineId)).toEqual([line!.orderLineId]);
    });

    it('a shelf short of the boxes refuses checkout, the quote and the phone order alike, and none is placed', async () => {
      await setStock(database.db, c.sizeA, 1000);
      const fee = (await asStaffSeeIt((await fromCheckout()).orderId)).money[1]!;
      // The boxes went into the basket while the shelf had them.
      const { userId: shopper, body } = await customerAtCheckout(services, database.db, [{ productId: c.productId, productPriceId: c.packA25, count: BOXES / 25 }]);
      await setStock(database.db, c.sizeA, BOXES - 1);

      await expect(services.orderPlacement.place(shopper, { body, idempotencyKey: null })).rejects.toBeInstanceOf(NotEnoughStock);
      const caller = await customerWithAddress();
      await expect(
        services.phoneOrders.place(staffMember, { userId: caller.userId, lines: [{ productPriceId: c.packA25, count: BOXES / 25 }], deliveryAddressId: caller.addressId, note: '', payment: 'bank', formKey: `writer-short-${++n}` }),
      ).rejects.toBeInstanceOf(NotEnoughStock);
      await expect(fromQuote(fee)).rejects.toBeInstanceOf(NotEnoughStock);

      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: BOXES - 1, allocated: 0 });
      const placed = await queryRows(database.db, sql`SELECT 1 FROM orders WHERE user_id IN (${shopper}, ${caller.userId})`);
      expect(placed).toHaveLength(0);
      // The basket keeps its boxes for the customer to change.
      expect((await services.carts.cartOf({ kind: 'user', userId: shopper })).cartIems).toHaveLength(1);
    });
  });
}
