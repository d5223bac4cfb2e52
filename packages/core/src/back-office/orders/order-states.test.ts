import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid } from '../../errors.ts';
import {
  allowedOrderActions,
  assertMove,
  assertOrderAction,
  mayDoOrderAction,
  ORDER_ACTION_MESSAGES,
  orderActionRefusal,
  type OrderActionFacts,
  canMove,
  DISPATCH_HOLD_TEXT,
  dispatchHoldOf,
  dispatchReadinessLabel,
  mayDispatch,
  mayDispatchCondition,
  netPaidPence,
  nextStates,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  orderStateLabel,
  PAYMENT_STATUS_LABELS,
  paymentFiguresOf,
  paymentStatusOf,
  trackingUrl,
  type OrderState,
  type PaymentFacts,
} from './order-states.ts';

describe('the words of an order state (staff and customers read the same)', () => {
  it('name each state in plain words, in the order of the tabs', () => {
    expect(ORDER_STATES.map((state) => ORDER_STATE_LABELS[state])).toEqual(['Awaiting dispatch', 'Dispatched', 'Delivered', 'Cancelled']);
    expect(orderStateLabel('PendingDelivery')).toBe('Awaiting dispatch');
  });

  it('show a value they do not know as it is', () => {
    expect(orderStateLabel('Returned')).toBe('Returned');
  });
});

describe('the moves of an order', () => {
  const allowed = new Set(['PendingDelivery>Dispatched', 'PendingDelivery>Cancelled', 'Dispatched>Delivered']);
  for (const from of ORDER_STATES) {
    for (const to of ORDER_STATES) {
      const move = `${from}>${to}`;
      it(`${move} is ${allowed.has(move) ? 'allowed' : 'refused'}`, () => {
        expect(canMove(from, to)).toBe(allowed.has(move));
        if (allowed.has(move)) expect(() => assertMove(from, to)).not.toThrow();
        else expect(() => assertMove(from, to as OrderState)).toThrow(/cannot be marked/);
      });
    }
  }
  it('lists the next states: dispatch or cancel while awaiting dispatch, then delivered; none once final', () => {
    expect(nextStates('PendingDelivery')).toEqual(['Dispatched', 'Cancelled']);
    expect(nextStates('Dispatched')).toEqual(['Delivered']);
    expect(nextStates('Delivered')).toEqual([]);
    expect(nextStates('Cancelled')).toEqual([]);
    expect(nextStates('Returned')).toEqual([]);
  });
  it('says what can be done instead', () => {
    expect(() => assertMove('PendingDelivery', 'Delivered')).toThrow('An order that is awaiting dispatch cannot be marked delivered (it can be: dispatched or cancelled).');
    expect(() => assertMove('Dispatched', 'Cancelled')).toThrow('An order that is dispatched cannot be marked cancelled (it can be: delivered).');
    expect(() => assertMove('Delivered', 'Dispatched')).toThrow('An order that is delivered cannot be marked dispatched: it is final.');
  });
});

