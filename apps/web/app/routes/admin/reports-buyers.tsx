/**
 * Sales by customer and by company ('reports': owner and manager): who bought in the range, goods
 * ex VAT of the orders placed, most first (docs/reports.md). A company's sales are the orders its
 * members placed for it; orders for no company are one row. Chart of the first ten, table of the
 * first 50, CSV of all.
 */
import { Link } from 'react-router';
import { buyersPage } from '~/server/admin/reports.server';
import { pounds } from '~/components/admin/admin-format';
import { Cell, ListTable, StateTabs } from '~/components/admin/admin-kit';
import { RankChart, shortPounds } from '~/components/admin/report-chart';
import { count, RangeForm, rangeWords, ReportHead, ReportTotals } from '~/components/admin/report-parts';
import type { Route } from './+types/reports-buyers';

export const meta: Route.MetaFunction = () => [{ title: 'Sales by customer - Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return buyersPage(request, context);
}

const CHARTED = 10;

export default function BuyersReportPage({ loaderData }: Route.ComponentProps) {
  const { by, from, to, failure, customers, companies, csvPath } = loaderData;
  const report = customers ?? companies;
  const query = (b: string) => `?${new URLSearchParams({ by: b, from, to }).toString()}`;
  const bars = customers
    ? customers.rows.slice(0, CHARTED).map((r) => ({ label: r.companyName ? `${r.customerName} (${r.companyName})` : r.customerName, value: r.salesPence }))
    : (companies?.rows.slice(0, CHARTED).map((r) => ({ label: r.name, value: r.salesPence })) ?? []);
  const noun = by === 'company' ? 'companies' : 'customers';
  return (
    <div className="space-y-6">
      <ReportHead
        title={by === 'company' ? 'Sales by company' : 'Sales by customer'}
        testId="report-buyers"
        csvPath={report ? csvPath : null}
        intro="Goods ex VAT of the orders placed in the range (not cancelled), per customer or per company, most first. A company's sales are the orders its members placed for it; orders placed for no company are one row."
      />
      <StateTabs
        label="Customers or companies"
        current={by}
        tabs={[
          { key: 'customer', label: 'By customer', to: query('customer') },
          { key: 'company', label: 'By company', to: query('company') },
        ]}
      />
      <RangeForm from={from} to={to} failure={failure}>
        <input type="hidden" name="by" value={by} />
      </RangeForm>
      {report ? (
        <>
          <ReportTotals
            testId="buyers-totals"
            items={[
              { label: 'Sales ex VAT', value: pounds(report.totals.salesPence), detail: rangeWords(report.range) },
              { label: 'Orders', value: count(report.totals.orders) },
              { label: 'Customers who ordered', value: count(report.totals.customers) },
              ...(companies ? [{ label: 'Companies that ordered', value: count(companies.count) }] : []),
            ]}
          />
          {bars.length > 0 ? (
            <RankChart
              id="buyers"
              title={`The ${bars.length} ${noun} who bought most, sales ex VAT, ${rangeWords(report.range)}`}
              description="One bar each, largest first. The table below lists the figures."
              items={bars}
              xLabel="Sales ex VAT (£)"
              format={shortPounds}
            />
          ) : null}
          {customers ? (
            <ListTable
              id="customers-heading"
              title={customers.count > customers.rows.length ? `The first ${customers.rows.length} of ${count(customers.count)} customers` : 'Customers'}
              titleShown
              testId="buyers-table"
              columns={['Customer', { label: 'Orders', right: true }, { label: 'Sales ex VAT', right: true }]}
              items={customers.rows}
              empty="No orders were placed in this range."
              row={(r) => (
                <tr key={r.userId} data-testid="buyer-row">
                  <Cell>
                    <Link to={`/admin/customers/${r.userId}`} className="font-medium text-brand-700 hover:underline">
                      {r.customerName}
                    </Link>
                    <span className="block text-xs break-all text-stone-500">{r.companyName ? `${r.companyName}, ${r.email}` : r.email}</span>
                  </Cell>
                  <Cell right>{count(r.orders)}</Cell>
                  <Cell right>{pounds(r.salesPence)}</Cell>
                </tr>
              )}
            />
          ) : companies ? (
            <ListTable
              id="companies-heading"
              title={companies.rows.length < companies.count ? `The first ${companies.rows.length} of ${count(companies.count)} companies` : 'Companies'}
              titleShown
              testId="buyers-table"
              columns={['Company', { label: 'Customers', right: true, className: 'hidden sm:table-cell' }, { label: 'Orders', right: true }, { label: 'Sales ex VAT', right: true }]}
              items={companies.rows}
              empty="No orders were placed in this range."
              row={(r) => (
                <tr key={r.companyId ?? 'none'} data-testid="buyer-row">
                  <Cell>
                    {r.companyId === null ? (
                      <span className="font-medium">{r.name}</span>
                    ) : (
                      <Link to={`/admin/companies/${r.companyId}`} className="font-medium text-brand-700 hover:underline">
                        {r.name}
                      </Link>
                    )}
                  </Cell>
                  <Cell right className="hidden sm:table-cell">
                    {count(r.customers)}
                  </Cell>
                  <Cell right>{count(r.orders)}</Cell>
                  <Cell right>{pounds(r.salesPence)}</Cell>
                </tr>
              )}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
