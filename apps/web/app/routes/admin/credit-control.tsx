/**
 * Credit control ('payments:view': owner and manager, never the warehouse): the aged-debt report.
 * What each customer owes on account, aged by the orders' payment due dates on today's London
 * date (current, 1-30, 31-60, 61-90, over 90 days overdue), with totals, which accounts are on
 * stop and why, and the same as CSV. Each customer opens their page, where a stop is lifted.
 * Reading only: no JavaScript needed.
 */
import { Link } from 'react-router';
import { creditControlPage } from '~/server/admin/credit-control.server';
import { calendarDate, pounds } from '~/components/admin/admin-format';
import { Cell, ListHead, ListTable } from '~/components/admin/admin-kit';
import type { Route } from './+types/credit-control';

export const meta: Route.MetaFunction = () => [{ title: 'Credit control - Back office' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return creditControlPage(request, context);
}

type Buckets = Route.ComponentProps['loaderData']['report']['totals'];

/** The buckets in order, with their headings. */
const BUCKETS: readonly { key: keyof Buckets; label: string; overdue: boolean }[] = [
  { key: 'currentPence', label: 'Current', overdue: false },
  { key: 'days1To30Pence', label: '1-30 days', overdue: true },
  { key: 'days31To60Pence', label: '31-60 days', overdue: true },
  { key: 'days61To90Pence', label: '61-90 days', overdue: true },
  { key: 'over90Pence', label: 'Over 90 days', overdue: true },
];

/** Bucket and account columns are hidden on a phone: each row lists them under the customer instead. */
const WIDE = 'hidden md:table-cell';

type AgedRow = Route.ComponentProps['loaderData']['report']['rows'][number];

/** On stop (and why), how long the oldest order is overdue, the credit limit. */
function AccountStanding({ row }: { row: AgedRow }) {
  return (
    <>
      {row.stop ? (
        <span className="inline-block rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800" data-testid="aged-debt-stop">
          On stop
        </span>
      ) : null}
      <span className="block text-xs text-stone-600">{row.stop ?? (row.oldestDaysOverdue !== null ? `Oldest ${row.oldestDaysOverdue} days overdue` : 'Nothing overdue')}</span>
      <span className="block text-xs text-stone-500">{row.creditLimitPence === null ? 'No open trade account' : `Limit ${pounds(row.creditLimitPence)}`}</span>
    </>
  );
}

export default function CreditControlPage({ loaderData }: Route.ComponentProps) {
  const { report, csvPath, canOpenCustomers } = loaderData;
  const { totals } = report;
  const onStop = report.rows.filter((row) => row.stop !== null).length;
  return (
    <div className="space-y-6">
      <ListHead
        title="Credit control"
        intro={
          <>
            What each customer owes on account on {calendarDate(report.date)}, by how long it is past its payment due date. Current is not yet due
            (or not yet invoiced). An account goes on stop when an order is more than {report.stopAfterDaysOverdue} days overdue or it owes more than its
            credit limit. Payment reminders go out by themselves each morning; open a customer to lift their stop.
          </>
        }
      >
        <a href={csvPath} className="btn-secondary" data-testid="aged-debt-csv" download>
          Download CSV
        </a>
      </ListHead>

      <section aria-labelledby="aged-totals-heading" data-testid="aged-debt-totals">
        <h2 id="aged-totals-heading" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {BUCKETS.map((bucket) => (
            <div key={bucket.key} className="card p-4" data-testid={`aged-total-${bucket.key}`}>
              <dt className="text-xs font-medium text-stone-600">{bucket.overdue ? `${bucket.label} overdue` : bucket.label}</dt>
              <dd className={`mt-1 text-xl font-bold tabular-nums ${bucket.overdue && totals[bucket.key] > 0 ? 'text-red-800' : 'text-stone-900'}`}>
                {pounds(totals[bucket.key])}
              </dd>
            </div>
          ))}
          <div className="card col-span-2 p-4 sm:col-span-1" data-testid="aged-total-all">
            <dt className="text-xs font-medium text-stone-600">Total owed</dt>
            <dd className="mt-1 text-xl font-bold text-stone-900 tabular-nums">{pounds(totals.totalPence)}</dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-stone-600" data-testid="aged-debt-summary">
          {report.rows.length === 1 ? '1 customer owes' : `${report.rows.length} customers owe`} on account; {onStop === 1 ? '1 account is' : `${onStop} accounts are`} on
          stop.
        </p>
      </section>

      <ListTable
        id="aged-debt-heading"
        title="Aged debt by customer"
        titleShown
        sectionTestId="aged-debt"
        testId="aged-debt-table"
        columns={['Customer', ...BUCKETS.map((b) => ({ label: b.label, right: true, className: WIDE })), { label: 'Total', right: true }, { label: 'Account', className: WIDE }]}
        items={report.rows}
        empty="No customer owes anything on account."
        emptyAs="text"
        row={(row) => (
          <tr key={row.userId} data-testid="aged-debt-row" data-user-id={row.userId}>
            <Cell>
              {canOpenCustomers ? (
                <Link to={`/admin/customers/${row.userId}`} className="font-medium text-brand-700 hover:underline">
                  {row.companyName ?? row.customerName}
                </Link>
              ) : (
                <span className="font-medium">{row.companyName ?? row.customerName}</span>
              )}
              <span className="block text-xs text-stone-500">{row.companyName ? `${row.customerName}, ${row.email}` : row.email}</span>
              <div className="mt-1 md:hidden">
                <AccountStanding row={row} />
              </div>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs md:hidden">
                {BUCKETS.filter((b) => row[b.key] > 0).map((b) => (
                  <div key={b.key} className="contents">
                    <dt className="text-stone-600">{b.overdue ? `${b.label} overdue` : b.label}</dt>
                    <dd className={`tabular-nums ${b.overdue ? 'text-red-800' : 'text-stone-900'}`}>{pounds(row[b.key])}</dd>
                  </div>
                ))}
              </dl>
            </Cell>
            {BUCKETS.map((b) => (
              <Cell key={b.key} right className={`${WIDE} ${b.overdue && row[b.key] > 0 ? 'text-red-800' : ''}`}>
                {row[b.key] === 0 ? <span className="text-stone-400">-</span> : pounds(row[b.key])}
              </Cell>
            ))}
            <Cell right className="font-semibold">
              {pounds(row.totalPence)}
            </Cell>
            <Cell className={WIDE}>
              <AccountStanding row={row} />
            </Cell>
          </tr>
        )}
        after={
          report.rows.length > 0 ? (
            <tr className="border-t-2 border-stone-300 bg-stone-50 font-semibold" data-testid="aged-debt-total-row">
              <Cell>Total</Cell>
              {BUCKETS.map((b) => (
                <Cell key={b.key} right className={WIDE}>
                  {pounds(totals[b.key])}
                </Cell>
              ))}
              <Cell right>{pounds(totals.totalPence)}</Cell>
              <Cell className={WIDE} />
            </tr>
          ) : null
        }
      />
    </div>
  );
}
