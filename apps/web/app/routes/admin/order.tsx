/**
 * One order for staff: its lines, totals, addresses, payment, customer, note and
 * timeline, and the changes the staff member's role allows in its state, as POST forms that work
 * without JavaScript: record a payment (more than is due only when confirmed) or a refund paid
 * back by bank transfer, refund a card/wallet order through its provider (and try a refund the
 * provider did not answer again), dispatch (carrier and tracking number), mark delivered, cancel
 * (with a confirm step). Every field's id is its form's name and its own, so each label names
 * one field. Each form sends the version the page showed: if
 * someone else changed the order meanwhile, nothing is saved and the page says so with the fresh
 * order. A saved change redirects back here with a notice (post/redirect/get).
 */
import { data, Link, useNavigation } from 'react-router';
import { ORDER_FORM_FIELDS, orderFormSchema, orderPage } from '~/server/admin/order.server';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import { CreditNotesSection } from '~/components/admin/credit-notes-section';
import { calendarDate, londonDateTime } from '~/components/admin/admin-format';
import { StaffNotesSection } from '~/components/admin/staff-notes';
import { NOTICES } from '~/components/admin/order-words';
import { OrderLinesPanel } from '~/components/admin/order-panels/order-lines-panel';
import { DispatchPanel } from '~/components/admin/order-panels/dispatch-panel';
import { ShipmentsPanel } from '~/components/admin/order-panels/shipments-panel';
import { DeliverPanel } from '~/components/admin/order-panels/deliver-panel';
import { MoneyPanel } from '~/components/admin/order-panels/money-panel';
import { CancelPanel } from '~/components/admin/order-panels/cancel-panel';
import { CancelLinesPanel } from '~/components/admin/order-panels/cancel-lines-panel';
import { TimelinePanel } from '~/components/admin/order-panels/timeline-panel';
import { DeliveryPanel } from '~/components/admin/order-panels/delivery-panel';
import { PaymentPanel } from '~/components/admin/order-panels/payment-panel';
import { OrderReturnsPanel } from '~/components/admin/order-panels/returns-panel';
import { CustomerPanel } from '~/components/admin/order-panels/customer-panel';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Order #${params.orderId} - Back office` }];

const NO_SUCH_ORDER = 'No such order.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'orders:view');
  const orderId = recordIdOf(params.orderId, NO_SUCH_ORDER);
  const order = await foundOr404(context.services.orderAdministration.detail(orderId, staff), NO_SUCH_ORDER);
  const url = new URL(request.url);
  const page = orderPage(staff, order);
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data(
    {
      ...page,
      creditNotes: page.allowed.invoice ? await context.services.documents.staffCreditNotes(orderId) : null,
      returns: await context.services.returns.ofOrder(staff, orderId),
      staffNotes: await context.services.staffNotes.of({ orderId }),
      today: new Date().toISOString().slice(0, 10),
      confirmCancel: url.searchParams.get('confirm') === 'cancel',
      notice,
    },
    { headers },
  );
}

/** What the page and its panels (components/admin/order-panels) are given. */
export type OrderPageData = Route.ComponentProps['loaderData'];

// Core checks each change again: the order's state and the staff member's role (order-states.ts).
export const action = adminAction({
  permission: 'orders:view',
  record: { param: 'orderId', notFound: NO_SUCH_ORDER },
  schema: orderFormSchema,
  keep: ORDER_FORM_FIELDS,
  keepMax: 300,
  async run({ value: change, staff, id: orderId, context }) {
    const admin = context.services.orderAdministration;
    switch (change.intent) {
      case 'dispatch':
        await admin.dispatch(staff, orderId, change.version, { carrier: change.carrier, trackingNumber: change.tracking_number });
        return 'dispatched';
      case 'ship': {
        const shipped = await admin.shipments.ship(staff, orderId, change.version, {
          carrier: change.carrier,
          trackingNumber: change.tracking_number,
          lines: change.lines.map((line) => ({ orderLineId: line.order_line_id, count: line.count, deliveredUnits: line.delivered_units ?? null })),
          customerAgreed: change.customer_agreed ? { note: change.agreement_note } : null,
        });
        return shipped.complete && shipped.number === 1 ? 'dispatched' : 'shipped';
      }
      case 'correct-shipment':
        await admin.shipments.correct(staff, orderId, change.version, change.shipment, { carrier: change.carrier, trackingNumber: change.tracking_number });
        return 'corrected';
      case 'deliver':
        await admin.markDelivered(staff, orderId, change.version, { deliveredOn: change.delivered_on });
        return 'delivered';
      case 'cancel':
        await admin.cancel(staff, orderId, change.version, change.reason);
        return 'cancelled';
      case 'cancel-lines': {
        const { takenOff } = await context.services.lineCancellation.cancelLines(
          staff,
          orderId,
          change.version,
          change.lines.map((line) => ({ orderLineId: line.order_line_id, count: line.count })),
          change.reason,
        );
        return takenOff ? 'lines-taken-off' : 'lines-cancelled';
      }
      case 'payment':
        await admin.recordPayment(staff, orderId, change.version, {
          amountPence: change.amount,
          receivedOn: change.received_on,
          bankReference: change.bank_reference,
          confirmOverpayment: change.confirm,
        });
        return 'paid';
      case 'refund':
        await admin.recordRefund(staff, orderId, change.version, {
          amountPence: change.amount,
          receivedOn: change.received_on,
          bankReference: change.bank_reference,
          reason: change.reason,
          cancelOrder: change.cancel_order,
        });
        return change.cancel_order ? 'refunded-cancelled' : 'refunded';
      case 'provider-refund': {
        const refund = await admin.refundThroughProvider(staff, orderId, change.version, { amountPence: change.amount, note: change.note, cancelOrder: change.cancel_order });
        return `refund-${refund.state}${change.cancel_order ? '-cancelled' : ''}`;
      }
      case 'retry-refund':
        return `refund-${(await admin.retryProviderRefund(staff, orderId, change.order_payment_id)).state}`;
      case 'note':
        await context.services.staffNotes.add(staff.staffId, { orderId }, change.note);
        return 'noted';
    }
  },
});

