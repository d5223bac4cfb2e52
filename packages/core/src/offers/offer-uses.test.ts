/**
 * Taking an order's offer uses inside its transaction, on PGlite and PostgreSQL: an offer with a
 * limit in all gives its last use once; an offer without one is checked (still live, within its
 * limit per customer, the order's own use not counted) without being counted; an offer that
 * ended in the meantime is refused, naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers, offerUses, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer, insertFixtureOrder } from '../documents/document-fixtures.ts';
import type { AppliedOffer } from './offer-rules.ts';
import { OfferNoLongerAvailable, takeOfferUses } from './offer-uses.ts';

const TODAY = '2026-05-10';

for (const kind of databaseKinds()) {
  describe(`an order's offer uses [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let customer: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      customer = await insertFixtureCustomer(database.db, { firstName: 'Bob', lastName: 'Stone' });
    });
    afterAll(async () => drop?.());

    async function offer(name: string, terms: Partial<typeof offers.$inferInsert> = {}): Promise<AppliedOffer> {
      const [made] = await database.db
        .insert(offers)
        .values({ name, code: name.toUpperCase().replace(/\W/g, ''), kind: 'amount', amountOffPence: 100, startsOn: '2026-05-01', ...terms })
        .returning({ offerId: offers.offerId });
      return { offerId: made!.offerId, code: null, name, discountPence: 100, deliverySavedPence: 0 };
    }

    /** An order of the customer's with its use of each offer written, then the uses taken, in one transaction. */
    async function order(applied: AppliedOffer[]): Promise<void> {
      const { orderId } = await insertFixtureOrder(database.db, { userId: customer });
      await database.db.transaction(async (tx) => {
        if (applied.length > 0) await tx.insert(offerUses).values(applied.map((a) => ({ offerId: a.offerId, orderId, userId: customer, discountPence: 100, deliverySavedPence: 0 })));
        await takeOfferUses(tx, { userId: customer, orderId }, applied, TODAY);
      });
    }

    const usesOf = async (applied: AppliedOffer) => ({
      counted: (await database.db.select({ uses: offers.uses }).from(offers).where(eq(offers.offerId, applied.offerId)))[0]!.uses,
      orders: (await database.db.select().from(offerUses).where(eq(offerUses.offerId, applied.offerId))).length,
    });

    it('an offer with one use left in all gives it to one order; the next is refused, naming it, and writes nothing', async () => {
      const last = await offer('Last one', { maxUses: 3, uses: 2 });
      await order([last]);
      const refused = order([last]);
      await expect(refused).rejects.toBeInstanceOf(OfferNoLongerAvailable);
      await expect(refused).rejects.toThrow('"Last one" can no longer be used (it has ended or been used as many times as it may be). Your basket now shows the total without it: check it and place your order again.');
      expect(await usesOf(last)).toEqual({ counted: 3, orders: 1 });
    });

    it('an offer with no limit in all is taken by every order without a count, its uses being its orders', async () => {
      const open = await offer('Open to all');
      for (let i = 0; i < 3; i++) await order([open]);
      expect(await usesOf(open)).toEqual({ counted: 0, orders: 3 });
    });

    it("a customer's limit counts their earlier orders and not this one", async () => {
      const twice = await offer('Twice each', { maxUsesPerCustomer: 2 });
      await order([twice]);
      await order([twice]);
      await expect(order([twice])).rejects.toBeInstanceOf(OfferNoLongerAvailable);
      expect((await usesOf(twice)).orders).toBe(2);
    });

    it('an offer ended, or past its last day, since the basket was priced is refused; with a usable one beside it, only it is named', async () => {
      const ended = await offer('Ended early', { endedAt: new Date('2026-05-09T12:00:00Z') });
      const past = await offer('Last week', { endsOn: '2026-05-03', maxUses: 10 });
      const open = await offer('Still on');
      await expect(order([ended, open])).rejects.toThrow(/^"Ended early" can no longer be used/);
      await expect(order([open, past])).rejects.toThrow(/^"Last week" can no longer be used/);
      expect(await usesOf(past)).toEqual({ counted: 0, orders: 0 });
      expect((await usesOf(open)).orders).toBe(0);
    });
  });
}
