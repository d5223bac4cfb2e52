/**
 * Returns and claims waiting for staff ('orders:view'): requested, approved (goods on their way
 * back or a settlement to make) and received, oldest first, with the reason and the last day of
 * its window when it was asked for. Each opens the return's page.
 */
import { Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { calendarDate, londonDateTime } from '~/components/admin/admin-format';
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
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Returns and claims</h1>
        <p className="mt-1 text-sm text-stone-600">Open returns, oldest first. Open one to approve or refuse it, record the goods received, and refund or replace.</p>
      </div>
      {rows.length === 0 ? (
        <p className="card p-5 text-sm text-stone-700" data-testid="returns-empty">
          No returns are waiting.
        </p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="returns-queue">
            <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">Return</th>
                <th scope="col" className="px-4 py-2">Asked</th>
                <th scope="col" className="px-4 py-2">Customer</th>
                <th scope="col" className="px-4 py-2">Reason</th>
                <th scope="col" className="px-4 py-2 text-right">Packs</th>
                <th scope="col" className="px-4 py-2">Window until</th>
                <th scope="col" className="px-4 py-2">Next step</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row) => (
                <tr key={row.returnId}>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <Link to={`/admin/returns/${row.returnId}`} className="font-medium text-brand-700 hover:underline">
                      Return {row.returnId}
                    </Link>
                    <span className="block text-xs text-stone-500">Order #{row.orderId}</span>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">{londonDateTime(row.createdAt)}</td>
                  <td className="px-4 py-2">{row.customerName}</td>
                  <td className="px-4 py-2">{row.reasonLabel}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{row.packs}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{calendarDate(row.windowUntil)}</td>
                  <td className="px-4 py-2">
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{row.stateLabel}</span>
                    <span className="block text-xs text-stone-600">{row.nextStep}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
