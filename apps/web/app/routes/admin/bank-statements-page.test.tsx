// @vitest-environment jsdom
/**
 * The bank statement import page as staff see its dry run: a file none of whose rows could be
 * read lists each row with its reason and says nothing could be imported (not "no payments into
 * the account"); a payment naming no order shows its suggested orders, and the confirm form
 * offers each as a choice, "Do not record it" chosen until staff pick one.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatementAnswer, StatementView } from '~/server/admin/bank-statements.server';
import BankStatements from './bank-statements';

afterEach(cleanup);

const totals = (credits: number, pence: number): StatementView['totals'] => ({
  credits: { count: credits, pence },
  recorded: { count: 0, pence: 0 },
  overpaymentsLeft: { count: 0, pence: 0 },
  notRecorded: { count: credits, pence },
  alreadyImported: { count: 0, pence: 0 },
});

function renderDryRun(answer: StatementAnswer) {
  const Stub = createRoutesStub([
    {
      path: '/admin/bank-statements',
      Component: BankStatements as never,
      HydrateFallback: () => null,
      loader: () => ({ maxMegabytes: 2, layouts: [{ label: 'Generic (Date, Description, Amount)', columns: ['Date', 'Description', 'Amount'] }], exampleReference: 'BXW-7KQ4MC' }),
      action: () => answer,
    },
  ]);
  render(<Stub initialEntries={['/admin/bank-statements']} />);
}

async function check() {
  fireEvent.submit(await screen.findByTestId('statement-upload'));
}

describe('bank statement import page', () => {
  it('lists every unreadable row of a file none of whose rows could be read, and says why nothing can be imported', async () => {
    renderDryRun({
      ok: true,
      step: 'dry-run',
      payload: null,
      digest: '',
      report: {
        fileName: 'broken.csv',
        layout: { key: 'generic', label: 'Generic (Date, Description, Amount)' },
        lines: [],
        lineCount: 0,
        errors: [
          { line: 2, message: '"31/02/2026" is not a date (write 31/01/2026 or 2026-01-31).' },
          { line: 3, message: '"sixty pounds" is not an amount of money (write 1234.50, £1,234.50 or -12.00).' },
        ],
        debitsIgnored: 0,
        totals: totals(0, 0),
      },
    });
    await check();
    const errors = await screen.findByTestId('statement-errors');
    expect(errors).toHaveTextContent('2 rows could not be read');
    expect(errors).toHaveTextContent('Line 2: "31/02/2026" is not a date');
    expect(errors).toHaveTextContent('Line 3: "sixty pounds" is not an amount of money');
    expect(screen.getByTestId('statement-nothing')).toHaveTextContent("Nothing to import: none of the file's rows could be read as a payment (2 rows are listed above");
    expect(screen.queryByText(/no payments into the account/)).toBeNull();
    expect(screen.queryByTestId('statement-confirm')).toBeNull();
  });

  it('shows the orders suggested for a payment naming none, each a choice in the confirm form, none chosen by default', async () => {
    renderDryRun({
      ok: true,
      step: 'dry-run',
      payload: 'RGF0ZQ==',
      digest: 'seal',
      report: {
        fileName: 'remittance.csv',
        layout: { key: 'generic', label: 'Generic (Date, Description, Amount)' },
        lines: [
          {
            line: 2,
            postedOn: '2026-01-07',
            description: 'NORTHERN CRAFTS LTD BACS',
            amountPence: 90_00,
            fingerprint: 'f1',
            order: null,
            outcome: 'no-match',
            records: false,
            note: 'No order reference in the description: not recorded.',
            orderPaymentId: null,
            suggestions: [{ orderId: 1042, reference: 'BXW-7KQ4MC', customer: 'Nina North, Northern Crafts Ltd', totalPence: 90_00, paidPence: 0, duePence: 90_00 }],
          },
        ],
        lineCount: 1,
        errors: [],
        debitsIgnored: 0,
        totals: totals(1, 90_00),
      },
    });
    await check();
    expect(await screen.findByTestId('statement-lines')).toHaveTextContent('Suggested: #1042 BXW-7KQ4MC, Nina North, Northern Crafts Ltd, owes £90.00');
    const choices = within(screen.getByTestId('statement-suggestions'));
    const none = choices.getByLabelText('Do not record it');
    const order = choices.getByLabelText(/Record it on order #1042/);
    expect(none).toBeChecked();
    expect(order).not.toBeChecked();
    expect(order).toHaveAttribute('name', 'choices[0]');
    expect(order).toHaveAttribute('value', '2:1042');
  });
});
