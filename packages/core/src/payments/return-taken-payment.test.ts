/**
 * What the customer is told when a card path fails after the provider took the money
 * (returnTakenPayment, DESIGN section 4 "Orders"): a refusal keeps its reason and says the payment
 * is being returned; a fault of the shop's (the database away) is recorded when the database
 * answers the one try, and said so; when it does not answer, the fault stands and the log keeps
 * the reference; a payment that pays an order after all is not returned.
 */
import { describe, expect, it } from 'vitest';
import { Conflict } from '../errors.ts';
import { returnTakenPayment, unplacedPaymentMessages, type NewUnplacedPayment, type UnplacedPayments } from './unplaced-payments.ts';

const payment = { reference: 'PAY-123', status: 'COMPLETED', currency: 'GBP', amountPence: 42_00, captureId: 'CAP-123' };

function recorder(answer: Awaited<ReturnType<UnplacedPayments['record']>> | Error) {
  const recorded: NewUnplacedPayment[] = [];
  return {
    recorded,
    unplaced: {
      async record(p: NewUnplacedPayment) {
        recorded.push(p);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
}

const failure = (error: unknown, log?: { error(details: object, message: string): void }) => ({
  provider: 'paypal' as const,
  payment,
  userId: 7,
  error,
  paysSomething: () => new Conflict('used'),
  log,
});

describe('a card payment that paid for nothing', () => {
  it('a refusal keeps its reason and tells the customer the payment is being returned', async () => {
    const { unplaced, recorded } = recorder('recorded');
    const answered = (await returnTakenPayment(unplaced, failure(new Conflict('Order 5 is cancelled.')))) as Conflict;
    expect(answered.code).toBe('conflict');
    expect(answered.message).toBe(`Order 5 is cancelled. ${unplacedPaymentMessages.returnedInFull(42_00, 'PAY-123')}`);
    expect(answered.details.payment_returned).toEqual({ reference: 'PAY-123', amount: 42 });
    expect(recorded).toEqual([expect.objectContaining({ reference: 'PAY-123', amountPence: 42_00, userId: 7, reason: 'Order 5 is cancelled.' })]);
  });

  it('a fault of the shop\'s is recorded when the database answers again, and the customer is told it is being returned', async () => {
    const { unplaced, recorded } = recorder('recorded');
    const answered = (await returnTakenPayment(unplaced, failure(new Error('Connection terminated unexpectedly')))) as Conflict;
    expect(answered.code).toBe('conflict');
    expect(answered.message).toBe(`${unplacedPaymentMessages.fault} ${unplacedPaymentMessages.returnedInFull(42_00, 'PAY-123')}`);
    expect(recorded).toHaveLength(1);
  });

  it('when the database does not answer the one try, the fault stands and the log keeps the payment for staff', async () => {
    const { unplaced, recorded } = recorder(new Error('database down'));
    const logged: object[] = [];
    const fault = new Error('Connection terminated unexpectedly');
    const answered = await returnTakenPayment(unplaced, failure(fault, { error: (details) => void logged.push(details) }));
    expect(answered).toBe(fault);
    expect(recorded).toHaveLength(1);
    expect(logged).toEqual([expect.objectContaining({ reference: 'PAY-123', amountPence: 42_00, userId: 7 })]);
  });

  it('a payment that pays an order after all is not returned', async () => {
    const { unplaced } = recorder('ordered');
    const answered = (await returnTakenPayment(unplaced, failure(new Conflict('Not enough stock')))) as Conflict;
    expect(answered.message).toBe('used');
  });
});
