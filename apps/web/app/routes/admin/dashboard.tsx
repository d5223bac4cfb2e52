/**
 * The back office's first page: today's orders (the London day) with their value
 * ex-VAT and gross, bank transfers awaiting payment, orders ready to dispatch (paid, or on
 * account), and overdue trade accounts. Staff without 'payments:view' (the warehouse) see only
 * what is ready to dispatch: no money. Each card opens the list of what it counts: today's
 * orders, the bank transfers with money due, the dispatch desk's queue, the open returns. Staff
 * who receive stock see how many sizes are low or out, linking to the low-stock list.
 */
import { Link } from 'react-router';
import { frameStaffOf } from '~/server/admin/admin-frame.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { calendarDate, londonDateTime, pounds } from '~/components/admin/admin-format';
import { Cell, ListTable } from '~/components/admin/admin-kit';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const { name, roleLabel, permissions } = frameStaffOf(staff);
  const [figures, lowStock, openReturns] = await Promise.all([
    context.services.dashboard.figures(permissions.includes('payments:view')),
    permissions.includes('stock:receive') ? context.services.stock.lowStockFigures() : null,
    context.services.returns.queue(staff),
  ]);
  const returns = { count: openReturns.length, oldestOpenedAt: openReturns[0]?.createdAt ?? null };
  return { name, roleLabel, figures, lowStock, returns, canOpenCustomers: permissions.includes('customers:view'), recordsPayments: permissions.includes('payments:record') };
}

function Figure({ title, value, detail, href, linkText, testId }: { title: string; value: string; detail?: React.ReactNode; href?: string; linkText?: string; testId: string }) {
  return (
    <section className="card flex flex-col p-5" data-testid={testId} aria-label={title}>
      <h2 className="text-sm font-medium text-stone-600">{title}</h2>
      <p className="mt-1 text-3xl font-bold text-stone-900 tabular-nums">{value}</p>
      {detail && <div className="mt-1 text-sm text-stone-600">{detail}</div>}
      {href && (
        <Link to={href} className="mt-auto pt-3 text-sm font-medium text-brand-700 hover:underline" data-testid={`${testId}-link`}>
          {linkText ?? 'See the orders'}
        </Link>
      )}
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, roleLabel, figures, lowStock, returns, canOpenCustomers, recordsPayments } = loaderData;
  const { money, readyToDispatch } = figures;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Dashboard</h1>
        <p className="text-sm text-stone-600">
          <span data-testid="admin-signed-in-as">{`Signed in as ${name} (${roleLabel}).`}</span> <span>{`Today is ${calendarDate(figures.date)}.`}</span>
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {money && (
          <Figure
            testId="dashboard-today"
            title="Today's orders"
            value={String(money.today.count)}
            detail={
              <>
                {pounds(money.today.netPence)} ex-VAT · {pounds(money.today.grossPence)} inc. VAT
              </>
            }
            href={`/admin/orders?from=${figures.date}&to=${figures.date}&cancelled=hide`}
            linkText="See today's orders"
          />
        )}
        {money && (
          <Figure
            testId="dashboard-awaiting-payment"
            title="Bank transfers awaiting payment"
            value={String(money.awaitingPayment.count)}
            detail={
              <>
                {pounds(money.awaitingPayment.duePence)} still to be paid
                {recordsPayments && (
                  <Link to="/admin/bank-statements" className="block font-medium text-brand-700 hover:underline" data-testid="dashboard-import-statement">
                    Import a bank statement
                  </Link>
                )}
              </>
            }
            href="/admin/orders?method=bank&paid=unpaid"
            linkText="See the transfers awaiting payment"
          />
        )}
        <Figure
          testId="dashboard-ready"
          title="Ready to dispatch"
          value={String(readyToDispatch.count)}
          detail={readyToDispatch.oldestPlacedAt ? <>Oldest placed {londonDateTime(readyToDispatch.oldestPlacedAt)}</> : 'Nothing waiting'}
          href="/admin/dispatch"
          linkText="Open the dispatch queue"
        />
        <Figure
          testId="dashboard-returns"
          title="Returns and claims open"
          value={String(returns.count)}
          detail={returns.oldestOpenedAt ? <>Oldest opened {londonDateTime(returns.oldestOpenedAt)}</> : 'Nothing to handle'}
          href="/admin/returns"
          linkText="Open the returns queue"
        />
        {lowStock && (
          <Figure
            testId="dashboard-low-stock"
            title="Low or out of stock"
            value={String(lowStock.low + lowStock.out)}
            detail={lowStock.low + lowStock.out === 0 ? 'Every size is above its threshold' : `${lowStock.out} out of stock · ${lowStock.low} low`}
            href="/admin/stock"
            linkText="See the low-stock list"
          />
        )}
      </div>

      {money && (
        <ListTable
          id="overdue-heading"
          title="Overdue trade accounts"
          titleShown
          sectionTestId="dashboard-overdue"
          columns={['Customer', { label: 'Overdue', right: true }, { label: 'Days overdue', right: true }, 'Oldest order']}
          children={
            <p className="px-5 pt-1 text-sm">
              <Link to="/admin/credit-control" className="font-medium text-brand-700 hover:underline" data-testid="dashboard-credit-control">
                Open credit control: aged debt and accounts on stop
              </Link>
            </p>
          }
          items={money.overdueAccounts}
          empty="No account is overdue."
          emptyAs="text"
          row={(a) => (
            <tr key={a.userId}>
              <Cell>
                {canOpenCustomers ? (
                  <Link to={`/admin/customers/${a.userId}`} className="font-medium text-brand-700 hover:underline">
                    {a.companyName ?? a.customerName}
                  </Link>
                ) : (
                  <span className="font-medium">{a.companyName ?? a.customerName}</span>
                )}
                <span className="block text-xs text-stone-500">{a.companyName ? `${a.customerName}, ${a.email}` : a.email}</span>
              </Cell>
              <Cell right className="font-semibold text-red-800">
                {pounds(a.overduePence)}
                <span className="block text-xs font-normal text-stone-500">{a.orderCount === 1 ? '1 order' : `${a.orderCount} orders`}</span>
              </Cell>
              <Cell right>{a.daysOverdue}</Cell>
              <Cell>
                <Link to={`/admin/orders/${a.oldestOrderId}`} className="text-brand-700 hover:underline">
                  #{a.oldestOrderId}
                </Link>
              </Cell>
            </tr>
          )}
        />
      )}
    </div>
  );
}
