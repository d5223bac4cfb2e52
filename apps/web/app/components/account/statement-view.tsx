/**
 * The statement page's parts (docs/statements.md): the open invoices with a box each to choose
 * which to pay (a GET form: works without JavaScript), the chosen invoices with what to pay by
 * bank transfer and the card panel, the month picker, and the statement of account itself. Tables
 * on wide screens, labelled rows on phones, as the order history.
 */
import { useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import type { CartDto, OpenInvoiceDto, OpenInvoicesDto, StatementDto, StatementLineDto } from '@shop/contract';
import { formatPounds } from '@shop/contract/browser';
import { CardWalletPanel } from '~/components/checkout/card-wallet-panel';
import type { PaymentsConfig } from '~/components/checkout/checkout-types';
import { FormMessage } from '~/components/account/form-message';
import { BankAccountRows } from '~/components/checkout/bank-transfer';

/** The statement page's form intent for a card payment of the invoices chosen. */
export const PAY_INVOICES_INTENT = 'pay-invoices';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "3 Oct 2026" for an ISO date. */
export function formatShortDate(date: string): string {
  return dayMonthYear.format(new Date(`${date}T00:00:00Z`));
}
/** "£12.00", "-£3.50" when the shop owes the customer. */
const signed = (amount: number) => (amount < 0 ? `-${formatPounds(-amount)}` : formatPounds(amount));

const headCell = 'px-3 py-2.5 text-left text-sm font-semibold whitespace-nowrap text-stone-700';
const stackedCell = 'flex items-center justify-between gap-3 py-0.5 text-sm md:table-cell md:px-3 md:py-2.5 md:align-middle';

function CellLabel({ children }: { children: string }) {
  return (
    <span className="shrink-0 whitespace-nowrap text-stone-600 md:hidden" aria-hidden="true">
      {children}
    </span>
  );
}

/** The open invoices, each with a box to choose it for payment; "Pay selected invoices" reloads the page with them chosen. */
export function OpenInvoices({ open, chosen, month }: { open: OpenInvoicesDto; chosen: ReadonlySet<number>; month: string }) {
  if (open.invoices.length === 0) {
    return (
      <p className="px-5 py-6 text-sm text-stone-700" data-testid="no-open-invoices">
        You have no open invoices: nothing is owed on your account.
      </p>
    );
  }
  return (
    <Form method="get" action="/account/statement#pay" data-testid="open-invoices-form">
      <input type="hidden" name="month" value={month} />
      <table className="block w-full md:table" data-testid="open-invoices">
        <caption className="sr-only">Your open invoices, oldest due date first</caption>
        <thead className="hidden border-b border-stone-200 bg-stone-100 md:table-header-group">
          <tr>
            <th scope="col" className={headCell}>
              Pay
            </th>
            <th scope="col" className={headCell}>
              Invoice
            </th>
            <th scope="col" className={headCell}>
              Order
            </th>
            <th scope="col" className={headCell}>
              Invoice date
            </th>
            <th scope="col" className={headCell}>
              Due date
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Total
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Paid or credited
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Due
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-stone-200 md:table-row-group">
          {open.invoices.map((invoice) => (
            <OpenInvoiceRow key={invoice.order_id} invoice={invoice} checked={chosen.has(invoice.order_id)} />
          ))}
        </tbody>
      </table>
      <div className="flex flex-col gap-3 border-t border-stone-200 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-700" data-testid="open-invoices-total">
          Total due <strong className="text-stone-900 tabular-nums">{formatPounds(open.total_due)}</strong>
          {open.overdue_due > 0 ? (
            <>
              , of which <strong className="text-red-800 tabular-nums">{formatPounds(open.overdue_due)}</strong> is overdue
            </>
          ) : null}
          .
        </p>
        <button type="submit" className="btn-primary w-full sm:w-auto" data-testid="pay-selected">
          Pay selected invoices
        </button>
      </div>
    </Form>
  );
}

function OpenInvoiceRow({ invoice, checked }: { invoice: OpenInvoiceDto; checked: boolean }) {
  const label = `Pay invoice ${invoice.invoice_number}, ${formatPounds(invoice.amount_due)}`;
  return (
    <tr className="block space-y-1 p-4 md:table-row md:space-y-0 md:p-0" data-testid="open-invoice" data-order-id={invoice.order_id}>
      <td className={stackedCell}>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
          <input type="checkbox" name="pay" value={invoice.order_id} defaultChecked={checked} className="h-5 w-5 accent-brand-700" aria-label={label} />
          <span className="md:sr-only">Pay this invoice</span>
        </label>
      </td>
      <td className={stackedCell}>
        <CellLabel>Invoice</CellLabel>
        {/* A PDF from a resource route: a plain link. */}
        <a href={invoice.invoice_url} className="font-medium whitespace-nowrap text-brand-700 underline underline-offset-2">
          {invoice.invoice_number}
        </a>
      </td>
      <td className={stackedCell}>
        <CellLabel>Order</CellLabel>
        <Link to={`/order-detail?orderId=${invoice.order_id}`} className="text-brand-700 tabular-nums underline underline-offset-2">
          {invoice.order_id}
        </Link>
      </td>
      <td className={stackedCell}>
        <CellLabel>Invoice date</CellLabel>
        <time dateTime={invoice.invoice_date} className="whitespace-nowrap">
          {formatShortDate(invoice.invoice_date)}
        </time>
      </td>
      <td className={stackedCell}>
        <CellLabel>Due date</CellLabel>
        <span className="text-right">
          <time dateTime={invoice.due_date} className="whitespace-nowrap">
            {formatShortDate(invoice.due_date)}
          </time>
          {invoice.days_overdue > 0 ? (
            <span className="ml-2 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800" data-testid="overdue">
              {invoice.days_overdue} {invoice.days_overdue === 1 ? 'day' : 'days'} overdue
            </span>
          ) : null}
        </span>
      </td>
      <td className={`${stackedCell} md:text-right`}>
        <CellLabel>Total</CellLabel>
        <span className="tabular-nums">{formatPounds(invoice.total)}</span>
      </td>
      <td className={`${stackedCell} md:text-right`}>
        <CellLabel>Paid or credited</CellLabel>
        <span className="tabular-nums">{formatPounds(invoice.paid + invoice.credited)}</span>
      </td>
      <td className={`${stackedCell} md:text-right`}>
        <CellLabel>Due</CellLabel>
        <strong className="tabular-nums text-stone-900" data-testid="amount-due">
          {formatPounds(invoice.amount_due)}
        </strong>
      </td>
    </tr>
  );
}

/**
 * The invoices chosen: what to pay, by bank transfer (one transfer per invoice with its own
 * reference, which is how the shop matches transfers) and, once the page has JavaScript, by card
 * or PayPal in one payment, recorded by the page's action.
 */
export function PayChosenInvoices({
  selected,
  cardCharge,
  payments,
}: {
  selected: { invoices: OpenInvoiceDto[]; total: number };
  cardCharge: CartDto | null;
  payments: PaymentsConfig;
}) {
  const card = useFetcher<{ ok: false; message: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const refused = card.data && !card.data.ok ? card.data.message : null;
  const shown = problem ?? refused;
  const count = selected.invoices.length;
  const row = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2';
  return (
    <section id="pay" className="mt-6 rounded-lg border border-accent-400 bg-white p-5 shadow-sm" aria-labelledby="pay-heading" data-testid="pay-invoices">
      <h2 id="pay-heading" className="text-lg font-semibold text-stone-900">
        Pay {count} {count === 1 ? 'invoice' : 'invoices'}: <span data-testid="pay-total">{formatPounds(selected.total)}</span>
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="text-base font-semibold text-stone-900">By card or PayPal, in one payment</h3>
          {shown ? (
            <div className="mt-2">
              <FormMessage message={{ tone: 'error', text: shown }} testId="pay-invoices-message" />
            </div>
          ) : null}
          <noscript>
            <p className="mt-2 text-sm text-stone-700">Paying by card needs JavaScript; a bank transfer with the references shown works without it.</p>
          </noscript>
          <div className="mt-3">
            {cardCharge ? (
              <CardWalletPanel
                config={payments}
                cart={cardCharge}
                disabled={card.state !== 'idle'}
                onPaid={(reference) => {
                  setProblem(null);
                  const form: Record<string, string> = { intent: PAY_INVOICES_INTENT, payment_reference: reference };
                  selected.invoices.forEach((invoice, index) => (form[`order_ids[${index}]`] = String(invoice.order_id)));
                  void card.submit(form, { method: 'post', action: '/account/statement' });
                }}
                showError={setProblem}
                showStatus={setProblem}
              />
            ) : (
              <p className="text-sm text-stone-700">Card payments are not available at the moment: please pay by bank transfer.</p>
            )}
          </div>
        </div>
        <div data-testid="pay-by-bank">
          <h3 className="text-base font-semibold text-stone-900">By bank transfer</h3>
          <p className="mt-1 text-sm text-stone-700">
            {count === 1 ? 'Quote the invoice\'s payment reference' : 'Make one transfer per invoice, each quoting its own payment reference'}, so we can match your payment to it.
          </p>
          <dl className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 px-4 text-sm">
            <BankAccountRows />
          </dl>
          <ul className="mt-3 divide-y divide-stone-200 rounded-lg border-2 border-accent-400 bg-accent-300/20 px-4 text-sm">
            {selected.invoices.map((invoice) => (
              <li key={invoice.order_id} className={row} data-testid="pay-by-bank-line">
                <span>
                  {invoice.invoice_number}: reference <strong className="font-mono text-base text-stone-900">{invoice.payment_reference}</strong>
                </span>
                <strong className="tabular-nums text-stone-900">{formatPounds(invoice.amount_due)}</strong>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The month picker (a GET form: works without JavaScript) and the PDF download. */
export function MonthPicker({ months, month, pdfPath }: { months: { value: string; label: string }[]; month: string; pdfPath: string }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <Form method="get" action="/account/statement" className="flex items-end gap-2" data-testid="month-picker">
        <div>
          <label htmlFor="statement-month" className="block text-sm font-medium text-stone-800">
            Month
          </label>
          <select id="statement-month" name="month" defaultValue={month} className="mt-1 block rounded-md border border-stone-300 bg-white px-3 py-2 text-sm">
            {months.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary px-4 py-2">
          Show
        </button>
      </Form>
      {/* A PDF from a resource route: a plain link. */}
      <a href={pdfPath} className="btn-secondary w-full px-4 py-2 sm:w-auto" data-testid="statement-pdf">
        Download statement (PDF)
      </a>
    </div>
  );
}

const KIND_LABELS: Record<StatementLineDto['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note', payment: 'Payment', refund: 'Refund' };

/** The statement: the balances, every document and payment with the running balance, and the ageing. */
export function StatementTable({ statement }: { statement: StatementDto }) {
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="statement-summary">
        {(
          [
            ['Opening balance', statement.opening_balance, 'opening-balance'],
            ['Invoices less credit notes', statement.documents_total, 'documents-total'],
            ['Payments less refunds', statement.payments_total, 'payments-total'],
            ['Closing balance', statement.closing_balance, 'closing-balance'],
          ] as const
        ).map(([label, value, testId]) => (
          <div key={testId} className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-lg font-semibold text-stone-900 tabular-nums" data-testid={testId}>
              {signed(value)}
            </dd>
          </div>
        ))}
      </dl>
      {/* Phones: one short block per line (what it is, its amount, the balance after it). */}
      <ol className="mt-4 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm md:hidden" aria-label="Documents and payments in date order">
        <li className="flex justify-between gap-3 bg-stone-50 px-3 py-2 font-medium">
          <span>Opening balance, {formatShortDate(statement.period_from)}</span>
          <span className="tabular-nums">{signed(statement.opening_balance)}</span>
        </li>
        {statement.lines.map((line, index) => (
          <li key={`${line.kind}-${line.reference}-${index}`} className="px-3 py-2" data-testid="statement-line-phone">
            <div className="flex justify-between gap-3">
              <span className="font-medium text-stone-900">
                {formatShortDate(line.date)} · {KIND_LABELS[line.kind]} <span className="font-mono text-xs whitespace-nowrap">{line.reference}</span>
              </span>
              <span className="font-semibold whitespace-nowrap tabular-nums">{line.debit !== null ? `+${formatPounds(line.debit)}` : `-${formatPounds(line.credit ?? 0)}`}</span>
            </div>
            <p className="mt-0.5 text-stone-700">
              {line.description}
              {line.due_date ? `; due ${formatShortDate(line.due_date)}` : ''}
            </p>
            <p className="mt-0.5 text-right text-xs text-stone-600">Balance {signed(line.balance)}</p>
          </li>
        ))}
        <li className="flex justify-between gap-3 bg-stone-50 px-3 py-2 font-semibold">
          <span>Closing balance, {formatShortDate(statement.statement_date)}</span>
          <span className="tabular-nums">{signed(statement.closing_balance)}</span>
        </li>
      </ol>
      <div className="mt-4 hidden md:block">
        <table className="w-full text-sm" data-testid="statement-lines">
          <caption className="sr-only">Documents and payments in date order, with the balance after each</caption>
          <thead className="border-b border-stone-200 bg-stone-100">
            <tr>
              <th scope="col" className={headCell}>
                Date
              </th>
              <th scope="col" className={headCell}>
                Reference
              </th>
              <th scope="col" className={headCell}>
                Details
              </th>
              <th scope="col" className={headCell}>
                Due
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Debit
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Credit
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Balance
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            <tr className="bg-stone-50">
              <td className="px-3 py-2 whitespace-nowrap">{formatShortDate(statement.period_from)}</td>
              <td className="px-3 py-2" />
              <td className="px-3 py-2 font-medium">Opening balance</td>
              <td className="px-3 py-2" />
              <td className="px-3 py-2" />
              <td className="px-3 py-2" />
              <td className="px-3 py-2 text-right font-medium tabular-nums">{signed(statement.opening_balance)}</td>
            </tr>
            {statement.lines.map((line, index) => (
              <tr key={`${line.kind}-${line.reference}-${index}`} data-testid="statement-line" data-kind={line.kind}>
                <td className="px-3 py-2 whitespace-nowrap">{formatShortDate(line.date)}</td>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
                  <span className="sr-only">{KIND_LABELS[line.kind]} </span>
                  {line.reference}
                </td>
                <td className="px-3 py-2">{line.description}</td>
                <td className="px-3 py-2 whitespace-nowrap">{line.due_date ? formatShortDate(line.due_date) : ''}</td>
                <td className="px-3 py-2 text-right tabular-nums" data-testid="line-debit">
                  {line.debit === null ? '' : formatPounds(line.debit)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums" data-testid="line-credit">
                  {line.credit === null ? '' : formatPounds(line.credit)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{signed(line.balance)}</td>
              </tr>
            ))}
            <tr className="bg-stone-50 font-semibold">
              <td className="px-3 py-2 whitespace-nowrap">{formatShortDate(statement.statement_date)}</td>
              <td className="px-3 py-2" />
              <td className="px-3 py-2">Closing balance</td>
              <td className="px-3 py-2" />
              <td className="px-3 py-2" />
              <td className="px-3 py-2" />
              <td className="px-3 py-2 text-right tabular-nums">{signed(statement.closing_balance)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {statement.lines.length === 0 ? <p className="mt-3 text-sm text-stone-600">Nothing was invoiced, credited or paid on your account this month.</p> : null}
      <h3 className="mt-5 text-sm font-semibold text-stone-900">Ageing of the closing balance on {formatShortDate(statement.statement_date)}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="statement-ageing">
        {(
          [
            ['Current', statement.ageing.current],
            ['1-30 days', statement.ageing.days_1_30],
            ['31-60 days', statement.ageing.days_31_60],
            ['61-90 days', statement.ageing.days_61_90],
            ['Over 90 days', statement.ageing.over_90],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border border-stone-200 px-3 py-2">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className={`font-semibold tabular-nums ${value > 0 && label !== 'Current' ? 'text-red-800' : 'text-stone-900'}`}>{signed(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
