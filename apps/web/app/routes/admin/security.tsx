/** A staff member's own sign-in security: two-step sign-in (TOTP) and recovery codes. */
import { requireStaff } from '~/components/admin/staff-session.server';
import type { Route } from './+types/security';

export const meta: Route.MetaFunction = () => [{ title: 'Security - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  return { staff };
}

export default function SecurityPage() {
  return <h1 className="text-2xl font-bold tracking-tight text-stone-900">Your sign-in security</h1>;
}
