/**
 * POST /cookie-consent: 'I Agree' on the cookie banner without JavaScript (with it, the banner
 * sets the same cookie in the browser). Goes back to the page the visitor was on.
 */
import { redirect } from 'react-router';
import { cookieConsentCookie } from '~/components/cookie-consent';
import { safeLocalPath } from '~/components/account/return-target';
import type { Route } from './+types/cookie-consent';
import { postedForm } from '~/server/forms.server';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const back = safeLocalPath(String(form.get('redirectTo') ?? '')) ?? '/landing';
  return redirect(back, { headers: { 'Set-Cookie': cookieConsentCookie(context.secure) } });
}

export function loader() {
  return redirect('/landing');
}
