/**
 * Bank statement import on PGlite and PostgreSQL, as staff use it: the dry run ties each credit
 * to its order by the exact reference, a reference inside the description, or a reference one
 * character off, and compares the amount with what is due (in full, part, over); lines naming a
 * cancelled order, several orders or none are listed and not recorded. Applying records the
 * matched payments with an audit entry pointing at the statement line, keeps every line, and
 * writes nothing at all when anything fails; a statement imported twice records nothing the
 * second time, even when two staff apply it at once; the warehouse may not import.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer, insertFixtureOrder } from '../../documents/document-fixtures.ts';
import { newOrderReference } from '../../payments/order-reference.ts';
import type { StaffMember } from '../../staff/staff-roles.ts';
import { BankStatements, bankStatementMessages, type StatementLine } from './bank-statements.ts';

const NOW = new Date('2026-02-01T12:00:00Z');
/** £50.00 + VAT: £60.00 due. */
const SIXTY = [{ productName: 'Box', size1: 'S', pricePence: 5000, qty: 10, count: 1 }];
/** £25.00 + VAT: £30.00 due. */
const THIRTY = [{ productName: 'Tape', size1: 'M', pricePence: 2500, qty: 6, count: 1 }];

const file = (rows: [string, string, string][], name = 'statement.csv') => ({
  name,
  bytes: new TextEncoder().encode(`Date,Description,Amount\n${rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\n')}\n`),
});

