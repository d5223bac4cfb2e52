/**
 * Approval requests as a company's buyer and admins meet them, on PGlite and PostgreSQL: a
 * buyer's order over their limit waits with its prices held for 7 days (the basket emptied, no
 * stock taken, every admin e-mailed); an admin approves it and the order is placed then, at the
 * held prices, with its stock allocated then; or the stock ran short and the buyer is told; or
 * the admin declines with a reason the buyer is e-mailed; after the hold nobody can approve it;
 * and nobody outside the company sees or acts on a request.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartBodySchema, approvalDeclineSchema, approvalRequestBodySchema, companyInviteSchema } from '@shop/contract';
import { jobs, orders, productPrices, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { customerAtCheckout, insertStockCatalogue, levelOf, MANAGER, setStock, type StockCatalogue } from '../stock/stock-fixtures.ts';
import { APPROVAL_MOVE_MESSAGES } from './approval-states.ts';
import { approvalMessages } from './approvals.ts';

const DAY = 24 * 60 * 60 * 1000;

for (const kind of databaseKinds()) {
  describe(`approval requests of orders over a limit [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let c: StockCatalogue;
    let now = new Date();

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      c = await insertStockCatalogue(database.db);
      await setStock(database.db, c.sizeA, 100_000);
      await setStock(database.db, c.sizeB, 100_000);
      services = createCoreServices(database, { shop: demoShopConfig, clock: () => now });
    }, 180_000);
    afterAll(async () => drop?.());

    /** A company: its admin (a trade account, or none), a buyer with a limit of £60 an order, the shared address. */
    async function company(options: { tradeAccount?: boolean } = {}) {
      const { userId: adminId } = await customerAtCheckout(services, database.db, []);
      await services.tradeAccounts.open(MANAGER.staffId, adminId, 500_000, 30);
      const companyId = (await services.companies.membershipOf(adminId))!.companyId;
      if (options.tradeAccount === false) await database.db.execute(`UPDATE trade_accounts SET closed_at = now() WHERE company_id = ${companyId}`);
      const invite = (role: 'buyer' | 'viewer' | 'admin', limits: Record<string, string> = {}) =>
        services.companies.invite(adminId, companyInviteSchema.parse({ first_name: 'Ben', last_name: 'Buyer', email: `ben.${Math.random()}@example.com`, role, ...limits }));
      const buyerId = (await invite('buyer', { order_limit: '60' })).user_id;
      const [address] = await services.addresses.listOf(adminId, adminId);
      return { adminId, buyerId, companyId, addressId: address!.address_id, invite };
    }

    /** The buyer fills their basket (packs of 25 at £25.00) and sends it for approval, with the totals they saw. */
    async function asked(buyerId: number, addressId: number, packs: { productPriceId: number; count: number }[] = [{ productPriceId: c.packA25, count: 3 }]) {
      for (const pack of packs) await services.carts.add(buyerId, addToCartBodySchema.parse({ product_id: c.productId, product_price_id: pack.productPriceId, count: pack.count }));
      const cart = await services.carts.assignAddress(buyerId, { addressId });
      return services.approvals.request(
        buyerId,
        approvalRequestBodySchema.parse({ sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total, purchase_order_number: 'PO-77' }),
      );
    }

    const jobsOf = async (kindName: string) => (await database.db.select().from(jobs).where(eq(jobs.kind, kindName))).map((j) => j.payload as { userId: number; requestId: number });

    it('an order over the limit waits with its prices held for 7 days, the basket emptied, no stock taken and every admin e-mailed', async () => {
      const { adminId, buyerId, addressId, invite } = await company();
      const secondAdmin = (await invite('admin')).user_id;
      const before = await levelOf(database.db, c.sizeA);
      const request = await asked(buyerId, addressId);
      expect(request).toMatchObject({
        state: 'waiting',
        state_label: 'Waiting for approval',
        reason: "£75.00 ex VAT is over the buyer's limit of £60.00 per order.",
        sub_total: 75,
        delivery_fee: 0,
        total: 90,
        payment_method: 'account',
        purchase_order_number: 'PO-77',
        order_id: null,
        can: { approve: false, decline: false, withdraw: true },
      });
      expect(new Date(request.held_until).getTime() - now.getTime()).toBeGreaterThanOrEqual(7 * DAY - 60_000);
      expect(request.lines).toEqual([expect.objectContaining({ product_price_id: c.packA25, count: 3, price: 25, total: 75 })]);
      expect((await services.carts.cartOf({ kind: 'user', userId: buyerId })).cartIems).toEqual([]);
      expect(await levelOf(database.db, c.sizeA)).toEqual(before);
      expect((await jobsOf('email.approval-requested')).filter((p) => p.requestId === request.approval_request_id).map((p) => p.userId).sort()).toEqual([adminId, secondAdmin].sort());
      // The admin sees it waiting, with approve and decline.
      const [waiting] = await services.approvals.list(adminId, 'waiting');
      expect(waiting).toMatchObject({ approval_request_id: request.approval_request_id, can: { approve: true, decline: true, withdraw: false } });
    });

    it('approved, the order is placed then for the buyer at the held prices, with its stock allocated then; a second approval answers the same order', async () => {
      const { adminId, buyerId, addressId, companyId } = await company();
      const request = await asked(buyerId, addressId);
      // The price goes up while the request waits: the held price stands, and the request says so.
      await database.db.update(productPrices).set({ pricePence: 2700 }).where(eq(productPrices.productPriceId, c.packA25));
      const before = (await levelOf(database.db, c.sizeA))!;
      try {
        const approved = await services.approvals.approve(adminId, request.approval_request_id);
        expect(approved).toMatchObject({ state: 'placed', decided_by: expect.stringContaining(' '), can: { approve: false, decline: false, withdraw: false } });
        expect(approved.changes).toContain('£25.00 held, £27.00 today');
        const [order] = await database.db.select().from(orders).where(eq(orders.orderId, approved.order_id!));
        expect(order).toMatchObject({ userId: buyerId, subTotalPence: 7500, totalPence: 9000, paymentMethod: 'account', purchaseOrderNumber: 'PO-77' });
        expect((await levelOf(database.db, c.sizeA))!.allocated).toBe(before.allocated + 75);
        expect((await services.orders.mine(buyerId, undefined)).map((o) => o.order_id)).toEqual([approved.order_id]);
        const confirmations = await database.db.select().from(jobs).where(and(eq(jobs.kind, 'email.order-confirmation'), eq(jobs.dedupeKey, `order-confirmation:${approved.order_id}`)));
        expect(confirmations).toHaveLength(1);
        expect((await services.approvals.approve(adminId, request.approval_request_id)).order_id).toBe(approved.order_id);
        // Staff see it on the company's page, with nothing for them to decide.
        expect(await services.approvals.ofCompany(companyId)).toEqual([expect.objectContaining({ approval_request_id: request.approval_request_id, state: 'placed', can: { approve: false, decline: false, withdraw: false } })]);
        expect(await database.db.select().from(orders).where(eq(orders.userId, buyerId))).toHaveLength(1);
      } finally {
        await database.db.update(productPrices).set({ pricePence: 2500 }).where(eq(productPrices.productPriceId, c.packA25));
      }
    });

    it('approved when the stock ran short meanwhile, nothing is placed and the buyer is told what changed', async () => {
      const { adminId, buyerId, addressId } = await company();
      const request = await asked(buyerId, addressId, [{ productPriceId: c.packB10, count: 3 }]);
      await setStock(database.db, c.sizeB, 12);
      try {
        const approved = await services.approvals.approve(adminId, request.approval_request_id);
        expect(approved).toMatchObject({ state: 'not-placed', order_id: null });
        expect(approved.changes).toMatch(/18x12x12/);
        expect(await database.db.select().from(orders).where(eq(orders.userId, buyerId))).toEqual([]);
        expect((await jobsOf('email.approval-decided')).some((p) => p.requestId === request.approval_request_id && p.userId === buyerId)).toBe(true);
        expect((await levelOf(database.db, c.sizeB))!.allocated).toBe(0);
      } finally {
        await setStock(database.db, c.sizeB, 100_000);
      }
    });

    it('declined with a reason: the buyer is e-mailed it, and it can no longer be approved', async () => {
      const { adminId, buyerId, addressId } = await company();
      const request = await asked(buyerId, addressId);
      const declined = await services.approvals.decline(adminId, request.approval_request_id, approvalDeclineSchema.parse({ reason: ' Use the March budget. ' }));
      expect(declined).toMatchObject({ state: 'declined', decline_reason: 'Use the March budget.' });
      expect((await services.approvals.get(buyerId, request.approval_request_id)).decline_reason).toBe('Use the March budget.');
      expect((await jobsOf('email.approval-decided')).filter((p) => p.requestId === request.approval_request_id)).toEqual([{ userId: buyerId, requestId: request.approval_request_id }]);
      await expect(services.approvals.approve(adminId, request.approval_request_id)).rejects.toMatchObject({ code: 'conflict' });
      expect(await database.db.select().from(orders).where(eq(orders.userId, buyerId))).toEqual([]);
    });

    it('after the 7-day hold nobody can approve it; the buyer may withdraw it', async () => {
      const { adminId, buyerId, addressId } = await company();
      const request = await asked(buyerId, addressId);
      const asking = now;
      now = new Date(asking.getTime() + 7 * DAY + 60_000);
      try {
        expect((await services.approvals.get(adminId, request.approval_request_id)).state).toBe('expired');
        expect(await services.approvals.list(adminId, 'waiting')).toEqual([]);
        await expect(services.approvals.approve(adminId, request.approval_request_id)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('expired') });
        expect((await services.approvals.withdraw(buyerId, request.approval_request_id)).state).toBe('withdrawn');
      } finally {
        now = new Date();
      }
    });

    it('without an open trade account the approved order awaits the buyer’s payment, with its own reference', async () => {
      const { adminId, buyerId, addressId } = await company({ tradeAccount: false });
      const request = await asked(buyerId, addressId);
      expect(request.payment_method).toBe('bank');
      const approved = await services.approvals.approve(adminId, request.approval_request_id);
      const [order] = await database.db.select().from(orders).where(eq(orders.orderId, approved.order_id!));
      expect(order).toMatchObject({ paymentMethod: 'bank', paidPence: 0 });
      expect(order!.paymentReference).toMatch(/\S/);
    });

    it('an order within the limits, or of an admin, needs no approval; a viewer cannot ask', async () => {
      const { adminId, buyerId, addressId, invite } = await company();
      await expect(asked(buyerId, addressId, [{ productPriceId: c.packA25, count: 1 }])).rejects.toMatchObject({ code: 'invalid_request', message: approvalMessages.withinLimits });
      await expect(asked(adminId, addressId)).rejects.toMatchObject({ code: 'invalid_request', message: approvalMessages.noLimits });
      const viewer = (await invite('viewer')).user_id;
      await expect(asked(viewer, addressId)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('viewer') });
    });

    it('nobody outside the company sees or acts on a request; a buyer neither approves their own nor sees another buyer’s; a viewer only looks', async () => {
      const a = await company();
      const b = await company();
      const request = await asked(a.buyerId, a.addressId);
      const id = request.approval_request_id;
      // Another company's admin and buyer: not found, whatever they try; their lists are empty.
      for (const outsider of [b.adminId, b.buyerId]) {
        await expect(services.approvals.get(outsider, id)).rejects.toMatchObject({ code: 'not_found' });
        await expect(services.approvals.approve(outsider, id)).rejects.toMatchObject({ code: 'not_found' });
        await expect(services.approvals.decline(outsider, id, approvalDeclineSchema.parse({ reason: 'No' }))).rejects.toMatchObject({ code: 'not_found' });
        await expect(services.approvals.withdraw(outsider, id)).rejects.toMatchObject({ code: 'not_found' });
        expect(await services.approvals.list(outsider)).toEqual([]);
      }
      // A customer of no company.
      const { userId: stranger } = await customerAtCheckout(services, database.db, []);
      await expect(services.approvals.approve(stranger, id)).rejects.toMatchObject({ code: 'not_found' });
      expect(await services.approvals.list(stranger)).toEqual([]);
      // The buyer cannot approve their own request; another buyer of the company does not see it.
      await expect(services.approvals.approve(a.buyerId, id)).rejects.toMatchObject({ code: 'forbidden', message: APPROVAL_MOVE_MESSAGES.adminsOnly });
      const otherBuyer = (await a.invite('buyer')).user_id;
      await expect(services.approvals.get(otherBuyer, id)).rejects.toMatchObject({ code: 'not_found' });
      expect(await services.approvals.list(otherBuyer)).toEqual([]);
      // A viewer sees the company's requests but cannot decide them.
      const viewer = (await a.invite('viewer')).user_id;
      expect((await services.approvals.list(viewer)).map((r) => r.approval_request_id)).toEqual([id]);
      await expect(services.approvals.decline(viewer, id, approvalDeclineSchema.parse({ reason: 'No' }))).rejects.toMatchObject({ code: 'forbidden' });
      expect((await services.approvals.get(a.adminId, id)).state).toBe('waiting');
    });
  });
}