describe('payment status', () => {
  const order = (facts: Partial<PaymentFacts>): PaymentFacts => ({
    status: 'PendingDelivery',
    paymentMethod: 'bank',
    totalPence: 100_00,
    paidPence: 0,
    refundedPence: 0,
    paymentDueDate: null,
    ...facts,
  });
  const today = '2026-11-24';
  it.each([
    ['a card order (paid when placed)', { paymentMethod: 'paypal', paidPence: 100_00 }, 'paid', true],
    ['a bank transfer not yet received', {}, 'awaiting_payment', false],
    ['a bank transfer paid in part', { paidPence: 40_00 }, 'part_paid', false],
    ['a bank transfer paid in full', { paidPence: 100_00 }, 'paid', true],
    ['an account order before its invoice', { paymentMethod: 'account' }, 'on_account', true],
    ['an account order due today', { paymentMethod: 'account', paymentDueDate: '2026-11-24' }, 'on_account', true],
    ['an account order past its due date', { paymentMethod: 'account', paymentDueDate: '2026-11-23', status: 'Dispatched' }, 'overdue', false],
    ['a cancelled card order', { status: 'Cancelled', paymentMethod: 'paypal', paidPence: 100_00 }, 'refund_due', false],
    ['a cancelled card order refunded', { status: 'Cancelled', paidPence: 100_00, refundedPence: 100_00 }, 'refunded', false],
    ['a cancelled bank order never paid', { status: 'Cancelled' }, 'cancelled_unpaid', false],
    ['a cancelled bank order part paid', { status: 'Cancelled', paidPence: 40_00 }, 'refund_due', false],
    ['a bank transfer paid more than the total', { paidPence: 500_00 }, 'refund_due', true],
    ['an overpayment refunded', { paidPence: 500_00, refundedPence: 400_00 }, 'paid', true],
    // Net paid (paid less refunded) decides dispatch (DESIGN section 10, "Money").
    ['a card order refunded in full while it stands', { paymentMethod: 'paypal', paidPence: 100_00, refundedPence: 100_00 }, 'refunded', false],
    ['a bank transfer paid in full, then part refunded', { paidPence: 100_00, refundedPence: 10_00 }, 'paid', false],
    // On credit: a refund of what was paid leaves it where an unpaid account order stands.
    ['an account order part paid, then refunded in full', { paymentMethod: 'account', paidPence: 40_00, refundedPence: 40_00 }, 'refunded', true],
  ] as const)('%s: %s', (_name, facts, status, dispatchable) => {
    expect(paymentStatusOf(order(facts), today)).toBe(status);
    expect(mayDispatch(order(facts))).toBe(dispatchable);
  });
});

describe('the figures of the money, to the penny', () => {
  const facts = (f: Partial<PaymentFacts>): PaymentFacts => ({ status: 'PendingDelivery', paymentMethod: 'bank', totalPence: 26_99, paidPence: 0, refundedPence: 0, paymentDueDate: null, ...f });
  it('£500 received on a £26.99 order: paid £26.99, refund due £473.01, never "paid £500"', () => {
    expect(paymentFiguresOf(facts({ paidPence: 500_00 }))).toEqual({ receivedPence: 500_00, paidPence: 26_99, refundedPence: 0, duePence: 0, refundDuePence: 473_01 });
    expect(paymentFiguresOf(facts({ paidPence: 500_00, refundedPence: 473_01 })).refundDuePence).toBe(0);
  });
  it('part paid: the rest is due; cancelled: nothing is due and all that was kept is owed back', () => {
    expect(paymentFiguresOf(facts({ paidPence: 10_00 }))).toMatchObject({ paidPence: 10_00, duePence: 16_99, refundDuePence: 0 });
    expect(paymentFiguresOf(facts({ status: 'Cancelled', paidPence: 26_99, refundedPence: 6_99 }))).toMatchObject({ duePence: 0, refundDuePence: 20_00 });
    expect(paymentFiguresOf(facts({ status: 'Cancelled' }))).toMatchObject({ duePence: 0, refundDuePence: 0 });
  });
  it('say "Cancelled, nothing paid" of a cancelled order that took no money', () => {
    expect(PAYMENT_STATUS_LABELS[paymentStatusOf(facts({ status: 'Cancelled' }), '2026-11-24')]).toBe('Cancelled, nothing paid');
  });
});

