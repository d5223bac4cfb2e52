/**
 * The sales desk's quotes, as a customer and staff meet them: a request, staff pricing and
 * sending it (the e-mail job, the PDF's text), the customer accepting it into an order at the
 * quoted prices (VAT by destination, a bank reference, on account within the limit), the
 * validity ending with the London day, refusals that say why, and one order from two
 * acceptances at once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressBodySchema, vatWording } from '@shop/contract';
import { addresses, companies, companyMembers, jobs, queryRows, staff, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { pdfText } from '../documents/pdf-text.ts';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { checkedArtwork } from './artwork.ts';
import type { MailMessage } from '../email/mailer.ts';
import { QUOTE_REPLY_WORKING_DAYS, QUOTE_REQUESTED_JOB, QUOTE_SENT_JOB, quoteEmailJobKinds } from './quote-email.ts';
import { quoteHasExpired, quoteValidUntil } from './quote-validity.ts';
import { quoteDispatchMessages } from './quote-dispatch.ts';
import { orderConfirmationEmail } from '../email/order-confirmation-email.ts';
import { reorderMessages } from '../orders/reorder.ts';

describe('quote validity in London days', () => {
  it('a quote sent on 1 December is valid to the end of 31 December, London time', () => {
    expect(quoteValidUntil(new Date('2026-12-01T10:00:00Z'), 30)).toBe('2026-12-31');
    expect(quoteHasExpired('2026-12-31', new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(quoteHasExpired('2026-12-31', new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });

  it('in British Summer Time the day ends at 23:00 UTC, and a quote sent just after midnight London time counts from that London day', () => {
    // 00:30 BST on 1 June is still 31 May in UTC: the London day decides.
    expect(quoteValidUntil(new Date('2026-05-31T23:30:00Z'), 30)).toBe('2026-07-01');
    expect(quoteHasExpired('2026-07-01', new Date('2026-07-01T22:59:59Z'))).toBe(false);
    expect(quoteHasExpired('2026-07-01', new Date('2026-07-01T23:00:00Z'))).toBe(true);
  });
});

describe('artwork files are checked by their content', () => {
  it('accepts PDF, PNG and JPEG by their first bytes and refuses anything else, whatever its name says', () => {
    expect(checkedArtwork('a.pdf', Buffer.from('%PDF-1.7\n...')).type).toBe('application/pdf');
    expect(checkedArtwork('a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])).type).toBe('image/png');
    expect(checkedArtwork('a.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])).type).toBe('image/jpeg');
    expect(() => checkedArtwork('logo.pdf', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toThrow(/PDF, PNG or JPEG/);
    expect(() => checkedArtwork('big.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(5 * 1024 * 1024)]))).toThrow(/too large/);
  });
});

for (const kind of databaseKinds()) {
  describe(`quotes from request to order [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let now = new Date('2026-12-01T10:00:00Z');
    let staffId: number;
    let mailingBoxPack: number;
    let n = 0;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { demoCatalogue: true }));
      services = createCoreServices(database, { shop: demoShopConfig, clock: () => now, publicBaseUrl: 'https://shop.example' });
      const [member] = await database.db.insert(staff).values({ email: `mandy-${kind}@example.com`, name: 'Mandy Manager', role: 'manager' }).returning();
      staffId = member!.staffId;
      const [pack] = await queryRows<{ product_price_id: number }>(
        database.db,
        sql`SELECT pp.product_price_id FROM product_prices pp JOIN products p USING (product_id) WHERE p.is_active ORDER BY pp.product_price_id LIMIT 1`,
      );
      mailingBoxPack = Number(pack!.product_price_id);
    }, 60_000);
    afterAll(async () => drop?.());

    async function customer(postcode = 'LS4 2AA') {
      const { userId } = await services.accounts.signUp({
        first_name: 'Ria',
        last_name: 'Shah',
        email: `quote-${++n}-${kind}@example.com`,
        password: 'correct horse',
        phone: '0113 496 0123',
      });
      const address = await services.addresses.create(
        userId,
        createAddressBodySchema.parse({
          reference: 'Warehouse',
          contact_name: 'Ria Shah',
          region: '1',
          company_name: '',
          address: 'Kirkstall Road',
          town: postcode.startsWith('JE') ? 'St Helier' : 'Leeds',
          country: 'United Kingdom',
          post_code: postcode,
          phone: '0113 496 0123',
        }),
      );
      return { userId, addressId: address.address_id };
    }

    /** A customer's request for 2,500 printed boxes, priced at 48p a box with £25 delivery and sent by staff. */
    async function sentQuote(postcode?: string) {
      const who = await customer(postcode);
      const { quoteId } = await services.quotes.request(who.userId, {
        items: [{ productPriceId: mailingBoxPack, quantity: 2500, printed: true, custom: false, customSize: '', printColours: '2 colours, black and red', notes: 'Logo on the lid' }],
        neededBy: '2027-01-15',
        note: 'For our January campaign',
        artwork: checkedArtwork('logo.pdf', Buffer.from('%PDF-1.4 logo')),
      });
      const seen = await services.quotes.forStaff(quoteId);
      await services.quotes.price(staffId, quoteId, seen.version, {
        lines: [{ productPriceId: mailingBoxPack, description: 'Printed mailing box, 2 colours', quantity: 2500, unitPricePence: 48, isCustom: true }],
        deliveryChargePence: 2500,
        validityDays: null,
        note: 'Artwork proof within 2 working days.',
        dispatch: { leadWorkingDays: 10 },
      });
      const priced = await services.quotes.forStaff(quoteId);
      await services.quotes.send(staffId, quoteId, priced.version);
      return { ...who, quoteId };
    }

    it('a customer asks for a quote and sees it on their list; staff see it in the queue with its artwork', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId } = await customer();
      const asked = await services.quotes.request(userId, {
        items: [{ productPriceId: mailingBoxPack, quantity: 2500, printed: true, custom: false, customSize: '', printColours: '1 colour', notes: '' }],
        neededBy: null,
        note: '',
        artwork: checkedArtwork('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])),
      });
      expect(asked.number).toMatch(/^Q-\d{6}$/);
      const mine = await services.quotes.listOf(userId);
      expect(mine).toMatchObject([{ quoteId: asked.quoteId, state: 'requested' }]);
      expect(mine[0]!.itemSummary).toContain('2500 x');
      expect((await services.quotes.queue('requested')).map((q) => q.quoteId)).toContain(asked.quoteId);
      expect(await services.quotes.artworkOf(asked.quoteId)).toMatchObject({ name: 'logo.png', type: 'image/png' });
      const other = await customer();
      await expect(services.quotes.forCustomer(other.userId, asked.quoteId)).rejects.toMatchObject({ code: 'not_found' });
    });

    it('a customer who asks for a quote is e-mailed once that we have it, with what they asked for and when we reply', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId } = await customer();
      const asked = await services.quotes.request(userId, {
        items: [{ productPriceId: mailingBoxPack, quantity: 2500, printed: true, custom: true, customSize: '300x200x80', printColours: '2 colours', notes: 'Logo on the lid' }],
        neededBy: '2027-01-15',
        note: 'For our January campaign',
        artwork: null,
      });
      const recorded = await database.db.select({ kind: jobs.kind }).from(jobs).where(sql`${jobs.payload} ->> 'quoteId' = ${String(asked.quoteId)}`);
      expect(recorded.map((job) => job.kind)).toEqual([QUOTE_REQUESTED_JOB]);

      const sent: MailMessage[] = [];
      const kinds = quoteEmailJobKinds({
        shop: demoShopConfig,
        mailer: { send: async (message) => void sent.push(message) },
        publicBaseUrl: 'https://shop.example',
        quotes: () => services.quotes,
        contactOf: async () => ({ email: 'ria@example.com', firstName: 'Ria' }),
      });
      await kinds[QUOTE_REQUESTED_JOB]!.run({ jobId: 1, kind: QUOTE_REQUESTED_JOB, payload: { userId, quoteId: asked.quoteId }, createdAt: now, attempt: 1 });
      const [mail] = sent;
      expect(mail!.to).toBe('ria@example.com');
      expect(mail!.subject).toBe(`We have your quote request ${asked.number}`);
      expect(mail!.text).toContain(`We have your request ${asked.number}, and we reply within ${QUOTE_REPLY_WORKING_DAYS} working days with our prices.`);
      expect(mail!.text).toMatch(/- 2,500 x .+ \(printed: 2 colours; custom size 300x200x80; Logo on the lid\)/);
      expect(mail!.text).toContain('Needed by 15 January 2027.');
      expect(mail!.text).toContain(`https://shop.example/quotes/${asked.quoteId}`);
      expect(mail!.text).not.toContain('See your order');
    });

    it('quote numbers follow one another without gaps', async () => {
      const { userId } = await customer();
      const item = { productPriceId: mailingBoxPack, quantity: 10, printed: false, custom: false, customSize: '', printColours: '', notes: '' };
      const numbers = await Promise.all([1, 2, 3].map(() => services.quotes.request(userId, { items: [item], neededBy: null, note: '', artwork: null })));
      const values = numbers.map((q) => Number(q.number.slice(2))).sort((a, b) => a - b);
      expect(values[1]! - values[0]!).toBe(1);
      expect(values[2]! - values[1]!).toBe(1);
    });

    it('staff price and send a quote: the customer is e-mailed, and the PDF lists the lines, the delivery and the last valid day', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, quoteId } = await sentQuote();
      const quote = await services.quotes.forCustomer(userId, quoteId);
      expect(quote).toMatchObject({ state: 'sent', subTotalPence: 120_000, deliveryChargePence: 2500, validUntil: '2026-12-31', refusal: null });
      const jobs = await queryRows<{ kind: string }>(database.db, sql`SELECT kind FROM jobs WHERE dedupe_key = ${`quote-sent:${quoteId}`}`);
      expect(jobs.map((job) => job.kind)).toEqual([QUOTE_SENT_JOB]);
      const { pdf } = await services.quotes.pdfOf(userId, quoteId);
      const [text] = await pdfText(pdf);
      expect(text).toContain(quote.number);
      expect(text).toContain('Printed mailing box, 2 colours');
      expect(text).toContain('2,500');
      expect(text).toContain('£0.48');
      expect(text).toContain('£1,200.00');
      expect(text).toContain('£25.00');
      expect(text).toContain('31 December 2026');
    });

    it("the quote's PDF words VAT as checkout does, and tells a Channel Islands or Irish buyer that import VAT or duty may be due", async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, quoteId } = await sentQuote();
      const text = (await pdfText((await services.quotes.pdfOf(userId, quoteId)).pdf)).join(' ').replace(/\s+/g, ' ');
      expect(text).toContain('VAT (20%) in the UK, Zero-rated export (no UK VAT) to the Channel Islands and the Republic of Ireland.');
      expect(text).toContain(vatWording.importCharges);
      expect(text).not.toContain('VAT (0%)');
    });

    it('the quote e-mail greets the customer, lists the lines, attaches the PDF and links to the quote', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, quoteId } = await sentQuote();
      const sent: MailMessage[] = [];
      const kinds = quoteEmailJobKinds({
        shop: demoShopConfig,
        mailer: { send: async (message) => void sent.push(message) },
        publicBaseUrl: 'https://shop.example',
        quotes: () => services.quotes,
        contactOf: async () => ({ email: 'ria@example.com', firstName: 'Ria' }),
      });
      await kinds[QUOTE_SENT_JOB]!.run({ jobId: 1, kind: QUOTE_SENT_JOB, payload: { userId, quoteId }, createdAt: now, attempt: 1 });
      const [mail] = sent;
      const number = (await services.quotes.forCustomer(userId, quoteId)).number;
      expect(mail!.subject).toContain(number);
      expect(mail!.text).toContain('Hello Ria');
      expect(mail!.text).toContain('Printed mailing box, 2 colours: 2,500 units at £0.48 = £1,200.00 ex-VAT');
      expect(mail!.text).toContain('Dispatch within 10 working days of your order.');
      expect(mail!.text).toContain(`https://shop.example/quotes/${quoteId}`);
      expect(mail!.attachments?.map((a) => [a.filename, a.contentType])).toEqual([[`quote-${number}.pdf`, 'application/pdf']]);
      expect((await pdfText(mail!.attachments![0]!.content))[0]).toContain('Printed mailing box, 2 colours');
    });

    it('a priced quote is not the customer\'s to see or accept until it is sent', async () => {
      const who = await customer();
      const { quoteId } = await services.quotes.request(who.userId, {
        items: [{ productPriceId: mailingBoxPack, quantity: 100, printed: false, custom: false, customSize: '', printColours: '', notes: '' }],
        neededBy: null,
        note: '',
        artwork: null,
      });
      const seen = await services.quotes.forStaff(quoteId);
      await services.quotes.price(staffId, quoteId, seen.version, {
        lines: [{ productPriceId: mailingBoxPack, description: 'Boxes', quantity: 100, unitPricePence: 50, isCustom: false }],
        deliveryChargePence: 0,
        validityDays: 14,
        note: '',
      });
      expect((await services.quotes.forCustomer(who.userId, quoteId)).lines).toEqual([]);
      await expect(services.quotes.accept(who.userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: who.addressId, billingAddressId: null, purchaseOrderNumber: null })).rejects.toThrow(/has not been priced yet/);
    });

    it('accepting makes the customer\'s order at the quoted prices, paid by bank transfer with its own reference, VAT at 20% on goods and delivery', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, addressId, quoteId } = await sentQuote();
      now = new Date('2026-12-10T15:00:00Z');
      const { orderId, created } = await services.quotes.accept(userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: 'PO-77' });
      expect(created).toBe(true);
      const order = await services.orders.detail(userId, orderId);
      expect(order).toMatchObject({ sub_total: 1200, delivery_fee: 25, total_tax: 245, total: 1470, payment_method: 'bank' });
      expect(order.payment_reference).toMatch(/^BXW-/);
      expect(order.orderLines).toMatchObject([{ qty: 2500, count: 1, price: 1200, total_price: 1200 }]);
      const quote = await services.quotes.forCustomer(userId, quoteId);
      expect(quote).toMatchObject({ state: 'accepted', orderId });
      expect(quote.lines[0]!.orderLineId).not.toBeNull();
      const confirmations = await queryRows(database.db, sql`SELECT 1 FROM jobs WHERE dedupe_key = ${`order-confirmation:${orderId}`}`);
      expect(confirmations).toHaveLength(1);
      await expect(services.quotes.accept(userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null })).resolves.toEqual({
        orderId,
        created: false,
      });
    });

    it('an order placed from a quote names the quote, and "Order again" asks for a new quote rather than emptying into the basket', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, addressId, quoteId } = await sentQuote();
      const { orderId } = await services.quotes.accept(userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null });
      const { number } = await services.quotes.forCustomer(userId, quoteId);
      expect((await services.orders.detail(userId, orderId)).quote_number).toBe(number);
      expect((await services.orders.mine(userId, undefined)).find((o) => o.order_id === orderId)?.quote_number).toBe(number);
      await expect(services.reorder.reorder(userId, orderId)).rejects.toThrow(reorderMessages.quoted(number));
      expect((await services.carts.cartOf({ kind: 'user', userId })).cartIems).toEqual([]);
    });

    it('printed or custom lines are made to order and take no stock; stock lines are allocated as a basket\'s are, and refused when the shelf is short', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const [size] = await queryRows<{ product_size_id: number }>(database.db, sql`SELECT product_size_id FROM product_prices WHERE product_price_id = ${mailingBoxPack}`);
      const sizeId = Number(size!.product_size_id);
      const allocated = async () =>
        Number((await queryRows<{ allocated: number }>(database.db, sql`SELECT allocated FROM stock_levels WHERE product_size_id = ${sizeId}`))[0]!.allocated);
      const bank = (addressId: number) => ({ payment: { method: 'bank' as const }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null });
      /** A sent quote for plain boxes from the shelf (not custom). */
      async function stockQuote(units: number) {
        const who = await customer();
        const { quoteId } = await services.quotes.request(who.userId, {
          items: [{ productPriceId: mailingBoxPack, quantity: units, printed: false, custom: false, customSize: '', printColours: '', notes: '' }],
          neededBy: null,
          note: '',
          artwork: null,
        });
        const seen = await services.quotes.forStaff(quoteId);
        await services.quotes.price(staffId, quoteId, seen.version, {
          lines: [{ productPriceId: mailingBoxPack, description: 'Plain mailing box', quantity: units, unitPricePence: 40, isCustom: false }],
          deliveryChargePence: 0,
          validityDays: null,
          note: '',
        });
        await services.quotes.send(staffId, quoteId, (await services.quotes.forStaff(quoteId)).version);
        return { ...who, quoteId };
      }
      await database.db.execute(sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${sizeId}, 1000)`);
      try {
        // 2,500 printed boxes against 1,000 on the shelf: made to order, so accepted, and no stock held.
        const printed = await sentQuote();
        const { orderId } = await services.quotes.accept(printed.userId, printed.quoteId, bank(printed.addressId));
        const lines = await queryRows<{ custom: boolean }>(database.db, sql`SELECT custom FROM order_lines WHERE order_id = ${orderId}`);
        expect(lines.map((line) => line.custom)).toEqual([true]);
        expect(await allocated()).toBe(0);

        const first = await stockQuote(600);
        await services.quotes.accept(first.userId, first.quoteId, bank(first.addressId));
        expect(await allocated()).toBe(600);
        const second = await stockQuote(600);
        await expect(services.quotes.accept(second.userId, second.quoteId, bank(second.addressId))).rejects.toMatchObject({ code: 'conflict' });
        expect(await allocated()).toBe(600);
        expect(await services.quotes.forCustomer(second.userId, second.quoteId)).toMatchObject({ state: 'sent', orderId: null });
      } finally {
        await database.db.execute(sql`DELETE FROM stock_levels WHERE product_size_id = ${sizeId}`);
      }
    });

    it('delivered to Jersey the quote is an export: no VAT is charged', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, addressId, quoteId } = await sentQuote('JE2 3AB');
      const { orderId } = await services.quotes.accept(userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null });
      expect(await services.orders.detail(userId, orderId)).toMatchObject({ sub_total: 1200, delivery_fee: 25, total_tax: 0, total: 1225 });
    });

    it('on account: accepted within the trade account\'s limit, refused over it with the reason', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const small = await sentQuote();
      await services.tradeAccounts.open(staffId, small.userId, 100_000);
      await expect(
        services.quotes.accept(small.userId, small.quoteId, { payment: { method: 'account' }, deliveryAddressId: small.addressId, billingAddressId: null, purchaseOrderNumber: null }),
      ).rejects.toMatchObject({ code: 'payment_required' });
      expect((await services.quotes.forCustomer(small.userId, small.quoteId)).state).toBe('sent');
      const big = await sentQuote();
      await services.tradeAccounts.open(staffId, big.userId, 500_000);
      const { orderId } = await services.quotes.accept(big.userId, big.quoteId, { payment: { method: 'account' }, deliveryAddressId: big.addressId, billingAddressId: null, purchaseOrderNumber: null });
      expect((await services.orders.detail(big.userId, orderId)).payment_method).toBe('account');
    });

    it("a company's buyer accepting a quote over their limit per order is refused, saying the admin can raise it; within it, the quote becomes their order", async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const buyer = await sentQuote();
      const [company] = await database.db.insert(companies).values({ name: `Shah Deliveries ${kind}` }).returning();
      // The quote comes to £1,225.00 ex VAT (2,500 boxes at 48p and £25 delivery).
      await database.db.insert(companyMembers).values({ companyId: company!.companyId, userId: buyer.userId, role: 'buyer', orderLimitPence: 1_000_00 });
      // A company's addresses are its members' (as joining one makes them).
      await database.db.update(addresses).set({ companyId: company!.companyId }).where(eq(addresses.userId, buyer.userId));
      const acceptance = { payment: { method: 'bank' as const }, deliveryAddressId: buyer.addressId, billingAddressId: null, purchaseOrderNumber: null };
      await expect(services.quotes.accept(buyer.userId, buyer.quoteId, acceptance)).rejects.toMatchObject({
        code: 'forbidden',
        message:
          "Accepting this quote of £1,225.00 ex VAT is over your limit of £1,000.00 per order, so it needs your company's admin's approval. Nothing was ordered. " +
          "Ask your company's admin to raise your limit, then accept the quote again; it stays open until it expires.",
      });
      expect((await services.quotes.forCustomer(buyer.userId, buyer.quoteId)).state).toBe('sent');
      await database.db.update(companyMembers).set({ orderLimitPence: 2_000_00 }).where(eq(companyMembers.userId, buyer.userId));
      const { orderId } = await services.quotes.accept(buyer.userId, buyer.quoteId, acceptance);
      expect((await services.orders.detail(buyer.userId, orderId)).sub_total).toBe(1200);
    });

    it('the quote can be accepted until the end of its last London day and is refused, saying so, a moment after', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const lastMinute = await sentQuote();
      const tooLate = await sentQuote();
      now = new Date('2026-12-31T23:59:59Z');
      await expect(
        services.quotes.accept(lastMinute.userId, lastMinute.quoteId, { payment: { method: 'bank' }, deliveryAddressId: lastMinute.addressId, billingAddressId: null, purchaseOrderNumber: null }),
      ).resolves.toMatchObject({ created: true });
      now = new Date('2027-01-01T00:00:00Z');
      expect((await services.quotes.forCustomer(tooLate.userId, tooLate.quoteId)).state).toBe('expired');
      await expect(
        services.quotes.accept(tooLate.userId, tooLate.quoteId, { payment: { method: 'bank' }, deliveryAddressId: tooLate.addressId, billingAddressId: null, purchaseOrderNumber: null }),
      ).rejects.toThrow(/expired at the end of 31 December 2026/);
      expect(await queryRows(database.db, sql`SELECT 1 FROM orders WHERE user_id = ${tooLate.userId}`)).toHaveLength(0);
    });

    it('a withdrawn quote cannot be accepted and says why', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, addressId, quoteId } = await sentQuote();
      const seen = await services.quotes.forStaff(quoteId);
      await services.quotes.withdraw(staffId, quoteId, seen.version, 'board price rise');
      await expect(services.quotes.accept(userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null })).rejects.toThrow(
        /was withdrawn \(board price rise\)/,
      );
    });

    it('someone else cannot accept the quote: it is not found', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { quoteId } = await sentQuote();
      const other = await customer();
      await expect(services.quotes.accept(other.userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: other.addressId, billingAddressId: null, purchaseOrderNumber: null })).rejects.toMatchObject({
        code: 'not_found',
      });
    });

    it('a quote accepted twice at once makes one order', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, addressId, quoteId } = await sentQuote();
      const accept = () => services.quotes.accept(userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null });
      const results = await Promise.all([accept(), accept(), accept(), accept()]);
      const orderIds = new Set(results.map((result) => result.orderId));
      expect(orderIds.size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(await queryRows(database.db, sql`SELECT 1 FROM orders WHERE user_id = ${userId}`)).toHaveLength(1);
      expect(await queryRows(database.db, sql`SELECT 1 FROM jobs WHERE kind = 'email.order-confirmation' AND payload->>'userId' = ${String(userId)}`)).toHaveLength(1);
    });

    it('paid by card: accepted when the verified payment is the order total, refused when it is not', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const paid = new Map<string, number>([['TEST-EXACT', 147_000], ['TEST-SHORT', 100_000]]);
      const withCards = createCoreServices(database, {
        shop: demoShopConfig,
        clock: () => now,
        payments: {
          mode: 'test',
          async verify(reference: string) {
            return { reference, status: 'COMPLETED', currency: 'GBP', amountPence: paid.get(reference) ?? 0, captureId: `CAP-${reference}` };
          },
        } as never,
      });
      const short = await sentQuote();
      await expect(
        withCards.quotes.accept(short.userId, short.quoteId, { payment: { method: 'paypal', reference: 'TEST-SHORT' }, deliveryAddressId: short.addressId, billingAddressId: null, purchaseOrderNumber: null }),
      ).rejects.toThrow(/does not match the order total of £1,470.00/);
      const exact = await sentQuote();
      const { orderId } = await withCards.quotes.accept(exact.userId, exact.quoteId, { payment: { method: 'paypal', reference: 'TEST-EXACT' }, deliveryAddressId: exact.addressId, billingAddressId: null, purchaseOrderNumber: null });
      const order = await withCards.orders.detail(exact.userId, orderId);
      expect(order).toMatchObject({ payment_method: 'paypal', payment_reference: 'TEST-EXACT', total: 1470, payment_is_test: true });
    });

    it('two staff pricing the same quote at once: the second is told someone else changed it', async () => {
      const { userId } = await customer();
      const { quoteId } = await services.quotes.request(userId, {
        items: [{ productPriceId: mailingBoxPack, quantity: 10, printed: false, custom: false, customSize: '', printColours: '', notes: '' }],
        neededBy: null,
        note: '',
        artwork: null,
      });
      const { version } = await services.quotes.forStaff(quoteId);
      const pricing = { lines: [{ productPriceId: mailingBoxPack, description: 'Boxes', quantity: 10, unitPricePence: 90, isCustom: false }], deliveryChargePence: 0, validityDays: null, note: '' };
      await services.quotes.price(staffId, quoteId, version, pricing);
      await expect(services.quotes.price(staffId, quoteId, version, pricing)).rejects.toThrow(/Someone else changed this quote/);
    });

    it('made-to-order goods are never promised the next dispatch day: pricing them without a dispatch date or lead time is refused', async () => {
      const { userId } = await customer();
      const { quoteId } = await services.quotes.request(userId, {
        items: [{ productPriceId: mailingBoxPack, quantity: 1000, printed: true, custom: false, customSize: '', printColours: '1 colour', notes: '' }],
        neededBy: null,
        note: '',
        artwork: null,
      });
      const { version } = await services.quotes.forStaff(quoteId);
      const lines = [{ productPriceId: mailingBoxPack, description: 'Printed box', quantity: 1000, unitPricePence: 50, isCustom: true }];
      await expect(services.quotes.price(staffId, quoteId, version, { lines, deliveryChargePence: 0, validityDays: null, note: '' })).rejects.toThrow(quoteDispatchMessages.needed);
      await expect(services.quotes.price(staffId, quoteId, version, { lines, deliveryChargePence: 0, validityDays: null, note: '', dispatch: { leadWorkingDays: 0 } })).rejects.toThrow(
        quoteDispatchMessages.leadTime,
      );
      await services.quotes.price(staffId, quoteId, version, { lines, deliveryChargePence: 0, validityDays: null, note: '', dispatch: { leadWorkingDays: 10 } });
      expect((await services.quotes.forStaff(quoteId)).dispatchText).toBe('Dispatch within 10 working days of your order');
    });

    it("the order of a quote with a lead time is promised that many working days from acceptance, and its confirmation says so", async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const { userId, addressId, quoteId } = await sentQuote();
      expect((await services.quotes.forCustomer(userId, quoteId)).dispatchText).toBe('Dispatch within 10 working days of your order');
      expect((await pdfText((await services.quotes.pdfOf(userId, quoteId)).pdf)).join(' ')).toContain('Dispatch within 10 working days of your order.');
      // Accepted on Thursday 10 December: ten working days on is Thursday 24 December, not Friday 11th.
      now = new Date('2026-12-10T11:00:00Z');
      const { orderId } = await services.quotes.accept(userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null });
      const order = await services.orders.detail(userId, orderId);
      expect(order.promised_dispatch_date).toBe('2026-12-24');
      const mail = orderConfirmationEmail({ shop: demoShopConfig, to: 'ria@example.com', firstName: 'Ria', order, orderUrl: 'https://shop.example/order-detail' });
      expect(mail.text).toContain('Dispatch on Thursday 24 December');
    });

    it('a quote promising dispatch by a date gives its order that date, and cannot be accepted once the date can no longer be met', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const priced = async (byDate: string) => {
        const who = await customer();
        const { quoteId } = await services.quotes.request(who.userId, {
          items: [{ productPriceId: mailingBoxPack, quantity: 500, printed: true, custom: false, customSize: '', printColours: '', notes: '' }],
          neededBy: null,
          note: '',
          artwork: null,
        });
        await services.quotes.price(staffId, quoteId, (await services.quotes.forStaff(quoteId)).version, {
          lines: [{ productPriceId: mailingBoxPack, description: 'Printed box', quantity: 500, unitPricePence: 60, isCustom: true }],
          deliveryChargePence: 0,
          validityDays: null,
          note: '',
          dispatch: { byDate },
        });
        await services.quotes.send(staffId, quoteId, (await services.quotes.forStaff(quoteId)).version);
        return { ...who, quoteId };
      };
      const kept = await priced('2026-12-18');
      const missed = await priced('2026-12-04');
      now = new Date('2026-12-07T10:00:00Z');
      const bank = (addressId: number) => ({ payment: { method: 'bank' as const }, deliveryAddressId: addressId, billingAddressId: null, purchaseOrderNumber: null });
      const { orderId } = await services.quotes.accept(kept.userId, kept.quoteId, bank(kept.addressId));
      expect((await services.orders.detail(kept.userId, orderId)).promised_dispatch_date).toBe('2026-12-18');
      await expect(services.quotes.accept(missed.userId, missed.quoteId, bank(missed.addressId))).rejects.toThrow(/promised dispatch by 4 December 2026, which we can no longer meet/);
    });

    it('a charge such as print plates £120 is a line of its own: no product, no stock taken, carried into the order without a size, never picked or dispatched', async () => {
      now = new Date('2026-12-01T10:00:00Z');
      const [size] = await queryRows<{ product_size_id: number }>(database.db, sql`SELECT product_size_id FROM product_prices WHERE product_price_id = ${mailingBoxPack}`);
      const sizeId = Number(size!.product_size_id);
      await database.db.execute(sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${sizeId}, 1000)`);
      try {
        const who = await customer();
        const { quoteId } = await services.quotes.request(who.userId, {
          items: [{ productPriceId: mailingBoxPack, quantity: 100, printed: false, custom: false, customSize: '', printColours: '', notes: '' }],
          neededBy: null,
          note: '',
          artwork: null,
        });
        await services.quotes.price(staffId, quoteId, (await services.quotes.forStaff(quoteId)).version, {
          lines: [
            { productPriceId: mailingBoxPack, description: 'Plain mailing box', quantity: 100, unitPricePence: 40, isCustom: false },
            { kind: 'charge', productPriceId: null, description: 'Print plates', quantity: 1, unitPricePence: 120_00, isCustom: false },
          ],
          deliveryChargePence: 0,
          validityDays: null,
          note: '',
        });
        const staffView = await services.quotes.forStaff(quoteId);
        expect(staffView.lines.map((l) => [l.kind, l.productPriceId, l.description])).toEqual([
          ['goods', mailingBoxPack, 'Plain mailing box'],
          ['charge', null, 'Print plates'],
        ]);
        await services.quotes.send(staffId, quoteId, staffView.version);
        const { orderId } = await services.quotes.accept(who.userId, quoteId, { payment: { method: 'bank' }, deliveryAddressId: who.addressId, billingAddressId: null, purchaseOrderNumber: null });
        const order = await services.orders.detail(who.userId, orderId);
        // £40.00 of boxes + £120.00 of plates, delivered free: £160.00 + VAT.
        expect(order).toMatchObject({ sub_total: 160, total: 192 });
        expect(order.orderLines).toMatchObject([
          { kind: 'goods', product_price_id: mailingBoxPack, qty: 100 },
          { kind: 'charge', product_id: null, product_price_id: null, name: 'Print plates', item_name: 'Print plates', size1: '', total_price: 120 },
        ]);
        // Only the boxes hold stock: 100 units, not 101.
        const [level] = await queryRows<{ allocated: number }>(database.db, sql`SELECT allocated FROM stock_levels WHERE product_size_id = ${sizeId}`);
        expect(Number(level!.allocated)).toBe(100);
        // Paid, then the boxes leave: the order is dispatched whole; the plates are no pack to send.
        await database.db.execute(sql`UPDATE orders SET paid_pence = total_pence WHERE order_id = ${orderId}`);
        const warehouse = { staffId, email: 'mandy@example.com', name: 'Mandy Manager', role: 'manager' as const, totpEnabled: false };
        const admin = await services.orderAdministration.detail(orderId, warehouse);
        expect(admin.shipping.lines.map((l) => l.productName)).toEqual(['Plain mailing box']);
        const picking = (await pdfText((await services.documents.pickingListPdf(orderId)).content)).join(' ');
        expect(picking).not.toContain('Print plates');
        await services.orderAdministration.shipments.ship(warehouse, orderId, admin.version, { carrier: 'DPD', trackingNumber: 'CH1', lines: 'rest' });
        expect((await services.orders.detail(who.userId, orderId)).status).toBe('Dispatched');
        // The invoice bills the plates by their description.
        const invoice = await services.documents.invoice(orderId);
        expect(invoice.lines.map((l) => [l.description, l.amountPence])).toContainEqual(['Print plates', 120_00]);
      } finally {
        await database.db.execute(sql`DELETE FROM stock_levels WHERE product_size_id = ${sizeId}`);
      }
    });
  });
}
