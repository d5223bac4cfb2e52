/**
 * VAT return ('exports': owner and manager): the sales figures of a UK VAT return for a calendar
 * quarter or any days (London), from the VAT invoices whose tax point falls in the period less
 * the credit notes dated in it (core/back-office/exports/vat-return.ts), with the documents
 * behind them and a CSV of all of them. Plain GET forms: no JavaScript needed.
 */
import { Link } from 'react-router';
import { vatReturnPage } from '~/server/admin/vat-return.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { calendarDate, pounds } from '~/components/admin/admin-format';
import type { Route } from './+types/vat-return';

export const meta: Route.MetaFunction = () => [{ title: 'VAT return - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return vatReturnPage(request, context);
}

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

export default function VatReturnPage({ loaderData }: Route.ComponentProps) {
  const { figures, quarters, problem, csvPath, shownDocuments } = loaderData;
  const { period } = figures;
  const total = figures.invoiceCount + figures.creditNoteCount;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/exports" className="text-brand-700 hover:underline">
            Exports
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">VAT return</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          The sales figures of your VAT return: VAT invoices by their time of supply (tax point), less VAT credit notes by their date. Days are UK
          days, both ends included.
        </p>
      </div>
      {problem ? <AdminMessage tone="error">{problem}</AdminMessage> : null}

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

      <section className="card overflow-x-auto" aria-labelledby="vat-documents-heading">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-4 py-3">
          <h2 id="vat-documents-heading" className="text-base font-semibold text-stone-900">
            {figures.invoiceCount} {figures.invoiceCount === 1 ? 'invoice' : 'invoices'} and {figures.creditNoteCount} {figures.creditNoteCount === 1 ? 'credit note' : 'credit notes'}
          </h2>
          <a href={csvPath} className="btn-secondary px-3 py-1.5" data-testid="vat-return-csv">
            Download CSV
          </a>
        </div>
        {total > figures.documents.length ? (
          <p className="px-4 py-2 text-sm text-stone-600">
            The first {shownDocuments} are shown; the CSV lists all {total}.
          </p>
        ) : null}
        <table className="w-full text-left text-sm" data-testid="vat-documents">
          <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">Document</th>
              <th scope="col" className="px-4 py-2">Tax point</th>
              <th scope="col" className="px-4 py-2">Order</th>
              <th scope="col" className="px-4 py-2">Destination</th>
              <th scope="col" className="px-4 py-2 text-right">Net</th>
              <th scope="col" className="px-4 py-2 text-right">VAT</th>
              <th scope="col" className="px-4 py-2 text-right">Gross</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {figures.documents.map((d) => (
              <tr key={d.number}>
                <td className="px-4 py-2 font-medium">{d.number}</td>
                <td className="px-4 py-2">{calendarDate(d.taxPoint)}</td>
                <td className="px-4 py-2">
                  <Link to={`/admin/orders/${d.orderId}`} className="text-brand-700 hover:underline">
                    #{d.orderId}
                  </Link>
                </td>
                <td className="px-4 py-2">{d.vatTreatment === 'export' ? 'Outside the UK (zero-rated)' : 'UK'}</td>
                <td className="px-4 py-2 text-right tabular-nums">{pounds(d.netPence)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{pounds(d.vatPence)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{pounds(d.grossPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
