// @vitest-environment jsdom
/**
 * The VAT return page as the owner reads it: entries of test-payment orders are listed, marked
 * "Test payment", and said to be left out of the figures (core leaves them out).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { VatReturnEntry, VatReturnFigures } from '@shop/core';
import VatReturnPage from './vat-return';

afterEach(cleanup);

const entry = (orderId: number, testPayment: boolean): VatReturnEntry => ({
  kind: 'invoice',
  number: `INV-0000${orderId}`,
  taxPoint: '2025-11-03',
  orderId,
  vatTreatment: 'standard',
  netPence: 100_00,
  vatPence: 20_00,
  grossPence: 120_00,
  countedBeforePence: 0,
  testPayment,
});

const figures: VatReturnFigures = {
  period: { quarter: '2025-Q4', from: '2025-10-01', to: '2025-12-31' },
  box1VatDuePence: 20_00,
  box6NetSalesPence: 100_00,
  box6WholePounds: 100,
  exportSalesPence: 0,
  invoiceCount: 1,
  creditNoteCount: 0,
  paymentCount: 0,
  testPaymentEntryCount: 1,
  testPaymentGrossPence: 120_00,
  entries: [entry(41, false), entry(42, true)],
  filed: null,
};

describe('the VAT return page', () => {
  it('lists a test-payment order marked "Test payment" and says it is left out of the figures', async () => {
    const Stub = createRoutesStub([
      {
        path: '/admin/vat-return',
        Component: VatReturnPage as never,
        HydrateFallback: () => null,
        loader: () => ({ figures, quarters: ['2025-Q4'], problem: null, notice: null, csvPath: '/admin/vat-return.csv?quarter=2025-Q4', shownEntries: 50, canFile: false, confirmFile: false }),
      },
    ]);
    render(<Stub initialEntries={['/admin/vat-return']} />);
    expect(await screen.findByTestId('vat-test-payments', {}, { timeout: 5000 })).toHaveTextContent('1 entry of test-payment orders (£120.00 gross) is listed, marked “Test payment”, and left out of every figure');
    const rows = within(screen.getByTestId('vat-documents')).getAllByRole('row');
    expect(within(rows[1]!).queryByTestId('test-payment')).toBeNull();
    expect(rows[2]).toHaveTextContent('Test payment not counted in the figures');
    expect(screen.getByTestId('vat-box-1')).toHaveTextContent('£20.00');
  });
});