describe('net paid decides what may be dispatched', () => {
  const facts = (f: Partial<PaymentFacts>): PaymentFacts => ({ status: 'PendingDelivery', paymentMethod: 'paypal', totalPence: 35_99, paidPence: 35_99, refundedPence: 0, paymentDueDate: null, ...f });
  it('counts what was paid less what went back', () => {
    expect(netPaidPence(facts({ refundedPence: 35_99 }))).toBe(0);
    expect(netPaidPence(facts({ paidPence: 50_00, refundedPence: 14_01 }))).toBe(35_99);
  });
  it('a card order refunded in full is held back, saying it will not go until paid again; a cancelled one is not "held"', () => {
    const refunded = facts({ refundedPence: 35_99 });
    expect(mayDispatch(refunded)).toBe(false);
    expect(dispatchHoldOf(refunded)).toBe('refunded');
    expect(DISPATCH_HOLD_TEXT.refunded).toMatch(/will not be dispatched until it is paid again/);
    expect(dispatchHoldOf({ ...refunded, status: 'Cancelled' })).toBeNull();
  });
  it('an overpayment refunded down to the total still goes; a part refund below it is held back', () => {
    expect(mayDispatch(facts({ paidPence: 50_00, refundedPence: 14_01 }))).toBe(true);
    expect(dispatchHoldOf(facts({ paidPence: 50_00, refundedPence: 14_01 }))).toBeNull();
    expect(dispatchHoldOf(facts({ refundedPence: 5_00 }))).toBe('part_refunded');
  });
  it('a bank transfer not yet paid awaits payment', () => {
    expect(dispatchHoldOf(facts({ paymentMethod: 'bank', paidPence: 0 }))).toBe('awaiting_payment');
  });
  it('an account order stays dispatchable on credit after a refund of all that was paid', () => {
    const account = facts({ paymentMethod: 'account', paidPence: 10_00, refundedPence: 10_00 });
    expect(mayDispatch(account)).toBe(true);
    expect(dispatchHoldOf(account)).toBeNull();
  });
  it('says the same in SQL, on the alias asked for, and refuses anything that is not an alias', () => {
    expect(mayDispatchCondition('orders')).toBe(
      "(orders.status = 'PendingDelivery' AND (orders.payment_method = 'account' OR orders.paid_pence - orders.refunded_pence >= orders.total_pence))",
    );
    expect(() => mayDispatchCondition('o; DROP TABLE orders')).toThrow();
  });
});

describe('what the warehouse reads of the money', () => {
  it('while an order awaits dispatch: may it go, or does it await its payment; nothing once it has left or is cancelled', () => {
    expect(dispatchReadinessLabel({ status: 'PendingDelivery', mayDispatch: true })).toBe('May be dispatched');
    expect(dispatchReadinessLabel({ status: 'PendingDelivery', mayDispatch: false })).toBe('Awaiting payment');
    expect(dispatchReadinessLabel({ status: 'Dispatched', mayDispatch: false })).toBeNull();
    expect(dispatchReadinessLabel({ status: 'Cancelled', mayDispatch: false })).toBeNull();
  });
});

