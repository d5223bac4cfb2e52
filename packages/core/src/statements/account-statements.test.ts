/**
 * A trade customer's statement of account and open invoices on PGlite and PostgreSQL, through the
 * real money rules (dispatch issuing invoices, payments recorded by staff, a goodwill refund with
 * its credit note, a credit note lowering what is owed, one card payment of two invoices): each
 * month's closing balance is its opening balance plus its documents less its payments, carries
 * into the next month, and ages by days past due; today's balance is what the open invoices owe.
 * Only the customer's own account is read, and the month's statement is e-mailed once with its PDF.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, jobs, orders as ordersTable, staff, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import type { StatementDto } from '@shop/contract';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import type { StaffMember } from '../staff/staff-roles.ts';
import { insertFixtureCustomer, insertFixtureOrder } from '../documents/document-fixtures.ts';
import { creditOrder } from '../back-office/orders/order-payments.ts';
import { pdfText } from '../documents/pdf-text.ts';
import type { MailMessage } from '../email/mailer.ts';
import type { PaymentVerifier } from '../payments/payment-verifier.ts';

/** The test provider: each reference paid the amount in its name (TEST-2400-...), completed, in pounds. */
const verifier: PaymentVerifier = {
  mode: 'test',
  async verify(reference: string) {
    return { reference, status: 'COMPLETED', currency: 'GBP', amountPence: Number(/^TEST-(\d+)-/.exec(reference)?.[1] ?? 0), captureId: reference };
  },
};

const pence = (pounds: number) => Math.round(pounds * 100);
/** The statement's own rule, in pence so no float noise hides a penny. */
function expectBalanced(statement: StatementDto) {
  expect(pence(statement.closing_balance)).toBe(pence(statement.opening_balance) + pence(statement.documents_total) - pence(statement.payments_total));
  const debits = statement.lines.reduce((sum, line) => sum + pence(line.debit ?? 0), 0);
  const credits = statement.lines.reduce((sum, line) => sum + pence(line.credit ?? 0), 0);
  expect(pence(statement.closing_balance)).toBe(pence(statement.opening_balance) + debits - credits);
  if (statement.lines.length > 0) expect(statement.lines.at(-1)!.balance).toBe(statement.closing_balance);
  const aged = Object.values(statement.ageing).reduce((sum, value) => sum + pence(value), 0);
  expect(aged).toBe(pence(statement.closing_balance));
}

