/**
 * One customer (viewing needs 'customers:view'): details, saved addresses, recent
 * orders (to /admin/orders/:id), the trade account, and Disable / Enable.
 *
 * Changes are POST forms that work without JavaScript: disable/enable, closing the account at the
 * customer's request (a confirm step at ?confirm=close, with how they asked) and downloading their
 * data (customer-data.tsx) need 'customers:manage';
 * open / change / close the trade account need 'trade-accounts:manage'. "Disable customer" first
 * shows a confirm step (a GET to ?confirm=disable), then POSTs. Each successful change redirects
 * back here with a notice (post/redirect/get); a refused one answers its message.
 */
import { data, Form, Link } from 'react-router';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { customerFormSchema, customerPage, permissionFor } from '~/server/admin/customer.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { Row, useAdminAnswer } from '~/components/admin/admin-kit';
import { AuditTrail } from '~/components/admin/audit-trail';
import { StaffNotesSection } from '~/components/admin/staff-notes';
import { streetLine } from '~/components/checkout/address-format';
import { calendarDate, londonDate, londonDateTime, PAYMENT_METHOD_LABELS, pounds } from '~/components/admin/admin-format';
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
  'account-closed': 'The account is closed: the customer is signed out everywhere and their personal details are erased. Their orders and invoices are kept for six years.',
};

const NO_SUCH_CUSTOMER = 'No such customer.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'customers:view');
  const userId = recordIdOf(params.userId, NO_SUCH_CUSTOMER);
  // The reads are independent: one round of queries, not one after another.
  const [customer, account, history, staffNotes, priceLists] = await Promise.all([
    foundOr404(context.services.customerDirectory.detail(userId), NO_SUCH_CUSTOMER),
    context.services.tradeAccounts.accountOf(userId),
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
  keep: ['limit', 'terms', 'request', 'note'],
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
    }
  },
});

