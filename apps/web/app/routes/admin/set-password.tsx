/**
 * A staff member's set-password page, from the single-use link that
 * `npm run staff -- add` or the Staff page gave them (valid one hour). Sets the password and
 * signs them in; every earlier session of theirs ends.
 */
import { Form, redirect, useNavigation } from 'react-router';
import { adminAction } from '~/server/admin/admin-page.server';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import { setPasswordFormSchema, STAFF_PASSWORD_MIN_LENGTH, staffRoleLabel } from '~/server/admin/staff-access.server';
import { commitStaffSession } from '~/server/admin/staff-session.server';
import { AdminCardPage, AdminField, AdminMessage } from '~/components/admin/admin-frame';
import type { Route } from './+types/set-password';

export const meta: Route.MetaFunction = () => [{ title: 'Set your password - Back office' }];

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const holder = await context.services.staff.setPasswordTokenHolder(token);
  return {
    shopName: context.services.shop.tradingName,
    holder: holder && { name: holder.name, email: holder.email, roleLabel: staffRoleLabel(holder.role) },
    token: holder ? token : '',
    minLength: STAFF_PASSWORD_MIN_LENGTH,
  };
}

export const action = adminAction({
  // Before sign-in: the single-use link is the proof.
  permission: null,
  schema: setPasswordFormSchema,
  async run({ value, context }) {
    const signedIn = await context.services.staff.setPassword(value.token, value.password);
    const headers = new Headers({ 'Set-Cookie': await commitStaffSession(context, signedIn.sessionId) });
    // The link proves the account is theirs: this browser is let through while guessing slows the
    // account down (DESIGN 4); with two-step on, once the code is given at sign-in.
    if (!signedIn.awaitingSecondFactor) headers.append('Set-Cookie', await context.rememberDevice('staff', signedIn.staff.email));
    return redirect('/admin', { headers });
  },
});

export default function AdminSetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { shopName, holder, token, minLength } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const { failed } = useAdminAnswer(actionData);
  if (!holder) {
    return (
      <AdminCardPage shopName={shopName} title="This link does not work">
        <p className="mt-2 text-sm text-stone-600" data-testid="admin-set-password-invalid">
          A set-password link works once, for one hour. Ask the shop&rsquo;s owner for a new one.
        </p>
        <a href="/admin/signin" className="btn-secondary mt-6 inline-flex">
          Sign in
        </a>
      </AdminCardPage>
    );
  }
  return (
    <AdminCardPage shopName={shopName} title="Set your password">
      <p className="mt-1 text-sm text-stone-600">
        {holder.name} ({holder.email}), {holder.roleLabel}.
      </p>
      {failed && <AdminMessage tone="error">{failed.message}</AdminMessage>}
      <Form method="post" className="mt-6 space-y-4" data-testid="admin-set-password-form">
        <input type="hidden" name="token" value={token} />
        <input type="email" name="username" autoComplete="username" value={holder.email} readOnly hidden />
        <AdminField
          id="password"
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minLength}
          hint={`At least ${minLength} characters.`}
          error={failed?.fields?.password}
        />
        <AdminField id="confirm" name="confirm" label="New password again" type="password" autoComplete="new-password" required error={failed?.fields?.confirm} />
        <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
          Set password and sign in
        </button>
      </Form>
    </AdminCardPage>
  );
}
