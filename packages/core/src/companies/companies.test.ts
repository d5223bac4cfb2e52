/**
 * Companies as their members and the shop's staff meet them: a trade customer becomes a company
 * of one keeping their orders and addresses; the admin invites a buyer, who chooses a password
 * through the e-mailed link and orders to the company's shared addresses; each role sees what
 * it may (admin and viewer every order, a buyer their own), a viewer cannot order, a removed
 * member is signed out at once and sees nothing more, and nobody outside the company reaches it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInviteSchema, companyMemberChangeSchema, createAddressBodySchema } from '@shop/contract';
import { jobs, orders, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer } from '../documents/document-fixtures.ts';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { customerAtCheckout, insertStockCatalogue, MANAGER, setStock, type StockCatalogue } from '../stock/stock-fixtures.ts';
import { addToCartBodySchema, placeOrderBodySchema } from '@shop/contract';
import { companyAccessMessages } from './companies.ts';

const PASSWORD = 'a good password';
const ADDRESS = { reference: 'Yard', contact_name: 'Ria Shah', region: '1', company_name: 'Shah Packaging', address: 'Kirkstall Road', town: 'Leeds', country: 'United Kingdom', post_code: 'LS4 2AA', phone: '0113 496 0123' };

for (const kind of databaseKinds()) {
  describe(`companies: members, roles and access [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let c: StockCatalogue;
    let n = 0;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      c = await insertStockCatalogue(database.db);
      await setStock(database.db, c.sizeA, 100_000);
      services = createCoreServices(database, { shop: demoShopConfig });
    }, 180_000);
    afterAll(async () => drop?.());

    /** A trade customer with an order placed before companies existed, then their account opened: a company of one. */
    async function tradeCompany() {
      const { userId: adminId, body } = await customerAtCheckout(services, database.db, [{ productId: c.productId, productPriceId: c.packA25, count: 1 }]);
      const { orderId: earlierOrder } = await services.orderPlacement.place(adminId, { body, idempotencyKey: null });
      await services.tradeAccounts.open(MANAGER.staffId, adminId, 500_000, 30);
      const membership = (await services.companies.membershipOf(adminId))!;
      return { adminId, earlierOrder, companyId: membership.companyId };
    }

    /** The admin invites someone; answers their id, and signs them in with the password they chose through the link. */
    async function invited(adminId: number, role: 'buyer' | 'viewer' | 'admin', limits: { order_limit?: string; monthly_limit?: string } = {}) {
      const email = `buyer.${++n}.${Date.now()}@example.com`;
      const member = await services.companies.invite(adminId, companyInviteSchema.parse({ first_name: 'Ben', last_name: `Buyer${n}`, email, role, ...limits }));
      const link = (await database.db.select().from(jobs).where(eq(jobs.kind, 'email.password-reset'))).map((j) => j.payload as { userId: number; token: string; reason: string; invitation?: { company: string } }).find((p) => p.userId === member.user_id)!;
      expect(link.reason).toBe('company-invite');
      await services.accounts.resetPassword({ userId: member.user_id, token: link.token, password: PASSWORD });
      const { token } = await services.accounts.signIn(email, PASSWORD);
      return { userId: member.user_id, token, email, invitation: link.invitation };
    }

    async function orderFor(userId: number, addressId: number): Promise<number> {
      await services.carts.add(userId, addToCartBodySchema.parse({ product_id: c.productId, product_price_id: c.packA25, count: 1 }));
      const cart = await services.carts.assignAddress(userId, { addressId });
      const body = placeOrderBodySchema.parse({ sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total });
      return (await services.orderPlacement.place(userId, { body, idempotencyKey: null })).orderId;
    }

    it('a trade customer becomes a company of one, its admin, keeping their orders, addresses and terms', async () => {
      const { adminId, earlierOrder } = await tradeCompany();
      const company = (await services.companies.companyOf(adminId))!;
      expect(company.your_role).toBe('admin');
      expect(company.members.map((m) => m.user_id)).toEqual([adminId]);
      expect((await services.orders.mine(adminId, undefined)).map((o) => o.order_id)).toEqual([earlierOrder]);
      expect(await services.addresses.listOf(adminId, adminId)).toHaveLength(1);
      const account = (await services.tradeAccounts.accountOf(adminId))!;
      expect(account).toMatchObject({ creditLimitPence: 500_000, termsDays: 30 });
    });

    it('an invited buyer chooses a password through the link, shares the company addresses and orders for the company', async () => {
      const { adminId, earlierOrder } = await tradeCompany();
      const buyer = await invited(adminId, 'buyer');
      expect(buyer.invitation?.company).toBeTruthy();
      const [shared] = await services.addresses.listOf(buyer.userId, buyer.userId);
      expect(shared).toBeDefined();
      const orderId = await orderFor(buyer.userId, shared!.address_id);
      const [placed] = await database.db.select({ companyId: orders.companyId }).from(orders).where(eq(orders.orderId, orderId));
      expect(placed!.companyId).toBe((await services.companies.membershipOf(adminId))!.companyId);
      // The buyer sees their own order only; the admin sees both.
      expect((await services.orders.mine(buyer.userId, undefined)).map((o) => o.order_id)).toEqual([orderId]);
      await expect(services.orders.detail(buyer.userId, earlierOrder)).rejects.toMatchObject({ code: 'not_found' });
      expect((await services.orders.mine(adminId, undefined)).map((o) => o.order_id).sort()).toEqual([earlierOrder, orderId].sort());
      expect((await services.orders.detail(adminId, orderId)).order_id).toBe(orderId);
      // On the company's account: what the buyer ordered counts against the company's credit.
      const owed = (await services.tradeAccounts.accountOf(adminId))!.outstandingPence;
      expect((await services.tradeAccounts.accountOf(buyer.userId))!.outstandingPence).toBe(owed);
    });

    it('a viewer sees every order of the company but cannot order', async () => {
      const { adminId, earlierOrder } = await tradeCompany();
      const viewer = await invited(adminId, 'viewer');
      expect((await services.orders.mine(viewer.userId, undefined)).map((o) => o.order_id)).toEqual([earlierOrder]);
      const [address] = await services.addresses.listOf(viewer.userId, viewer.userId);
      // Checkout reads the membership with its locked basket: the refusal names the company.
      const { companyName } = (await services.companies.membershipOf(viewer.userId))!;
      await expect(orderFor(viewer.userId, address!.address_id)).rejects.toMatchObject({
        code: 'forbidden',
        message: companyAccessMessages.viewerCannotOrder(companyName),
      });
    });

    it('only admins manage members, and a company always keeps an admin', async () => {
      const { adminId } = await tradeCompany();
      const buyer = await invited(adminId, 'buyer');
      await expect(services.companies.invite(buyer.userId, companyInviteSchema.parse({ first_name: 'X', last_name: 'Y', email: `x${Date.now()}@example.com`, role: 'buyer' }))).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(services.companies.changeMember(adminId, adminId, companyMemberChangeSchema.parse({ role: 'buyer' }))).rejects.toMatchObject({ message: companyAccessMessages.lastAdmin });
      await expect(services.companies.removeMember(adminId, adminId)).rejects.toMatchObject({ message: companyAccessMessages.lastAdmin });
      const changed = await services.companies.changeMember(adminId, buyer.userId, companyMemberChangeSchema.parse({ role: 'admin', order_limit: '250', monthly_limit: '1,000.50' }));
      expect(changed).toMatchObject({ role: 'admin', order_limit: 250, monthly_limit: 1000.5 });
      // Now that there are two admins, the first may step down.
      expect((await services.companies.changeMember(adminId, adminId, companyMemberChangeSchema.parse({ role: 'buyer' }))).role).toBe('buyer');
    });

    it('an e-mail address that already has an account cannot be invited', async () => {
      const { adminId } = await tradeCompany();
      const other = await insertFixtureCustomer(database.db);
      const { email } = await services.accounts.userDetails(other, other);
      await expect(services.companies.invite(adminId, companyInviteSchema.parse({ first_name: 'A', last_name: 'B', email: email.toUpperCase(), role: 'buyer' }))).rejects.toMatchObject({
        code: 'conflict',
        message: companyAccessMessages.emailTaken,
      });
    });

    it('a removed member is signed out at once and sees nothing of the company any more', async () => {
      const { adminId, earlierOrder } = await tradeCompany();
      const viewer = await invited(adminId, 'viewer');
      expect(await services.accounts.authenticate(viewer.token)).toBe(viewer.userId);
      await services.companies.removeMember(adminId, viewer.userId);
      expect(await services.accounts.authenticate(viewer.token)).toBeNull();
      expect(await services.companies.companyOf(viewer.userId)).toBeNull();
      expect(await services.orders.mine(viewer.userId, undefined)).toEqual([]);
      await expect(services.orders.detail(viewer.userId, earlierOrder)).rejects.toMatchObject({ code: 'not_found' });
      expect(await services.addresses.listOf(viewer.userId, viewer.userId)).toEqual([]);
      const history = await services.customerDirectory.history(viewer.userId);
      expect(history.map((e) => e.kind)).toEqual(['company.member-removed', 'company.member-invited']);
    });

    it("another company's admin cannot see, change or remove this company's members or orders", async () => {
      const a = await tradeCompany();
      const b = await tradeCompany();
      const buyer = await invited(a.adminId, 'buyer');
      const change = companyMemberChangeSchema.parse({ role: 'viewer' });
      await expect(services.companies.changeMember(b.adminId, buyer.userId, change)).rejects.toMatchObject({ code: 'not_found' });
      await expect(services.companies.removeMember(b.adminId, buyer.userId)).rejects.toMatchObject({ code: 'not_found' });
      await expect(services.orders.detail(b.adminId, a.earlierOrder)).rejects.toMatchObject({ code: 'not_found' });
      const [aAddress] = await services.addresses.listOf(a.adminId, a.adminId);
      await expect(services.addresses.get(b.adminId, aAddress!.address_id)).rejects.toMatchObject({ code: 'not_found' });
      expect((await services.companies.companyOf(b.adminId))!.members.map((m) => m.user_id)).toEqual([b.adminId]);
    });

    it('staff rename a company and change its members, audited', async () => {
      const { adminId, companyId } = await tradeCompany();
      const buyer = await invited(adminId, 'buyer');
      await services.companies.renameByStaff(MANAGER.staffId, companyId, 'Shah Packaging Ltd');
      await services.companies.changeMemberByStaff(MANAGER.staffId, companyId, buyer.userId, companyMemberChangeSchema.parse({ role: 'buyer', order_limit: 100 }));
      expect((await services.companies.companyView(companyId)).name).toBe('Shah Packaging Ltd');
      const [entry] = await services.customerDirectory.history(buyer.userId);
      expect(entry).toMatchObject({ kind: 'company.member-changed', before: { orderLimit: 'no limit' }, after: { orderLimit: '£100.00' } });
    });

    it('a new address of a member is the company address book', async () => {
      const { adminId } = await tradeCompany();
      const buyer = await invited(adminId, 'buyer');
      const added = await services.addresses.create(buyer.userId, createAddressBodySchema.parse({ ...ADDRESS, reference: 'Site B' }));
      expect((await services.addresses.listOf(adminId, adminId)).map((a) => a.address_id)).toContain(added.address_id);
    });
  });
}

