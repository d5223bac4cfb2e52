/** Any other path under /admin: the back office's own 404 (after the session check, so it reveals nothing). */
import { notFoundPage } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import type { Route } from './+types/not-found';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  notFoundPage('No such page.');
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context);
  notFoundPage('No such page.');
}

export default function AdminNotFound() {
  return null;
}
