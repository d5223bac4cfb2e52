/**
 * Offers in the back office on PGlite and PostgreSQL: the owner makes a code (kept in capitals,
 * refused when another offer has it in any case) for a category, sizes named by product code,
 * or named customers and companies (unknown ones refused beside their field); every rule of the
 * form is told beside its field; the list shows the newest first with where each stands and what
 * it has cost (offer_uses); one offer shows its terms, uses and history; ending is idempotent and
 * audited once; the warehouse may do none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, companies, offerEvents, offerUses, offers, productSizes, products, staff, users, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { offerFormMessages as m, type OfferFormInput } from '@shop/contract';
import { Conflict, DomainError, Forbidden, Invalid, NotFound } from '../errors.ts';
import { insertFixtureCustomer, insertFixtureOrder } from '../documents/document-fixtures.ts';
import type { StaffMember } from '../staff/staff-roles.ts';
import { OfferAdmin, offerStateOf } from './offer-admin.ts';

// London 10 May 2026.
const NOW = new Date('2026-05-10T09:00:00Z');
const TODAY = '2026-05-10';

/** The fields a refusal names, with their messages. */
async function refusal(promise: Promise<unknown>): Promise<{ error: DomainError; fields: Record<string, string> }> {
  const error = await promise.then(
    () => expect.unreachable('the form was accepted'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const listed = ((error as DomainError).details.fields ?? []) as { field: string; message: string }[];
  return { error: error as DomainError, fields: Object.fromEntries(listed.map((f) => [f.field, f.message])) };
}

for (const kind of databaseKinds()) {
  describe(`offers in the back office [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let admin: OfferAdmin;
    let owner: StaffMember;
    let warehouse: StaffMember;
    let mailingBags: number;
    let boxSizes: number[];
    let alice: number;
    let acme: number;

    const base = (fields: Partial<OfferFormInput> = {}): OfferFormInput => ({ name: '10% off mailing bags', kind: 'percent', percent_off: 10, starts_on: TODAY, ...fields });

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      const db = database.db;
      admin = new OfferAdmin(db, () => NOW);
      const [olive] = await db.insert(staff).values({ email: 'olive@example.com', name: 'Olive Owner', role: 'owner' }).returning();
      owner = { staffId: olive!.staffId, email: olive!.email, name: olive!.name, role: 'owner', totpEnabled: false };
      warehouse = { staffId: olive!.staffId, email: 'wes@example.com', name: 'Wes', role: 'warehouse', totpEnabled: false };
      const slug = () => Math.random().toString(36).slice(2, 9);
      const [postal] = await db.insert(categories).values({ name: 'Postal', slug: `postal-${slug()}` }).returning();
      const [bags] = await db.insert(categories).values({ name: 'Mailing Bags', slug: `bags-${slug()}`, parentId: postal!.categoryId }).returning();
      mailingBags = bags!.categoryId;
      const [box] = await db.insert(products).values({ name: 'Single Wall Box', productCode: 'SWB-100', categoryId: postal!.categoryId }).returning();
      const sizes = await db
        .insert(productSizes)
        .values([
          { productId: box!.productId, size1: '12x9x6"' },
          { productId: box!.productId, size1: '16x12x8"' },
        ])
        .returning();
      boxSizes = sizes.map((s) => s.productSizeId);
      alice = await insertFixtureCustomer(db, { firstName: 'Alice', lastName: 'Walker' });
      await db.update(users).set({ email: 'Alice@Walker.example' }).where(eq(users.userId, alice));
      const [company] = await db.insert(companies).values({ name: 'Acme Packing Ltd' }).returning();
      acme = company!.companyId;
      await db.insert(companies).values([{ name: 'Twin Ltd' }, { name: 'twin ltd' }]);
    });
    afterAll(async () => drop?.());

    it('makes a code for a category in capitals, limited to 100 uses, and lists it live with nothing spent yet', async () => {
      const offerId = await admin.create(owner, base({ code: ' spring10 ', applies_to: 'categories', category_ids: [mailingBags], max_uses: 100, ends_on: '2026-05-31' }));
      const [row] = await database.db.select().from(offers).where(eq(offers.offerId, offerId));
      expect(row).toMatchObject({ code: 'SPRING10', kind: 'percent', percentOff: 1000, amountOffPence: null, appliesTo: 'categories', categoryIds: [mailingBags], maxUses: 100, startsOn: TODAY, endsOn: '2026-05-31', createdBy: owner.staffId });
      const listed = (await admin.list(owner)).find((o) => o.offerId === offerId);
      expect(listed).toMatchObject({ code: 'SPRING10', state: 'live', stateLabel: 'Live', takesOff: '10% off', covers: 'Mailing Bags', whoFor: 'Everyone', uses: 0, maxUses: 100, orders: 0, discountPence: 0, deliverySavedPence: 0 });
      const events = await database.db.select().from(offerEvents).where(eq(offerEvents.offerId, offerId));
      expect(events).toEqual([expect.objectContaining({ kind: 'created', staffId: owner.staffId, after: expect.objectContaining({ code: 'SPRING10', takesOff: '10% off', covers: 'Mailing Bags' }) })]);
    });

    it('refuses a code another offer has, whatever its case, beside the code', async () => {
      const { error, fields } = await refusal(admin.create(owner, base({ code: 'Spring10' })));
      expect(error).toBeInstanceOf(Conflict);
      expect(fields).toEqual({ code: m.codeTaken('SPRING10') });
    });

    it('tells each rule of the form beside its field, several at once', async () => {
      const cases: [Partial<OfferFormInput>, Record<string, string>][] = [
        [{ percent_off: 0 }, { percent_off: m.percent }],
        [{ percent_off: 100.5 }, { percent_off: m.percent }],
        [{ percent_off: 12.345 }, { percent_off: m.percent }],
        [{ percent_off: undefined }, { percent_off: m.percent }],
        [{ kind: 'amount', amount_off: 0 }, { amount_off: m.amount }],
        [{ kind: 'amount' }, { amount_off: m.amount }],
        [{ code: 'NO SPACES' }, { code: m.code }],
        [{ name: '  ' }, { name: m.name }],
        [{ applies_to: 'categories' }, { category_ids: m.noCategories }],
        [{ applies_to: 'categories', category_ids: [2_000_000] }, { category_ids: m.unknownCategory }],
        [{ applies_to: 'sizes', sizes: ' \n ' }, { sizes: m.noSizes }],
        [{ applies_to: 'sizes', sizes: 'NOPE-1' }, { sizes: m.unknownProduct('NOPE-1') }],
        [{ applies_to: 'sizes', sizes: 'swb-100 99x99' }, { sizes: m.unknownSize('SWB-100', '99x99') }],
        [{ starts_on: '2026-06-10', ends_on: '2026-06-01' }, { ends_on: m.endsOn }],
        [{ starts_on: '2026-05-01', ends_on: '2026-05-09' }, { ends_on: m.endsInPast }],
        [{ starts_on: 'soon' }, { starts_on: m.startsOn }],
        [{ max_uses: 0, min_spend: -1 }, { max_uses: m.maxUses, min_spend: m.minSpend }],
        [{ max_uses: 5, max_uses_per_customer: 6 }, { max_uses_per_customer: m.perCustomerOverAll }],
        [{ audience: 'named' }, { customer_emails: m.noneNamed }],
        [{ audience: 'named', customer_emails: 'alice@walker.example, not-an-address' }, { customer_emails: m.notAnEmail('not-an-address') }],
        [
          { audience: 'named', customer_emails: 'nobody@example.com', company_names: 'No Such Ltd' },
          { customer_emails: m.unknownCustomer('nobody@example.com'), company_names: m.unknownCompany('No Such Ltd') },
        ],
        [{ audience: 'named', company_names: 'Twin Ltd' }, { company_names: m.ambiguousCompany('Twin Ltd') }],
        // A bad percentage and a date problem, both told.
        [{ percent_off: 150, starts_on: '2026-06-10', ends_on: '2026-06-01' }, { percent_off: m.percent, ends_on: m.endsOn }],
      ];
      const before = (await admin.list(owner)).length;
      for (const [fields, expected] of cases) {
        const { error, fields: told } = await refusal(admin.create(owner, base(fields)));
        expect(error, JSON.stringify(fields)).toBeInstanceOf(Invalid);
        expect(told, JSON.stringify(fields)).toEqual(expected);
      }
      expect(await admin.list(owner)).toHaveLength(before);
    });

    it('ignores the amount typed on a percentage offer, and makes free delivery without either', async () => {
      const offerId = await admin.create(owner, base({ amount_off: 5, code: '' }));
      const free = await admin.create(owner, base({ name: 'Free delivery over £50', kind: 'free-delivery', percent_off: undefined, min_spend: 50 }));
      const rows = await database.db.select().from(offers).where(eq(offers.offerId, offerId));
      expect(rows[0]).toMatchObject({ code: null, amountOffPence: null, percentOff: 1000 });
      const [delivery] = await database.db.select().from(offers).where(eq(offers.offerId, free));
      expect(delivery).toMatchObject({ kind: 'free-delivery', percentOff: null, amountOffPence: null, minSpendPence: 5000 });
      expect((await admin.detail(owner, free)).takesOff).toBe('Free delivery (mainland UK)');
    });

    it('names sizes by product code (every size) or code and size, and customers and companies whatever their case', async () => {
      const sized = await admin.create(owner, base({ name: '£5 off a box', kind: 'amount', amount_off: 5.5, applies_to: 'sizes', sizes: 'swb-100 16x12x8"\nSWB-100 12X9X6"' }));
      const whole = await admin.create(owner, base({ name: 'All boxes', applies_to: 'sizes', sizes: 'SWB-100' }));
      const named = await admin.create(owner, base({ name: 'For Alice and Acme', audience: 'named', customer_emails: 'alice@WALKER.example', company_names: 'acme packing ltd' }));
      const [sizeRow] = await database.db.select().from(offers).where(eq(offers.offerId, sized));
      expect(sizeRow).toMatchObject({ amountOffPence: 550, productSizeIds: [...boxSizes].sort((a, b) => a - b) });
      expect((await database.db.select().from(offers).where(eq(offers.offerId, whole)))[0]!.productSizeIds).toEqual(boxSizes);
      const detail = await admin.detail(owner, named);
      expect(detail).toMatchObject({ whoFor: '1 customer and 1 company', customers: [{ userId: alice, name: 'Alice Walker', email: 'Alice@Walker.example' }], companies: [{ companyId: acme, name: 'Acme Packing Ltd' }] });
      expect((await admin.detail(owner, sized)).sizes.map((s) => `${s.productCode} ${s.size1}`)).toEqual(['SWB-100 12x9x6"', 'SWB-100 16x12x8"']);
    });

    it('lists the newest first with each state, the uses against the limit and what the offer has cost', async () => {
      const scheduled = await admin.create(owner, base({ name: 'June', code: 'JUNE', starts_on: '2026-06-01' }));
      const limited = await admin.create(owner, base({ name: 'Two only', code: 'TWO', max_uses: 2 }));
      const customer = await insertFixtureCustomer(database.db, { firstName: 'Bob', lastName: 'Stone' });
      const first = await insertFixtureOrder(database.db, { userId: customer });
      const second = await insertFixtureOrder(database.db, { userId: alice });
      await database.db.insert(offerUses).values([
        { offerId: limited, orderId: first.orderId, userId: customer, discountPence: 120, deliverySavedPence: 0 },
        { offerId: limited, orderId: second.orderId, userId: alice, discountPence: 80, deliverySavedPence: 499 },
      ]);
      await database.db.update(offers).set({ uses: 2 }).where(eq(offers.offerId, limited));
      const list = await admin.list(owner);
      expect(list.slice(0, 2).map((o) => o.offerId)).toEqual([limited, scheduled]);
      expect(list[0]).toMatchObject({ state: 'used-up', stateLabel: 'Used up', uses: 2, maxUses: 2, orders: 2, discountPence: 200, deliverySavedPence: 499 });
      expect(list[1]).toMatchObject({ state: 'scheduled', stateLabel: 'Scheduled', orders: 0 });
      const detail = await admin.detail(owner, limited);
      expect(detail.lastUses.map((u) => [u.orderId, u.customerName, u.discountPence, u.deliverySavedPence]).sort()).toEqual(
        [
          [first.orderId, 'Bob Stone', 120, 0],
          [second.orderId, 'Alice Walker', 80, 499],
        ].sort(),
      );
      expect(detail.history).toEqual([expect.objectContaining({ who: 'Olive Owner', what: 'Made with the code TWO: 10% off · The whole basket · Everyone' })]);
    });

    it('ends an offer now, once: a second end changes nothing and the audit says it once, with the uses it had', async () => {
      const offerId = await admin.create(owner, base({ name: 'Ends early', code: 'EARLY' }));
      // No limit in all: its uses are its orders (offer_uses), not a counter.
      const order = await insertFixtureOrder(database.db, { userId: alice });
      await database.db.insert(offerUses).values({ offerId, orderId: order.orderId, userId: alice, discountPence: 50, deliverySavedPence: 0 });
      expect((await admin.list(owner)).find((o) => o.offerId === offerId)).toMatchObject({ uses: 1, maxUses: null, orders: 1 });
      expect(await admin.end(owner, offerId)).toBe(true);
      expect(await admin.end(owner, offerId)).toBe(false);
      const detail = await admin.detail(owner, offerId);
      expect(detail).toMatchObject({ state: 'ended', stateLabel: 'Ended', endedAt: NOW.toISOString().replace(/\.\d+Z$/, 'Z') });
      expect(detail.history.map((h) => h.what)).toEqual(['Ended early, after 1 use', 'Made with the code EARLY: 10% off · The whole basket · Everyone']);
      await expect(admin.end(owner, 999_999)).rejects.toBeInstanceOf(NotFound);
      await expect(admin.detail(owner, 999_999)).rejects.toBeInstanceOf(NotFound);
    });

    it('refuses the warehouse everything', async () => {
      await expect(admin.list(warehouse)).rejects.toBeInstanceOf(Forbidden);
      await expect(admin.detail(warehouse, 1)).rejects.toBeInstanceOf(Forbidden);
      await expect(admin.categoryChoices(warehouse)).rejects.toBeInstanceOf(Forbidden);
      await expect(admin.create(warehouse, base({ code: 'WH' }))).rejects.toBeInstanceOf(Forbidden);
      await expect(admin.end(warehouse, 1)).rejects.toBeInstanceOf(Forbidden);
      const manager = { ...owner, role: 'manager' as const };
      expect(await admin.categoryChoices(manager)).toEqual(expect.arrayContaining([expect.objectContaining({ categoryId: mailingBags, path: 'Postal > Mailing Bags', depth: 2 })]));
    });
  });
}

describe('where an offer stands', () => {
  const offer = { endedAt: null, startsOn: '2026-05-10', endsOn: '2026-05-20', uses: 0, maxUses: 10 };
  it('is scheduled before its first day, live through its last, then ended', () => {
    expect(offerStateOf(offer, '2026-05-09')).toBe('scheduled');
    expect(offerStateOf(offer, '2026-05-10')).toBe('live');
    expect(offerStateOf(offer, '2026-05-20')).toBe('live');
    expect(offerStateOf(offer, '2026-05-21')).toBe('ended');
  });
  it('is used up at its limit and ended once ended early, whatever its days', () => {
    expect(offerStateOf({ ...offer, uses: 10 }, '2026-05-12')).toBe('used-up');
    expect(offerStateOf({ ...offer, endedAt: new Date(), uses: 10 }, '2026-05-09')).toBe('ended');
    expect(offerStateOf({ ...offer, endsOn: null, maxUses: null, uses: 500 }, '2030-01-01')).toBe('live');
  });
});
