import { describe, expect, it } from 'vitest';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { returnWindow, type OrderDeliveryFacts } from './return-windows.ts';

/** An order delivered at this instant (UTC), to a mainland English postcode. */
function deliveredAt(instant: string): OrderDeliveryFacts {
  return { status: 'Delivered', deliveredAt: new Date(instant), dispatchedAt: new Date(instant), deliveryPostCode: 'LS1 4AP' };
}

describe('return windows, counted in London days from delivery', () => {
  const order = deliveredAt('2026-11-20T10:00:00Z'); // Friday 20 November 2026, GMT

  it('takes unwanted goods back on day 30 and not on day 31', () => {
    expect(returnWindow(order, 'unwanted', '2026-12-20')).toMatchObject({ open: true, until: '2026-12-20' });
    const closed = returnWindow(order, 'unwanted', '2026-12-21');
    expect(closed.open).toBe(false);
    expect(closed.text).toBe('Unwanted goods must be returned within 30 days of delivery; this order was delivered on 20 November 2026, so the window closed at the end of 20 December 2026.');
  });

  it('hears of damage on day 3 and not on day 4', () => {
    expect(returnWindow(order, 'damaged', '2026-11-23').open).toBe(true);
    const closed = returnWindow(order, 'damaged', '2026-11-24');
    expect(closed.open).toBe(false);
    expect(closed.text).toBe('Damage must be reported within 3 days of delivery; this order was delivered on 20 November 2026.');
  });

  it('hears of a fault 14 days after it was found, and not on day 15', () => {
    expect(returnWindow(order, 'faulty', '2026-12-05', '2026-11-21')).toMatchObject({ open: true, until: '2026-12-05' });
    const closed = returnWindow(order, 'faulty', '2026-12-06', '2026-11-21');
    expect(closed.open).toBe(false);
    expect(closed.text).toContain('you found it on 21 November 2026, so the claim closed at the end of 5 December 2026');
  });

  it('never hears of a fault more than 30 days after delivery, however recently it was found', () => {
    expect(returnWindow(order, 'faulty', '2026-12-20', '2026-12-18')).toMatchObject({ open: true, until: '2026-12-20' });
    const closed = returnWindow(order, 'faulty', '2026-12-21', '2026-12-18');
    expect(closed.open).toBe(false);
    expect(closed.text).toBe('A fault must be reported at most 30 days from delivery; this order was delivered on 20 November 2026.');
  });

  it('refuses a fault found before delivery or in the future', () => {
    expect(returnWindow(order, 'faulty', '2026-11-25', '2026-11-19').open).toBe(false);
    expect(returnWindow(order, 'faulty', '2026-11-25', '2026-11-26').text).toBe('The date you found the fault cannot be in the future.');
  });

  it('keeps the warranty for 6 calendar months, to the same day, and not a day more', () => {
    expect(returnWindow(order, 'warranty', '2027-05-20')).toMatchObject({ open: true, until: '2027-05-20' });
    expect(returnWindow(order, 'warranty', '2027-05-21').text).toBe(
      'The warranty lasts 6 months from delivery; this order was delivered on 20 November 2026, so it ended on 20 May 2027.',
    );
  });

  it('ends a warranty from 31 August on the last day of February', () => {
    const august = deliveredAt('2026-08-31T09:00:00Z');
    expect(returnWindow(august, 'warranty', '2027-02-28').open).toBe(true);
    expect(returnWindow(august, 'warranty', '2027-03-01').open).toBe(false);
  });
});

describe('return windows across the October clock change in London', () => {
  // 23:30 UTC on Saturday 26 September 2026 is already Sunday 27 September in London (BST).
  const lateEvening = deliveredAt('2026-09-26T23:30:00Z');

  it('counts a delivery late in a BST evening from the London day, not the UTC one', () => {
    expect(londonDate(new Date('2026-09-26T23:30:00Z'))).toBe('2026-09-27');
    // Day 30 is Tuesday 27 October, after the clocks went back on Sunday 25 October.
    expect(returnWindow(lateEvening, 'unwanted', '2026-10-27')).toMatchObject({ open: true, until: '2026-10-27' });
    expect(returnWindow(lateEvening, 'unwanted', '2026-10-28').open).toBe(false);
  });

  it('closes at London midnight on day 30 when that midnight is in GMT', () => {
    const today = (instant: string) => londonDate(new Date(instant));
    // 23:59 GMT on 27 October is still day 30; a minute later it is day 31.
    expect(returnWindow(lateEvening, 'unwanted', today('2026-10-27T23:59:00Z')).open).toBe(true);
    expect(returnWindow(lateEvening, 'unwanted', today('2026-10-28T00:00:00Z')).open).toBe(false);
  });

  it('hears of damage delivered on the Saturday before the change until the Tuesday after it', () => {
    const saturday = deliveredAt('2026-10-24T16:00:00Z'); // 17:00 BST
    expect(returnWindow(saturday, 'damaged', '2026-10-27').open).toBe(true);
    expect(returnWindow(saturday, 'damaged', '2026-10-28').open).toBe(false);
  });
});

describe('what delivery means for an order', () => {
  it('opens nothing before the order leaves the warehouse, or once it is cancelled', () => {
    const pending: OrderDeliveryFacts = { status: 'PendingDelivery', deliveredAt: null, dispatchedAt: null, deliveryPostCode: 'LS1 4AP' };
    expect(returnWindow(pending, 'unwanted', '2026-11-20').text).toBe('This order has not left the warehouse yet: ask us to cancel it instead.');
    expect(returnWindow({ ...pending, status: 'Cancelled' }, 'damaged', '2026-11-20').open).toBe(false);
  });

  it('takes a dispatched order never marked delivered as delivered on the last day it was expected', () => {
    // Dispatched Friday 20 November 2026 to the mainland: expected Monday 23 November.
    const dispatched: OrderDeliveryFacts = { status: 'Dispatched', deliveredAt: null, dispatchedAt: new Date('2026-11-20T12:00:00Z'), deliveryPostCode: 'LS1 4AP' };
    expect(returnWindow(dispatched, 'damaged', '2026-11-26')).toMatchObject({ open: true, deliveredOn: '2026-11-23', until: '2026-11-26' });
    expect(returnWindow(dispatched, 'damaged', '2026-11-27').text).toBe(
      'Damage must be reported within 3 days of delivery; this order was dispatched on 20 November 2026 and is taken as delivered on 23 November 2026.',
    );
  });
});