describe('tracking links', () => {
  it('follow the carrier, none for our own van', () => {
    expect(trackingUrl('Royal Mail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(trackingUrl('DPD', '1550 1234')).toBe('https://track.dpd.co.uk/parcels/1550%201234');
    expect(trackingUrl('Own van', 'VAN-7')).toBeNull();
    expect(trackingUrl('Pigeon', '1')).toBeNull();
  });
});

describe('the changes an order allows now, by role (what the order page offers and core accepts)', () => {
  const awaiting: OrderActionFacts = { status: 'PendingDelivery', paidThroughProvider: false, paidPence: 2000, refundablePence: 2000, shipped: false, packsToSend: 3 };

  it('let a manager take money, refund, dispatch and cancel an order awaiting dispatch, but not mark it delivered', () => {
    expect(allowedOrderActions(awaiting, 'manager')).toEqual({
      recordPayment: true,
      recordRefund: true,
      retryRefund: true,
      dispatch: true,
      agreeCustomQuantity: true,
      correctShipment: true,
      deliver: false,
      cancel: true,
      cancelLines: true,
    });
  });

  it('let the warehouse only dispatch and correct shipments: no money, no cancelling', () => {
    const allowed = allowedOrderActions(awaiting, 'warehouse');
    expect(Object.entries(allowed).filter(([, yes]) => yes).map(([action]) => action)).toEqual(['dispatch', 'correctShipment']);
    expect(() => assertOrderAction('cancel', awaiting, 'warehouse')).toThrow(Forbidden);
  });

  it('let only a role that may change money send a made-to-order quantity outside 10% on the customer\'s word, never the warehouse', () => {
    expect(mayDoOrderAction('agreeCustomQuantity', awaiting, 'owner')).toBe(true);
    expect(mayDoOrderAction('agreeCustomQuantity', awaiting, 'manager')).toBe(true);
    expect(mayDoOrderAction('agreeCustomQuantity', awaiting, 'warehouse')).toBe(false);
    expect(() => assertOrderAction('agreeCustomQuantity', awaiting, 'warehouse')).toThrow(Forbidden);
  });

  it('refuse cancelling an order part of which has left, saying to refund instead', () => {
    const partShipped = { ...awaiting, shipped: true, packsToSend: 1 };
    expect(mayDoOrderAction('cancel', partShipped, 'owner')).toBe(false);
    expect(orderActionRefusal('cancel', partShipped)).toBe(ORDER_ACTION_MESSAGES.cannotCancelShipped);
    // ...but its last pack still to send can be taken off (a credit note).
    expect(mayDoOrderAction('cancelLines', partShipped, 'owner')).toBe(true);
  });

  it('refuse taking off the only pack of an order nothing of which has left: that is cancelling it', () => {
    expect(orderActionRefusal('cancelLines', { ...awaiting, packsToSend: 1 })).toBe(ORDER_ACTION_MESSAGES.onlyPackLeft);
    expect(orderActionRefusal('cancelLines', { ...awaiting, shipped: true, packsToSend: 0 })).toBe(ORDER_ACTION_MESSAGES.nothingLeftToSend);
  });

  it('allow a dispatched order only to be marked delivered and its shipment corrected', () => {
    const dispatched = { ...awaiting, status: 'Dispatched', shipped: true, packsToSend: 0 };
    expect(mayDoOrderAction('deliver', dispatched, 'warehouse')).toBe(true);
    expect(mayDoOrderAction('dispatch', dispatched, 'owner')).toBe(false);
    expect(() => assertOrderAction('dispatch', dispatched, 'owner')).toThrow('An order that is dispatched cannot be marked dispatched (it can be: delivered).');
    expect(mayDoOrderAction('cancel', dispatched, 'owner')).toBe(false);
    expect(mayDoOrderAction('cancelLines', dispatched, 'owner')).toBe(false);
  });

  it('take a bank transfer reaching a cancelled order, but no money by hand on a cancelled card order', () => {
    const cancelled = { ...awaiting, status: 'Cancelled' };
    expect(mayDoOrderAction('recordPayment', cancelled, 'manager')).toBe(true);
    expect(orderActionRefusal('recordPayment', { ...cancelled, paidThroughProvider: true })).toBe(ORDER_ACTION_MESSAGES.cancelledProviderOrder);
    expect(mayDoOrderAction('correctShipment', cancelled, 'owner')).toBe(false);
    expect(mayDoOrderAction('deliver', cancelled, 'owner')).toBe(false);
  });

  it('offer a refund only while something paid is left to refund', () => {
    expect(orderActionRefusal('recordRefund', { ...awaiting, paidPence: 0, refundablePence: 0 })).toBe(ORDER_ACTION_MESSAGES.notPaid);
    expect(orderActionRefusal('recordRefund', { ...awaiting, refundablePence: 0 })).toBe(ORDER_ACTION_MESSAGES.nothingRefundable);
    expect(() => assertOrderAction('recordRefund', { ...awaiting, refundablePence: 0 }, 'owner')).toThrow(Invalid);
  });
});
