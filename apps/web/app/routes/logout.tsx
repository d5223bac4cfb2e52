/**
 * POST /logout (SPEC 4 "Logout"): revokes the customer's token on the server, clears the page
 * session cookie and goes to /landing. A GET only goes to /landing, so a link cannot sign anyone out.
 */
import { redirect } from 'react-router';
import { destroySession, visitorOf } from '~/session.server';
import type { Route } from './+types/logout';

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await visitorOf(request, context);
  if (visitor.token) await context.services.accounts.logout(visitor.token);
  return redirect('/landing', { headers: { 'Set-Cookie': await destroySession(context) } });
}

export function loader() {
  return redirect('/landing');
}
