/**
 * The reports ('reports': owner and manager, never the warehouse): what each shows, linked
 * (docs/reports.md). Aged debt lives on the credit-control page and is linked from here.
 */
import { Link } from 'react-router';
import { reportsIndex } from '~/server/admin/reports.server';
import { calendarDate } from '~/components/admin/admin-format';
import { ListHead } from '~/components/admin/admin-kit';
import type { Route } from './+types/reports';

export const meta: Route.MetaFunction = () => [{ title: 'Reports - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return reportsIndex(request, context);
}

const REPORTS: readonly { to: string; title: string; about: string }[] = [
  { to: '/admin/reports/sales', title: 'Sales', about: 'Goods ex VAT by day, week or month, beside the same period a year before.' },
  { to: '/admin/reports/best-sellers', title: 'Best sellers', about: 'The product sizes sold most, by units or by value.' },
  { to: '/admin/reports/categories', title: 'Sales by category', about: 'Sales per top-level category, sub-categories rolled up.' },
  { to: '/admin/reports/customers', title: 'Sales by customer and company', about: 'Who bought most: each customer, or each company with its buyers together.' },
  { to: '/admin/reports/margin', title: 'Margin', about: 'Sales less their cost, per category, where sizes have a unit cost; sales without a cost shown apart.' },
  { to: '/admin/reports/stock-value', title: 'Stock value at cost', about: 'What the stock on hand is worth at its unit cost, today.' },
  { to: '/admin/reports/slow-movers', title: 'Slow movers', about: 'Sizes with no sale in the last N days, and the stock they hold.' },
  { to: '/admin/reports/offers', title: 'Offers', about: 'Each discount code and automatic offer: the orders placed with it and what it cost.' },
  { to: '/admin/credit-control', title: 'Aged debt', about: 'What each trade customer owes on account, by days overdue (credit control).' },
];

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <ListHead
        title="Reports"
        intro={`The shop's numbers, in London days; sales are the goods ex VAT of orders placed and not cancelled. Each report has a date range, a chart, its table and a CSV download. Today is ${calendarDate(loaderData.today)}.`}
      />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="reports-list">
        {REPORTS.map((report) => (
          <li key={report.to} className="card p-4">
            <h2 className="text-base font-semibold">
              <Link to={report.to} className="text-brand-700 hover:underline">
                {report.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-stone-600">{report.about}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