const STATUS_TONE: Record<string, string> = {
  Paid: 'bg-emerald-100 text-emerald-900',
  'Part paid': 'bg-amber-100 text-amber-900',
  'Awaiting payment': 'bg-amber-100 text-amber-900',
  'On account': 'bg-brand-100 text-brand-800',
  Overdue: 'bg-red-100 text-red-800',
  Refunded: 'bg-stone-200 text-stone-800',
  'Refund due': 'bg-red-100 text-red-800',
  'Cancelled, nothing paid': 'bg-stone-100 text-stone-700',
  'Part refunded': 'bg-stone-200 text-stone-800',
};

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, account, history, canManage, canManageAccount, confirmDisable, confirmClose, notice, staffNotes, priceLists } = loaderData;
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const { failed, failedFor } = useAdminAnswer(actionData);
  const accountFailed = failedFor('open') ?? failedFor('change');
  const closeFailed = failedFor('close-account');
  const noteFailed = failedFor('note');
  const here = `/admin/customers/${customer.userId}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link to="/admin/customers" className="text-brand-700 hover:underline">
              Customers
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">
            {name}
            {customer.closedAt ? (
              <span className="ml-3 rounded bg-stone-200 px-2 py-0.5 align-middle text-sm font-medium text-stone-800" data-testid="customer-closed">
                Closed
              </span>
            ) : (
              customer.disabledAt && (
                <span className="ml-3 rounded bg-red-100 px-2 py-0.5 align-middle text-sm font-medium text-red-800" data-testid="customer-disabled">
                  Disabled
                </span>
              )
            )}
          </h1>
          {customer.companyName && <p className="text-stone-600">{customer.companyName}</p>}
        </div>
        {canManage && !confirmDisable && !confirmClose && (
          <div className="flex flex-wrap items-start gap-3">
            {/* A plain form: the answer is a ZIP file to save, the page stays. */}
            <form method="post" action={`${here}/data`}>
              <button type="submit" className="btn-secondary" data-testid="download-customer-data">
                Download data
              </button>
            </form>
            {customer.closedAt ? null : customer.disabledAt ? (
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="enable" />
                <button type="submit" className="btn-secondary">
                  Enable customer
                </button>
              </Form>
            ) : (
              <Link to={`${here}?confirm=disable`} className="inline-flex rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
                Disable customer
              </Link>
            )}
            {customer.closedAt ? null : (
              <Link to={`${here}?confirm=close`} className="inline-flex rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
                Close account
              </Link>
            )}
          </div>
        )}
      </div>

      {notice && <AdminMessage tone="success">{notice}</AdminMessage>}
      {failed && !accountFailed && !closeFailed && !noteFailed && <AdminMessage tone="error">{failed.message}</AdminMessage>}

      {(confirmClose || closeFailed) && !customer.closedAt && (
        <section className="rounded-lg border border-red-300 bg-red-50 p-5" aria-labelledby="confirm-close-heading" data-testid="confirm-close">
          <h2 id="confirm-close-heading" className="text-lg font-semibold text-red-900">
            Close {name}'s account?
          </h2>
          <p className="mt-1 text-sm text-red-900">
            Only when the customer asked for it. They are signed out everywhere and cannot sign in again; their name, e-mail address, phone number,
            password, saved addresses and basket are erased. Their orders, invoices and credit notes (and the company name and VAT number printed on them)
            are kept for six years, as HMRC requires. It cannot be undone. An account with an order not yet dispatched, or money owed either way, cannot
            be closed.
          </p>
          {closeFailed && (
            <div className="mt-3">
              <AdminMessage tone="error">{closeFailed.message}</AdminMessage>
            </div>
          )}
          <Form method="post" action={here} className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="close-account" />
            <AdminField
              id="close-request"
              name="request"
              label="How the customer asked"
              required
              maxLength={200}
              defaultValue={closeFailed?.values?.request ?? ''}
              error={closeFailed?.fields?.request}
            />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
                Yes, close the account
              </button>
              <Link to={here} className="btn-secondary">
                Cancel
              </Link>
            </div>
          </Form>
        </section>
      )}

      {confirmDisable && (
        <section className="rounded-lg border border-red-300 bg-red-50 p-5" aria-labelledby="confirm-disable-heading" data-testid="confirm-disable">
          <h2 id="confirm-disable-heading" className="text-lg font-semibold text-red-900">
            Disable {name}?
          </h2>
          <p className="mt-1 text-sm text-red-900">
            They are signed out on every device at once and cannot sign in until a manager enables them again. Their orders and trade account stay as they are.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="disable" />
              <button type="submit" className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
                Yes, disable {name}
              </button>
            </Form>
            <Link to={here} className="btn-secondary">
              Cancel
            </Link>
          </div>
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card p-5" aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-lg font-semibold text-stone-900">
            Details
          </h2>
          <dl className="mt-3 text-sm" data-testid="customer-details">
            <Row label="Name">{name}</Row>
            <Row label="E-mail">
              <a href={`mailto:${customer.email}`} className="text-brand-700 hover:underline">
                {customer.email}
              </a>
            </Row>
            <Row label="Phone">{customer.phone}</Row>
            <Row label="Company">{customer.companyName ?? '—'}</Row>
            <Row label="VAT number">{customer.vatNumber ?? '—'}</Row>
            <Row label="Newsletter">{customer.newsletter ? 'Yes' : 'No'}</Row>
            <Row label="Joined">{londonDate(customer.joinedAt)}</Row>
            <Row label="Price lists">
              {priceLists.length === 0
                ? 'None: public prices'
                : priceLists.map((list, i) => (
                    <span key={list.priceListId}>
                      {i > 0 ? ', ' : ''}
                      {canManage ? (
                        <Link to={`/admin/price-lists/${list.priceListId}`} className="text-brand-700 hover:underline">
                          {list.name}
                        </Link>
                      ) : (
                        list.name
                      )}
                    </span>
                  ))}
            </Row>
            {customer.closedAt ? (
              <Row label="Closed">{`${londonDateTime(customer.closedAt)}, at the customer's request; personal details erased`}</Row>
            ) : (
              customer.disabledAt && <Row label="Disabled">{londonDateTime(customer.disabledAt)}</Row>
            )}
          </dl>
        </section>

        <section className="card p-5" aria-labelledby="account-heading" data-testid="trade-account">
          <h2 id="account-heading" className="text-lg font-semibold text-stone-900">
            Trade account
          </h2>
          {account ? (
            <dl className="mt-3 text-sm">
              <Row label="Credit limit">{pounds(account.creditLimitPence)}</Row>
              <Row label="Terms">{`${account.termsDays} days from the invoice`}</Row>
              <Row label="Outstanding">{pounds(account.outstandingPence)}</Row>
              <Row label="Available">{pounds(account.availablePence)}</Row>
              <Row label="Opened">{londonDate(account.openedAt)}</Row>
            </dl>
          ) : (
            <p className="mt-2 text-sm text-stone-600">No trade account: the customer pays by card or bank transfer.</p>
          )}
          {accountFailed && <AdminMessage tone="error">{accountFailed.message}</AdminMessage>}
          {canManageAccount && (
            <>
              <Form method="post" action={here} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid="trade-account-form">
                <input type="hidden" name="intent" value={account ? 'change' : 'open'} />
                <AdminField
                  id="account-limit"
                  name="limit"
                  label="Credit limit (£)"
                  inputMode="decimal"
                  required
                  defaultValue={accountFailed?.values?.limit ?? (account ? (account.creditLimitPence / 100).toFixed(2) : '')}
                  error={accountFailed?.fields?.limit}
                />
                <AdminField
                  id="account-terms"
                  name="terms"
                  label="Terms (days)"
                  inputMode="numeric"
                  required
                  defaultValue={accountFailed?.values?.terms ?? String(account?.termsDays ?? 7)}
                  error={accountFailed?.fields?.terms}
                />
                {/* Core refused a limit below what is owed: its words say what ticking this sets. */}
                {accountFailed?.fields?.confirm ? (
                  <label htmlFor="account-confirm" className="flex items-start gap-2 text-sm font-medium text-stone-800 sm:col-span-3" data-testid="confirm-limit">
                    <input id="account-confirm" name="confirm" type="checkbox" className="mt-0.5" />
                    <span>{accountFailed.fields?.confirm}</span>
                  </label>
                ) : null}
                <button type="submit" className="btn-primary">
                  {account ? 'Save limit and terms' : 'Open trade account'}
                </button>
              </Form>
              {account && (
                <Form method="post" action={here} className="mt-3">
                  <input type="hidden" name="intent" value="close" />
                  <button type="submit" className="text-sm font-medium text-red-700 hover:underline">
                    Close trade account
                  </button>
                </Form>
              )}
            </>
          )}
        </section>
      </div>

      <StaffNotesSection notes={staffNotes} action={here} about="customer" error={noteFailed?.fields?.note ?? noteFailed?.message} value={noteFailed?.values?.note} />

      <section className="card overflow-x-auto" aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="px-5 pt-4 text-lg font-semibold text-stone-900">
          Recent orders{' '}
          <span className="text-sm font-normal text-stone-500">
            ({customer.recentOrders.length < customer.orderCount ? `latest ${customer.recentOrders.length} of ${customer.orderCount}` : customer.orderCount})
          </span>
        </h2>
        <table className="mt-2 w-full text-left text-sm" data-testid="customer-orders">
          <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">Order</th>
              <th scope="col" className="px-4 py-2.5">Placed</th>
              <th scope="col" className="px-4 py-2.5 text-right">Total</th>
              <th scope="col" className="px-4 py-2.5">State</th>
              <th scope="col" className="px-4 py-2.5">Payment</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {customer.recentOrders.map((o) => (
              <tr key={o.orderId}>
                <td className="px-4 py-2.5">
                  <Link to={`/admin/orders/${o.orderId}`} className="font-medium text-brand-700 hover:underline">
                    #{o.orderId}
                  </Link>
                </td>
                <td className="px-4 py-2.5 whitespace-nowrap">{londonDateTime(o.placedAt)}</td>
                <td className="px-4 py-2.5 text-right tabular-nums">{pounds(o.totalPence)}</td>
                <td className="px-4 py-2.5">{o.stateLabel}</td>
                <td className="px-4 py-2.5">
                  <span className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_TONE[o.paymentStatus] ?? ''}`}>{o.paymentStatus}</span>
                  <span className="ml-2 text-xs text-stone-500">
                    {PAYMENT_METHOD_LABELS[o.paymentMethod] ?? o.paymentMethod}
                    {o.paymentDueDate ? `, due ${calendarDate(o.paymentDueDate)}` : ''}
                  </span>
                </td>
              </tr>
            ))}
            {customer.recentOrders.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-stone-600">
                  No orders yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="addresses-heading">
        <h2 id="addresses-heading" className="text-lg font-semibold text-stone-900">
          Saved addresses
        </h2>
        {customer.addresses.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No saved addresses.</p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="customer-addresses">
            {customer.addresses.map((a) => (
              <li key={a.addressId} className="card p-4 text-sm">
                <p className="font-medium text-stone-900">
                  {a.reference}
                  {a.isBilling && <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-medium text-brand-800">Billing</span>}
                </p>
                <address className="mt-1 text-stone-700 not-italic">
                  {[a.contactName, a.companyName, streetLine(a.region, a.address), a.town, a.postCode, a.country].filter(Boolean).map((line, i) => (
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))}
                  <span className="mt-1 block text-stone-500">{a.phone}</span>
                </address>
              </li>
            ))}
          </ul>
        )}
      </section>

      <AuditTrail
        id="history-heading"
        title="Account history"
        description="What staff, or the customer using their data rights, did on this account, newest first."
        entries={history}
        empty="Nothing changed by staff yet."
        testId="customer-history"
      />
    </div>
  );
}