export default function OrderPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const { order, stateLabel, paymentLabel, readinessLabel, dispatchHoldText, heldByRefund, allowed, documents, notice, creditNotes, returns, staffNotes } = page;
  const busy = useNavigation().state !== 'idle';
  const answer = useAdminAnswer(actionData);
  const { failed, errorOf, valueOf } = answer;
  const here = `/admin/orders/${order.orderId}`;
  const panel = { page, answer, busy };

  return (
    <div className="space-y-6" data-testid="admin-order" data-version={order.version}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to="/admin/orders" className="text-brand-700 hover:underline">
              Orders
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Order #{order.orderId}</h1>
          <p className="mt-1 text-sm text-stone-600">
            Placed {londonDateTime(order.created)}
            {order.promisedDispatchDate ? ` · dispatch promised for ${calendarDate(order.promisedDispatchDate)}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-stone-900 px-3 py-1 text-sm font-semibold text-white" data-testid="admin-order-state">
            {stateLabel}
          </span>
          {allowed.money ? (
            <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900" data-testid="admin-order-payment">
              {paymentLabel}
            </span>
          ) : readinessLabel ? (
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ${order.mayDispatch ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`} data-testid="admin-order-payment">
              {readinessLabel}
            </span>
          ) : null}
          <a href={documents.pickingList} className="btn-secondary px-3 py-1.5" data-testid="picking-list-link">
            Picking list (PDF)
          </a>
          {allowed.invoice ? (
            <a href={documents.invoice} className="btn-secondary px-3 py-1.5" data-testid="invoice-link">
              VAT invoice (PDF)
            </a>
          ) : null}
        </div>
      </div>

      {notice ? <AdminMessage tone="success">{notice}</AdminMessage> : null}
      {heldByRefund && dispatchHoldText ? (
        <AdminMessage tone="info" testId="refund-hold">
          {dispatchHoldText}
        </AdminMessage>
      ) : null}
      {failed ? <AdminMessage tone="error">{failed.message}</AdminMessage> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <OrderLinesPanel page={page} />
          {allowed.dispatch ? <DispatchPanel {...panel} /> : null}
          {order.shipping.shipments.length > 0 ? <ShipmentsPanel page={page} busy={busy} /> : null}
          {allowed.deliver ? <DeliverPanel {...panel} /> : null}
          {allowed.recordPayment || allowed.recordRefund ? <MoneyPanel {...panel} /> : null}
          {allowed.cancel ? <CancelPanel {...panel} /> : null}
          {allowed.cancelLines ? <CancelLinesPanel {...panel} /> : null}
          <TimelinePanel page={page} />
        </div>

        <aside className="min-w-0 space-y-6">
          <StaffNotesSection notes={staffNotes} action={here} about="order" error={errorOf('note', 'note')} value={valueOf('note', 'note')} />
          <DeliveryPanel page={page} />
          <PaymentPanel page={page} busy={busy} />
          {creditNotes ? <CreditNotesSection creditNotes={creditNotes} /> : null}
          {returns.length > 0 ? <OrderReturnsPanel page={page} /> : null}
          <CustomerPanel page={page} />
        </aside>
      </div>
    </div>
  );
}
