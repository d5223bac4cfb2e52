/**
 * VAT return ('exports': owner and manager): the sales figures of a UK VAT return for a calendar
 * quarter or any days (London), added up by tax point (core/back-office/exports/vat-return.ts):
 * payments received before the goods left on their days, VAT invoices for the rest on theirs,
 * credit notes on theirs; with the entries behind them and a CSV of all of them. Plain GET forms:
 * no JavaScript needed. The owner marks a quarter filed (a confirm step, then a POST).
 */
import { Form, Link } from 'react-router';
import { vatReturnAction, vatReturnPage } from '~/server/admin/vat-return.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { calendarDate, pounds } from '~/components/admin/admin-format';
import { TestPaymentBadge } from '~/components/orders/test-payment-badge';
import { CAREFUL_BUTTON, Cell, ConfirmPanel, PageHead, Table } from '~/components/admin/admin-kit';
import type { Route } from './+types/vat-return';

export const meta: Route.MetaFunction = () => [{ title: 'VAT return - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return vatReturnPage(request, context);
}

export const action = vatReturnAction;

const ENTRY_LABELS: Record<string, string> = {
  invoice: 'VAT invoice',
  credit_note: 'VAT credit note',
  payment: 'Payment before dispatch',
  card_payment: 'Card payment before dispatch',
  refund: 'Refund before invoice',
};

function Figure({ box, label, value, note, testId }: { box: string; label: string; value: string; note?: string; testId: string }) {
  return (
    <div className="card p-5" data-testid={testId}>
      <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{box}</p>
      <p className="mt-1 text-sm text-stone-700">{label}</p>
      <p className="mt-2 text-2xl font-bold text-stone-900 tabular-nums">{value}</p>
      {note ? <p className="mt-1 text-xs text-stone-600">{note}</p> : null}
    </div>
  );
}

export default function VatReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { figures, quarters, problem, notice, csvPath, shownEntries, canFile, confirmFile } = loaderData;
  const { period } = figures;
  // Every entry listed, those of test-payment orders (left out of the figures) too.
  const total = figures.invoiceCount + figures.creditNoteCount + figures.paymentCount + figures.testPaymentEntryCount;
  const quarterName = period.quarter?.replace('-', ' ') ?? '';
  const here = `/admin/vat-return?quarter=${period.quarter ?? ''}`;
  return (
    <div className="space-y-6">
      <PageHead back={{ to: '/admin/exports', label: 'Exports' }} title="VAT return">
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          The sales figures of your VAT return by tax point: money received before the goods left counts on the day it was received, the VAT
          invoice for the rest on its time of supply, and VAT credit notes on their date. Days are UK days, both ends included.
        </p>
      </PageHead>
      {problem ? <AdminMessage tone="error">{problem}</AdminMessage> : null}
      {actionData && !actionData.ok ? <AdminMessage tone="error">{actionData.message}</AdminMessage> : null}
      {notice ? <AdminMessage tone="success">{notice}</AdminMessage> : null}

      <div className="flex flex-wrap items-end gap-6">
        <form method="get" className="flex flex-wrap items-end gap-3" data-testid="vat-quarter-form">
          <div>
            <label htmlFor="vat-quarter" className="form-label">
              Quarter
            </label>
            <select id="vat-quarter" name="quarter" defaultValue={period.quarter ?? ''} className="form-input">
              {period.quarter === null ? <option value="">Choose</option> : null}
              {quarters.map((quarter) => (
                <option key={quarter} value={quarter}>
                  {quarter.replace('-', ' ')}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Show
          </button>
        </form>
        <form method="get" className="flex flex-wrap items-end gap-3" data-testid="vat-days-form">
          <div>
            <label htmlFor="vat-from" className="form-label">
              From
            </label>
            <input id="vat-from" name="from" type="date" required defaultValue={period.from} className="form-input" />
          </div>
          <div>
            <label htmlFor="vat-to" className="form-label">
              To (included)
            </label>
            <input id="vat-to" name="to" type="date" required defaultValue={period.to} className="form-input" />
          </div>
          <button type="submit" className="btn-secondary">
            Show these days
          </button>
        </form>
      </div>

      <h2 className="text-lg font-semibold text-stone-900" data-testid="vat-period">
        {period.quarter ? `${period.quarter.replace('-', ' ')}: ` : ''}
        {calendarDate(period.from)} to {calendarDate(period.to)}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <Figure box="Box 1" label="VAT due on sales" value={pounds(figures.box1VatDuePence)} testId="vat-box-1" />
        <Figure
          box="Box 6"
          label="Total value of sales, excluding VAT"
          value={pounds(figures.box6NetSalesPence)}
          note={`Enter £${figures.box6WholePounds.toLocaleString('en-GB')} (whole pounds). Zero-rated exports included.`}
          testId="vat-box-6"
        />
        <Figure box="For your records" label="Sales of goods to destinations outside the UK (zero-rated), excluding VAT" value={pounds(figures.exportSalesPence)} testId="vat-exports" />
      </div>

      {figures.filed ? (
        <p className="text-sm text-stone-700" data-testid="vat-filed">
          Marked filed with HMRC by {figures.filed.filedBy} on {calendarDate(figures.filed.filedAt.toISOString().slice(0, 10))}. Nothing dated in this quarter can be
          recorded any more, so these figures stay as filed.
        </p>
      ) : canFile && !confirmFile ? (
        <p>
          <Link to={`${here}&confirm=file`} className="btn-secondary" data-testid="vat-file-start">
            Mark {quarterName} as filed
          </Link>
        </p>
      ) : null}
      {confirmFile ? (
        <ConfirmPanel
          id="confirm-file-heading"
          title={`Mark ${quarterName} as filed with HMRC?`}
          testId="confirm-file"
          tone="careful"
          cancel={here}
          actions={
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="file" />
              <input type="hidden" name="quarter" value={period.quarter ?? ''} />
              <button type="submit" className={CAREFUL_BUTTON}>
                Yes, mark {quarterName} as filed
              </button>
            </Form>
          }
        >
          <p>
            Do this once you have submitted these figures. From then on no payment, refund or invoice can be dated in {quarterName}: a payment dated in it is refused,
            and an invoice for goods sent in it counts in the next open quarter and says so. This cannot be undone.
          </p>
        </ConfirmPanel>
      ) : null}

      <section className="card overflow-x-auto" aria-labelledby="vat-documents-heading">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-4 py-3">
          <h2 id="vat-documents-heading" className="text-base font-semibold text-stone-900">
            {figures.invoiceCount} {figures.invoiceCount === 1 ? 'invoice' : 'invoices'}, {figures.creditNoteCount} {figures.creditNoteCount === 1 ? 'credit note' : 'credit notes'}{' '}
            and {figures.paymentCount} {figures.paymentCount === 1 ? 'payment' : 'payments'} before dispatch
          </h2>
          <a href={csvPath} className="btn-secondary px-3 py-1.5" data-testid="vat-return-csv">
            Download CSV
          </a>
        </div>
        {figures.testPaymentEntryCount > 0 ? (
          <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="vat-test-payments">
            {figures.testPaymentEntryCount === 1 ? '1 entry' : `${figures.testPaymentEntryCount} entries`} of test-payment orders ({pounds(figures.testPaymentGrossPence)} gross)
            {figures.testPaymentEntryCount === 1 ? ' is' : ' are'} listed, marked &ldquo;Test payment&rdquo;, and left out of every figure: no money was taken.
          </p>
        ) : null}
        {total > figures.entries.length ? (
          <p className="px-4 py-2 text-sm text-stone-600">
            The first {shownEntries} are shown; the CSV lists all {total}.
          </p>
        ) : null}
        <Table
          testId="vat-documents"
          columns={['Tax point', 'Document or payment', 'Order', 'Destination', { label: 'Net', right: true }, { label: 'VAT', right: true }, { label: 'Gross', right: true }]}
          items={figures.entries}
          row={(d) => (
            <tr key={`${d.kind}-${d.number}-${d.orderId}`}>
              <Cell>{calendarDate(d.taxPoint)}</Cell>
              <Cell>
                <span className="font-medium">{d.number}</span> <span className="text-stone-600">{ENTRY_LABELS[d.kind]}</span>
                {d.countedBeforePence !== 0 ? <span className="block text-xs text-stone-600">less {pounds(d.countedBeforePence)} paid before, counted on its day</span> : null}
                {d.testPayment ? (
                  <span className="mt-0.5 block text-xs text-amber-900">
                    <TestPaymentBadge /> not counted in the figures
                  </span>
                ) : null}
              </Cell>
              <Cell>
                <Link to={`/admin/orders/${d.orderId}`} className="text-brand-700 hover:underline">
                  #{d.orderId}
                </Link>
              </Cell>
              <Cell>{d.vatTreatment === 'export' ? 'Outside the UK (zero-rated)' : 'UK'}</Cell>
              <Cell right>{pounds(d.netPence)}</Cell>
              <Cell right>{pounds(d.vatPence)}</Cell>
              <Cell right>{pounds(d.grossPence)}</Cell>
            </tr>
          )}
        />
      </section>
    </div>
  );
}
