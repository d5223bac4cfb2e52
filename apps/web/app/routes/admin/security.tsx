/**
 * A staff member's own sign-in security: two-step sign-in with an authenticator app (TOTP).
 * Set up: a QR code (drawn on the server, shown as an inline image; nothing leaves the shop)
 * and the secret as text; a current code confirms it, and 10 recovery codes are shown once.
 * Turning it off needs the password.
 */
import { Form, useNavigation } from 'react-router';
import { adminAction, shown } from '~/server/admin/admin-page.server';
import { securityFormSchema } from '~/server/admin/staff-access.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import type { Route } from './+types/security';

export const meta: Route.MetaFunction = () => [{ title: 'Sign-in security - Back office' }];

function enrolmentView(qrSvg: string, secret: string) {
  return { qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}`, secret: secret.replace(/(.{4})/g, '$1 ').trim() };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context);
  const { staff } = context.services;
  // Read again: the session was read before this request's action turned two-step sign-in on or off.
  const totpEnabled = (await staff.byId(me.staffId))?.totpEnabled ?? me.totpEnabled;
  const pending = totpEnabled ? null : await staff.pendingTotp(me.staffId);
  return {
    totpEnabled,
    recoveryCodesLeft: totpEnabled ? await staff.recoveryCodesLeft(me.staffId) : 0,
    pending: pending ? enrolmentView(pending.qrSvg, pending.secret) : null,
  };
}

export const action = adminAction({
  schema: securityFormSchema,
  async run({ value, staff: me, context }) {
    const { staff } = context.services;
    if (value.intent === 'begin') await staff.beginTotp(me.staffId);
    // The recovery codes are shown once, never put in an address.
    else if (value.intent === 'confirm') return shown({ intent: value.intent, recoveryCodes: await staff.confirmTotp(me.staffId, value.code) });
    else await staff.disableTotp(me.staffId, value.password);
    return shown({ intent: value.intent });
  },
});

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { totpEnabled, recoveryCodesLeft, pending } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const { failed } = useAdminAnswer(actionData);
  const recoveryCodes = actionData?.ok && actionData.intent === 'confirm' ? actionData.recoveryCodes : null;

  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Sign-in security</h1>
        <p className="mt-1 text-sm text-stone-600">
          Two-step sign-in asks for a code from an authenticator app on your phone after your password, so a stolen password alone does not open
          the back office.
        </p>
      </div>

      {recoveryCodes && (
        <section className="card border-amber-300 p-5" aria-labelledby="recovery-heading" data-testid="recovery-codes">
          <h2 id="recovery-heading" className="text-lg font-semibold text-stone-900">
            Two-step sign-in is on: keep your recovery codes
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            Each code signs you in once if your phone is lost. Print them or keep them in your password manager: they are not shown again.
          </p>
          <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm whitespace-nowrap sm:grid-cols-3 lg:grid-cols-4">
            {recoveryCodes.map((code) => (
              <li key={code} className="rounded bg-stone-100 px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
        </section>
      )}

      {failed && <AdminMessage tone="error">{failed.message}</AdminMessage>}

      {totpEnabled ? (
        <section className="card p-5" aria-labelledby="totp-heading">
          <h2 id="totp-heading" className="text-lg font-semibold text-stone-900">
            Two-step sign-in: on
          </h2>
          <p className="mt-1 text-sm text-stone-600" data-testid="totp-status">
            {recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="off" />
            <div className="min-w-60 flex-1">
              <AdminField id="off-password" name="password" label="Your password, to turn it off" type="password" autoComplete="current-password" required error={failed?.fields?.password} />
            </div>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Turn off two-step sign-in
            </button>
          </Form>
        </section>
      ) : pending ? (
        <section className="card p-5" aria-labelledby="totp-heading">
          <h2 id="totp-heading" className="text-lg font-semibold text-stone-900">
            Set up two-step sign-in
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-700">
            <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).</li>
            <li>Scan this QR code, or type the key under it.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="mt-4 flex flex-wrap items-start gap-6">
            <img src={pending.qrDataUrl} alt="QR code to add the back office to an authenticator app" width={180} height={180} className="rounded border border-stone-200 bg-white" />
            <div className="min-w-0 flex-1">
              <p className="text-sm text-stone-600">Key (if you cannot scan):</p>
              <p className="mt-1 font-mono text-sm break-all text-stone-900" data-testid="totp-secret">
                {pending.secret}
              </p>
              <Form method="post" className="mt-4 space-y-3">
                <input type="hidden" name="intent" value="confirm" />
                <AdminField id="totp-code" name="code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" required maxLength={8} error={failed?.fields?.code} />
                <button type="submit" className="btn-primary" disabled={busy}>
                  Turn on two-step sign-in
                </button>
              </Form>
            </div>
          </div>
        </section>
      ) : (
        <section className="card p-5" aria-labelledby="totp-heading">
          <h2 id="totp-heading" className="text-lg font-semibold text-stone-900">
            Two-step sign-in: off
          </h2>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="begin" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Set up two-step sign-in
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}
