/**
 * One customer (viewing needs 'customers:view'): details, saved addresses, recent
 * orders (to /admin/orders/:id), the trade account, and Disable / Enable.
 *
 * Changes are POST forms that work without JavaScript: disable/enable, closing the account at the
 * customer's request (a confirm step at ?confirm=close, with how they asked) and downloading their
 * data (customer-data.tsx) need 'customers:manage';
 * open / change / close the trade account and lifting a credit stop (with a note, audited) need
 * 'trade-accounts:manage'. "Disable customer" first
 * shows a confirm step (a GET to ?confirm=disable), then POSTs. Each successful change redirects
 * back here with a notice (post/redirect/get); a refused one answers its message.
 */
import { data } from 'react-router';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { creditStopView, customerFormSchema, customerPage, permissionFor } from '~/server/admin/customer.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { Notices, useAdminAnswer } from '~/components/admin/admin-kit';
import { AuditTrail } from '~/components/admin/audit-trail';
import { StaffNotesSection } from '~/components/admin/staff-notes';
import { CustomerHead } from '~/components/admin/customer-panels/customer-head';
import { ConfirmClosePanel, ConfirmDisablePanel } from '~/components/admin/customer-panels/confirm-panels';
import { DetailsPanel } from '~/components/admin/customer-panels/details-panel';
import { TradeAccountPanel } from '~/components/admin/customer-panels/trade-account-panel';
import { CreditStopPanel } from '~/components/admin/customer-panels/credit-stop-panel';
import { RecentOrdersPanel } from '~/components/admin/customer-panels/recent-orders-panel';
import { AddressesPanel } from '~/components/admin/customer-panels/addresses-panel';
import type { Route } from './+types/customer';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? `${loaded.customer.firstName} ${loaded.customer.lastName}` : 'Customer'} - Back office` },
];

const NOTICES: Record<string, string> = {
  'card-link': 'The order is in the customer\'s basket with the delivery address; they are e-mailed a link to pay by card.',
  disabled: 'The customer is disabled: they are signed out everywhere and cannot sign in.',
  enabled: 'The customer is enabled: they can sign in again.',
  opened: 'The trade account is open: the customer can pay on account.',
  changed: 'The credit limit and terms are saved.',
  closed: 'The trade account is closed: no new orders on account. What is owed stays owed.',
  noted: 'The note is added.',
  'stop-lifted': 'The stop is lifted: the customer can order on account again. The note is in the account history.',
  'account-closed': 'The account is closed: the customer is signed out everywhere and their personal details are erased. Their orders and invoices are kept for six years.',
};

const NO_SUCH_CUSTOMER = 'No such customer.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'customers:view');
  const userId = recordIdOf(params.userId, NO_SUCH_CUSTOMER);
  // The reads are independent: one round of queries, not one after another.
  const [customer, account, standing, history, staffNotes, priceLists] = await Promise.all([
    foundOr404(context.services.customerDirectory.detail(userId), NO_SUCH_CUSTOMER),
    context.services.tradeAccounts.accountOf(userId),
    context.services.creditControl.standingOf(userId),
    context.services.customerDirectory.history(userId),
    context.services.staffNotes.of({ userId }),
    context.services.priceLists.listsOf(userId),
  ]);
  const url = new URL(request.url);
  const page = customerPage(staff, customer, history);
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data(
    {
      ...page,
      account,
      creditStop: creditStopView(context.services.creditControl.stopAfterDaysOverdue, standing),
      staffNotes,
      priceLists,
      confirmDisable: page.canManage && url.searchParams.get('confirm') === 'disable' && customer.disabledAt === null,
      confirmClose: page.canManage && url.searchParams.get('confirm') === 'close' && customer.closedAt === null,
      notice,
    },
    { headers },
  );
}

export const action = adminAction({
  // Seeing the page first (a visitor without a session goes to sign-in whatever they sent), then what the form needs.
  permission: 'customers:view',
  formPermission: permissionFor,
  record: { param: 'userId', notFound: NO_SUCH_CUSTOMER },
  schema: customerFormSchema,
  keep: ['limit', 'terms', 'request', 'note', 'stop_note'],
  keepMax: 4000,
  async run({ value, staff, id: userId, context }) {
    const { customerDirectory, tradeAccounts, accountClosure, staffNotes } = context.services;
    switch (value.intent) {
      case 'disable':
        await customerDirectory.disable(staff.staffId, userId);
        return 'disabled';
      case 'enable':
        await customerDirectory.enable(staff.staffId, userId);
        return 'enabled';
      case 'close':
        await tradeAccounts.close(staff.staffId, userId);
        return 'closed';
      case 'close-account':
        await accountClosure.closeByStaff(staff.staffId, userId, value.request);
        return 'account-closed';
      case 'open':
        await tradeAccounts.open(staff.staffId, userId, value.limit, value.terms, { confirmBelowOwed: value.confirm });
        return 'opened';
      case 'change':
        await tradeAccounts.changeLimit(staff.staffId, userId, value.limit, value.terms, { confirmBelowOwed: value.confirm });
        return 'changed';
      case 'note':
        await staffNotes.add(staff.staffId, { userId }, value.note);
        return 'noted';
      case 'lift-stop':
        await context.services.creditControl.liftStop(staff.staffId, userId, value.stop_note);
        return 'stop-lifted';
    }
  },
});

export type CustomerPageData = Route.ComponentProps['loaderData'];

export default function CustomerPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const answer = useAdminAnswer(actionData);
  const { failed, failedFor } = answer;
  // A refusal of a form with a place of its own is shown there; any other at the top.
  const shownInPlace = failedFor('open') ?? failedFor('change') ?? failedFor('close-account') ?? failedFor('note') ?? failedFor('lift-stop');
  const noteFailed = failedFor('note');
  return (
    <div className="space-y-6">
      <CustomerHead page={page} />
      <Notices notice={page.notice} failure={shownInPlace ? null : failed?.message} />
      <ConfirmClosePanel page={page} answer={answer} />
      <ConfirmDisablePanel page={page} />
      <CreditStopPanel page={page} answer={answer} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailsPanel page={page} />
        <TradeAccountPanel page={page} answer={answer} />
      </div>
      <StaffNotesSection
        notes={page.staffNotes}
        action={`/admin/customers/${page.customer.userId}`}
        about="customer"
        error={noteFailed?.fields?.note ?? noteFailed?.message}
        value={noteFailed?.values?.note}
      />
      <RecentOrdersPanel page={page} />
      <AddressesPanel page={page} />
      <AuditTrail
        id="history-heading"
        title="Account history"
        description="What staff, credit control (reminders, stops) or the customer using their data rights did on this account, newest first."
        entries={page.history}
        empty="Nothing recorded yet."
        testId="customer-history"
      />
    </div>
  );
}
