/**
 * The back office's frame: every page under it requires a staff session. This
 * loader checks it for the frame (name, role, the pages the role may open); each page's own
 * loader and action checks it again with the permission it needs (loaders run in parallel, so a
 * layout's check alone would not guard a page's data).
 */
import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { frameStaffOf } from '~/server/admin/admin-frame.server';
import { ADMIN_FORBIDDEN_MESSAGE, AdminFrame } from '~/components/admin/admin-frame';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  // Pages read it with useRouteLoaderData('routes/admin/layout') (e.g. `permissions` to hide a button).
  return { staff: frameStaffOf(staff), shopName: context.services.shop.tradingName, testPayments: context.payments.mode === 'test' };
}

/** Staff pages are never cached by a browser or proxy, and never indexed. */
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

export const meta: Route.MetaFunction = () => [{ title: 'Back office' }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame staff={loaderData.staff} shopName={loaderData.shopName} testPayments={loaderData.testPayments}>
      <Outlet />
    </AdminFrame>
  );
}

/** A page's error inside the back office's frame (when the frame itself could load). */
export function ErrorBoundary() {
  const frame = useRouteLoaderData<typeof loader>('routes/admin/layout');
  return (
    <AdminFrame staff={frame?.staff ?? null} shopName={frame?.shopName ?? 'Shop'} testPayments={frame?.testPayments ?? false}>
      <AdminErrorMessage />
    </AdminFrame>
  );
}

function AdminErrorMessage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 403
      ? ['No access', ADMIN_FORBIDDEN_MESSAGE]
      : status === 404
        ? ['Page not found', 'There is no such page or record in the back office.']
        : ['Something went wrong', 'Please try again in a moment. If it keeps happening, tell the shop owner.'];
  return (
    <div className="card mx-auto max-w-xl p-8 text-center" data-testid="admin-error">
      <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <a href="/admin" className="btn-primary mt-6 inline-flex">
        Back to the dashboard
      </a>
    </div>
  );
}
