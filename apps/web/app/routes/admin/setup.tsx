/**
 * The first owner's setup: opened from the single-use link the server logs at
 * start while the database has no enabled owner. Name, e-mail and password create the owner and
 * sign them in. Once an owner exists the page only says setup is done.
 */
import { Form, redirect, useNavigation } from 'react-router';
import { adminAction } from '~/server/admin/admin-page.server';
import { setupFormSchema, STAFF_PASSWORD_MIN_LENGTH } from '~/server/admin/staff-access.server';
import { commitStaffSession } from '~/server/admin/staff-session.server';
import { AdminCardPage, AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import type { Route } from './+types/setup';

export const meta: Route.MetaFunction = () => [{ title: 'Set up the back office' }];

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const { staff, shop } = context.services;
  const state = (await staff.hasOwner()) ? 'done' : staff.isSetupToken(token) ? 'open' : 'invalid';
  return { shopName: shop.tradingName, state, token: state === 'open' ? token : '', minLength: STAFF_PASSWORD_MIN_LENGTH } as const;
}

export const action = adminAction({
  // Before anyone can sign in: the single-use setup link is the proof.
  permission: null,
  schema: setupFormSchema,
  keep: ['name', 'email'],
  keepMax: 300,
  async run({ value: { token, name, email, password }, context }) {
    const signedIn = await context.services.staff.setUpOwner(token, { name, email, password });
    return redirect('/admin', { headers: { 'Set-Cookie': await commitStaffSession(context, signedIn.sessionId) } });
  },
});

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { shopName, state, token, minLength } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const { failed } = useAdminAnswer(actionData);
  if (state === 'done') {
    return (
      <AdminCardPage shopName={shopName} title="Setup is done">
        <p className="mt-2 text-sm text-stone-600" data-testid="admin-setup-done">
          The shop already has an owner. Sign in, or ask the owner to add you as staff.
        </p>
        <a href="/admin/signin" className="btn-primary mt-6 inline-flex">
          Sign in
        </a>
      </AdminCardPage>
    );
  }
  if (state === 'invalid') {
    return (
      <AdminCardPage shopName={shopName} title="This setup link does not work">
        <p className="mt-2 text-sm text-stone-600" data-testid="admin-setup-invalid">
          A setup link works once, and only while the shop that printed it is running. Restart the shop (npm start) and use the
          link it prints, or add the owner with <code className="rounded bg-stone-100 px-1">npm run staff -- add</code>.
        </p>
      </AdminCardPage>
    );
  }
  return (
    <AdminCardPage shopName={shopName} title="Set up the back office">
      <p className="mt-1 text-sm text-stone-600">Create the owner&rsquo;s account. The owner manages the shop&rsquo;s staff.</p>
      {failed && <AdminMessage tone="error">{failed.message}</AdminMessage>}
      <Form method="post" className="mt-6 space-y-4" data-testid="admin-setup-form">
        <input type="hidden" name="token" value={token} />
        <AdminField id="name" name="name" label="Your name" autoComplete="name" required maxLength={100} defaultValue={failed?.values?.name} error={failed?.fields?.name} />
        <AdminField id="email" name="email" label="E-mail" type="email" autoComplete="username" required defaultValue={failed?.values?.email} error={failed?.fields?.email} />
        <AdminField
          id="password"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minLength}
          hint={`At least ${minLength} characters.`}
          error={failed?.fields?.password}
        />
        <AdminField id="confirm" name="confirm" label="Password again" type="password" autoComplete="new-password" required error={failed?.fields?.confirm} />
        <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
          Create the owner and sign in
        </button>
      </Form>
    </AdminCardPage>
  );
}