for (const kind of databaseKinds()) {
  describe(`a buyer's spending limits [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let c: StockCatalogue;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      c = await insertStockCatalogue(database.db);
      await setStock(database.db, c.sizeA, 100_000);
      services = createCoreServices(database, { shop: demoShopConfig });
    }, 180_000);
    afterAll(async () => drop?.());

    it('holds a buyer to the limit per order and per London month; an admin has none', async () => {
      const { userId: adminId } = await customerAtCheckout(services, database.db, []);
      await services.tradeAccounts.open(MANAGER.staffId, adminId, 500_000);
      const [address] = await services.addresses.listOf(adminId, adminId);
      const buyerWith = async (limits: Record<string, string>) =>
        (await services.companies.invite(adminId, companyInviteSchema.parse({ first_name: 'Lim', last_name: 'Ited', email: `limited.${Math.random()}@example.com`, role: 'buyer', ...limits }))).user_id;
      const checkout = async (userId: number, packs: number) => {
        await services.carts.add(userId, addToCartBodySchema.parse({ product_id: c.productId, product_price_id: c.packA25, count: packs }));
        const cart = await services.carts.assignAddress(userId, { addressId: address!.address_id });
        const body = placeOrderBodySchema.parse({ sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total });
        return services.orderPlacement.place(userId, { body, idempotencyKey: null });
      };
      // A pack of 25 is £25.00 ex VAT, and under £75 delivery is £4.99: 2 packs are £54.99 ex VAT, 3 packs £75.00.
      const perOrder = await buyerWith({ order_limit: '60' });
      await expect(checkout(perOrder, 2)).resolves.toMatchObject({ created: true });
      await expect(checkout(perOrder, 3)).rejects.toMatchObject({ code: 'forbidden', details: { limit: 'order' }, message: expect.stringContaining('£60.00 per order') });
      const monthly = await buyerWith({ monthly_limit: '100' });
      await expect(checkout(monthly, 2)).resolves.toMatchObject({ created: true });
      await expect(checkout(monthly, 2)).rejects.toMatchObject({ code: 'forbidden', details: { limit: 'month' }, message: expect.stringContaining('£109.98') });
      // The admin orders without limits.
      await expect(checkout(adminId, 10)).resolves.toMatchObject({ created: true });
    });
  });
}
