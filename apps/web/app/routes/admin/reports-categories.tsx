/**
 * Sales by category ('reports': owner and manager): the goods ex VAT sold in the range per
 * top-level category, sub-categories rolled up (docs/reports.md), as a chart, a table and CSV.
 */
import { categoriesPage } from '~/server/admin/reports.server';
import { pounds } from '~/components/admin/admin-format';
import { Cell, ListTable } from '~/components/admin/admin-kit';
import { RankChart, shortPounds } from '~/components/admin/report-chart';
import { count, RangeForm, rangeWords, ReportHead } from '~/components/admin/report-parts';
import type { Route } from './+types/reports-categories';

export const meta: Route.MetaFunction = () => [{ title: 'Sales by category - Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return categoriesPage(request, context);
}

export default function CategoriesReportPage({ loaderData }: Route.ComponentProps) {
  const { from, to, failure, report, csvPath } = loaderData;
  const total = report?.reduce((sum, r) => sum + r.valuePence, 0) ?? 0;
  const units = report?.reduce((sum, r) => sum + r.units, 0) ?? 0;
  return (
    <div className="space-y-6">
      <ReportHead
        title="Sales by category"
        testId="report-categories"
        csvPath={report ? csvPath : null}
        intro="Goods ex VAT of the orders placed in the range (not cancelled), per top-level category with its sub-categories rolled up, by the category each product is in today. Quote charges and products no longer in the catalogue are under No category."
      />
      <RangeForm from={from} to={to} failure={failure} />
      {report ? (
        <>
          {report.length > 0 ? (
            <RankChart
              id="categories"
              title={`Sales ex VAT by top-level category, ${rangeWords({ from, to })}`}
              description={`One bar per category, largest first, ${pounds(total)} in all. The table below lists the figures.`}
              items={report.map((r) => ({ label: r.name, value: r.valuePence }))}
              xLabel="Sales ex VAT (£)"
              format={shortPounds}
            />
          ) : null}
          <ListTable
            id="categories-heading"
            title="Top-level categories"
            titleShown
            testId="categories-table"
            columns={['Category', { label: 'Units', right: true, className: 'hidden sm:table-cell' }, { label: 'Sales ex VAT', right: true }, { label: 'Share', right: true }]}
            items={report}
            empty="Nothing was sold in this range."
            row={(r) => (
              <tr key={r.categoryId ?? 'none'} data-testid="category-row">
                <Cell className="font-medium">{r.name}</Cell>
                <Cell right className="hidden sm:table-cell">
                  {count(r.units)}
                </Cell>
                <Cell right>{pounds(r.valuePence)}</Cell>
                <Cell right>{total === 0 ? '-' : `${((r.valuePence / total) * 100).toFixed(1)}%`}</Cell>
              </tr>
            )}
            after={
              report.length > 0 ? (
                <tr className="border-t-2 border-stone-300 bg-stone-50 font-semibold" data-testid="categories-total-row">
                  <Cell>Total</Cell>
                  <Cell right className="hidden sm:table-cell">
                    {count(units)}
                  </Cell>
                  <Cell right>{pounds(total)}</Cell>
                  <Cell right>100%</Cell>
                </tr>
              ) : null
            }
          />
        </>
      ) : null}
    </div>
  );
}
