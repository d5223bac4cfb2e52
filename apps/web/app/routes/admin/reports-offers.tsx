/**
 * Offers' uses and what they cost ('reports': owner and manager): per discount code or automatic
 * offer, the orders placed with it in the range, what they sold and what the offer took off
 * (docs/offers.md), as a chart, a table and CSV.
 */
import { offersPage } from '~/server/admin/reports.server';
import { pounds } from '~/components/admin/admin-format';
import { Cell, ListTable } from '~/components/admin/admin-kit';
import { RankChart, shortPounds } from '~/components/admin/report-chart';
import { count, RangeForm, rangeWords, ReportHead } from '~/components/admin/report-parts';
import type { Route } from './+types/reports-offers';

export const meta: Route.MetaFunction = () => [{ title: 'Offers - Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return offersPage(request, context);
}

export default function OffersReportPage({ loaderData }: Route.ComponentProps) {
  const { from, to, failure, report, csvPath } = loaderData;
  return (
    <div className="space-y-6">
      <ReportHead
        title="Offers"
        testId="report-offers"
        csvPath={report ? csvPath : null}
        intro="The orders placed in the range (not cancelled) with each discount code or automatic offer, the goods they sold ex VAT after the discount, and what the offer cost: the discount off the goods and the delivery it waived, both ex VAT."
      />
      <RangeForm from={from} to={to} failure={failure} />
      {report ? (
        <>
          {report.rows.length > 0 ? (
            <RankChart
              id="offers"
              title={`What offers cost, ex VAT, ${rangeWords({ from, to })}`}
              description={`One bar per offer, most costly first, ${pounds(report.totals.costPence)} in all. The table below lists the figures.`}
              items={report.rows.map((r) => ({ label: r.code ?? r.name, value: r.costPence }))}
              xLabel="Cost ex VAT (£)"
              format={shortPounds}
            />
          ) : null}
          <ListTable
            id="offers-heading"
            title="Offers used"
            titleShown
            testId="offers-table"
            columns={[
              'Offer',
              { label: 'Orders', right: true },
              { label: 'Sales ex VAT', right: true, className: 'hidden sm:table-cell' },
              { label: 'Discount', right: true, className: 'hidden sm:table-cell' },
              { label: 'Delivery waived', right: true, className: 'hidden md:table-cell' },
              { label: 'Cost', right: true },
            ]}
            items={report.rows}
            empty="No order in this range used an offer."
            row={(r) => (
              <tr key={r.offerId} data-testid="offer-row">
                <Cell className="font-medium">
                  {r.name}
                  <span className="block text-xs font-normal text-stone-600">{r.code ?? 'Automatic'}</span>
                </Cell>
                <Cell right>{count(r.orders)}</Cell>
                <Cell right className="hidden sm:table-cell">
                  {pounds(r.salesPence)}
                </Cell>
                <Cell right className="hidden sm:table-cell">
                  {pounds(r.discountPence)}
                </Cell>
                <Cell right className="hidden md:table-cell">
                  {pounds(r.deliverySavedPence)}
                </Cell>
                <Cell right>{pounds(r.costPence)}</Cell>
              </tr>
            )}
            after={
              report.rows.length > 0 ? (
                <tr className="border-t-2 border-stone-300 bg-stone-50 font-semibold" data-testid="offers-total-row">
                  <Cell>Total</Cell>
                  <Cell right>{count(report.totals.uses)}</Cell>
                  <Cell right className="hidden sm:table-cell">
                    {' '}
                  </Cell>
                  <Cell right className="hidden sm:table-cell">
                    {pounds(report.totals.discountPence)}
                  </Cell>
                  <Cell right className="hidden md:table-cell">
                    {pounds(report.totals.deliverySavedPence)}
                  </Cell>
                  <Cell right>{pounds(report.totals.costPence)}</Cell>
                </tr>
              ) : null
            }
          />
        </>
      ) : null}
    </div>
  );
}
