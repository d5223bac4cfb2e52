/**
 * A customer's data rights on PGlite and PostgreSQL: the download holds their account,
 * addresses, basket, orders, invoices and credit notes (JSON and PDFs) and nothing of another
 * customer; closing an account ends every sign-in, erases the personal details (the e-mail may
 * sign up again), keeps the orders and invoices HMRC requires, and is refused while an order is
 * open; both are in the customer's audit trail, whoever did them.
 */
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSettingsMessages, messages } from '@shop/contract';
import { jobs, queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { insertFixtureOrder } from '../documents/document-fixtures.ts';
import { pdfText } from '../documents/pdf-text.ts';
import type { MailMessage } from '../email/mailer.ts';
import { accountClosureMessages, closedAccountEmail } from './account-closure.ts';

const PASSWORD = 'correct horse battery';

/** What the tests read of data.json. */
interface ExportedData {
  account: Record<string, unknown>;
  addresses: { reference: string }[];
  orders: { order_id: number; orderLines: unknown[]; delivery_address: { contact_name: string } }[];
  invoices: { file: string }[];
  credit_notes: { file: string }[];
  returns: { return_id: number; description: string; state: string; lines: { count: number }[]; photos: string[] }[];
  quote_requests: { quote_number: number; request_note: string; items: { quantity: number }[]; artwork: string | null }[];
  price_lists: string[];
}

for (const kind of databaseKinds()) {
  describe(`a customer's data rights [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let staffId: number;
    const sent: MailMessage[] = [];
    const tag = `r${Date.now().toString(36)}`;

    async function customer(first: string, last: string, phone: string) {
      const email = `${tag}.${first.toLowerCase()}@example.com`;
      const signedIn = await services.accounts.signUp({ first_name: first, last_name: last, email, password: PASSWORD, phone });
      await database.db.execute(
        sql`INSERT INTO addresses (user_id, reference, contact_name, region, address, town, country, post_code, phone, type)
            VALUES (${signedIn.userId}, ${`${first}'s yard`}, ${`${first} ${last}`}, '1', ${`1 ${last} Lane`}, 'Leeds', 'United Kingdom', 'LS1 4AP', ${phone}, 'Billing')`,
      );
      return { ...signedIn, email, phone, first, last };
    }

    /** A dispatched, paid order with its invoice issued (and a credit note when asked). */
    async function invoicedOrder(userId: number, contact: string, withCreditNote = false) {
      const { orderId } = await insertFixtureOrder(database.db, {
        userId,
        status: 'Dispatched',
        dispatchedAt: new Date(),
        delivery: { contact_name: contact, reference: `${contact} delivery` },
        billing: { contact_name: contact },
      });
      await services.documents.issueInvoice(orderId);
      if (withCreditNote) {
        const [invoice] = await queryRows<{ invoice_number: number }>(database.db, sql`SELECT invoice_number FROM invoices WHERE order_id = ${orderId}`);
        await database.db.execute(sql`UPDATE credit_note_number_counter SET last_number = last_number + 1`);
        await database.db.execute(
          sql`INSERT INTO credit_notes (credit_note_number, invoice_number, order_id, tax_point_date, kind, reason, vat_rate_percent, net_pence, vat_pence, total_pence, lines)
              SELECT last_number, ${invoice!.invoice_number}, ${orderId}, CURRENT_DATE, 'refund', 'Goodwill', 20, 1000, 200, 1200, '[]'::jsonb FROM credit_note_number_counter`,
        );
      }
      return orderId;
    }

    function unzip(content: Buffer) {
      const files = unzipSync(new Uint8Array(content));
      return { files, data: JSON.parse(strFromU8(files['data.json']!)) as ExportedData };
    }

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, { shop: demoShopConfig, mailer: { send: async (message) => void sent.push(message) } });
      const [row] = await queryRows<{ staff_id: number }>(
        database.db,
        sql`INSERT INTO staff (email, name, role) VALUES (${`${tag}.manager@example.com`}, 'Mia Manager', 'manager') RETURNING staff_id`,
      );
      staffId = Number(row!.staff_id);
    });
    afterAll(async () => drop?.());

    it("the download holds the customer's account, addresses, orders with lines, invoices and credit notes, and nothing of another customer", async () => {
      const ada = await customer('Adaline', 'Lovelace', '07700 900111');
      const bob = await customer('Bobbie', 'Stonemason', '07700 900222');
      const adaOrder = await invoicedOrder(ada.userId, 'Adaline Lovelace', true);
      const bobOrder = await invoicedOrder(bob.userId, 'Bobbie Stonemason', true);

      const archive = await services.customerData.archive(ada.userId, { kind: 'customer' });
      expect(archive.filename).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const { files, data } = unzip(archive.content);

      expect(data.account).toMatchObject({ user_id: ada.userId, first_name: 'Adaline', last_name: 'Lovelace', email: ada.email, phone: ada.phone, closed: null });
      expect(data.addresses.map((a) => a.reference)).toEqual(["Adaline's yard"]);
      expect(data.orders.map((o) => o.order_id)).toEqual([adaOrder]);
      expect(data.orders[0]!.orderLines).toHaveLength(3);
      expect(data.orders[0]!.delivery_address.contact_name).toBe('Adaline Lovelace');
      expect(data.invoices).toHaveLength(1);
      expect(data.credit_notes).toHaveLength(1);
      for (const file of [data.invoices[0]!.file, data.credit_notes[0]!.file]) {
        expect(strFromU8(files[file]!.slice(0, 5))).toBe('%PDF-');
      }
      expect((await pdfText(files[data.invoices[0]!.file]!)).join('\n')).toContain(`${adaOrder}`);
      expect(Object.keys(files).sort()).toEqual(['README.txt', 'data.json', data.credit_notes[0]!.file, data.invoices[0]!.file].sort());

      // Nothing of Bob's: not his details, his address, his order, his invoice or credit note.
      const everything = Object.values(files).map((bytes) => Buffer.from(bytes).toString('latin1')).join('\n');
      for (const of of [bob.email, bob.phone, 'Bobbie', 'Stonemason']) expect(everything).not.toContain(of);
      const [bobDocs] = await queryRows<{ invoice_number: number; credit_note_number: number }>(
        database.db,
        sql`SELECT i.invoice_number, c.credit_note_number FROM invoices i JOIN credit_notes c ON c.order_id = i.order_id WHERE i.order_id = ${bobOrder}`,
      );
      const numbers = JSON.stringify(data);
      expect(numbers).not.toContain(`"order_id": ${bobOrder}`);
      expect(numbers).not.toContain(`INV-${String(bobDocs!.invoice_number).padStart(6, '0')}`);
      expect(numbers).not.toContain(`CN-${String(bobDocs!.credit_note_number).padStart(6, '0')}`);

      const [entry] = await services.customerDirectory.history(ada.userId);
      expect(entry).toMatchObject({ kind: 'customer.data-exported', staffName: null, after: { by: 'customer', orders: 1, invoices: 1, creditNotes: 1 } });
    });

    it('staff download a customer’s data at their request, audited with the staff member’s name', async () => {
      const cy = await customer('Cyrilla', 'Hale', '07700 900333');
      const { data } = unzip((await services.customerData.archive(cy.userId, { kind: 'staff', staffId })).content);
      expect(data.account.email).toBe(cy.email);
      expect(data.orders).toEqual([]);
      const [entry] = await services.customerDirectory.history(cy.userId);
      expect(entry).toMatchObject({ kind: 'customer.data-exported', staffName: 'Mia Manager', after: { by: 'staff' } });
    });

    it('an account with an open order cannot be closed, and the customer is told which order and why', async () => {
      const dee = await customer('Deirdre', 'Moss', '07700 900444');
      const pending = await insertFixtureOrder(database.db, { userId: dee.userId, status: 'PendingDelivery' });
      const unpaid = await insertFixtureOrder(database.db, { userId: dee.userId, paymentMethod: 'account', status: 'Dispatched', paidPence: 0 });
      const owedBack = await insertFixtureOrder(database.db, { userId: dee.userId, status: 'Cancelled' });

      await expect(services.accountClosure.closeByCustomer(dee.userId, PASSWORD)).rejects.toMatchObject({
        code: 'conflict',
        message: [
          accountClosureMessages.notDispatched(pending.orderId),
          accountClosureMessages.moneyDue(unpaid.orderId),
          accountClosureMessages.refundDue(owedBack.orderId),
        ].join(' '),
      });
      expect(await services.accounts.authenticate(dee.token)).toBe(dee.userId);
      expect((await services.accounts.signIn(dee.email, PASSWORD)).userId).toBe(dee.userId);
    });

    /** A return the customer opened on an order, with one photo, left in `state`. */
    async function customerReturn(userId: number, orderId: number, state: string) {
      const [line] = await queryRows<{ order_line_id: number }>(database.db, sql`SELECT order_line_id FROM order_lines WHERE order_id = ${orderId} ORDER BY order_line_id LIMIT 1`);
      const [opened] = await queryRows<{ return_id: number }>(
        database.db,
        sql`INSERT INTO returns (order_id, user_id, reason, description, window_until, state)
            VALUES (${orderId}, ${userId}, 'damaged', 'Two boxes crushed at one corner', CURRENT_DATE + 3, ${state}) RETURNING return_id`,
      );
      const returnId = Number(opened!.return_id);
      await database.db.execute(sql`INSERT INTO return_lines (return_id, order_line_id, count) VALUES (${returnId}, ${line!.order_line_id}, 2)`);
      await database.db.execute(
        sql`INSERT INTO return_photos (return_id, position, content_type, width, height, bytes) VALUES (${returnId}, 1, 'image/webp', 1, 1, ${Buffer.from('RIFF-photo')})`,
      );
      return returnId;
    }

    it('the download also holds the customer’s returns with their photos, quote requests with their artwork, and the price lists they are on', async () => {
      const hat = await customer('Harriet', 'Quill', '07700 900888');
      const orderId = await invoicedOrder(hat.userId, 'Harriet Quill');
      const returnId = await customerReturn(hat.userId, orderId, 'refused');
      const [quote] = await queryRows<{ quote_id: number; quote_number: number }>(
        database.db,
        sql`INSERT INTO quotes (quote_number, user_id, request_note, artwork_name, artwork_type, artwork_bytes)
            VALUES (990001, ${hat.userId}, 'Printed with our logo, please', '../logo final.pdf', 'application/pdf', ${Buffer.from('%PDF-artwork')}) RETURNING quote_id, quote_number`,
      );
      await database.db.execute(
        sql`INSERT INTO quote_request_items (quote_id, product_id, product_price_id, product_name, size1, quantity, printed) VALUES (${quote!.quote_id}, 1, 1, 'Single Wall Box', '12x9x6', 500, true)`,
      );
      const [list] = await queryRows<{ price_list_id: number }>(database.db, sql`INSERT INTO price_lists (name) VALUES (${`${tag} Builders`}) RETURNING price_list_id`);
      await database.db.execute(sql`INSERT INTO price_list_customers (price_list_id, user_id) VALUES (${list!.price_list_id}, ${hat.userId})`);

      const { files, data } = unzip((await services.customerData.archive(hat.userId, { kind: 'customer' })).content);
      expect(data.returns).toEqual([
        expect.objectContaining({ return_id: returnId, description: 'Two boxes crushed at one corner', state: 'refused', lines: [expect.objectContaining({ count: 2 })] }),
      ]);
      expect(Buffer.from(files[data.returns[0]!.photos[0]!]!).toString()).toBe('RIFF-photo');
      expect(data.quote_requests).toEqual([expect.objectContaining({ quote_number: 990001, request_note: 'Printed with our logo, please', items: [expect.objectContaining({ quantity: 500 })] })]);
      expect(data.quote_requests[0]!.artwork).toBe('quotes/quote-990001-_logo_final.pdf');
      expect(Buffer.from(files[data.quote_requests[0]!.artwork!]!).toString()).toBe('%PDF-artwork');
      expect(data.price_lists).toEqual([`${tag} Builders`]);
    });

    it('an account with a return or claim still open cannot be closed: a later answer would go to an erased address', async () => {
      const ivo = await customer('Ivo', 'Reed', '07700 900999');
      const orderId = await invoicedOrder(ivo.userId, 'Ivo Reed');
      const returnId = await customerReturn(ivo.userId, orderId, 'approved');
      await expect(services.accountClosure.closeByCustomer(ivo.userId, PASSWORD)).rejects.toMatchObject({
        code: 'conflict',
        message: accountClosureMessages.returnOpen(returnId, orderId),
      });
      await database.db.execute(sql`UPDATE returns SET state = 'refused', refusal_reason = 'Not damaged in transit' WHERE return_id = ${returnId}`);
      await expect(services.accountClosure.closeByCustomer(ivo.userId, PASSWORD)).resolves.toMatchObject({ ordersKept: 1 });
      // The return is kept with its order; the photo the customer sent is erased with the account.
      const kept = await queryRows<{ photos: number | string }>(database.db, sql`SELECT (SELECT count(*) FROM return_photos WHERE return_id = ${returnId}) AS photos`);
      expect(Number(kept[0]!.photos)).toBe(0);
    });

    it('a wrong password closes nothing', async () => {
      const eve = await customer('Evelina', 'Frost', '07700 900555');
      await expect(services.accountClosure.closeByCustomer(eve.userId, 'not my password')).rejects.toMatchObject({
        code: 'invalid_request',
        message: accountSettingsMessages.currentPasswordWrong,
      });
      expect(await services.accounts.authenticate(eve.token)).toBe(eve.userId);
    });

    it('a closed account cannot sign in, its details and basket are gone, its orders and invoices are kept, and the e-mail can sign up again', async () => {
      const fay = await customer('Fayette', 'Woolcombe', '07700 900666');
      await database.db.execute(sql`UPDATE users SET company_name = 'Woolcombe Crates Ltd', vat_number = 'GB123456789' WHERE user_id = ${fay.userId}`);
      const orderId = await invoicedOrder(fay.userId, 'Fayette Woolcombe');
      const [price] = await queryRows<{ product_id: number; product_price_id: number }>(database.db, sql`SELECT product_id, product_price_id FROM product_prices LIMIT 1`);
      if (price) {
        await database.db.execute(sql`INSERT INTO carts (user_id) VALUES (${fay.userId})`);
        await database.db.execute(
          sql`INSERT INTO cart_lines (cart_id, product_id, product_price_id, qty, count) SELECT cart_id, ${price.product_id}, ${price.product_price_id}, 1, 1 FROM carts WHERE user_id = ${fay.userId}`,
        );
      }
      const other = await services.accounts.signIn(fay.email, PASSWORD);
      await services.accounts.requestPasswordReset(fay.email);

      expect(await services.accountClosure.closeByCustomer(fay.userId, PASSWORD)).toEqual({ ordersKept: 1, invoicesKept: 1 });

      // Every sign-in ended, and sign-in answers as for a wrong password.
      expect(await services.accounts.authenticate(fay.token)).toBeNull();
      expect(await services.accounts.authenticate(other.token)).toBeNull();
      await expect(services.accounts.signIn(fay.email, PASSWORD)).rejects.toMatchObject({ message: messages.loginFailed, details: { userId: 0, token: '' } });
      expect(await services.accounts.requestPasswordReset(fay.email)).toEqual({ userId: 0 });
      const [pendingMail] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM jobs WHERE state = 'pending' AND payload ->> 'userId' = ${String(fay.userId)}`,
      );
      expect(Number(pendingMail!.n)).toBe(0);

      // The personal details are erased; what is printed on the invoices stays with them.
      const [user] = await queryRows<Record<string, unknown>>(
        database.db,
        sql`SELECT first_name, last_name, email, phone, newsletter, company_name, vat_number, closed_at IS NOT NULL AS closed FROM users WHERE user_id = ${fay.userId}`,
      );
      expect(user).toMatchObject({ email: closedAccountEmail(fay.userId), phone: '', newsletter: false, company_name: 'Woolcombe Crates Ltd', vat_number: 'GB123456789', closed: true });
      expect(JSON.stringify(user)).not.toMatch(/Fayette|Woolcombe,|example\.com/);
      const [left] = await queryRows<{ addresses: number; carts: number }>(
        database.db,
        sql`SELECT (SELECT count(*)::int FROM addresses WHERE user_id = ${fay.userId}) AS addresses, (SELECT count(*)::int FROM carts WHERE user_id = ${fay.userId}) AS carts`,
      );
      expect(left).toEqual({ addresses: 0, carts: 0 });

      // The order, with the address it was delivered to, and its invoice are kept.
      const invoice = await services.documents.staffInvoicePdf(orderId);
      const text = (await pdfText(invoice.content)).join('\n');
      expect(text).toContain('Fayette Woolcombe');
      expect(text).toContain('Woolcombe Crates Ltd');

      // The e-mail is free again.
      const again = await services.accounts.signUp({ first_name: 'Fayette', last_name: 'Woolcombe', email: fay.email.toUpperCase(), password: PASSWORD, phone: fay.phone });
      expect(again.userId).not.toBe(fay.userId);

      const detail = await services.customerDirectory.detail(fay.userId);
      expect(detail.closedAt).not.toBeNull();
      const [entry] = await services.customerDirectory.history(fay.userId);
      expect(entry).toMatchObject({ kind: 'customer.account-closed', staffName: null, after: { by: 'customer', ordersKept: 1, invoicesKept: 1 } });
      await expect(services.accountClosure.closeByCustomer(fay.userId, PASSWORD)).rejects.toMatchObject({ code: 'unauthorized' });
    });

    it('the customer is e-mailed once that the account is closed, at the address it had, and the sent job keeps no copy of it', async () => {
      const hal = await customer('Halcyon', 'Marsh', '07700 900888');
      await invoicedOrder(hal.userId, 'Halcyon Marsh');
      await services.accountClosure.closeByCustomer(hal.userId, PASSWORD);
      await services.jobWorker.drain();
      await services.jobWorker.drain();

      const mails = sent.filter((mail) => mail.to === hal.email);
      expect(mails.map((mail) => mail.subject)).toEqual([`Your ${demoShopConfig.tradingName} account is closed`]);
      expect(mails[0]!.text).toContain('Hello Halcyon,');
      expect(mails[0]!.text).toContain('we have closed your');
      expect(mails[0]!.text).toContain('we keep your order and its VAT invoice, with the addresses they went to, for 6 years');
      expect(sent.some((mail) => mail.to === closedAccountEmail(hal.userId))).toBe(false);
      const [job] = await database.db.select({ state: jobs.state, payload: jobs.payload }).from(jobs).where(eq(jobs.dedupeKey, `account-closed:${hal.userId}`));
      expect(job!.state).toBe('done');
      expect(JSON.stringify(job!.payload)).not.toMatch(/Halcyon|example\.com/);
    });

    it('staff close an account for a customer who asked, audited with how they asked; it cannot be enabled again', async () => {
      const gil = await customer('Gilberta', 'Reed', '07700 900777');
      await services.accountClosure.closeByStaff(staffId, gil.userId, 'Phoned on 27 November, confirmed her postcode');
      expect(await services.accounts.authenticate(gil.token)).toBeNull();
      const [entry] = await services.customerDirectory.history(gil.userId);
      expect(entry).toMatchObject({
        kind: 'customer.account-closed',
        staffName: 'Mia Manager',
        after: { by: 'staff', request: 'Phoned on 27 November, confirmed her postcode', ordersKept: 0 },
      });
      await expect(services.accountClosure.closeByStaff(staffId, gil.userId, 'again')).rejects.toMatchObject({ code: 'conflict', message: accountClosureMessages.alreadyClosed });
      await expect(services.customerDirectory.enable(staffId, gil.userId)).rejects.toMatchObject({ code: 'conflict' });
      expect((await services.customerDirectory.search(gil.email)).customers).toEqual([]);
      await expect(services.accounts.signIn(gil.email, PASSWORD)).rejects.toMatchObject({ message: messages.loginFailed });
    });
  });
}
