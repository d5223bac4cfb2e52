/**
 * Stock value at cost ('reports': owner and manager): the units on hand of each size times its
 * unit cost (catalogue editor and CSV), today, with the sizes that have no cost counted apart
 * (docs/reports.md). A chart of the ten sizes worth most, a table of the first 50, CSV of all.
 */
import { stockValuePage } from '~/server/admin/reports.server';
import { calendarDate, pounds } from '~/components/admin/admin-format';
import { Cell, ListTable } from '~/components/admin/admin-kit';
import { RankChart, shortPounds } from '~/components/admin/report-chart';
import { count, ReportHead, ReportTotals, SizeCell } from '~/components/admin/report-parts';
import type { Route } from './+types/reports-stock-value';

export const meta: Route.MetaFunction = () => [{ title: 'Stock value - Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return stockValuePage(request, context);
}

export default function StockValuePage({ loaderData }: Route.ComponentProps) {
  const { today, report, csvPath } = loaderData;
  const { totals } = report;
  const costed = report.rows.filter((r) => r.valuePence !== null).slice(0, 10);
  return (
    <div className="space-y-6">
      <ReportHead
        title="Stock value at cost"
        testId="report-stock-value"
        csvPath={csvPath}
        intro={`The units on hand of each size today (${calendarDate(today)}), allocated ones included until they leave, times the size's unit cost ex VAT. Sizes without a cost price are listed after the others and not in the value: set their cost in the catalogue.`}
      />
      <ReportTotals
        testId="stock-value-totals"
        items={[
          { label: 'Value at cost', value: pounds(totals.valuePence) },
          { label: 'Units on hand', value: count(totals.unitsOnHand), detail: `${count(report.sizes)} sizes` },
          { label: 'Sizes without a cost', value: count(totals.sizesWithoutCost), detail: `${count(totals.unitsWithoutCost)} units not valued` },
        ]}
      />
      {costed.length > 0 ? (
        <RankChart
          id="stock-value"
          title="The sizes whose stock is worth most at cost"
          description={`One bar per size, largest first, of ${pounds(totals.valuePence)} in all. The table below lists the figures.`}
          items={costed.map((r) => ({ label: `${r.productName} ${r.size1}`, value: r.valuePence ?? 0 }))}
          xLabel="Value at cost (£)"
          format={shortPounds}
        />
      ) : null}
      <ListTable
        id="stock-value-heading"
        title={report.sizes > report.rows.length ? `The first ${report.rows.length} of ${count(report.sizes)} sizes in stock` : 'Sizes in stock'}
        titleShown
        testId="stock-value-table"
        columns={['Product and size', { label: 'On hand', right: true }, { label: 'Unit cost', right: true, className: 'hidden sm:table-cell' }, { label: 'Value at cost', right: true }]}
        items={report.rows}
        empty="No size has units on hand."
        row={(r) => (
          <tr key={r.productSizeId} data-testid="stock-value-row">
            <SizeCell {...r} />
            <Cell right>{count(r.onHand)}</Cell>
            <Cell right className="hidden sm:table-cell">
              {r.unitCostPence === null ? 'No cost' : pounds(r.unitCostPence)}
            </Cell>
            <Cell right>{r.valuePence === null ? <span className="text-amber-800">No cost</span> : pounds(r.valuePence)}</Cell>
          </tr>
        )}
      />
    </div>
  );
}
