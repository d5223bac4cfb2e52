/** A price list's import report (dry run or applied): counts, errors, and the lines to add, change or remove. */
import type { PriceListImportReport } from '~/server/admin/price-lists.server';
import { ImportCounts, ImportProblems } from './admin-kit';

export interface ReportView {
  rows: number;
  adds: PriceListImportReport['adds'];
  changes: PriceListImportReport['changes'];
  removals: PriceListImportReport['removals'];
  counts: { adds: number; changes: number; removals: number; unchanged: number; errors: number };
  errors: PriceListImportReport['errors'];
}

function ReportLines({ title, lines, total, testId }: { title: string; lines: ReportView['adds']; total: number; testId: string }) {
  if (total === 0) return null;
  return (
    <section className="card overflow-x-auto" aria-label={title}>
      <h3 className="border-b border-stone-200 px-4 py-2.5 text-sm font-semibold text-stone-900">
        {title} ({total}){total > lines.length ? `: the first ${lines.length} are listed` : ''}
      </h3>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">Row</th>
            <th scope="col" className="px-4 py-2">Price for</th>
            <th scope="col" className="px-4 py-2">Price</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {lines.map((line, i) => (
            <tr key={i}>
              <td className="px-4 py-2 tabular-nums">{line.row ?? '-'}</td>
              <td className="px-4 py-2">{line.what}</td>
              <td className="px-4 py-2 whitespace-nowrap">{line.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function PriceListImportReportView({ report }: { report: ReportView }) {
  return (
    <div className="space-y-4">
      <ImportCounts
        testId="price-list-import-summary"
        counts={[
          ['To add', report.counts.adds],
          ['To change', report.counts.changes],
          ['To remove', report.counts.removals],
          ['Unchanged', report.counts.unchanged],
          ['Errors', report.counts.errors],
        ]}
      />
      <ImportProblems problems={report.errors} total={report.counts.errors} testId="price-list-import-errors" />
      <ReportLines title="To add" lines={report.adds} total={report.counts.adds} testId="price-list-import-adds" />
      <ReportLines title="To change" lines={report.changes} total={report.counts.changes} testId="price-list-import-changes" />
      <ReportLines title="To remove (in the list, not in the file)" lines={report.removals} total={report.counts.removals} testId="price-list-import-removals" />
    </div>
  );
}