for (const kind of databaseKinds()) {
  describe(`bank statement import [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let statements: BankStatements;
    let userId: number;
    const manager: StaffMember = { staffId: 1, email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
    const warehouse: StaffMember = { staffId: 2, email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse', totpEnabled: false };

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 4 }));
      statements = new BankStatements(database.db, { referencePrefix: 'BXW', now: () => NOW });
      await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'mona@example.com', 'Mona Manager', 'manager'), (2, 'will@example.com', 'Will Warehouse', 'warehouse')`);
      userId = await insertFixtureCustomer(database.db);
    });
    afterAll(async () => drop?.());

    /** A bank-transfer order with this reference (a new one when none is given). */
    async function order(options: { reference?: string; lines?: typeof SIXTY; status?: string; user?: number; created?: Date } = {}) {
      const { orderId } = await insertFixtureOrder(database.db, { userId: options.user ?? userId, paymentMethod: 'bank', paidPence: 0, lines: options.lines ?? SIXTY, status: options.status, created: options.created ?? new Date('2026-01-02T10:00:00Z') });
      const reference = options.reference ?? newOrderReference('BXW');
      await database.db.execute(sql`UPDATE orders SET payment_reference = ${reference} WHERE order_id = ${orderId}`);
      return { orderId, reference };
    }
    const paidOf = async (orderId: number) =>
      Number((await queryRows<{ paid_pence: number }>(database.db, sql`SELECT paid_pence FROM orders WHERE order_id = ${orderId}`))[0]!.paid_pence);
    const count = async (table: 'order_payments' | 'bank_statement_lines' | 'bank_statement_imports' | 'order_events') =>
      Number((await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n);
    const summary = (l: StatementLine) => [l.description, l.order?.orderId ?? null, l.order?.matchedBy ?? null, l.outcome, l.records];

    it('the dry run ties each credit to its order and says how, compares it with what is due, and lists what it cannot record', async () => {
      const exact = await order({ reference: 'BXW-7KQ4MC' });
      const inside = await order({ reference: 'BXW-3HTC9D' });
      const typo = await order({ reference: 'BXW-AC4D6E' });
      const over = await order({ reference: 'BXW-DEF479' });
      const cancelled = await order({ reference: 'BXW-GHJ343', status: 'Cancelled' });
      // An older customer's orders share the reference BXW + user id.
      const oldCustomer = await insertFixtureCustomer(database.db);
      const older = await order({ reference: `BXW${oldCustomer}`, user: oldCustomer, created: new Date('2025-12-01T10:00:00Z') });
      const newer = await order({ reference: `BXW${oldCustomer}`, user: oldCustomer, lines: THIRTY, created: new Date('2025-12-05T10:00:00Z') });
      // An old reference of a six-digit customer number reads like an order's own code.
      const sixDigits = await order({ reference: 'BXW123456' });
      const before = await count('order_payments');

      const report = await statements.dryRun(
        manager,
        file([
          ['05/01/2026', 'bxw 7kq4mc', '60.00'],
          ['05/01/2026', 'WALKER CRAFTS BXW-3HTC9D FP 05/01', '£20.00'],
          ['06/01/2026', 'WALKER CRAFTS BXW3HTC9D', '40.00'],
          ['06/01/2026', 'A WALKER BXW-AC4D6F', '60.00'],
          ['06/01/2026', 'BXW-DEF479', '75.00'],
          ['07/01/2026', 'BXW GHJ343', '60.00'],
          ['07/01/2026', 'RENT REFUND', '10.00'],
          ['07/01/2026', 'BXW-QQQQQQ', '10.00'],
          ['07/01/2026', 'BXW-7KQ4MC AND BXW-3HTC9D', '10.00'],
          ['08/01/2026', `BXW${oldCustomer}`, '100.00'],
          ['08/01/2026', `BXW${oldCustomer}`, '30.00'],
          ['08/01/2026', `PAYMENT BXW${oldCustomer}`, '20.00'],
          ['08/01/2026', 'BXW 123456', '60.00'],
          ['08/01/2026', 'ELECTRICITY', '-80.00'],
        ]),
      );
      expect(report.layout.key).toBe('generic');
      expect(report.debitsIgnored).toBe(1);
      expect(report.lines.map(summary)).toEqual([
        ['bxw 7kq4mc', exact.orderId, 'exact', 'paid-in-full', true],
        ['WALKER CRAFTS BXW-3HTC9D FP 05/01', inside.orderId, 'inside', 'part-paid', true],
        // The line above counts: £40.00 was still due.
        ['WALKER CRAFTS BXW3HTC9D', inside.orderId, 'inside', 'paid-in-full', true],
        ['A WALKER BXW-AC4D6F', typo.orderId, 'typo', 'paid-in-full', true],
        ['BXW-DEF479', over.orderId, 'exact', 'overpaid', false],
        ['BXW GHJ343', cancelled.orderId, 'exact', 'cancelled', false],
        ['RENT REFUND', null, null, 'no-match', false],
        ['BXW-QQQQQQ', null, null, 'no-match', false],
        ['BXW-7KQ4MC AND BXW-3HTC9D', null, null, 'ambiguous', false],
        // Shared reference: no open order owes £100 or more.
        [`BXW${oldCustomer}`, null, null, 'ambiguous', false],
        // The one owing exactly £30.00, though not the oldest; then the one left.
        [`BXW${oldCustomer}`, newer.orderId, 'exact', 'paid-in-full', true],
        [`PAYMENT BXW${oldCustomer}`, older.orderId, 'inside', 'part-paid', true],
        ['BXW 123456', sixDigits.orderId, 'exact', 'paid-in-full', true],
      ]);
      expect(report.lines[1]!.order).toMatchObject({ totalPence: 60_00, paidPence: 0, duePence: 60_00 });
      expect(report.lines[1]!.note).toBe(bankStatementMessages.partPaid(40_00));
      expect(report.lines[2]!.order).toMatchObject({ paidPence: 20_00, duePence: 40_00 });
      expect(report.lines[3]!.note).toContain(bankStatementMessages.typo('BXW-AC4D6E'));
      expect(report.lines[4]!.note).toBe(bankStatementMessages.overpaid(15_00, 60_00));
      expect(report.lines[5]!.note).toBe(bankStatementMessages.cancelled(cancelled.orderId));
      expect(report.lines[7]!.note).toBe(bankStatementMessages.unknownReference('BXW-QQQQQQ'));
      expect(report.totals).toEqual({
        credits: { count: 13, pence: 60_00 + 20_00 + 40_00 + 60_00 + 75_00 + 60_00 + 10_00 + 10_00 + 10_00 + 100_00 + 30_00 + 20_00 + 60_00 },
        recorded: { count: 7, pence: 60_00 + 20_00 + 40_00 + 60_00 + 30_00 + 20_00 + 60_00 },
        overpaymentsLeft: { count: 1, pence: 75_00 },
        notRecorded: { count: 5, pence: 60_00 + 10_00 + 10_00 + 10_00 + 100_00 },
        alreadyImported: { count: 0, pence: 0 },
      });
      // A dry run writes nothing.
      expect(await count('order_payments')).toBe(before);
      expect(await count('bank_statement_lines')).toBe(0);
    });

    it('applying records the matched payments with their audit entries, keeps every line, and a second import records nothing', async () => {
      const paid = await order();
      const part = await order();
      const over = await order();
      const statement = file(
        [
          ['10/01/2026', `FP ${paid.reference}`, '60.00'],
          ['10/01/2026', part.reference, '25.00'],
          ['10/01/2026', over.reference, '61.00'],
          ['10/01/2026', 'UNKNOWN PAYER', '5.00'],
        ],
        'january.csv',
      );
      const events = await count('order_events');
      const applied = await statements.apply(manager, statement, { acceptOverpayments: false });
      expect(applied.importId).not.toBeNull();
      expect(applied.lines.map((l) => [l.outcome, l.records, l.orderPaymentId !== null])).toEqual([
        ['paid-in-full', true, true],
        ['part-paid', true, true],
        ['overpaid', false, false],
        ['no-match', false, false],
      ]);
      expect([await paidOf(paid.orderId), await paidOf(part.orderId), await paidOf(over.orderId)]).toEqual([60_00, 25_00, 0]);
      expect(await count('order_events')).toBe(events + 2);

      const [imported] = await queryRows<{ file_name: string; layout: string; staff_id: number; credit_lines: number; payments_recorded: number }>(
        database.db,
        sql`SELECT file_name, layout, staff_id, credit_lines, payments_recorded FROM bank_statement_imports WHERE import_id = ${applied.importId}`,
      );
      expect(imported).toEqual({ file_name: 'january.csv', layout: 'generic', staff_id: 1, credit_lines: 4, payments_recorded: 2 });
      const lines = await queryRows<{ statement_line_id: number; description: string; order_id: number | null; order_payment_id: number | null }>(
        database.db,
        sql`SELECT statement_line_id, description, order_id, order_payment_id FROM bank_statement_lines WHERE import_id = ${applied.importId} ORDER BY statement_line_id`,
      );
      expect(lines.map((l) => [l.description, l.order_id, l.order_payment_id === null ? null : Number(l.order_payment_id)])).toEqual([
        [`FP ${paid.reference}`, paid.orderId, applied.lines[0]!.orderPaymentId],
        [part.reference, part.orderId, applied.lines[1]!.orderPaymentId],
        [over.reference, over.orderId, null],
        ['UNKNOWN PAYER', null, null],
      ]);
      const [event] = await queryRows<{ kind: string; staff_id: number; before: unknown; after: Record<string, unknown> }>(
        database.db,
        sql`SELECT kind, staff_id, before, after FROM order_events WHERE order_id = ${paid.orderId}`,
      );
      expect(event).toMatchObject({
        kind: 'payment_recorded',
        staff_id: 1,
        before: { paid_pence: 0 },
        after: { paid_pence: 60_00, amount_pence: 60_00, received_on: '2026-01-10', source: 'bank statement', statement_import: applied.importId, statement_line: applied.lines[0]!.line, statement_line_id: Number(lines[0]!.statement_line_id), matched_by: 'Reference in the description' },
      });
      const [payment] = await queryRows<{ received_on: string; bank_reference: string; staff_id: number }>(
        database.db,
        sql`SELECT received_on::text AS received_on, bank_reference, staff_id FROM order_payments WHERE order_id = ${paid.orderId}`,
      );
      expect(payment).toEqual({ received_on: '2026-01-10', bank_reference: `FP ${paid.reference}`, staff_id: 1 });

      // The same statement again (even accepting overpayments): every line was imported already.
      const again = await statements.apply(manager, statement, { acceptOverpayments: true });
      expect(again.importId).toBeNull();
      expect(again.lines.every((l) => l.outcome === 'already-imported' && !l.records)).toBe(true);
      expect(again.lines[0]!.note).toBe(bankStatementMessages.alreadyImported(applied.importId!));
      expect([await paidOf(paid.orderId), await paidOf(part.orderId), await paidOf(over.orderId)]).toEqual([60_00, 25_00, 0]);
      // A longer statement overlapping it records only its new line.
      const longer = file([
        ['10/01/2026', `FP ${paid.reference}`, '60.00'],
        ['10/01/2026', part.reference, '25.00'],
        ['10/01/2026', over.reference, '61.00'],
        ['10/01/2026', 'UNKNOWN PAYER', '5.00'],
        ['11/01/2026', part.reference, '35.00'],
      ]);
      const rest = await statements.apply(manager, longer, { acceptOverpayments: false });
      expect(rest.lines.map((l) => l.outcome)).toEqual(['already-imported', 'already-imported', 'already-imported', 'already-imported', 'paid-in-full']);
      expect(await paidOf(part.orderId)).toBe(60_00);
    });

    it('records an overpayment only when staff accept overpayments, saying by how much', async () => {
      const over = await order();
      const applied = await statements.apply(manager, file([['12/01/2026', over.reference, '70.00']]), { acceptOverpayments: true });
      expect(applied.lines[0]).toMatchObject({ outcome: 'overpaid', records: true, note: bankStatementMessages.overpaidRecorded(10_00) });
      expect(await paidOf(over.orderId)).toBe(70_00);
      const [event] = await queryRows<{ after: Record<string, unknown> }>(database.db, sql`SELECT after FROM order_events WHERE order_id = ${over.orderId}`);
      expect(event!.after).toMatchObject({ overpaid_pence: 10_00, source: 'bank statement' });
    });

    it('records nothing at all when applying fails part way', async () => {
      const first = await order();
      const second = await order();
      const [payments, lines, imports] = [await count('order_payments'), await count('bank_statement_lines'), await count('bank_statement_imports')];
      await database.db.execute(
        sql.raw(`CREATE FUNCTION refuse_test_line() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN
                   IF NEW.description LIKE '%FAIL HERE%' THEN RAISE EXCEPTION 'the disk is full'; END IF;
                   RETURN NEW;
                 END $$`),
      );
      await database.db.execute(sql.raw('CREATE TRIGGER refuse_test_line BEFORE INSERT ON bank_statement_lines FOR EACH ROW EXECUTE FUNCTION refuse_test_line()'));
      try {
        await expect(
          statements.apply(
            manager,
            file([
              ['13/01/2026', first.reference, '60.00'],
              ['13/01/2026', `${second.reference} FAIL HERE`, '60.00'],
            ]),
            { acceptOverpayments: false },
          ),
        ).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'the disk is full' }) });
      } finally {
        await database.db.execute(sql.raw('DROP TRIGGER refuse_test_line ON bank_statement_lines'));
        await database.db.execute(sql.raw('DROP FUNCTION refuse_test_line()'));
      }
      expect([await paidOf(first.orderId), await paidOf(second.orderId)]).toEqual([0, 0]);
      expect([await count('order_payments'), await count('bank_statement_lines'), await count('bank_statement_imports')]).toEqual([payments, lines, imports]);
    });

    it('two staff applying the same statement at once record it once', async () => {
      const a = await order();
      const b = await order();
      const statement = file([
        ['14/01/2026', a.reference, '60.00'],
        ['14/01/2026', b.reference, '30.00'],
        ['14/01/2026', 'SOMEONE ELSE', '1.00'],
      ]);
      const results = await Promise.all([
        statements.apply(manager, statement, { acceptOverpayments: false }),
        statements.apply({ ...manager, role: 'owner' }, statement, { acceptOverpayments: false }),
      ]);
      expect(results.map((r) => r.importId === null).sort()).toEqual([false, true]);
      expect([await paidOf(a.orderId), await paidOf(b.orderId)]).toEqual([60_00, 30_00]);
      const payments = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM order_payments WHERE order_id IN (${a.orderId}, ${b.orderId})`);
      expect(payments[0]!.n).toBe(2);
    });

    it('ties a remittance quoting the invoice number to the order of that invoice', async () => {
      const trade = await insertFixtureCustomer(database.db, { firstName: 'Nina', lastName: 'North', companyName: 'Northern Crafts Ltd' });
      const invoiced = await order({ user: trade });
      await database.db.execute(sql`INSERT INTO invoices (invoice_number, order_id, tax_point_date) VALUES (15, ${invoiced.orderId}, '2026-01-02')`);
      const report = await statements.dryRun(
        manager,
        file([
          ['16/01/2026', 'NORTHERN CRAFTS LTD INV-000015', '60.00'],
          ['16/01/2026', 'NORTHERN CRAFTS INV 999999', '60.00'],
        ]),
      );
      expect(report.lines.map(summary)).toEqual([
        ['NORTHERN CRAFTS LTD INV-000015', invoiced.orderId, 'invoice', 'paid-in-full', true],
        // An invoice the shop never issued names nothing (the order it would be is suggested below).
        ['NORTHERN CRAFTS INV 999999', null, null, 'no-match', false],
      ]);
      expect(report.lines[0]!.note).toBe(`${bankStatementMessages.invoice('INV-000015')} ${bankStatementMessages.paidInFull}`);
    });

    it('a payment dated before its order was placed is shown in the dry run as refused, and applying records the rest', async () => {
      const late = await order({ created: new Date('2026-01-20T10:00:00Z') });
      const fine = await order();
      const report = await statements.dryRun(
        manager,
        file([
          ['18/01/2026', `EARLY BIRD ${late.reference}`, '60.00'],
          ['18/01/2026', `ON TIME ${fine.reference}`, '60.00'],
        ]),
      );
      expect(report.lines.map(summary)).toEqual([
        [`EARLY BIRD ${late.reference}`, late.orderId, 'inside', 'date-refused', false],
        [`ON TIME ${fine.reference}`, fine.orderId, 'inside', 'paid-in-full', true],
      ]);
      expect(report.lines[0]!.note).toContain('cannot be received before the order was placed on 20 January 2026');
      const applied = await statements.apply(
        manager,
        file([
          ['18/01/2026', `EARLY BIRD ${late.reference}`, '60.00'],
          ['18/01/2026', `ON TIME ${fine.reference}`, '60.00'],
        ]),
        { acceptOverpayments: false },
      );
      expect(applied.lines.map((l) => [l.order?.orderId ?? null, l.records])).toEqual([
        [late.orderId, false],
        [fine.orderId, true],
      ]);
      expect(await paidOf(late.orderId)).toBe(0);
      expect(await paidOf(fine.orderId)).toBe(60_00);
    });

    it('counts two neighbouring characters swapped as one typing mistake', async () => {
      const swapped = await order({ reference: 'BXW-9CK7RP' });
      const report = await statements.dryRun(manager, file([['17/01/2026', 'T TRADER BXW-9KC7RP', '60.00']]));
      expect(report.lines.map(summary)).toEqual([['T TRADER BXW-9KC7RP', swapped.orderId, 'typo', 'paid-in-full', true]]);
      expect(report.lines[0]!.note).toContain(bankStatementMessages.typo('BXW-9CK7RP'));
    });

    it('suggests the open order owing exactly the amount whose customer the line names, and records it only when staff choose it', async () => {
      const archer = await insertFixtureCustomer(database.db, { firstName: 'Bob', lastName: 'Archer', companyName: 'Archer Packaging Ltd' });
      const open = await order({ user: archer, lines: THIRTY });
      const paidAlready = await order({ user: archer, lines: THIRTY });
      await database.db.execute(sql`UPDATE orders SET paid_pence = total_pence WHERE order_id = ${paidAlready.orderId}`);
      const cancelled = await order({ user: archer, lines: THIRTY, status: 'Cancelled' });
      const statement = file([
        ['18/01/2026', 'ARCHER PACKAGING LTD', '30.00'],
        ['18/01/2026', 'B ARCHER', '30.00'],
        ['18/01/2026', 'ARCHER PACKAGING LTD', '31.00'],
        ['18/01/2026', 'SOMEONE ELSE', '30.00'],
      ]);
      const dry = await statements.dryRun(manager, statement);
      expect(dry.lines.map((l) => [l.description, l.outcome, l.records, l.suggestions.map((s) => s.orderId)])).toEqual([
        ['ARCHER PACKAGING LTD', 'no-match', false, [open.orderId]],
        ['B ARCHER', 'no-match', false, [open.orderId]],
        // Not the exact amount, or not the payer: nothing suggested.
        ['ARCHER PACKAGING LTD', 'no-match', false, []],
        ['SOMEONE ELSE', 'no-match', false, []],
      ]);
      expect(dry.lines[0]!.suggestions[0]).toMatchObject({ reference: open.reference, customer: expect.stringContaining('Bob Archer, Archer Packaging Ltd'), duePence: 30_00 });
      expect(dry.lines[0]!.note).toContain(bankStatementMessages.suggested(1));
      expect(dry.lines.flatMap((l) => l.suggestions.map((s) => s.orderId))).not.toContain(cancelled.orderId);

      // Applying without a choice records nothing; a choice of an order not suggested for the line records nothing.
      const unchosen = await statements.apply(manager, file([['19/01/2026', 'ARCHER PACKAGING LTD', '30.00']]), {
        acceptOverpayments: false,
        chosen: new Map([[2, paidAlready.orderId]]),
      });
      expect(unchosen.lines.map((l) => [l.outcome, l.records])).toEqual([['no-match', false]]);
      expect(unchosen.lines[0]!.note).toBe(bankStatementMessages.choiceGone(paidAlready.orderId));
      expect(await paidOf(open.orderId)).toBe(0);

      // Staff choose the suggestion for line 2: it is recorded, and the next line's suggestion is gone (nothing owed).
      const applied = await statements.apply(manager, statement, { acceptOverpayments: false, chosen: new Map([[2, open.orderId]]) });
      expect(applied.lines.map((l) => [l.order?.orderId ?? null, l.order?.matchedBy ?? null, l.outcome, l.records, l.suggestions.length])).toEqual([
        [open.orderId, 'chosen', 'paid-in-full', true, 0],
        [null, null, 'no-match', false, 0],
        [null, null, 'no-match', false, 0],
        [null, null, 'no-match', false, 0],
      ]);
      expect(await paidOf(open.orderId)).toBe(30_00);
      const [event] = await queryRows<{ after: Record<string, unknown> }>(database.db, sql`SELECT after FROM order_events WHERE order_id = ${open.orderId}`);
      expect(event!.after).toMatchObject({ matched_by: 'Suggested (amount and payer), chosen by staff', statement_line: 2, source: 'bank statement' });
    });

    it('refuses the warehouse, who may not record payments', async () => {
      const statement = file([['15/01/2026', 'BXW-7KQ4MC', '1.00']]);
      await expect(statements.dryRun(warehouse, statement)).rejects.toThrow(bankStatementMessages.notPermitted);
      await expect(statements.apply(warehouse, statement, { acceptOverpayments: true })).rejects.toThrow(bankStatementMessages.notPermitted);
    });

    // On PGlite only: its queries run in this thread, so only the matcher's own pauses let a timer
    // in; on PostgreSQL every query's wait does, and the same 10,000 rows proved nothing more in 7 s.
    it.runIf(kind === 'pglite')('a 10,000-row statement check lets other requests in while it matches its lines (it once ran with no turn of the event loop)', async () => {
      const paying = await Promise.all([1, 2, 3, 4, 5].map(() => order()));
      // Lines naming an order (each costs a query), one typing mistake off one, and naming none.
      const rows: [string, string, string][] = Array.from({ length: 10_000 }, (_, i) => {
        const target = paying[i % paying.length]!;
        if (i % 3 === 0) return ['05/01/2026', `PAYMENT ${target.reference} ${i}`, '0.01'];
        if (i % 3 === 1) return ['05/01/2026', `A WALKER ${target.reference.slice(0, -1)}Z ${i}`, '0.01'];
        return ['05/01/2026', `CARD REFUND ${i}`, `${(i % 90) + 1}.00`];
      });
      // The longest stretch with no turn of the event loop: a timer that should fire every 5 ms.
      let longest = 0;
      let ticks = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
        ticks++;
      }, 5);
      const started = performance.now();
      const report = await statements.dryRun(manager, file(rows));
      const ms = performance.now() - started;
      clearInterval(ticker);
      longest = Math.max(longest, performance.now() - last);
      console.log(`bank statements: 10,000 rows checked in ${Math.round(ms)} ms; the event loop turned ${ticks} times, waited at most ${Math.round(longest)} ms`);
      expect(report.lines).toHaveLength(10_000);
      expect(report.lines.filter((l) => l.records)).toHaveLength(6667);
      // The lines are matched in slices of about 20 ms, a turn of the event loop after each. (Reading
      // the CSV itself, parseBankStatement, is still one stretch: 1.4-1.7 s on a loaded machine.)
      expect(ticks).toBeGreaterThan(ms / 1000);
    }, 600_000);
  });
}
