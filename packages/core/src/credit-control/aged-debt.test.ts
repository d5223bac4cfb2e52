/**
 * The aged-debt report on PGlite and PostgreSQL: what each customer owes on account, by days past
 * the payment due date on the given London day (current includes orders not yet due and not yet
 * invoiced; 1-30, 31-60, 61-90, over 90), paid and cancelled orders left out, part payments and
 * credit notes taken off; totals add up the rows; a customer on stop says why; the CSV has the
 * same figures in pounds with a totals line.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { insertFixtureCustomer, insertFixtureOrder } from '../documents/document-fixtures.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { AGED_DEBT_COLUMNS, CreditControl } from './credit-control.ts';

const TODAY = '2025-06-30';
/** One line of £100.00 net: £120.00 with VAT. */
const lines = [{ productName: 'Box', size1: 'S', pricePence: 100_00, qty: 10, count: 1 }];

for (const kind of databaseKinds()) {
  describe(`aged debt [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let credit: CreditControl;
    let late: number;
    let prompt: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      credit = new CreditControl(database.db, { jobs: new JobQueue(database.db), stopAfterDaysOverdue: 7 });
      late = await insertFixtureCustomer(database.db, { firstName: 'Lena', lastName: 'Late', companyName: 'Late Payers Ltd' });
      prompt = await insertFixtureCustomer(database.db, { firstName: 'Pat', lastName: 'Prompt' });
      await database.db.execute(sql`INSERT INTO trade_accounts (user_id, credit_limit_pence) VALUES (${late}, 1000000), (${prompt}, 50000)`);
      const owing = async (userId: number, due: string | null, extra: { paidPence?: number; status?: string } = {}) => {
        const { orderId } = await insertFixtureOrder(database.db, { userId, lines, paymentMethod: 'account', status: 'Dispatched', ...extra });
        if (due) await database.db.execute(sql`UPDATE orders SET payment_due_date = ${due} WHERE order_id = ${orderId}`);
        return orderId;
      };
      await owing(late, null); // not yet invoiced: current
      await owing(late, '2025-06-30'); // due today: current
      await owing(late, '2025-06-29', { paidPence: 20_00 }); // 1 day: £100.00 left
      await owing(late, '2025-05-31'); // 30 days
      await owing(late, '2025-05-30'); // 31 days
      await owing(late, '2025-04-01'); // 90 days
      await owing(late, '2025-03-31'); // 91 days
      await owing(late, '2025-01-01', { paidPence: 120_00 }); // paid: left out
      await owing(late, '2025-01-01', { status: 'Cancelled' }); // cancelled: left out
      await owing(prompt, '2025-07-10');
      const credited = await owing(prompt, '2025-06-25');
      await database.db.execute(sql`UPDATE orders SET credited_pence = 2000 WHERE order_id = ${credited}`);
      // A card order owes nothing on account.
      await insertFixtureOrder(database.db, { userId: prompt, lines, paymentMethod: 'bank' });
    });
    afterAll(async () => drop?.());

    it('ages each customer by days past due, most owed first, with totals of the rows', async () => {
      const report = await credit.agedDebt(TODAY);
      expect(report.rows.map((r) => r.companyName ?? r.customerName)).toEqual(['Late Payers Ltd', 'Pat Prompt']);
      expect(report.rows[0]).toMatchObject({
        currentPence: 240_00,
        days1To30Pence: 100_00 + 120_00,
        days31To60Pence: 120_00,
        days61To90Pence: 120_00,
        over90Pence: 120_00,
        totalPence: 820_00,
        oldestDaysOverdue: 91,
        creditLimitPence: 10_000_00,
        stop: expect.stringContaining('days overdue (the stop comes after 7 days)'),
      });
      expect(report.rows[1]).toMatchObject({ currentPence: 120_00, days1To30Pence: 100_00, totalPence: 220_00, oldestDaysOverdue: 5, stop: null });
      expect(report.totals).toEqual({ currentPence: 360_00, days1To30Pence: 320_00, days31To60Pence: 120_00, days61To90Pence: 120_00, over90Pence: 120_00, totalPence: 1040_00 });
    });

    it('downloads the same figures as CSV in pounds, with a totals line', async () => {
      let text = '';
      for await (const piece of credit.agedDebtCsv(TODAY)) text += piece;
      const rows = parse(text) as string[][];
      expect(rows[0]).toEqual([...AGED_DEBT_COLUMNS]);
      expect(rows[1]!.slice(0, 11)).toEqual(['Lena Late', 'Late Payers Ltd', expect.stringContaining('@example.com'), '10000.00', '240.00', '220.00', '120.00', '120.00', '120.00', '820.00', '91']);
      expect(rows[1]![11]).toMatch(/^Order #\d+ is 91 days overdue/);
      expect(rows.at(-1)).toEqual(['Total', '', '', '', '360.00', '320.00', '120.00', '120.00', '120.00', '1040.00', '', '']);
      expect(CreditControl.csvFileName(TODAY)).toBe('aged-debt-2025-06-30.csv');
    });
  });
}
