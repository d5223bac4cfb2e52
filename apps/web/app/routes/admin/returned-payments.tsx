/**
 * Returned payments ('payments:view': owner and manager, never the warehouse): every card/wallet
 * payment the provider took whose order could not be placed, newest first, with how its return
 * stands (being returned, returned with the provider's refund id, or failed with the reason).
 * A failed one has "Try again" ('payments:record'), a plain form that works without JavaScript.
 */
import { data, Form, Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { adminAction } from '~/server/admin/admin-page.server';
import { RETURNED_PAYMENTS_NOTICES, returnedPaymentsFormSchema, returnedPaymentsPage } from '~/server/admin/returned-payments.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { londonDateTime, pounds } from '~/components/admin/admin-format';
import { Cell, ListHead, ListTable } from '~/components/admin/admin-kit';
import type { Route } from './+types/returned-payments';

export const meta: Route.MetaFunction = () => [{ title: 'Returned payments - Back office' }];

const PATH = '/admin/payments/returned';

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'payments:view');
  const rows = await context.services.unplacedPayments.list(staff);
  const { notice, headers } = await takeNotice(request, context, RETURNED_PAYMENTS_NOTICES);
  return data({ ...returnedPaymentsPage(staff, rows), notice }, { headers });
}

export const action = adminAction({
  permission: 'payments:record',
  schema: returnedPaymentsFormSchema,
  page: () => PATH,
  async run({ value, staff, context }) {
    await context.services.unplacedPayments.retry(staff, value.unplaced_payment_id);
    return 'retried';
  },
});

const STATE_TONES: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  refunded: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-800',
};

export default function ReturnedPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, notice } = loaderData;
  return (
    <div className="space-y-5">
      <ListHead
        title="Returned payments"
        intro="Card and wallet payments taken whose order could not be placed (an item sold out meanwhile, the basket changed). The shop returns each one through the payment provider by itself, trying again while the provider is down; a failed return needs you to try again or refund it by hand."
      />
      {notice ? <AdminMessage tone="success">{notice}</AdminMessage> : null}
      {actionData && !actionData.ok ? (
        <AdminMessage tone="error" testId="returned-payments-error">
          {actionData.message}
        </AdminMessage>
      ) : null}
      {rows.length === 0 ? (
        <p className="card p-5 text-sm text-stone-700" data-testid="returned-payments-empty">
          No payment has needed returning.
        </p>
      ) : (
        <ListTable
          id="returned-payments-heading"
          title="Payments returned or to return"
          testId="returned-payments"
          columns={['Taken', 'Customer', 'Payment', { label: 'Amount', right: true }, 'Why no order', 'Return']}
          items={rows}
          row={(row) => (
            <tr key={row.id} data-testid="returned-payment" data-state={row.state}>
              <Cell nowrap>{londonDateTime(row.createdAt)}</Cell>
              <Cell>
                {row.userId !== null ? (
                  <Link to={`/admin/customers/${row.userId}`} className="font-medium text-brand-700 hover:underline">
                    {row.customer?.name || `Customer ${row.userId}`}
                  </Link>
                ) : (
                  'Unknown'
                )}
                {row.customer?.email ? <span className="block text-xs text-stone-500">{row.customer.email}</span> : null}
              </Cell>
              <Cell>
                <span className="font-mono text-xs break-all">{row.reference}</span>
                <span className="block text-xs text-stone-500">{row.providerLabel}</span>
              </Cell>
              <Cell right>{pounds(row.amountPence)}</Cell>
              <Cell className="text-xs text-stone-700">{row.reason}</Cell>
              <Cell>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONES[row.state] ?? ''}`} data-testid="returned-payment-state">
                  {row.stateLabel}
                </span>
                {row.refundId ? <span className="block text-xs text-stone-600">Refund {row.refundId}</span> : null}
                {row.refundedAt ? <span className="block text-xs text-stone-600">{londonDateTime(row.refundedAt)}</span> : null}
                {row.failureReason ? <span className="block text-xs text-red-700">{row.failureReason}</span> : null}
                {row.mayRetry ? (
                  <Form method="post" className="mt-1">
                    <input type="hidden" name="unplaced_payment_id" value={row.id} />
                    <button type="submit" name="intent" value="retry" className="btn-secondary px-2 py-1 text-xs" data-testid="returned-payment-retry">
                      Try again
                    </button>
                  </Form>
                ) : null}
              </Cell>
            </tr>
          )}
        />
      )}
    </div>
  );
}
