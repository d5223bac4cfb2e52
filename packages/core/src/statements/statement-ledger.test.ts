/**
 * The statement's arithmetic without a database: entries before the month make the opening
 * balance, entries after the statement date are left out, lines run in date order (documents
 * before payments on one day), and the ageing buckets split at 30, 60 and 90 days past due.
 */
import { describe, expect, it } from 'vitest';
import { ageingBucketOf, buildStatement, type LedgerEntry } from './statement-ledger.ts';

const invoice = (date: string, orderId: number, pence: number, dueDate: string): LedgerEntry => ({
  date, kind: 'invoice', reference: `INV-${orderId}`, description: '', dueDate, amountPence: pence, perOrder: [{ orderId, amountPence: pence }], sequence: orderId,
});
const payment = (date: string, orderId: number, pence: number): LedgerEntry => ({
  date, kind: 'payment', reference: `PAY-${orderId}`, description: '', dueDate: null, amountPence: -pence, perOrder: [{ orderId, amountPence: -pence }], sequence: 100 + orderId,
});

describe('the statement of account', () => {
  it('splits overdue days at 30, 60 and 90', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, -5].map(ageingBucketOf)).toEqual([
      'current', 'days_1_30', 'days_1_30', 'days_31_60', 'days_31_60', 'days_61_90', 'days_61_90', 'over_90', 'current',
    ]);
  });

  it('opens with what was owed before the month, leaves out what came after, and ages each invoice by its due date', () => {
    const entries = [
      payment('2026-03-20', 1, 40_00),
      invoice('2026-01-10', 1, 100_00, '2026-02-09'),
      invoice('2026-03-20', 2, 50_00, '2026-04-19'),
      invoice('2026-04-02', 3, 70_00, '2026-05-02'),
      payment('2026-05-01', 2, 50_00),
    ];
    const march = buildStatement(entries, '2026-03-01', '2026-03-31');
    expect(march.openingPence).toBe(100_00);
    // Same day: the invoice before the payment.
    expect(march.lines.map((line) => [line.reference, line.balancePence])).toEqual([['INV-2', 150_00], ['PAY-1', 110_00]]);
    expect(march).toMatchObject({ documentsPence: 50_00, paymentsPence: 40_00, closingPence: 110_00 });
    // Order 1 is 50 days past due on 31 March; order 2 not yet due.
    expect(march.ageing).toEqual({ current: 50_00, days_1_30: 0, days_31_60: 60_00, days_61_90: 0, over_90: 0 });
  });

  it('ages money paid on an order before its invoice as current credit', () => {
    const statement = buildStatement([payment('2026-06-03', 9, 30_00)], '2026-06-01', '2026-06-30');
    expect(statement).toMatchObject({ closingPence: -30_00, ageing: { current: -30_00 } });
  });
});
