/**
 * The customer's trade account: its limit, terms, what is outstanding and available; for staff
 * allowed ('trade-accounts:manage'), open it, change the limit and terms, or close it.
 */
import { Form } from 'react-router';
import { AdminMessage } from '../admin-frame';
import { Field, Row } from '../admin-kit';
import { londonDate, pounds } from '../admin-format';
import { customerHref, type CustomerPanelProps } from './customer-panel';

export function TradeAccountPanel({ page, answer }: CustomerPanelProps) {
  const { account, canManageAccount } = page;
  const intent = account ? 'change' : 'open';
  const accountFailed = answer.failedFor('open') ?? answer.failedFor('change');
  const here = customerHref(page);
  return (
    <section className="card p-5" aria-labelledby="account-heading" data-testid="trade-account">
      <h2 id="account-heading" className="text-lg font-semibold text-stone-900">
        Trade account
      </h2>
      {account ? (
        <dl className="mt-3 text-sm">
          <Row label="Credit limit">{pounds(account.creditLimitPence)}</Row>
          <Row label="Terms">{`${account.termsDays} days from the invoice`}</Row>
          <Row label="Outstanding">{pounds(account.outstandingPence)}</Row>
          <Row label="Available">{pounds(account.availablePence)}</Row>
          <Row label="Opened">{londonDate(account.openedAt)}</Row>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-stone-600">No trade account: the customer pays by card or bank transfer.</p>
      )}
      {accountFailed && <AdminMessage tone="error">{accountFailed.message}</AdminMessage>}
      {canManageAccount && (
        <>
          <Form method="post" action={here} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid="trade-account-form">
            <input type="hidden" name="intent" value={intent} />
            <Field
              form="account"
              name="limit"
              label="Credit limit (£)"
              inputMode="decimal"
              required
              defaultValue={accountFailed?.values?.limit ?? (account ? (account.creditLimitPence / 100).toFixed(2) : '')}
              error={accountFailed?.fields?.limit}
            />
            <Field
              form="account"
              name="terms"
              label="Terms (days)"
              inputMode="numeric"
              required
              defaultValue={accountFailed?.values?.terms ?? String(account?.termsDays ?? 7)}
              error={accountFailed?.fields?.terms}
            />
            {/* Core refused a limit below what is owed: its words say what ticking this sets. */}
            {accountFailed?.fields?.confirm ? (
              <label htmlFor="account-confirm" className="flex items-start gap-2 text-sm font-medium text-stone-800 sm:col-span-3" data-testid="confirm-limit">
                <input id="account-confirm" name="confirm" type="checkbox" className="mt-0.5" />
                <span>{accountFailed.fields?.confirm}</span>
              </label>
            ) : null}
            <button type="submit" className="btn-primary">
              {account ? 'Save limit and terms' : 'Open trade account'}
            </button>
          </Form>
          {account && (
            <Form method="post" action={here} className="mt-3">
              <input type="hidden" name="intent" value="close" />
              <button type="submit" className="text-sm font-medium text-red-700 hover:underline">
                Close trade account
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
