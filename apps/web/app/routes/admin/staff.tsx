/**
 * The shop's staff (owner only): who has access, with which role; add a member (their
 * single-use set-password link is e-mailed to them and shown once, to copy and hand over
 * another way if the e-mail goes astray); a new link for a member who lost theirs (e-mailed
 * and shown alike); disable a member (they cannot sign in, their sessions end at once). This
 * page is how staff are managed while the shop runs; `npm run staff` does the same when it is
 * stopped, or beside it on PostgreSQL.
 */
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { adminAction } from '~/server/admin/admin-page.server';
import { staffChange, staffFormSchema, staffPage } from '~/server/admin/staff.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { AuditTrail } from '~/components/admin/audit-trail';
import type { Route } from './+types/staff';

export const meta: Route.MetaFunction = () => [{ title: 'Staff - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'staff:manage');
  const [members, changes] = await Promise.all([context.services.staff.list(), context.services.staff.recentChanges()]);
  return { me: me.staffId, ...staffPage(members, changes) };
}

export const action = adminAction({ permission: 'staff:manage', schema: staffFormSchema, keep: ['email', 'name', 'role'], keepMax: 300, run: staffChange });

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
}

function LinkToSend({ name, email, link, expiresAt, emailed }: { name: string; email: string; link: string; expiresAt: string; emailed: boolean }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950" role="status" data-testid="staff-link">
      {emailed ? (
        <p>
          We have e-mailed <strong>{name}</strong> ({email}) a set-password link. It works once, until {timeOf(expiresAt)}. If the e-mail does not
          arrive, give them this copy of the link another way; it is not shown again.
        </p>
      ) : (
        <p>
          Send this set-password link to <strong>{name}</strong> ({email}). It works once, until {timeOf(expiresAt)}, and is not shown again.
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input readOnly value={link} aria-label="Set-password link" className="form-input min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { me, roles, members, changes } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const addFailed = actionData && !actionData.ok && actionData.intent === 'add' ? actionData : undefined;
  const otherFailed = actionData && !actionData.ok && actionData.intent !== 'add' ? actionData : undefined;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Staff</h1>
        <p className="mt-1 text-sm text-stone-600">
          Owners manage staff. Managers run orders, payments, customers and the catalogue. Warehouse staff pick and dispatch orders.
        </p>
      </div>

      {actionData?.ok && (actionData.intent === 'add' || actionData.intent === 'link') && <LinkToSend {...actionData} />}
      {actionData?.ok && actionData.intent === 'disable' && <AdminMessage tone="success">{actionData.name} is disabled: their sessions have ended.</AdminMessage>}
      {actionData?.ok && actionData.intent === 'enable' && (
        <AdminMessage tone="success">{actionData.name} is enabled and can sign in again with their password. Send a new password link if someone else may know it.</AdminMessage>
      )}
      {otherFailed && <AdminMessage tone="error">{otherFailed.message}</AdminMessage>}

      <section className="card overflow-x-auto" aria-labelledby="staff-list-heading">
        <h2 id="staff-list-heading" className="sr-only">
          Staff members
        </h2>
        <table className="w-full text-left text-sm" data-testid="staff-table">
          <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">Staff member</th>
              <th scope="col" className="px-4 py-2.5">Role</th>
              <th scope="col" className="px-4 py-2.5">Status</th>
              <th scope="col" className="px-4 py-2.5 whitespace-nowrap">Two-step</th>
              <th scope="col" className="px-4 py-2.5"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {members.map((m) => (
              <tr key={m.staffId} className={m.disabled ? 'text-stone-500' : ''}>
                <td className="px-4 py-2.5">
                  <span className="font-medium">{m.name}</span>
                  {m.staffId === me && <span className="ml-1 text-xs text-stone-500">(you)</span>}
                  <span className="block text-xs break-words text-stone-500">{m.email}</span>
                </td>
                <td className="px-4 py-2.5">{m.roleLabel}</td>
                <td className="px-4 py-2.5 whitespace-nowrap">{m.status}</td>
                <td className="px-4 py-2.5">{m.totpEnabled ? 'On' : 'Off'}</td>
                <td className="px-4 py-2.5">
                  {!m.disabled && m.staffId !== me && (
                    <div className="flex flex-wrap justify-end gap-2 whitespace-nowrap">
                      <Form method="post">
                        <input type="hidden" name="intent" value="link" />
                        <input type="hidden" name="staffId" value={m.staffId} />
                        <button type="submit" className="btn-secondary px-3 py-1 text-xs" disabled={busy}>
                          New password link<span className="sr-only"> for {m.name}</span>
                        </button>
                      </Form>
                      <Form
                        method="post"
                        onSubmit={(event) => {
                          if (!window.confirm(`Disable ${m.name}? They will be signed out at once.`)) event.preventDefault();
                        }}
                      >
                        <input type="hidden" name="intent" value="disable" />
                        <input type="hidden" name="staffId" value={m.staffId} />
                        <button type="submit" className="rounded-md border border-red-300 bg-white px-3 py-1 text-xs font-semibold text-red-700 hover:bg-red-50" disabled={busy}>
                          Disable<span className="sr-only"> {m.name}</span>
                        </button>
                      </Form>
                    </div>
                  )}
                  {m.disabled && (
                    <Form method="post" className="flex justify-end">
                      <input type="hidden" name="intent" value="enable" />
                      <input type="hidden" name="staffId" value={m.staffId} />
                      <button type="submit" className="btn-secondary px-3 py-1 text-xs" disabled={busy}>
                        Enable<span className="sr-only"> {m.name}</span>
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card max-w-2xl p-5" aria-labelledby="staff-add-heading">
        <h2 id="staff-add-heading" className="text-lg font-semibold text-stone-900">
          Add a staff member
        </h2>
        <p className="mt-1 text-sm text-stone-600">They get no password: we e-mail them a link to set their own, and show it to you too.</p>
        {addFailed && <AdminMessage tone="error">{addFailed.message}</AdminMessage>}
        {/* A new, empty form after each member added (the key changes with the link shown). */}
        <Form key={actionData?.ok && actionData.intent === 'add' ? actionData.link : 'add'} method="post" className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="staff-add-form">
          <input type="hidden" name="intent" value="add" />
          <AdminField id="staff-name" name="name" label="Name" required maxLength={100} defaultValue={addFailed?.values?.name} error={addFailed?.fields.name} />
          <AdminField id="staff-email" name="email" label="E-mail" type="email" required defaultValue={addFailed?.values?.email} error={addFailed?.fields.email} />
          <div>
            <label htmlFor="staff-role" className="form-label">
              Role
            </label>
            <select id="staff-role" name="role" className="form-input" defaultValue={addFailed?.values?.role ?? 'warehouse'} required>
              {roles.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
            </select>
            {addFailed?.fields.role && <p className="field-error">{addFailed.fields.role}</p>}
          </div>
          <div className="flex items-end">
            <button type="submit" className="btn-primary" disabled={busy}>
              Add and e-mail a link
            </button>
          </div>
        </Form>
      </section>

      <AuditTrail
        id="staff-changes-heading"
        title="Changes to the staff list"
        description="Who added, sent a new link to or disabled whom, and who turned two-step sign-in on or off, newest first."
        entries={changes}
        empty="No changes recorded yet."
        testId="staff-changes"
      />
    </div>
  );
}
