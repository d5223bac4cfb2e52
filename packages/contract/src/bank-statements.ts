/**
 * How a bank statement line was matched to an order (core/back-office/money/bank-statements.ts),
 * in the words staff read on the import's dry run and on the order's timeline. Zod-free.
 */
export type StatementMatch = 'exact' | 'inside' | 'typo' | 'invoice' | 'chosen';

export const statementMatchLabels: Record<StatementMatch, string> = {
  exact: 'Reference',
  inside: 'Reference in the description',
  typo: 'Reference one character off',
  invoice: 'Invoice number in the description',
  chosen: 'Suggested (amount and payer), chosen by staff',
};
