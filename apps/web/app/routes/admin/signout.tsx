/** Sign-out of the back office (a POST from the frame's button): the session ends at once and the cookie is cleared. */
import { redirect } from 'react-router';
import { destroyStaffSession, staffSessionIdOf } from '~/server/admin/staff-session.server';
import type { Route } from './+types/signout';

export async function action({ request, context }: Route.ActionArgs) {
  const sessionId = await staffSessionIdOf(request, context);
  if (sessionId) await context.services.staff.signOut(sessionId);
  return redirect('/admin/signin?signedout', { headers: { 'Set-Cookie': await destroyStaffSession(context) } });
}

/** A GET never signs anyone out (a link or a prefetch must not). */
export function loader() {
  return redirect('/admin');
}
