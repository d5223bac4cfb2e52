/**
 * Sales by day, week or month ('reports': owner and manager): the goods ex VAT of the orders
 * placed each London day, week (from Monday) or month of the range, beside the same period a year
 * before (docs/reports.md), as a chart and as the table it is drawn from, and as CSV.
 */
import { salesPage } from '~/server/admin/reports.server';
import { calendarDate, pounds } from '~/components/admin/admin-format';
import { Cell, ListTable } from '~/components/admin/admin-kit';
import { TrendChart } from '~/components/admin/report-chart';
import { changeFromLastYear, ChoiceField, count, RangeForm, rangeWords, ReportHead, ReportTotals } from '~/components/admin/report-parts';
import type { Route } from './+types/reports-sales';

export const meta: Route.MetaFunction = () => [{ title: 'Sales - Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return salesPage(request, context);
}

const GROUPS = [
  ['day', 'Day'],
  ['week', 'Week'],
  ['month', 'Month'],
] as const;

const AXIS_LABEL = { day: 'Day', week: 'Week starting (Monday)', month: 'Month' } as const;

/** A period's label: "Mon 24 Nov 2026", "w/c 24 Nov 2026", "Nov 2026"; short for the axis. */
function periodLabel(start: string, group: 'day' | 'week' | 'month', short = false): string {
  const date = new Date(`${start}T12:00:00Z`);
  if (group === 'month') return date.toLocaleDateString('en-GB', { month: 'short', year: short ? '2-digit' : 'numeric', timeZone: 'UTC' });
  if (short) return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  if (group === 'week') return `w/c ${calendarDate(start)}`;
  return date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export default function SalesReportPage({ loaderData }: Route.ComponentProps) {
  const { from, to, group, failure, report, csvPath } = loaderData;
  return (
    <div className="space-y-6">
      <ReportHead
        title="Sales"
        testId="report-sales"
        csvPath={report ? csvPath : null}
        intro="Goods ex VAT of the orders placed (not cancelled) each London day, week or month, beside the same period a year before: by day and week the same weekdays 52 weeks earlier, by month the same dates. Delivery charged is shown apart."
      />
      <RangeForm from={from} to={to} failure={failure}>
        <ChoiceField legend="By" name="group" value={group} options={GROUPS} />
      </RangeForm>
      {report ? (
        <>
          <ReportTotals
            testId="sales-totals"
            items={[
              { label: 'Sales ex VAT', value: pounds(report.totals.salesPence), detail: rangeWords(report.range) },
              { label: 'A year before', value: pounds(report.totals.lastYear.salesPence), detail: rangeWords(report.lastYearRange) },
              { label: 'Change', value: changeFromLastYear(report.totals.salesPence, report.totals.lastYear.salesPence) },
              { label: 'Orders', value: count(report.totals.orders), detail: `${count(report.totals.lastYear.orders)} a year before` },
            ]}
          />
          <TrendChart
            id="sales"
            title={`Sales ex VAT by ${group}, ${rangeWords(report.range)}`}
            description={`Bars: sales ex VAT each ${group}, ${pounds(report.totals.salesPence)} in all. Line: the same ${group}s a year before, ${pounds(report.totals.lastYear.salesPence)} in all. The table below lists every figure.`}
            points={report.periods.map((p) => ({ label: periodLabel(p.start, group, true), current: p.salesPence, lastYear: p.lastYear.salesPence }))}
            xLabel={AXIS_LABEL[group]}
            yLabel="Sales ex VAT (£)"
            currentLabel="Sales ex VAT"
            lastYearLabel="A year before"
          />
          <ListTable
            id="sales-table-heading"
            title={`Sales by ${group}`}
            titleShown
            testId="sales-table"
            columns={[
              'Period',
              { label: 'Orders', right: true, className: 'hidden sm:table-cell' },
              { label: 'Sales ex VAT', right: true },
              { label: 'Delivery ex VAT', right: true, className: 'hidden md:table-cell' },
              { label: 'A year before', right: true },
              { label: 'Change', right: true, className: 'hidden sm:table-cell' },
            ]}
            items={report.periods}
            row={(p) => (
              <tr key={p.start} data-testid="sales-row" data-start={p.start}>
                <Cell nowrap>{periodLabel(p.start, group)}</Cell>
                <Cell right className="hidden sm:table-cell">
                  {count(p.orders)}
                </Cell>
                <Cell right>{pounds(p.salesPence)}</Cell>
                <Cell right className="hidden md:table-cell">
                  {pounds(p.deliveryPence)}
                </Cell>
                <Cell right>{pounds(p.lastYear.salesPence)}</Cell>
                <Cell right className="hidden sm:table-cell">
                  {changeFromLastYear(p.salesPence, p.lastYear.salesPence)}
                </Cell>
              </tr>
            )}
            after={
              <tr className="border-t-2 border-stone-300 bg-stone-50 font-semibold" data-testid="sales-total-row">
                <Cell>Total</Cell>
                <Cell right className="hidden sm:table-cell">
                  {count(report.totals.orders)}
                </Cell>
                <Cell right>{pounds(report.totals.salesPence)}</Cell>
                <Cell right className="hidden md:table-cell">
                  {pounds(report.totals.deliveryPence)}
                </Cell>
                <Cell right>{pounds(report.totals.lastYear.salesPence)}</Cell>
                <Cell right className="hidden sm:table-cell">
                  {changeFromLastYear(report.totals.salesPence, report.totals.lastYear.salesPence)}
                </Cell>
              </tr>
            }
          />
        </>
      ) : null}
    </div>
  );
}
