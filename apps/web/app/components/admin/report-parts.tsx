/**
 * What every report page is made of (docs/reports.md): its head (the way back to the reports, the
 * title, what it counts, the CSV download), the GET form of its date range and choices (works
 * without JavaScript), the refusal of a range that cannot be read, and the totals. The figures
 * come from core; this only lays them out.
 */
import { Form, Link } from 'react-router';
import { AdminMessage } from './admin-frame';
import { Cell, FilterInput } from './admin-kit';
import { calendarDate } from './admin-format';

export function ReportHead({ title, intro, csvPath, testId }: { title: string; intro: React.ReactNode; csvPath: string | null; testId: string }) {
  return (
    <div data-testid={testId}>
      <p className="text-sm">
        <Link to="/admin/reports" className="text-brand-700 hover:underline">
          All reports
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
          <p className="mt-1 text-sm text-stone-600">{intro}</p>
        </div>
        {csvPath ? (
          <a href={csvPath} className="btn-secondary" data-testid="report-csv" download>
            Download CSV
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** A report's GET form (works without JavaScript): its fields, Show, and why what was asked could not be read. */
export function ReportForm({ label, failure, children }: { label: string; failure: string | null; children: React.ReactNode }) {
  return (
    <Form method="get" className="card flex flex-wrap items-end gap-3 p-4" data-testid="report-range-form" aria-label={label}>
      {children}
      <button type="submit" className="btn-primary">
        Show
      </button>
      {failure ? (
        <div className="w-full" data-testid="report-failure">
          <AdminMessage tone="error">{failure}</AdminMessage>
        </div>
      ) : null}
    </Form>
  );
}

/** The GET form of a report: first and last London day, the report's own choices (`children`), Show. */
export function RangeForm({ from, to, failure, children }: { from: string; to: string; failure: string | null; children?: React.ReactNode }) {
  return (
    <ReportForm label="Date range" failure={failure}>
      <FilterInput label="From (London day)" type="date" name="from" defaultValue={from} required className="w-40" />
      <FilterInput label="To (included)" type="date" name="to" defaultValue={to} required className="w-40" />
      {children}
    </ReportForm>
  );
}

/** A product size's cell: the product (a link to its editor), the size and the product code. */
export function SizeCell({ productId, productName, size1, productCode }: { productId: number; productName: string; size1: string; productCode: string | null }) {
  return (
    <Cell>
      <Link to={`/admin/catalogue/products/${productId}`} className="font-medium text-brand-700 hover:underline">
        {productName}
      </Link>{' '}
      <span className="text-stone-700">{size1}</span>
      <span className="block text-xs text-stone-500">{productCode}</span>
    </Cell>
  );
}

/** A choice of the form as radio buttons in a fieldset (group by, rank by). */
export function ChoiceField({ legend, name, value, options }: { legend: string; name: string; value: string; options: readonly (readonly [value: string, label: string])[] }) {
  return (
    <fieldset className="text-sm">
      <legend className="font-medium text-stone-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-3 py-2">
        {options.map(([option, label]) => (
          <label key={option} className="flex items-center gap-1.5">
            <input type="radio" name={name} value={option} defaultChecked={option === value} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** "1 June 2026 to 31 July 2026". */
export function rangeWords(range: { from: string; to: string }): string {
  return `${calendarDate(range.from)} to ${calendarDate(range.to)}`;
}

/** A row of headline figures. */
export function ReportTotals({ items, testId }: { items: readonly { label: string; value: string; detail?: string }[]; testId: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid={testId}>
      {items.map((item) => (
        <div key={item.label} className="card p-4">
          <dt className="text-xs font-medium text-stone-600">{item.label}</dt>
          <dd className="mt-1 text-xl font-bold text-stone-900 tabular-nums">{item.value}</dd>
          {item.detail ? <dd className="text-xs text-stone-600">{item.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** "12,400" */
export function count(value: number): string {
  return value.toLocaleString('en-GB');
}

/** The change from last year as words: "+12.5%", "-3.0%", "new" (nothing last year), "-" (nothing either year). */
export function changeFromLastYear(current: number, lastYear: number): string {
  if (lastYear === 0) return current === 0 ? '-' : 'new';
  const change = ((current - lastYear) / lastYear) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
}
