// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '~/components/checkout/checkout-types';
import { ORDER_NOT_YET_DISPATCHED } from '~/testing/route-stub';
import { fulfilmentText, OrderFulfilment, OrderShipments } from './order-fulfilment';

afterEach(cleanup);

const order = (fields: Partial<OrderDto>) => ({ status: 'PendingDelivery', ...ORDER_NOT_YET_DISPATCHED, ...fields }) as OrderDto;

describe('what happened to an order, in the customer\'s words', () => {
  it('dispatched: the day, the carrier, the tracking number and a link to track it', () => {
    const dispatched = order({
      status: 'Dispatched',
      dispatched_at: '2026-11-24T10:15:00.000Z',
      carrier: 'Royal Mail',
      tracking_number: 'AB123456789GB',
      tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      payment_status: 'paid',
    });
    render(<OrderFulfilment order={dispatched} />);
    expect(screen.getByTestId('order-fulfilment')).toHaveTextContent('Dispatched on 24 November with Royal Mail, tracking AB123456789GB.');
    expect(screen.getByTestId('order-tracking-link')).toHaveAttribute('href', dispatched.tracking_url);
  });

  it('our own van: "with our own van", no tracking number and no "n/a"', () => {
    const text = fulfilmentText(order({ status: 'Dispatched', dispatched_at: '2026-11-24T10:15:00.000Z', carrier: 'Own van', payment_status: 'paid' }));
    expect(text).toBe('Dispatched on 24 November with our own van.');
  });

  it('part dispatched: one parcel has left and the rest will follow; each parcel listed with its tracking link', () => {
    const parcel = {
      number: 1,
      carrier: 'DPD',
      tracking_number: '15501234567890',
      tracking_url: 'https://track.dpd.co.uk/parcels/15501234567890',
      dispatched_at: '2026-11-24T10:15:00.000Z',
      lines: [{ item_name: 'Cardboard Box 12x9x6', size1: '12x9x6"', qty: 25, count: 1, delivered_units: null }],
    };
    const part = order({ payment_status: 'paid', carrier: 'DPD', shipments: [parcel] });
    expect(fulfilmentText(part)).toBe('Part dispatched: one parcel has left, the rest will follow. See each below.');
    render(<OrderShipments order={part} />);
    expect(screen.getByTestId('order-shipment')).toHaveTextContent('Shipment 1: left on 24 November with DPD, tracking 15501234567890');
    expect(screen.getByTestId('order-shipment')).toHaveTextContent('1 x Cardboard Box 12x9x6 (pack of 25)');
    expect(screen.getByTestId('shipment-tracking-link')).toHaveAttribute('href', parcel.tracking_url);
  });

  it('delivered, cancelled with its reason (and the refund owed), awaiting payment', () => {
    expect(fulfilmentText(order({ status: 'Delivered', delivered_at: '2026-11-25T09:00:00.000Z', payment_status: 'paid' }))).toBe('Delivered on 25 November.');
    expect(
      fulfilmentText(order({ status: 'Cancelled', cancelled_at: '2026-11-24T09:00:00.000Z', cancel_reason: 'Out of stock', payment_status: 'refund_due', refund_due: 26.99 })),
    ).toBe('Cancelled on 24 November: Out of stock. Your refund of £26.99 is on its way.');
    expect(fulfilmentText(order({}))).toBe('Awaiting payment: we dispatch it when your bank transfer reaches us.');
    expect(fulfilmentText(order({ payment_status: 'paid' }))).toBeNull();
  });

  it('a cancelled order never paid says nothing of a refund; money due and money owed back to the penny', () => {
    expect(fulfilmentText(order({ status: 'Cancelled', cancelled_at: '2026-11-24T09:00:00.000Z', cancel_reason: 'Ordered twice', payment_status: 'cancelled_unpaid' }))).toBe(
      'Cancelled on 24 November: Ordered twice.',
    );
    expect(fulfilmentText(order({ payment_status: 'part_paid', amount_paid: 10, amount_due: 16.99 }))).toBe(
      'Part paid: £16.99 still to pay; we dispatch it when the rest of your payment reaches us.',
    );
    expect(fulfilmentText(order({ payment_status: 'refund_due', amount_paid: 26.99, refund_due: 473.01 }))).toBe('You paid £473.01 more than the order total: we will refund it.');
  });

  it('money already paid back is said: a part refund of a dispatched order, a cancelled order refunded', () => {
    expect(
      fulfilmentText(order({ status: 'Dispatched', dispatched_at: '2026-11-24T09:00:00.000Z', carrier: 'Royal Mail', tracking_number: null, payment_status: 'paid', amount_refunded: 10 })),
    ).toBe('Dispatched on 24 November with Royal Mail. We refunded £10.00.');
    expect(
      fulfilmentText(order({ status: 'Cancelled', cancelled_at: '2026-11-24T09:00:00.000Z', cancel_reason: 'Out of stock', payment_status: 'refunded', amount_refunded: 26.99 })),
    ).toBe('Cancelled on 24 November: Out of stock. We refunded £26.99.');
  });
});
