/**
 * Slow movers ('reports': owner and manager): sizes with no sale in the last N London days (N a
 * form field, 90 unless given), never sold first, with their stock and its value at cost
 * (docs/reports.md). A chart of the ten holding most value, a table of the first 100, CSV of all.
 */
import { slowMoversPage } from '~/server/admin/reports.server';
import { calendarDate, pounds } from '~/components/admin/admin-format';
import { Cell, FilterInput, ListTable } from '~/components/admin/admin-kit';
import { RankChart, shortPounds } from '~/components/admin/report-chart';
import { count, ReportForm, ReportHead, ReportTotals, SizeCell } from '~/components/admin/report-parts';
import type { Route } from './+types/reports-slow-movers';

export const meta: Route.MetaFunction = () => [{ title: 'Slow movers - Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return slowMoversPage(request, context);
}

export default function SlowMoversPage({ loaderData }: Route.ComponentProps) {
  const { days, failure, report, csvPath } = loaderData;
  const valued = report?.rows.filter((r) => (r.valuePence ?? 0) > 0).sort((a, b) => (b.valuePence ?? 0) - (a.valuePence ?? 0)).slice(0, 10) ?? [];
  return (
    <div className="space-y-6">
      <ReportHead
        title="Slow movers"
        testId="report-slow-movers"
        csvPath={csvPath}
        intro="Sizes of products on sale, and any size with units on hand, that no order (placed, not cancelled) has bought in the last N London days, today included. Never sold first, then the longest unsold."
      />
      <ReportForm label="Days without a sale" failure={failure}>
        <FilterInput label="No sale in the last (days)" type="number" name="days" min={1} max={3650} defaultValue={days} required className="w-32" />
      </ReportForm>
      {report ? (
        <>
          <ReportTotals
            testId="slow-movers-totals"
            items={[
              { label: 'Slow movers', value: count(report.count), detail: `No sale since ${calendarDate(report.since)}` },
              { label: 'Their units on hand', value: count(report.totals.onHand) },
              { label: 'Their value at cost', value: pounds(report.totals.valuePence), detail: 'Sizes with a cost price' },
            ]}
          />
          {valued.length > 0 ? (
            <RankChart
              id="slow-movers"
              title={`Slow movers holding most value at cost, no sale in ${report.days} days`}
              description="One bar per size, largest first. The table below lists every slow mover's figures."
              items={valued.map((r) => ({ label: `${r.productName} ${r.size1}`, value: r.valuePence ?? 0 }))}
              xLabel="Stock value at cost (£)"
              format={shortPounds}
            />
          ) : null}
          <ListTable
            id="slow-movers-heading"
            title={report.count > report.rows.length ? `The first ${report.rows.length} of ${count(report.count)} slow movers` : 'Slow movers'}
            titleShown
            testId="slow-movers-table"
            columns={['Product and size', 'Last sold', { label: 'On hand', right: true }, { label: 'Value at cost', right: true, className: 'hidden sm:table-cell' }]}
            items={report.rows}
            empty={`Every size sold in the last ${report.days} days.`}
            row={(r) => (
              <tr key={r.productSizeId} data-testid="slow-mover-row">
                <SizeCell {...r} />
                <Cell nowrap>{r.lastSold ? calendarDate(r.lastSold) : 'Never'}</Cell>
                <Cell right>{r.onHand === null ? 'Not tracked' : count(r.onHand)}</Cell>
                <Cell right className="hidden sm:table-cell">
                  {r.valuePence === null ? '-' : pounds(r.valuePence)}
                </Cell>
              </tr>
            )}
          />
        </>
      ) : null}
    </div>
  );
}
