/**
 * Returns and claims waiting for staff ('orders:view'): requested, approved (goods on their way
 * back or a settlement to make) and received, oldest first, with the reason and the last day of
 * its window when it was asked for. Each opens the return's page.
 */
import { Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { calendarDate, londonDateTime } from '~/components/admin/admin-format';
import { Cell, ListHead, ListTable } from '~/components/admin/admin-kit';
import type { Route } from './+types/returns';

export const meta: Route.MetaFunction = () => [{ title: 'Returns - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'orders:view');
  return { rows: await context.services.returns.queue(staff) };
}

export default function Returns({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <div className="space-y-5">
      <ListHead title="Returns and claims" intro="Open returns, oldest first. Open one to approve or refuse it, record the goods received, and refund or replace." />
      {rows.length === 0 ? (
        <p className="card p-5 text-sm text-stone-700" data-testid="returns-empty">
          No returns are waiting.
        </p>
      ) : (
        <ListTable
          id="returns-heading"
          title="Open returns"
          testId="returns-queue"
          columns={['Return', 'Asked', 'Customer', 'Reason', { label: 'Packs', right: true }, 'Window until', 'Next step']}
          items={rows}
          row={(row) => (
            <tr key={row.returnId}>
              <Cell nowrap>
                <Link to={`/admin/returns/${row.returnId}`} className="font-medium text-brand-700 hover:underline">
                  Return {row.returnId}
                </Link>
                <span className="block text-xs text-stone-500">Order #{row.orderId}</span>
              </Cell>
              <Cell nowrap>{londonDateTime(row.createdAt)}</Cell>
              <Cell>{row.customerName}</Cell>
              <Cell>{row.reasonLabel}</Cell>
              <Cell right>{row.packs}</Cell>
              <Cell nowrap>{calendarDate(row.windowUntil)}</Cell>
              <Cell>
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{row.stateLabel}</span>
                <span className="block text-xs text-stone-600">{row.nextStep}</span>
              </Cell>
            </tr>
          )}
        />
      )}
    </div>
  );
}
