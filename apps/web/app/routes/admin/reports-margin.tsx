/**
 * Margin ('reports': owner and manager): over the range, per top-level category, goods sold ex
 * VAT less their units at the sizes' unit costs (today's), where a cost is known, and how much of
 * the sales had no cost (docs/reports.md). Chart of the margin per category, table, CSV.
 */
import { marginPage } from '~/server/admin/reports.server';
import { pounds } from '~/components/admin/admin-format';
import { Cell, ListTable } from '~/components/admin/admin-kit';
import { RankChart, shortPounds } from '~/components/admin/report-chart';
import { RangeForm, rangeWords, ReportHead, ReportTotals } from '~/components/admin/report-parts';
import type { Route } from './+types/reports-margin';

export const meta: Route.MetaFunction = () => [{ title: 'Margin - Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return marginPage(request, context);
}

/** Margin as a share of the sales that have a cost: "32.5%", or "-" when none had one. */
function percent(figures: { costedSalesPence: number; marginPence: number }): string {
  return figures.costedSalesPence === 0 ? '-' : `${((figures.marginPence / figures.costedSalesPence) * 100).toFixed(1)}%`;
}

export default function MarginReportPage({ loaderData }: Route.ComponentProps) {
  const { from, to, failure, report, csvPath } = loaderData;
  const uncosted = report ? report.totals.salesPence - report.totals.costedSalesPence : 0;
  const bars = report?.rows.filter((r) => r.marginPence > 0).sort((a, b) => b.marginPence - a.marginPence) ?? [];
  return (
    <div className="space-y-6">
      <ReportHead
        title="Margin"
        testId="report-margin"
        csvPath={report ? csvPath : null}
        intro="Goods ex VAT of the orders placed in the range (not cancelled) less their units at each size's unit cost, per top-level category. Only sales of sizes with a unit cost have a margin; the rest is shown apart. Costs are today's: a cost changed since changes past margins too."
      />
      <RangeForm from={from} to={to} failure={failure} />
      {report ? (
        <>
          <ReportTotals
            testId="margin-totals"
            items={[
              { label: 'Margin', value: pounds(report.totals.marginPence), detail: `${percent(report.totals)} of the sales with a cost` },
              { label: 'Sales with a cost', value: pounds(report.totals.costedSalesPence), detail: `cost ${pounds(report.totals.costPence)}` },
              {
                label: 'Sales without a cost',
                value: pounds(uncosted),
                detail: report.totals.salesPence === 0 ? undefined : `${((uncosted / report.totals.salesPence) * 100).toFixed(1)}% of sales: no margin shown`,
              },
              { label: 'Sales ex VAT', value: pounds(report.totals.salesPence), detail: rangeWords(report.range) },
            ]}
          />
          {bars.length > 0 ? (
            <RankChart
              id="margin"
              title={`Margin by top-level category, ${rangeWords(report.range)}`}
              description={`One bar per category with a margin, largest first, ${pounds(report.totals.marginPence)} in all. The table below lists the figures.`}
              items={bars.map((r) => ({ label: r.name, value: r.marginPence }))}
              xLabel="Margin (£)"
              format={shortPounds}
            />
          ) : null}
          <ListTable
            id="margin-heading"
            title="Top-level categories"
            titleShown
            testId="margin-table"
            columns={[
              'Category',
              { label: 'Sales ex VAT', right: true, className: 'hidden md:table-cell' },
              { label: 'With a cost', right: true, className: 'hidden sm:table-cell' },
              { label: 'Cost', right: true, className: 'hidden md:table-cell' },
              { label: 'Margin', right: true },
              { label: 'Margin %', right: true },
              { label: 'Without a cost', right: true, className: 'hidden sm:table-cell' },
            ]}
            items={report.rows}
            empty="Nothing was sold in this range."
            row={(r) => (
              <tr key={r.categoryId ?? 'none'} data-testid="margin-row">
                <Cell className="font-medium">{r.name}</Cell>
                <Cell right className="hidden md:table-cell">
                  {pounds(r.salesPence)}
                </Cell>
                <Cell right className="hidden sm:table-cell">
                  {pounds(r.costedSalesPence)}
                </Cell>
                <Cell right className="hidden md:table-cell">
                  {pounds(r.costPence)}
                </Cell>
                <Cell right>{pounds(r.marginPence)}</Cell>
                <Cell right>{percent(r)}</Cell>
                <Cell right className="hidden sm:table-cell">
                  {pounds(r.salesPence - r.costedSalesPence)}
                </Cell>
              </tr>
            )}
            after={
              report.rows.length > 0 ? (
                <tr className="border-t-2 border-stone-300 bg-stone-50 font-semibold" data-testid="margin-total-row">
                  <Cell>Total</Cell>
                  <Cell right className="hidden md:table-cell">
                    {pounds(report.totals.salesPence)}
                  </Cell>
                  <Cell right className="hidden sm:table-cell">
                    {pounds(report.totals.costedSalesPence)}
                  </Cell>
                  <Cell right className="hidden md:table-cell">
                    {pounds(report.totals.costPence)}
                  </Cell>
                  <Cell right>{pounds(report.totals.marginPence)}</Cell>
                  <Cell right>{percent(report.totals)}</Cell>
                  <Cell right className="hidden sm:table-cell">
                    {pounds(uncosted)}
                  </Cell>
                </tr>
              ) : null
            }
          />
        </>
      ) : null}
    </div>
  );
}
