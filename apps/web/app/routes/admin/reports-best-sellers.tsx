/**
 * Best sellers ('reports': owner and manager): the product sizes sold most in the range, by units
 * or by value ex VAT (docs/reports.md), as a chart of the first ten and a table of the first 50;
 * the CSV has every size sold.
 */
import { bestSellersPage } from '~/server/admin/reports.server';
import { pounds } from '~/components/admin/admin-format';
import { Cell, ListTable } from '~/components/admin/admin-kit';
import { RankChart, shortCount, shortPounds } from '~/components/admin/report-chart';
import { ChoiceField, count, RangeForm, rangeWords, ReportHead, ReportTotals } from '~/components/admin/report-parts';
import type { Route } from './+types/reports-best-sellers';

export const meta: Route.MetaFunction = () => [{ title: 'Best sellers - Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return bestSellersPage(request, context);
}

const ORDERS = [
  ['units', 'Units'],
  ['value', 'Value ex VAT'],
] as const;

/** Bars drawn for the first sizes only; the table lists more. */
const CHARTED = 10;

export default function BestSellersPage({ loaderData }: Route.ComponentProps) {
  const { from, to, by, failure, report, csvPath } = loaderData;
  const byUnits = by === 'units';
  return (
    <div className="space-y-6">
      <ReportHead
        title="Best sellers"
        testId="report-best-sellers"
        csvPath={report ? csvPath : null}
        intro="Each product size sold in the orders placed in the range (not cancelled), by units (packs times the units in a pack) or by value ex VAT. The CSV lists every size sold."
      />
      <RangeForm from={from} to={to} failure={failure}>
        <ChoiceField legend="Rank by" name="by" value={by} options={ORDERS} />
      </RangeForm>
      {report ? (
        <>
          <ReportTotals
            testId="best-sellers-totals"
            items={[
              { label: 'Sizes sold', value: count(report.sizes), detail: rangeWords(report.range) },
              { label: 'Units sold', value: count(report.totals.units) },
              { label: 'Goods ex VAT', value: pounds(report.totals.valuePence) },
            ]}
          />
          {report.rows.length > 0 ? (
            <RankChart
              id="best-sellers"
              title={`The ${Math.min(CHARTED, report.rows.length)} best-selling sizes by ${byUnits ? 'units' : 'value ex VAT'}, ${rangeWords(report.range)}`}
              description={`One bar per size, largest first. The table below lists the figures.`}
              items={report.rows.slice(0, CHARTED).map((r) => ({ label: `${r.productName} ${r.size1}`, value: byUnits ? r.units : r.valuePence }))}
              xLabel={byUnits ? 'Units sold' : 'Sales ex VAT (£)'}
              format={byUnits ? shortCount : shortPounds}
            />
          ) : null}
          <ListTable
            id="best-sellers-heading"
            title={report.sizes > report.rows.length ? `The first ${report.rows.length} of ${count(report.sizes)} sizes` : 'Sizes sold'}
            titleShown
            testId="best-sellers-table"
            columns={['#', 'Product and size', { label: 'Units', right: true }, { label: 'Value ex VAT', right: true }, { label: 'Share', right: true, className: 'hidden sm:table-cell' }]}
            items={report.rows}
            empty="Nothing was sold in this range."
            row={(r, i) => (
              <tr key={`${r.productId}-${r.size1}`} data-testid="best-seller-row">
                <Cell className="text-stone-500 tabular-nums">{i + 1}</Cell>
                <Cell>
                  <span className="font-medium">{r.productName}</span> <span className="text-stone-700">{r.size1}</span>
                  {r.productCode ? <span className="block text-xs text-stone-500">{r.productCode}</span> : null}
                </Cell>
                <Cell right>{count(r.units)}</Cell>
                <Cell right>{pounds(r.valuePence)}</Cell>
                <Cell right className="hidden sm:table-cell">
                  {share(byUnits ? r.units : r.valuePence, byUnits ? report.totals.units : report.totals.valuePence)}
                </Cell>
              </tr>
            )}
          />
        </>
      ) : null}
    </div>
  );
}

function share(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`;
}
