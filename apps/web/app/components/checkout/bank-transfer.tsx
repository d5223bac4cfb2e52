/**
 * Bank transfer (BACS, SPEC 2, 9): the shop's payee details from the configuration and the
 * order's own reference (DESIGN section 4 "Orders": the prefix and a code unique to the order,
 * where SPEC 9's prefix + user id would give every order of a customer the same one), shown on
 * the payment step (the basket's, before the order exists) and on a bank transfer order's page.
 */
import { useState } from 'react';
import { formatPounds } from '@shop/contract/browser';
import { useRootData } from '~/root';

const BANK_ROW = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2';

/** The shop's bank account, as rows of a `<dl>`: payee, bank, sort code, account number. */
export function BankAccountRows() {
  const { shop } = useRootData();
  return (
    <>
      <div className={BANK_ROW}>
        <dt className="text-stone-600">Payee</dt>
        <dd className="font-semibold text-stone-900">{shop.bank.payee}</dd>
      </div>
      <div className={BANK_ROW}>
        <dt className="text-stone-600">Bank</dt>
        <dd className="font-semibold text-stone-900">{shop.bank.bankName}</dd>
      </div>
      <div className={BANK_ROW}>
        <dt className="text-stone-600">Sort code</dt>
        <dd className="font-semibold text-stone-900 tabular-nums">{shop.bank.sortCode}</dd>
      </div>
      <div className={BANK_ROW}>
        <dt className="text-stone-600">Account number</dt>
        <dd className="font-semibold text-stone-900 tabular-nums">{shop.bank.accountNumber}</dd>
      </div>
    </>
  );
}

export function BankPayeeDetails({ reference, amount }: { reference: string; amount?: number }) {
  const [copied, setCopied] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied('Reference copied');
    } catch {
      setCopied('Copying is not available here: please note the reference down.');
    }
  };

  const row = BANK_ROW;
  return (
    <div data-testid="bank-details">
      <dl className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white px-4 text-sm">
        <BankAccountRows />
        {amount !== undefined ? (
          <div className={row}>
            <dt className="text-stone-600">Amount</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">{formatPounds(amount)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-3 rounded-lg border-2 border-accent-400 bg-accent-300/20 px-4 py-3">
        <p className="text-sm font-medium text-stone-800">
          Your payment reference
        </p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p className="font-mono text-2xl font-bold tracking-wide text-stone-900" data-testid="bank-reference">
            {reference}
          </p>
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => void copy()}>
            Copy
          </button>
        </div>
        <p className="mt-1 text-xs text-stone-700">Please use this reference exactly, so we can match your payment to your order.</p>
        <p className="sr-only" role="status" aria-live="polite">
          {copied}
        </p>
      </div>
    </div>
  );
}
