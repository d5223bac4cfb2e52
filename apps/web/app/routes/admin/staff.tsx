/** The shop's staff (owner only): list, add (the set-password link shown once), disable. */
import { requireStaff } from '~/components/admin/staff-session.server';
import type { Route } from './+types/staff';

export const meta: Route.MetaFunction = () => [{ title: 'Staff - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'staff:manage');
  return { staff: await context.services.staff.list() };
}

export default function StaffPage() {
  return <h1 className="text-2xl font-bold tracking-tight text-stone-900">Staff</h1>;
}
