/** The back office's first page (issue 9 item 6 fills it: today's orders, awaiting payment, ready to dispatch). */
import { STAFF_ROLE_LABELS } from '@shop/core';
import { requireStaff } from '~/components/admin/staff-session.server';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  return { name: staff.name, roleLabel: STAFF_ROLE_LABELS[staff.role] };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, roleLabel } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">Dashboard</h1>
      <p className="mt-2 text-stone-600" data-testid="admin-signed-in-as">
        {`Signed in as ${name} (${roleLabel}).`}
      </p>
    </div>
  );
}
