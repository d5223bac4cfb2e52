/**
 * Exports ('exports': owner and manager): choose London days and download the
 * orders, the VAT invoices or the VAT credit notes as CSV for an accounting import; a link to the
 * VAT return figures (vat-return.tsx). Plain GET forms to the resource
 * routes (a file download, no JavaScript needed); the columns are listed here and in docs/exports.md.
 */
import { Link } from 'react-router';
import { exportsPage } from '~/server/admin/exports.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import type { Route } from './+types/exports';

export const meta: Route.MetaFunction = () => [{ title: 'Exports - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'exports');
  return exportsPage();
}

function ExportForm({ kind, title, text, from, to, columns }: { kind: 'orders' | 'invoices' | 'credit-notes'; title: string; text: string; from: string; to: string; columns: string[] }) {
  return (
    <section className="card p-5" aria-labelledby={`export-${kind}-heading`}>
      <h2 id={`export-${kind}-heading`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{text}</p>
      <form method="get" action={`/admin/exports/${kind}.csv`} className="mt-4 flex flex-wrap items-end gap-3" data-testid={`export-${kind}-form`}>
        <div>
          <label htmlFor={`${kind}-from`} className="form-label">
            From
          </label>
          <input id={`${kind}-from`} name="from" type="date" required defaultValue={from} className="form-input" />
        </div>
        <div>
          <label htmlFor={`${kind}-to`} className="form-label">
            To (included)
          </label>
          <input id={`${kind}-to`} name="to" type="date" required defaultValue={to} className="form-input" />
        </div>
        <button type="submit" className="btn-primary">
          Download {kind.replace('-', ' ')} CSV
        </button>
      </form>
      <details className="mt-4 text-sm text-stone-600">
        <summary className="cursor-pointer font-medium text-stone-700">Columns</summary>
        <p className="mt-2 font-mono text-xs break-words">{columns.join(', ')}</p>
      </details>
    </section>
  );
}

export default function Exports({ loaderData }: Route.ComponentProps) {
  const { from, to, orderColumns, invoiceColumns, creditNoteColumns } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Exports</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          CSV files (UTF-8, a header row, amounts in pounds with two decimals) for your accounting software. Days are UK days (Europe/London),
          both ends included.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ExportForm kind="orders" title="Orders" text="Every order placed on these days, whatever its state, with its payment." from={from} to={to} columns={orderColumns} />
        <ExportForm kind="invoices" title="VAT invoices" text="Every VAT invoice dated on these days, by invoice number." from={from} to={to} columns={invoiceColumns} />
        <ExportForm
          kind="credit-notes"
          title="VAT credit notes"
          text="Every VAT credit note dated on these days, by number, with the invoice it credits; amounts negative."
          from={from}
          to={to}
          columns={creditNoteColumns}
        />
        <section className="card p-5" aria-labelledby="vat-return-heading">
          <h2 id="vat-return-heading" className="text-lg font-semibold text-stone-900">
            VAT return
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Box 1 (VAT due on sales), Box 6 (sales excluding VAT) and sales of goods outside the UK for a quarter, from invoices less credit notes,
            with the documents behind them.
          </p>
          <Link to="/admin/vat-return" className="btn-primary mt-4" data-testid="vat-return-link">
            See the VAT return figures
          </Link>
        </section>
      </div>
    </div>
  );
}
