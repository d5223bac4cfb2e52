/**
 * My account's company section (docs/companies.md): the company's members with their roles,
 * limits and what they ordered this month; for the company's admins, inviting a member by
 * e-mail, changing a member's role and limits, and removing a member. Read by the loader,
 * changed by plain forms (company-actions.server.ts), so all of it works without JavaScript: a
 * member's change and removal open in a <details>, the removal asks to be confirmed there.
 */
import { Form, Link, useNavigation, type MetaFunction } from 'react-router';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, formatPounds, type CompanyRole } from '@shop/contract/browser';
import type { CompanyMemberDto } from '@shop/contract';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { companyAction } from '~/server/account/company-actions.server';
import { postedForm, type ActionFailure } from '~/server/forms.server';
import type { Route } from './+types/account-company';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your Company', "Your company's buyers, their roles and spending limits."),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin?return=account/company';

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  return { userId, company: await context.services.companies.companyOf(userId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  return companyAction(userId, context, await postedForm(request));
}

type Answer = ActionFailure | { ok: true; intent: string; message: string } | undefined;

const pounds = (amount: number | null) => (amount === null ? 'No limit' : formatPounds(amount));
const inputClass = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-brand-500';

function Input({ label, name, error, hint, id: given, ...input }: { label: string; name: string; error?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `${String(input.form ?? 'f')}-${name}-${given ?? ''}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input id={id} name={name} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {hint ? <p className="mt-1 text-xs text-stone-600">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The role drop-down: each option is the role's name only, so nothing is cut off on a phone; what
 * each role may do is written out under it.
 */
function RoleSelect({ id, value, error }: { id: string; value: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        Role
      </label>
      <select id={id} name="role" defaultValue={value} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={`${id}-roles`}>
        {COMPANY_ROLES.map((role) => (
          <option key={role} value={role}>
            {COMPANY_ROLE_LABELS[role].name}
          </option>
        ))}
      </select>
      <ul id={`${id}-roles`} className="mt-1 space-y-0.5 text-xs text-stone-600">
        {COMPANY_ROLES.map((role) => (
          <li key={role}>
            <strong className="font-semibold text-stone-700">{COMPANY_ROLE_LABELS[role].name}:</strong> {COMPANY_ROLE_LABELS[role].can}.
          </li>
        ))}
      </ul>
      {error ? <p className="mt-1 text-xs text-red-700">{error}</p> : null}
    </div>
  );
}

/** The limits' two fields, as an admin sets them (empty: no limit). */
function LimitFields({ form, member, answer }: { form: string; member?: Pick<CompanyMemberDto, 'order_limit' | 'monthly_limit'>; answer: ActionFailure | null }) {
  const typed = (name: string, saved: number | null | undefined) => answer?.values?.[name] ?? (saved == null ? '' : saved.toFixed(2));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Input form={form} id={form} label="Limit per order (£ ex VAT)" name="order_limit" inputMode="decimal" defaultValue={typed('order_limit', member?.order_limit)} error={answer?.fields.order_limit} hint="Empty: no limit." />
      <Input form={form} id={form} label="Limit per month (£ ex VAT)" name="monthly_limit" inputMode="decimal" defaultValue={typed('monthly_limit', member?.monthly_limit)} error={answer?.fields.monthly_limit} hint="A London calendar month." />
    </div>
  );
}

function MemberRow({ member, isAdmin, you, answer, busy }: { member: CompanyMemberDto; isAdmin: boolean; you: boolean; answer: Answer; busy: boolean }) {
  const changeForm = `change-${member.user_id}`;
  const refused = answer && !answer.ok && (answer.intent === `change:${member.user_id}` || answer.intent === `remove:${member.user_id}`) ? answer : null;
  return (
    <li className="card p-4" data-testid="company-member" data-member={member.email}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900">
            {member.first_name} {member.last_name}
            {you ? <span className="ml-1 text-sm font-normal text-stone-600">(you)</span> : null}
          </p>
          <p className="text-sm break-all text-stone-600">{member.email}</p>
        </div>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800" data-testid="member-role">
          {COMPANY_ROLE_LABELS[member.role].name}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-stone-600">Per order</dt>
          <dd className="font-medium text-stone-900">{member.role === 'buyer' ? pounds(member.order_limit) : '-'}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Per month</dt>
          <dd className="font-medium text-stone-900">{member.role === 'buyer' ? pounds(member.monthly_limit) : '-'}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">This month</dt>
          <dd className="font-medium text-stone-900">{formatPounds(member.spent_this_month)}</dd>
        </div>
      </dl>
      {member.invitation_pending ? <p className="mt-2 text-xs text-amber-800">Invited: has not signed in yet.</p> : null}
      {refused ? (
        <div className="mt-3">
          <FormMessage message={{ tone: 'error', text: refused.message }} testId="member-message" />
        </div>
      ) : null}
      {isAdmin ? (
        <div className="mt-3 flex flex-col gap-2">
          <details open={refused?.intent === `change:${member.user_id}` || undefined}>
            <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">Change role or limits</summary>
            <Form method="post" id={changeForm} preventScrollReset className="mt-3 space-y-3">
              <input type="hidden" name="intent" value={`change:${member.user_id}`} />
              <RoleSelect id={`${changeForm}-role`} value={refused?.values?.role ?? member.role} error={refused?.fields.role} />
              <LimitFields form={changeForm} member={member} answer={refused?.intent === `change:${member.user_id}` ? refused : null} />
              <p className="text-xs text-stone-600">Limits apply to buyers; admins and viewers have none.</p>
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} data-testid="save-member">
                Save
              </button>
            </Form>
          </details>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-red-700 underline">Remove from the company</summary>
            <Form method="post" preventScrollReset className="mt-2 space-y-2">
              <input type="hidden" name="intent" value={`remove:${member.user_id}`} />
              <p className="text-sm text-stone-700">
                {member.first_name} will be signed out at once and can no longer order for the company. Their orders stay the company&apos;s.
              </p>
              <button type="submit" className="btn-secondary w-full border-red-300 text-red-800 sm:w-auto" disabled={busy} data-testid="remove-member">
                Yes, remove {member.first_name}
              </button>
            </Form>
          </details>
        </div>
      ) : null}
    </li>
  );
}

function InviteForm({ answer, busy }: { answer: Answer; busy: boolean }) {
  const refused = answer && !answer.ok && answer.intent === 'invite' ? answer : null;
  const typed = (name: string) => refused?.values?.[name] ?? '';
  return (
    <section className="card p-5" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold text-stone-900">
        Invite a Buyer
      </h2>
      <p className="mt-1 text-sm text-stone-600">We e-mail them a link to choose a password. It works for 7 days.</p>
      <Form method="post" id="invite" preventScrollReset className="mt-3 space-y-3" data-testid="invite-form">
        <input type="hidden" name="intent" value="invite" />
        {refused ? <FormMessage message={{ tone: 'error', text: refused.message }} testId="invite-message" /> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Input form="invite" label="First Name" name="first_name" autoComplete="off" maxLength={50} required defaultValue={typed('first_name')} error={refused?.fields.first_name} />
          <Input form="invite" label="Last Name" name="last_name" autoComplete="off" maxLength={50} required defaultValue={typed('last_name')} error={refused?.fields.last_name} />
        </div>
        <Input form="invite" label="Email" name="email" type="email" autoComplete="off" maxLength={99} required defaultValue={typed('email')} error={refused?.fields.email} />
        <RoleSelect id="invite-role" value={typed('role') || 'buyer'} error={refused?.fields.role} />
        <LimitFields form="invite" answer={refused} />
        <button type="submit" className="btn-accent w-full sm:w-auto" disabled={busy} data-testid="send-invite">
          Send Invitation
        </button>
      </Form>
    </section>
  );
}

export default function CompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, userId } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const answer = actionData as Answer;
  if (!company) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-6 lg:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Your Company</h1>
        <p className="mt-3 text-sm text-stone-700" data-testid="no-company">
          Your account is not part of a company. A trade account lets several people at your company order, each with their own sign-in, role and limits:
          call us to open one.
        </p>
        <Link to="/account" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
          Back to My Account
        </Link>
      </main>
    );
  }
  const isAdmin = company.your_role === 'admin';
  const role: CompanyRole = company.your_role;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <p className="text-sm">
        <Link to="/account" className="font-medium text-brand-700 underline">
          My Account
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-stone-900 sm:text-3xl" data-testid="company-name">
        {company.name}
      </h1>
      <p className="mt-1 text-sm text-stone-700" data-testid="your-company-role">
        Your role: <strong>{COMPANY_ROLE_LABELS[role].name}</strong>. {COMPANY_ROLE_LABELS[role].can}.{' '}
        <Link to="/account/approvals" className="font-medium text-brand-700 underline" data-testid="company-approvals-link">
          {role === 'admin' ? 'Orders waiting for your approval' : role === 'buyer' ? 'Your approval requests' : 'Approval requests'}
        </Link>
      </p>
      {answer?.ok ? (
        <div className="mt-4">
          <FormMessage message={{ tone: 'success', text: answer.message }} testId="company-notice" />
        </div>
      ) : null}
      <div className={`mt-6 grid gap-6 ${isAdmin ? 'lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start' : ''}`}>
        <section aria-labelledby="members-heading" className="min-w-0">
          <h2 id="members-heading" className="text-lg font-semibold text-stone-900">
            Members ({company.members.length})
          </h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="company-members">
            {company.members.map((member) => (
              <MemberRow key={member.user_id} member={member} isAdmin={isAdmin} you={member.user_id === userId} answer={answer} busy={busy} />
            ))}
          </ul>
        </section>
        {isAdmin ? <InviteForm answer={answer} busy={busy} /> : null}
      </div>
    </main>
  );
}
