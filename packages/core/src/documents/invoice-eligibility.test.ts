import { describe, expect, it } from 'vitest';
import { INVOICE_CANCELLED, INVOICE_NOT_YET_DISPATCHED, INVOICE_NOT_YET_PAID, invoiceAvailability, type InvoiceFacts } from './invoice-eligibility.ts';

// Placed on Friday 21 November 2025 at 23:30 London time (GMT): still the 21st in London.
const placed = new Date('2025-11-21T23:30:00Z');
const base: InvoiceFacts = { paymentMethod: 'bank', status: 'PendingDelivery', totalPence: 14999, paidPence: 0, created: placed, dispatchedAt: null, lastPaymentReceivedOn: null };
const today = '2025-11-28';

describe('when an order may have a VAT invoice, and its time of supply', () => {
  it.each<[string, Partial<InvoiceFacts>, ReturnType<typeof invoiceAvailability>]>([
    ['card/wallet order: paid at placement, tax point = the order date', { paymentMethod: 'paypal', paidPence: 14999 }, { available: true, taxPointDate: '2025-11-21' }],
    ['card/wallet order placed at 00:30 BST is dated in London (the next day)', { paymentMethod: 'paypal', paidPence: 14999, created: new Date('2025-06-30T23:30:00Z') }, { available: true, taxPointDate: '2025-07-01' }],
    ['bank transfer awaiting payment: none yet', {}, { available: false, reason: INVOICE_NOT_YET_PAID }],
    ['bank transfer part paid, not dispatched: none yet', { paidPence: 10000, lastPaymentReceivedOn: '2025-11-24' }, { available: false, reason: INVOICE_NOT_YET_PAID }],
    [
      'bank transfer part paid and dispatched: invoiced at dispatch, tax point = dispatch',
      { paidPence: 10000, lastPaymentReceivedOn: '2025-11-24', status: 'Dispatched', dispatchedAt: new Date('2025-11-25T10:00:00Z') },
      { available: true, taxPointDate: '2025-11-25' },
    ],
    [
      'card order left part paid (a made-to-order line delivered above what was paid): tax point = dispatch',
      { paymentMethod: 'paypal', paidPence: 14000, status: 'Dispatched', dispatchedAt: new Date('2025-11-26T10:00:00Z') },
      { available: true, taxPointDate: '2025-11-26' },
    ],
    ['bank transfer unpaid but dispatched: invoiced at dispatch', { status: 'Dispatched', dispatchedAt: new Date('2025-11-25T10:00:00Z') }, { available: true, taxPointDate: '2025-11-25' }],
    ['bank transfer paid in full: tax point = the last payment received', { paidPence: 14999, lastPaymentReceivedOn: '2025-11-24' }, { available: true, taxPointDate: '2025-11-24' }],
    ['bank transfer paid without a payment row: tax point = the invoice date', { paidPence: 14999 }, { available: true, taxPointDate: today }],
    ['paid after dispatch: tax point = the dispatch (the earlier)', { paidPence: 14999, lastPaymentReceivedOn: '2025-11-27', status: 'Dispatched', dispatchedAt: new Date('2025-11-25T10:00:00Z') }, { available: true, taxPointDate: '2025-11-25' }],
    ['account order not dispatched: none yet', { paymentMethod: 'account' }, { available: false, reason: INVOICE_NOT_YET_DISPATCHED }],
    ['account order dispatched, unpaid: tax point = dispatch', { paymentMethod: 'account', status: 'Dispatched', dispatchedAt: new Date('2025-11-25T16:00:00Z') }, { available: true, taxPointDate: '2025-11-25' }],
    ['account order delivered: still invoiceable', { paymentMethod: 'account', status: 'Delivered', dispatchedAt: new Date('2025-11-25T16:00:00Z') }, { available: true, taxPointDate: '2025-11-25' }],
    ['cancelled unpaid order: never', { status: 'Cancelled' }, { available: false, reason: INVOICE_CANCELLED }],
    ['cancelled paid order (refund due): no new invoice', { paymentMethod: 'paypal', paidPence: 14999, status: 'Cancelled' }, { available: false, reason: INVOICE_CANCELLED }],
  ])('%s', (_name, facts, expected) => {
    expect(invoiceAvailability({ ...base, ...facts }, today)).toEqual(expected);
  });
});