for (const kind of databaseKinds()) {
  describe(`a trade customer's statement of account [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let clock = new Date('2026-09-01T10:00:00Z');
    let manager: StaffMember;
    let warehouse: StaffMember;
    let userId: number;
    const sent: MailMessage[] = [];
    const orders: Record<'a' | 'b' | 'c', { orderId: number; totalPence: number }> = {} as never;

    const at = (day: string) => {
      clock = new Date(`${day}T11:00:00Z`);
    };
    const admin = () => services.orderAdministration;
    const version = async (orderId: number) => (await admin().detail(orderId, manager)).version;
    const pay = async (orderId: number, amountPence: number, on: string) =>
      admin().recordPayment(manager, orderId, await version(orderId), { amountPence, receivedOn: on, bankReference: `BACS ${orderId}` });
    const ship = async (orderId: number) => admin().shipments.ship(warehouse, orderId, await version(orderId), { carrier: 'DPD', trackingNumber: `T${orderId}`, lines: 'rest' });
    const placeOnAccount = async (on: string) => insertFixtureOrder(database.db, { userId, paymentMethod: 'account', created: new Date(`${on}T09:00:00Z`), deliveryFeePence: 499 });

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      services = createCoreServices(database, {
        shop: demoShopConfig,
        clock: () => clock,
        payments: verifier,
        mailer: { send: async (message) => void sent.push(message) },
        publicBaseUrl: 'https://shop.example.com',
      });
      const rows = await database.db
        .insert(staff)
        .values([
          { email: 'mona@example.com', name: 'Mona Manager', role: 'manager' },
          { email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse' },
        ])
        .returning({ staff_id: staff.staffId, role: staff.role });
      const member = (role: 'manager' | 'warehouse', name: string): StaffMember => ({
        staffId: Number(rows.find((r) => r.role === role)!.staff_id),
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        name,
        role,
        totpEnabled: false,
      });
      manager = member('manager', 'Mona Manager');
      warehouse = member('warehouse', 'Will Warehouse');
      userId = await insertFixtureCustomer(database.db, { companyName: 'Walker Crafts Ltd' });
      await services.tradeAccounts.open(manager.staffId, userId, 1_000_000, 30);

      // September: two orders on account leave; part of the first is paid.
      at('2026-09-02');
      orders.a = await placeOnAccount('2026-09-02');
      at('2026-09-03');
      await ship(orders.a.orderId);
      at('2026-09-10');
      orders.b = await placeOnAccount('2026-09-10');
      at('2026-09-12');
      await ship(orders.b.orderId);
      at('2026-09-25');
      await pay(orders.a.orderId, 20_00, '2026-09-25');

      // October: a third leaves; the first is paid in full, then £10.00 of it refunded as goodwill
      // (its credit note with it); a £5.00 credit note lowers what the second owes.
      at('2026-10-05');
      orders.c = await placeOnAccount('2026-10-05');
      at('2026-10-06');
      await ship(orders.c.orderId);
      at('2026-10-08');
      await pay(orders.a.orderId, orders.a.totalPence - 20_00, '2026-10-08');
      at('2026-10-15');
      await admin().recordRefund(manager, orders.a.orderId, await version(orders.a.orderId), { amountPence: 10_00, receivedOn: '2026-10-15', bankReference: 'GOODWILL', reason: 'Goodwill' });
      at('2026-10-16');
      await database.db.transaction((tx) => creditOrder(tx, { jobs: services.jobs, now: () => clock }, { orderId: orders.b.orderId, creditPence: 5_00, reason: 'Two cartons crushed', staffId: manager.staffId }));
      at('2026-11-03');
    }, 120_000);
    afterAll(async () => drop?.());

    it("September: two invoices and a part payment; the closing balance is the opening plus documents less payments", async () => {
      const september = await services.statements.statement(userId, '2026-09');
      expect(september).toMatchObject({ month: '2026-09', period_from: '2026-09-01', statement_date: '2026-09-30', terms_days: 30, opening_balance: 0 });
      expect(september.customer).toMatchObject({ company_name: 'Walker Crafts Ltd' });
      expect(september.lines.map((line) => [line.date, line.kind, line.order_ids])).toEqual([
        ['2026-09-03', 'invoice', [orders.a.orderId]],
        ['2026-09-12', 'invoice', [orders.b.orderId]],
        ['2026-09-25', 'payment', [orders.a.orderId]],
      ]);
      expect(september.lines[0]).toMatchObject({ reference: expect.stringMatching(/^INV-\d{6}$/), due_date: '2026-10-03', debit: orders.a.totalPence / 100, credit: null });
      expect(september.lines[2]).toMatchObject({ reference: `BACS ${orders.a.orderId}`, debit: null, credit: 20 });
      expect(pence(september.documents_total)).toBe(orders.a.totalPence + orders.b.totalPence);
      expect(september.payments_total).toBe(20);
      expectBalanced(september);
      // Nothing was due yet on 30 September.
      expect(september.ageing).toEqual({ current: september.closing_balance, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0 });
    });

    it('October opens where September closed; credit notes and the refund are there; the overdue invoice is aged 1-30 days', async () => {
      const september = await services.statements.statement(userId, '2026-09');
      const october = await services.statements.statement(userId, '2026-10');
      expect(october.opening_balance).toBe(september.closing_balance);
      expect(october.lines.map((line) => [line.date, line.kind])).toEqual([
        ['2026-10-06', 'invoice'],
        ['2026-10-08', 'payment'],
        ['2026-10-15', 'credit_note'],
        ['2026-10-15', 'refund'],
        ['2026-10-16', 'credit_note'],
      ]);
      expect(october.lines[2]).toMatchObject({ reference: expect.stringMatching(/^CN-\d{6}$/), credit: 10 });
      expect(october.lines[3]).toMatchObject({ debit: 10, description: expect.stringContaining('Refund paid to you') });
      expect(october.lines[4]).toMatchObject({ credit: 5, order_ids: [orders.b.orderId] });
      expectBalanced(october);
      // On 31 October: A is settled, B (due 12 October) 19 days overdue less its credit, C not yet due.
      expect(pence(october.ageing.days_1_30)).toBe(orders.b.totalPence - 5_00);
      expect(pence(october.ageing.current)).toBe(orders.c.totalPence);
      expect(pence(october.closing_balance)).toBe(orders.b.totalPence - 5_00 + orders.c.totalPence);
    });

    it("today's balance is what the open invoices owe, oldest due first, and the statement PDF says the same", async () => {
      const open = await services.statements.openInvoices(userId);
      expect(open.invoices.map((invoice) => [invoice.order_id, pence(invoice.amount_due), invoice.due_date])).toEqual([
        [orders.b.orderId, orders.b.totalPence - 5_00, '2026-10-12'],
        [orders.c.orderId, orders.c.totalPence, '2026-11-05'],
      ]);
      expect(open.invoices[0]).toMatchObject({ days_overdue: 22, credited: 5, invoice_url: `/order-invoice?orderId=${orders.b.orderId}` });
      expect(pence(open.overdue_due)).toBe(orders.b.totalPence - 5_00);
      const november = await services.statements.statement(userId);
      expect(november).toMatchObject({ month: '2026-11', statement_date: '2026-11-03', lines: [] });
      expect(november.closing_balance).toBe(open.total_due);
      expectBalanced(november);

      const pdf = await services.statements.statementPdf(userId, '2026-10');
      expect(pdf.filename).toBe('statement-2026-10.pdf');
      const text = (await pdfText(pdf.content)).join(' ');
      expect(text).toContain('STATEMENT OF ACCOUNT');
      expect(text).toContain('October 2026');
      expect(text).toContain('Walker Crafts Ltd');
      const closing = `£${(await services.statements.statement(userId, '2026-10')).closing_balance.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
      expect(text).toContain(`Closing balance, 31 October 2026 ${closing}`);
      for (const line of (await services.statements.statement(userId, '2026-10')).lines) expect(text).toContain(line.reference);
    });

    it('another customer has no invoices, an empty statement, and cannot pay or see ours', async () => {
      const someoneElse = await insertFixtureCustomer(database.db);
      expect(await services.statements.openInvoices(someoneElse)).toEqual({ invoices: [], total_due: 0, overdue_due: 0 });
      const statement = await services.statements.statement(someoneElse, '2026-10');
      expect(statement).toMatchObject({ lines: [], opening_balance: 0, closing_balance: 0, terms_days: null });
      // Someone else's order is not theirs to pay: nothing is recorded on it (their payment goes back to them).
      await expect(services.dueCardPayments.payMany(someoneElse, [orders.b.orderId], 'TEST-100-x')).rejects.toThrow(`You have no order ${orders.b.orderId}.`);
      await expect(services.statements.statement(userId, '2026-12')).rejects.toThrow('There is no statement for a month that has not started yet.');
    });

    it('e-mails the month\'s statement once, with its PDF, to the customer whose account had something that month', async () => {
      await services.statements.emailMonthlyStatements('2026-10');
      await services.statements.emailMonthlyStatements('2026-10');
      const statementJobs = await database.db.select({ dedupe_key: jobs.dedupeKey }).from(jobs).where(eq(jobs.kind, 'email.monthly-statement'));
      expect(statementJobs.map((job) => job.dedupe_key)).toEqual([`monthly-statement:${userId}:2026-10`]);
      await services.jobWorker.drain();
      const mails = sent.filter((mail) => mail.subject.includes('statement of account'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Your Boxwell Packaging statement of account for October 2026');
      expect(mails[0]!.text).toContain('https://shop.example.com/account/statement?month=2026-10');
      expect(mails[0]!.text).toMatch(/of which £[\d,.]+ is overdue/);
      expect(mails[0]!.attachments?.[0]).toMatchObject({ filename: 'statement-2026-10.pdf', contentType: 'application/pdf' });
      expect((await pdfText(mails[0]!.attachments![0]!.content)).join(' ')).toContain('October 2026');
      await expect(services.statements.emailMonthlyStatements('2026-11')).rejects.toThrow('once the month is over');
    });

    it('two open invoices paid by card in one payment: both paid, one line on the statement, nothing owed', async () => {
      const open = await services.statements.openInvoices(userId);
      const due = pence(open.total_due);
      // Selected newest first: allocated in due-date order all the same.
      const paid = await services.dueCardPayments.payMany(userId, [orders.c.orderId, orders.b.orderId], `TEST-${due}-both`);
      expect(paid).toEqual({
        recorded: true,
        amountPence: due,
        paid: [
          { orderId: orders.b.orderId, amountPence: orders.b.totalPence - 5_00 },
          { orderId: orders.c.orderId, amountPence: orders.c.totalPence },
        ],
      });
      // Sent again (a retry): nothing new.
      expect((await services.dueCardPayments.payMany(userId, [orders.b.orderId, orders.c.orderId], `TEST-${due}-both`)).recorded).toBe(false);
      // The same payment cannot pay anything else.
      await expect(services.dueCardPayments.pay(userId, orders.a.orderId, `TEST-${due}-both`)).rejects.toThrow('already been used');

      expect(await services.statements.openInvoices(userId)).toEqual({ invoices: [], total_due: 0, overdue_due: 0 });
      const november = await services.statements.statement(userId, '2026-11');
      expect(november.lines).toEqual([
        expect.objectContaining({ kind: 'payment', date: '2026-11-03', reference: `TEST-${due}-both`, order_ids: [orders.b.orderId, orders.c.orderId], credit: due / 100, balance: 0 }),
      ]);
      expect(november.closing_balance).toBe(0);
      expectBalanced(november);
      for (const { orderId } of [orders.b, orders.c]) {
        const detail = await admin().detail(orderId, manager);
        expect(detail.payment.status).toBe('paid');
      }
    });

    it("a company's statement is the company's: its admin's lists every buyer's invoice, a buyer's lists only their own", async () => {
      const adminId = await insertFixtureCustomer(database.db, { firstName: 'Dora', lastName: 'Dean', companyName: 'Dean Joinery' });
      await services.tradeAccounts.open(manager.staffId, adminId, 1_000_000, 30);
      const [membership] = await database.db.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, adminId));
      const companyId = membership!.companyId;
      const ben = await insertFixtureCustomer(database.db, { firstName: 'Ben', lastName: 'Buyer' });
      const bea = await insertFixtureCustomer(database.db, { firstName: 'Bea', lastName: 'Buyer' });
      await database.db.insert(companyMembers).values([
        { companyId, userId: ben, role: 'buyer' },
        { companyId, userId: bea, role: 'buyer' },
      ]);
      at('2026-10-20');
      const bens = await insertFixtureOrder(database.db, { userId: ben, paymentMethod: 'account', created: new Date('2026-10-20T09:00:00Z') });
      const beas = await insertFixtureOrder(database.db, { userId: bea, paymentMethod: 'account', created: new Date('2026-10-20T10:00:00Z') });
      // Placed for the company, as checkout records a member's order.
      await database.db.update(ordersTable).set({ companyId }).where(inArray(ordersTable.orderId, [bens.orderId, beas.orderId]));
      at('2026-10-21');
      await ship(bens.orderId);
      await ship(beas.orderId);
      at('2026-11-03');

      const invoicedIn = (statement: StatementDto) => statement.lines.filter((line) => line.kind === 'invoice').flatMap((line) => line.order_ids).sort((x, y) => x - y);
      const adminOctober = await services.statements.statement(adminId, '2026-10');
      expect(invoicedIn(adminOctober)).toEqual([bens.orderId, beas.orderId].sort((x, y) => x - y));
      expect(pence(adminOctober.closing_balance)).toBe(bens.totalPence + beas.totalPence);
      expectBalanced(adminOctober);
      expect(pence((await services.statements.openInvoices(adminId)).total_due)).toBe(bens.totalPence + beas.totalPence);
      expect(invoicedIn(await services.statements.statement(ben, '2026-10'))).toEqual([bens.orderId]);
      expect((await services.statements.openInvoices(bea)).invoices.map((invoice) => invoice.order_id)).toEqual([beas.orderId]);

      // The month's statement is e-mailed to the admin, who pays; not to each buyer.
      await services.statements.emailMonthlyStatements('2026-10');
      const statementJobs = await database.db.select({ dedupe_key: jobs.dedupeKey }).from(jobs).where(eq(jobs.kind, 'email.monthly-statement'));
      const keys = statementJobs.map((job) => job.dedupe_key);
      expect(keys).toContain(`monthly-statement:${adminId}:2026-10`);
      expect(keys).not.toContain(`monthly-statement:${ben}:2026-10`);
      expect(keys).not.toContain(`monthly-statement:${bea}:2026-10`);
    });
  });
}
