/**
 * One company ('customers:view' to see, 'customers:manage' to change): its name, its members
 * with their roles, limits and this month's orders, and what staff may do for its admin: rename
 * it, invite a member (e-mailed a set-password link), change a member's role and limits, remove
 * a member (signed out at once). Every form is a plain POST (post/redirect/get with a notice);
 * every change is audited on the member's history, listed here.
 */
import { data, Form, Link } from 'react-router';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, formatPounds } from '@shop/contract/browser';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { companyFormSchema } from '~/server/admin/companies.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { Cell, ListTable, useAdminAnswer } from '~/components/admin/admin-kit';
import { AuditTrail } from '~/components/admin/audit-trail';
import type { Route } from './+types/company';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded ? loaded.company.name : 'Company'} - Companies - Back office` }];

const NO_SUCH_COMPANY = 'No such company.';
const NOTICES: Record<string, string> = {
  renamed: 'The name is saved.',
  invited: 'The member is invited: they were e-mailed a link to choose a password (valid 7 days).',
  changed: "The member's role and limits are saved.",
  removed: 'The member is removed from the company and signed out everywhere.',
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'customers:view');
  const companyId = recordIdOf(params.companyId, NO_SUCH_COMPANY);
  const { companies, customerDirectory, approvals } = context.services;
  const company = await foundOr404(companies.companyView(companyId), NO_SUCH_COMPANY);
  // Orders over a buyer's limit and what the company's admins decided: read only (they are the company's to decide).
  const requests = await approvals.ofCompany(companyId);
  const histories = await Promise.all(company.members.map((m) => customerDirectory.history(m.user_id)));
  const history = histories
    .flat()
    .filter((event) => event.kind.startsWith('company.') && Number(event.after?.companyId ?? event.before?.companyId) === companyId)
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((event) => ({ at: event.at, who: event.staffName ?? (event.after?.by === 'company-admin' ? "The company's admin" : 'Outside the back office'), what: describe(event) }));
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data({ company, requests, history, notice, mayManage: staff.role !== 'warehouse' }, { headers });
}

function describe(event: { kind: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }): string {
  const a = event.after ?? {};
  const b = event.before ?? {};
  switch (event.kind) {
    case 'company.member-invited':
      return `Invited as ${String(a.role)} (${String(a.orderLimit)} per order, ${String(a.monthlyLimit)} a month)`;
    case 'company.member-changed':
      return `Role and limits: ${String(b.role)} -> ${String(a.role)}; per order ${String(b.orderLimit)} -> ${String(a.orderLimit)}; a month ${String(b.monthlyLimit)} -> ${String(a.monthlyLimit)}`;
    case 'company.member-removed':
      return `A ${String(b.role)} was removed`;
    case 'company.renamed':
      return `Renamed: ${String(b.name)} -> ${String(a.name)}`;
    default:
      return event.kind;
  }
}

export const action = adminAction({
  permission: 'customers:manage',
  record: { param: 'companyId', notFound: NO_SUCH_COMPANY },
  schema: companyFormSchema,
  keep: ['name', 'first_name', 'last_name', 'email', 'role', 'order_limit', 'monthly_limit'],
  keepMax: 100,
  async run({ value, staff, id, context }) {
    const { companies } = context.services;
    switch (value.intent) {
      case 'rename':
        await companies.renameByStaff(staff.staffId, id, value.name);
        return 'renamed';
      case 'invite':
        await companies.inviteByStaff(staff.staffId, id, value);
        return 'invited';
      case 'change':
        await companies.changeMemberByStaff(staff.staffId, id, value.user_id, value);
        return 'changed';
      case 'remove':
        await companies.removeMemberByStaff(staff.staffId, id, value.user_id);
        return 'removed';
    }
  },
});

const limitText = (pounds: number | null) => (pounds === null ? 'No limit' : formatPounds(pounds));

function RoleSelect({ id, value }: { id: string; value: string }) {
  return (
    <div>
      <label htmlFor={id} className="form-label">
        Role
      </label>
      <select id={id} name="role" defaultValue={value} className="form-input">
        {COMPANY_ROLES.map((role) => (
          <option key={role} value={role}>
            {COMPANY_ROLE_LABELS[role].name}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function CompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, requests, history, notice, mayManage } = loaderData;
  const { failed, errorOf } = useAdminAnswer(actionData);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/companies" className="text-sm text-brand-700 hover:underline">
          Companies
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-stone-900" data-testid="admin-company-name">
          {company.name}
        </h1>
        <p className="text-sm text-stone-600">Company {company.company_id}, since {company.created.slice(0, 10)}.</p>
      </div>
      {notice ? <AdminMessage tone="success">{notice}</AdminMessage> : null}
      {failed ? <AdminMessage tone="error">{failed.message}</AdminMessage> : null}

      <ListTable
        id="members-heading"
        title="Members"
        titleShown
        testId="admin-company-members"
        columns={['Member', 'Role', { label: 'Per order', right: true }, { label: 'Per month', right: true }, { label: 'This month', right: true }, ...(mayManage ? ['Change'] : [])]}
        items={company.members}
        row={(member) => (
          <tr key={member.user_id}>
            <Cell>
              <Link to={`/admin/customers/${member.user_id}`} className="font-medium text-brand-700 hover:underline">
                {member.first_name} {member.last_name}
              </Link>
              <span className="block text-xs text-stone-600">{member.email}</span>
              {member.invitation_pending ? <span className="block text-xs text-amber-800">Invited, not signed in yet</span> : null}
            </Cell>
            <Cell>{COMPANY_ROLE_LABELS[member.role].name}</Cell>
            <Cell right>{limitText(member.order_limit)}</Cell>
            <Cell right>{limitText(member.monthly_limit)}</Cell>
            <Cell right>{formatPounds(member.spent_this_month)}</Cell>
            {mayManage ? (
              <Cell>
                <details>
                  <summary className="cursor-pointer text-brand-700">Change</summary>
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="intent" value="change" />
                    <input type="hidden" name="user_id" value={member.user_id} />
                    <RoleSelect id={`role-${member.user_id}`} value={member.role} />
                    <AdminField id={`order-${member.user_id}`} name="order_limit" label="Per order (£ ex VAT)" defaultValue={member.order_limit?.toFixed(2) ?? ''} />
                    <AdminField id={`month-${member.user_id}`} name="monthly_limit" label="Per month (£ ex VAT)" defaultValue={member.monthly_limit?.toFixed(2) ?? ''} />
                    <button type="submit" className="btn-primary">
                      Save
                    </button>
                  </Form>
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="user_id" value={member.user_id} />
                    <button type="submit" className="btn-secondary text-red-800">
                      Remove from company
                    </button>
                  </Form>
                </details>
              </Cell>
            ) : null}
          </tr>
        )}
      />

      <ListTable
        id="approvals-heading"
        title="Approval requests"
        titleShown
        testId="admin-company-approvals"
        columns={['Request', 'Buyer', { label: 'Total', right: true }, 'State', 'Sent', 'Decided']}
        items={requests}
        empty="No order has waited for approval."
        row={(request) => (
          <tr key={request.approval_request_id}>
            <Cell>
              {request.approval_request_id}
              {request.order_id ? (
                <Link to={`/admin/orders/${request.order_id}`} className="block text-xs text-brand-700 hover:underline">
                  Order {request.order_id}
                </Link>
              ) : null}
            </Cell>
            <Cell>
              {request.buyer.first_name} {request.buyer.last_name}
            </Cell>
            <Cell right>{formatPounds(request.total)}</Cell>
            <Cell>
              {request.state_label}
              {request.decline_reason ? <span className="block text-xs text-stone-600">{request.decline_reason}</span> : null}
              {request.changes ? <span className="block text-xs text-stone-600">{request.changes}</span> : null}
            </Cell>
            <Cell nowrap>{request.created.slice(0, 10)}</Cell>
            <Cell>{request.decided_by ? `${request.decided_by}, ${request.decided_at?.slice(0, 10) ?? ''}` : '-'}</Cell>
          </tr>
        )}
      />

      {mayManage ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <section className="card p-5" aria-labelledby="rename-heading">
            <h2 id="rename-heading" className="text-lg font-semibold text-stone-900">
              Name
            </h2>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="rename" />
              <AdminField id="company-name" name="name" label="Company name" required maxLength={100} defaultValue={failed?.values.name ?? company.name} error={errorOf('rename', 'name')} />
              <button type="submit" className="btn-primary">
                Save name
              </button>
            </Form>
          </section>
          <section className="card p-5" aria-labelledby="invite-heading">
            <h2 id="invite-heading" className="text-lg font-semibold text-stone-900">
              Invite a member
            </h2>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="invite" />
              <AdminField id="invite-first" name="first_name" label="First name" required defaultValue={failed?.values.first_name ?? ''} error={errorOf('invite', 'first_name')} />
              <AdminField id="invite-last" name="last_name" label="Last name" required defaultValue={failed?.values.last_name ?? ''} error={errorOf('invite', 'last_name')} />
              <AdminField id="invite-email" name="email" type="email" label="E-mail" required defaultValue={failed?.values.email ?? ''} error={errorOf('invite', 'email')} />
              <RoleSelect id="invite-role" value={failed?.values.role ?? 'buyer'} />
              <AdminField id="invite-order" name="order_limit" label="Per order (£ ex VAT, empty: no limit)" defaultValue={failed?.values.order_limit ?? ''} error={errorOf('invite', 'order_limit')} />
              <AdminField id="invite-month" name="monthly_limit" label="Per month (£ ex VAT, empty: no limit)" defaultValue={failed?.values.monthly_limit ?? ''} error={errorOf('invite', 'monthly_limit')} />
              <button type="submit" className="btn-primary">
                Send invitation
              </button>
            </Form>
          </section>
        </div>
      ) : null}

      <AuditTrail id="company-history" title="History" description="Every change to the company and its members, by staff or the company's admin." entries={history} empty="No changes yet." testId="company-history" />
    </div>
  );
}
