/** Any other path under /admin: the back office's own 404 (after the session check, so it reveals nothing). */
import { data } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import type { Route } from './+types/not-found';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
