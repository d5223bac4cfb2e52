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
import { data, Form, Link, useNavigation } from 'react-router';
import { isRecordId, vatLineLabel } from '@shop/contract/browser';
import { adminFailureOf, isNotFound, postedIntent, postedText } from '~/server/admin/admin-forms.server';
import { readForm, type FormProblems } from '~/server/forms.server';
import { ORDER_FORM_FIELDS, orderFormSchema, orderPage } from '~/server/admin/order.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { redirectWithNotice, takeNotice } from '~/server/admin/admin-notice.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { CreditNotesSection } from '~/components/admin/credit-notes-section';
import { calendarDate, londonDateTime, PAYMENT_METHOD_LABELS, pounds } from '~/components/admin/admin-format';
import { TestPaymentBadge } from '~/components/orders/test-payment-badge';
import { StaffNotesSection } from '~/components/admin/staff-notes';
import { Address, CancelWithRefund, Field, followAmount, MoneyFields, Row } from '~/components/admin/order-page-parts';
import { CHANGE_LABELS, EVENT_LABELS, NOTICES } from '~/components/admin/order-words';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Order #${params.orderId} - Back office` }];

function orderIdOf(params: { orderId?: string }): number {
  if (!isRecordId(params.orderId ?? '')) throw data({ message: 'No such order.' }, { status: 404 });
  return Number(params.orderId);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'orders:view');
  const orderId = orderIdOf(params);
  const order = await context.services.orderAdministration.detail(orderId, staff).catch((error: unknown) => {
    if (isNotFound(error)) throw data({ message: 'No such order.' }, { status: 404 });
    throw error;
  });
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

type Answer = { ok: false; intent: string; message: string; fields: Record<string, string>; values: Record<(typeof ORDER_FORM_FIELDS)[number], string> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'orders:view');
  const orderId = orderIdOf(params);
  const form = await readForm(request, orderFormSchema);
  const intent = postedIntent(form.posted);
  const values = postedText(form.posted, ORDER_FORM_FIELDS, 300);
  const fail = ({ message, fields, status }: FormProblems) =>
    data<Answer>({ ok: false, intent, message, fields, values }, { status });
  if (!form.ok) return fail(form.problems);
  const admin = context.services.orderAdministration;
  const back = (notice: string) => redirectWithNotice(`/admin/orders/${orderId}`, notice, context);
  const change = form.value;
  try {
    switch (change.intent) {
      case 'dispatch':
        await admin.dispatch(staff, orderId, change.version, { carrier: change.carrier, trackingNumber: change.tracking_number });
        return back('dispatched');
      case 'ship': {
        const shipped = await admin.shipments.ship(staff, orderId, change.version, {
          carrier: change.carrier,
          trackingNumber: change.tracking_number,
          lines: change.lines.map((line) => ({ orderLineId: line.order_line_id, count: line.count, deliveredUnits: line.delivered_units ?? null })),
          customerAgreed: change.customer_agreed ? { note: change.agreement_note } : null,
        });
        return back(shipped.complete && shipped.number === 1 ? 'dispatched' : 'shipped');
      }
      case 'correct-shipment':
        await admin.shipments.correct(staff, orderId, change.version, change.shipment, { carrier: change.carrier, trackingNumber: change.tracking_number });
        return back('corrected');
      case 'deliver':
        await admin.markDelivered(staff, orderId, change.version);
        return back('delivered');
      case 'cancel':
        await admin.cancel(staff, orderId, change.version, change.reason);
        return back('cancelled');
      case 'cancel-lines': {
        const { takenOff } = await context.services.lineCancellation.cancelLines(
          staff,
          orderId,
          change.version,
          change.lines.map((line) => ({ orderLineId: line.order_line_id, count: line.count })),
          change.reason,
        );
        return back(takenOff ? 'lines-taken-off' : 'lines-cancelled');
      }
      case 'payment':
        await admin.recordPayment(staff, orderId, change.version, {
          amountPence: change.amount,
          receivedOn: change.received_on,
          bankReference: change.bank_reference,
          confirmOverpayment: change.confirm,
        });
        return back('paid');
      case 'refund':
        await admin.recordRefund(staff, orderId, change.version, {
          amountPence: change.amount,
          receivedOn: change.received_on,
          bankReference: change.bank_reference,
          reason: change.reason,
          cancelOrder: change.cancel_order,
        });
        return back(change.cancel_order ? 'refunded-cancelled' : 'refunded');
      case 'provider-refund': {
        const refund = await admin.refundThroughProvider(staff, orderId, change.version, { amountPence: change.amount, note: change.note, cancelOrder: change.cancel_order });
        return back(`refund-${refund.state}${change.cancel_order ? '-cancelled' : ''}`);
      }
      case 'retry-refund':
        return back(`refund-${(await admin.retryProviderRefund(staff, orderId, change.order_payment_id)).state}`);
      case 'note':
        await context.services.staffNotes.add(staff.staffId, { orderId }, change.note);
        return back('noted');
    }
  } catch (error) {
    return fail(adminFailureOf(error));
  }
}


export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    order,
    stateLabel,
    paymentLabel,
    refundProviderLabel,
    readinessLabel,
    dispatchHoldText,
    heldByRefund,
    carriers,
    untrackedCarriers,
    linesToSend,
    today,
    allowed,
    documents,
    confirmCancel,
    notice,
    creditNotes,
    returns,
    staffNotes,
    madeToOrderStatement,
  } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const errorOf = (intent: string, field: string) => (failed?.intent === intent ? failed.fields[field] : undefined);
  const valueOf = (intent: string, field: keyof Answer['values']) => (failed?.intent === intent ? failed.values[field] : undefined);
  const here = `/admin/orders/${order.orderId}`;
  const version = <input type="hidden" name="version" value={order.version} />;
  const withdrawnOf = (orderLineId: number) => order.shipping.lines.find((line) => line.orderLineId === orderLineId)?.withdrawnPacks ?? 0;

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
          <section className="card overflow-x-auto" aria-labelledby="lines-heading">
            <h2 id="lines-heading" className="border-b border-stone-200 px-4 py-3 text-base font-semibold text-stone-900">
              What to send
            </h2>
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2">Item</th>
                  <th scope="col" className="px-4 py-2 text-right">Packs</th>
                  <th scope="col" className="px-4 py-2 text-right">Units</th>
                  {allowed.money ? (
                    <>
                      <th scope="col" className="px-4 py-2 text-right">Price ex-VAT</th>
                      <th scope="col" className="px-4 py-2 text-right">Total ex-VAT</th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {order.lines.map((line) => (
                  <tr key={line.orderLineId}>
                    <td className="px-4 py-2">
                      {line.productName} <span className="text-stone-600">{line.size1}</span>
                      <span className="block text-xs text-stone-500">{line.kind === 'charge' ? 'Charge: no stock, not dispatched' : `Pack of ${line.qty}`}</span>
                      {withdrawnOf(line.orderLineId) > 0 ? (
                        <span className="block text-xs text-red-800" data-testid="withdrawn-packs">
                          {withdrawnOf(line.orderLineId)} taken off: cannot be supplied (credit note)
                        </span>
                      ) : null}
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{line.count}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{line.count * line.qty}</td>
                    {allowed.money ? (
                      <>
                        <td className="px-4 py-2 text-right tabular-nums">{pounds(line.pricePence)}</td>
                        <td className="px-4 py-2 text-right tabular-nums">{pounds(line.totalPricePence)}</td>
                      </>
                    ) : null}
                  </tr>
                ))}
              </tbody>
              {allowed.money ? (
                <tfoot className="text-sm">
                  {[
                    ['Items ex-VAT', order.totals.subTotalPence],
                    ['Delivery ex-VAT', order.totals.deliveryFeePence],
                    [vatLineLabel(order.vat), order.totals.totalTaxPence],
                    ['Total', order.totals.totalPence],
                  ].map(([label, pence]) => (
                    <tr key={label as string}>
                      <td colSpan={4} className="px-4 py-1 text-right text-stone-600">
                        {label}
                      </td>
                      <td className="px-4 py-1 text-right font-medium tabular-nums">{pounds(pence as number)}</td>
                    </tr>
                  ))}
                </tfoot>
              ) : null}
            </table>
            {order.note ? (
              <p className="border-t border-stone-200 px-4 py-3 text-sm">
                <strong>Customer's note:</strong> {order.note}
              </p>
            ) : null}
          </section>

          {allowed.dispatch ? (
            <section className="card p-5" aria-labelledby="dispatch-heading">
              <h2 id="dispatch-heading" className="text-base font-semibold text-stone-900">
                {order.shipping.shipments.length > 0 ? 'Send the rest' : 'Dispatch'}
              </h2>
              {order.mayDispatch ? (
                <Form key={`ship-${order.version}`} method="post" className="mt-3 space-y-4" data-testid="dispatch-form">
                  {version}
                  <p className="text-sm text-stone-700">
                    Send everything in one parcel, or lower the packs to send some now and the rest later: the order reads "Part dispatched" until all has gone.
                  </p>
                  <div className="overflow-x-auto">
                    <table className="w-full text-left text-sm">
                      <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                        <tr>
                          <th scope="col" className="px-3 py-2">Item</th>
                          <th scope="col" className="px-3 py-2 text-right">Left to send</th>
                          <th scope="col" className="px-3 py-2">In this parcel</th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-stone-100">
                        {linesToSend.map((line, i) => (
                          <tr key={line.orderLineId} data-testid="ship-line">
                            <td className="px-3 py-2">
                              {line.itemName}
                              <span className="block text-xs text-stone-500">
                                Pack of {line.qty}
                                {line.custom ? ` · made to order: ${line.count * line.qty} units ordered, 90% to 110% may be delivered` : ''}
                              </span>
                            </td>
                            <td className="px-3 py-2 text-right tabular-nums">{line.remainingPacks}</td>
                            <td className="px-3 py-2">
                              <input type="hidden" name={`lines[${i}].order_line_id`} value={line.orderLineId} />
                              {line.custom ? (
                                <>
                                  <input type="hidden" name={`lines[${i}].count`} value={line.remainingPacks} />
                                  <label htmlFor={`ship-units-${line.orderLineId}`} className="block text-xs font-medium text-stone-800">
                                    Units delivered
                                    <input
                                      id={`ship-units-${line.orderLineId}`}
                                      name={`lines[${i}].delivered_units`}
                                      type="number"
                                      min={1}
                                      required
                                      defaultValue={line.count * line.qty}
                                      className="form-input mt-1 block w-32"
                                      aria-invalid={errorOf('ship', `delivered_units_${line.orderLineId}`) ? true : undefined}
                                    />
                                  </label>
                                  {errorOf('ship', `delivered_units_${line.orderLineId}`) ? (
                                    <span className="mt-1 block text-xs text-red-700">{errorOf('ship', `delivered_units_${line.orderLineId}`)}</span>
                                  ) : null}
                                </>
                              ) : (
                                <>
                                  <label htmlFor={`ship-count-${line.orderLineId}`}>
                                    <span className="sr-only">Packs of {line.itemName} in this parcel</span>
                                    <input
                                      id={`ship-count-${line.orderLineId}`}
                                      name={`lines[${i}].count`}
                                      type="number"
                                      min={0}
                                      max={line.remainingPacks}
                                      defaultValue={line.remainingPacks}
                                      className="form-input w-24"
                                    />
                                  </label>
                                  {errorOf('ship', `count_${line.orderLineId}`) ? <span className="mt-1 block text-xs text-red-700">{errorOf('ship', `count_${line.orderLineId}`)}</span> : null}
                                </>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {linesToSend.some((line) => line.custom) ? (
                    <fieldset className="space-y-2 rounded-md border border-stone-200 p-3">
                      <legend className="px-1 text-sm font-medium text-stone-800">A made-to-order quantity outside 10%</legend>
                      <label htmlFor="ship-customer-agreed" className="flex items-start gap-2 text-sm text-stone-800">
                        <input id="ship-customer-agreed" name="customer_agreed" type="checkbox" className="mt-0.5" />
                        <span>The customer agreed to this quantity</span>
                      </label>
                      <Field
                        form="ship"
                        label="How they agreed (who, when, how)"
                        name="agreement_note"
                        maxLength={200}
                        defaultValue={valueOf('ship', 'agreement_note')}
                        error={errorOf('ship', 'agreement_note')}
                      />
                    </fieldset>
                  ) : null}
                  <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                    <label htmlFor="dispatch-carrier" className="block text-sm">
                      <span className="font-medium text-stone-800">Carrier</span>
                      <select id="dispatch-carrier" name="carrier" required defaultValue={valueOf('ship', 'carrier') ?? ''} className="form-input mt-1 w-full">
                        <option value="" disabled>
                          Choose
                        </option>
                        {carriers.map((carrier) => (
                          <option key={carrier} value={carrier}>
                            {carrier}
                          </option>
                        ))}
                      </select>
                    </label>
                    <Field
                      form="dispatch"
                      label={`Tracking number (none for ${untrackedCarriers.join(', ').toLowerCase().replace('own van', 'our own van')})`}
                      name="tracking_number"
                      maxLength={50}
                      defaultValue={valueOf('ship', 'tracking_number')}
                      error={errorOf('ship', 'tracking_number')}
                    />
                    <button type="submit" name="intent" value="ship" className="btn-primary" disabled={busy}>
                      Mark dispatched
                    </button>
                  </div>
                </Form>
              ) : (
                <p className="mt-2 text-sm text-amber-900" data-testid="dispatch-hold">
                  {dispatchHoldText}
                </p>
              )}
            </section>
          ) : null}

          {order.shipping.shipments.length > 0 ? (
            <section className="card p-5" aria-labelledby="shipments-heading" data-testid="shipments">
              <h2 id="shipments-heading" className="text-base font-semibold text-stone-900">
                Shipments
              </h2>
              {madeToOrderStatement ? (
                <p className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950" data-testid="admin-made-to-order">
                  The customer is told: “{madeToOrderStatement}”
                </p>
              ) : null}
              <ol className="mt-3 space-y-4">
                {order.shipping.shipments.map((shipment) => (
                  <li key={shipment.number} className="text-sm" data-testid="shipment">
                    <p className="font-medium text-stone-900">
                      Shipment {shipment.number}: {londonDateTime(shipment.dispatchedAt)}, {shipment.carrier}
                      {shipment.trackingNumber ? (
                        <>
                          , tracking{' '}
                          {shipment.trackingUrl ? (
                            <a href={shipment.trackingUrl} className="text-brand-700 underline" rel="noreferrer" target="_blank">
                              {shipment.trackingNumber}
                            </a>
                          ) : (
                            shipment.trackingNumber
                          )}
                        </>
                      ) : (
                        ', no tracking number'
                      )}
                      {shipment.by ? <span className="font-normal text-stone-600"> by {shipment.by}</span> : null}
                    </p>
                    <ul className="mt-1 list-disc pl-5 text-stone-700">
                      {shipment.lines.map((line) => (
                        <li key={line.orderLineId}>
                          {line.count} x {line.itemName} (pack of {line.qty}){line.deliveredUnits !== null ? `: ${line.deliveredUnits} units delivered` : ''}
                        </li>
                      ))}
                    </ul>
                    {allowed.correctShipment ? (
                      <details className="mt-2">
                        <summary className="cursor-pointer text-brand-700">Correct the carrier or tracking number</summary>
                        <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid={`correct-shipment-${shipment.number}`}>
                          {version}
                          <input type="hidden" name="shipment" value={shipment.number} />
                          <label htmlFor={`correct-${shipment.number}-carrier`} className="block text-sm">
                            <span className="font-medium text-stone-800">Carrier</span>
                            <select id={`correct-${shipment.number}-carrier`} name="carrier" required defaultValue={shipment.carrier} className="form-input mt-1 w-full">
                              {carriers.map((carrier) => (
                                <option key={carrier} value={carrier}>
                                  {carrier}
                                </option>
                              ))}
                            </select>
                          </label>
                          <Field form={`correct-${shipment.number}`} label="Tracking number" name="tracking_number" maxLength={50} defaultValue={shipment.trackingNumber ?? ''} />
                          <button type="submit" name="intent" value="correct-shipment" className="btn-secondary" disabled={busy}>
                            Correct and tell the customer
                          </button>
                        </Form>
                      </details>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          {allowed.deliver ? (
            <Form method="post" className="card flex flex-wrap items-center justify-between gap-3 p-5">
              {version}
              <p className="text-sm text-stone-700">
                {order.shipping.shipments.length > 1
                  ? `Sent in ${order.shipping.shipments.length} shipments.`
                  : `Sent with ${order.dispatch.carrier}${order.dispatch.trackingNumber ? `, tracking ${order.dispatch.trackingNumber}` : ''}.`}
              </p>
              <button type="submit" name="intent" value="deliver" className="btn-primary" disabled={busy}>
                Mark delivered
              </button>
            </Form>
          ) : null}

          {allowed.recordPayment || allowed.recordRefund ? (
            <section className="card p-5" aria-labelledby="money-heading">
              <h2 id="money-heading" className="text-base font-semibold text-stone-900">
                Record money
              </h2>
              <div className="mt-3 grid gap-6 md:grid-cols-2">
                {allowed.recordPayment ? (
                  <Form key={`payment-${order.version}`} method="post" className="space-y-3" data-testid="payment-form">
                    {version}
                    <h3 className="text-sm font-semibold text-stone-800">{order.status === 'Cancelled' ? 'Money received after cancelling' : 'A payment received'}</h3>
                    {order.status === 'Cancelled' ? (
                      <p className="text-xs text-stone-600">The order is cancelled, so all of it is owed back: it then shows as a refund due, refunded with the form beside.</p>
                    ) : null}
                    <MoneyFields
                      form="payment"
                      dateLabel="Received on"
                      suggestedPence={order.payment.duePence}
                      reference={order.payment.reference}
                      today={today}
                      valueOf={valueOf}
                      errorOf={errorOf}
                    />
                    {/* Core refused more than is due: its words say what ticking this records. */}
                    {errorOf('payment', 'confirm') ? (
                      <label htmlFor="payment-confirm" className="flex items-start gap-2 text-sm font-medium text-stone-800" data-testid="confirm-overpayment">
                        <input id="payment-confirm" name="confirm" type="checkbox" className="mt-0.5" />
                        <span>{errorOf('payment', 'confirm')}</span>
                      </label>
                    ) : null}
                    <button type="submit" name="intent" value="payment" className="btn-primary" disabled={busy}>
                      Record payment
                    </button>
                  </Form>
                ) : null}
                {allowed.recordRefund && refundProviderLabel ? (
                  <Form key={`refund-${order.version}`} method="post" className="space-y-3" data-testid="refund-form" onInput={followAmount}>
                    {version}
                    <h3 className="text-sm font-semibold text-stone-800">A refund through {refundProviderLabel}</h3>
                    <p className="text-xs text-stone-600">
                      Sent to {refundProviderLabel} against the captured payment; at most {pounds(order.payment.refundablePence)}.
                    </p>
                    <Field
                      form="refund"
                      label="Amount (£)"
                      name="amount"
                      inputMode="decimal"
                      required
                      defaultValue={valueOf('provider-refund', 'amount') ?? (order.payment.owedPence > 0 ? (order.payment.owedPence / 100).toFixed(2) : undefined)}
                      error={errorOf('provider-refund', 'amount')}
                    />
                    <Field form="refund" label="Note to the customer (optional)" name="note" maxLength={255} defaultValue={valueOf('provider-refund', 'note')} error={errorOf('provider-refund', 'note')} />
                    {allowed.cancelWithRefund ? (
                      <CancelWithRefund
                        form="provider-refund"
                        refundablePence={order.payment.refundablePence}
                        amountText={valueOf('provider-refund', 'amount') ?? (order.payment.owedPence > 0 ? (order.payment.owedPence / 100).toFixed(2) : undefined)}
                        posted={valueOf('provider-refund', 'cancel_order')}
                      />
                    ) : null}
                    <button type="submit" name="intent" value="provider-refund" className="btn-secondary" disabled={busy}>
                      Refund through {refundProviderLabel}
                    </button>
                  </Form>
                ) : allowed.recordRefund ? (
                  <Form key={`refund-${order.version}`} method="post" className="space-y-3" data-testid="refund-form" onInput={followAmount}>
                    {version}
                    <h3 className="text-sm font-semibold text-stone-800">A refund paid back</h3>
                    <MoneyFields form="refund" dateLabel="Paid back on" suggestedPence={order.payment.owedPence} reference="" today={today} valueOf={valueOf} errorOf={errorOf} />
                    <Field
                      form="refund"
                      label="Reason, for the customer's credit note (optional)"
                      name="reason"
                      maxLength={200}
                      defaultValue={valueOf('refund', 'reason') ?? ''}
                      error={errorOf('refund', 'reason')}
                    />
                    {allowed.cancelWithRefund ? (
                      <CancelWithRefund
                        form="refund"
                        refundablePence={order.payment.refundablePence}
                        amountText={valueOf('refund', 'amount') ?? (order.payment.owedPence > 0 ? (order.payment.owedPence / 100).toFixed(2) : undefined)}
                        posted={valueOf('refund', 'cancel_order')}
                      />
                    ) : null}
                    <button type="submit" name="intent" value="refund" className="btn-secondary" disabled={busy}>
                      Record refund
                    </button>
                  </Form>
                ) : null}
              </div>
            </section>
          ) : null}

          {allowed.cancel ? (
            <section className="card p-5" aria-labelledby="cancel-heading">
              <h2 id="cancel-heading" className="text-base font-semibold text-stone-900">
                Cancel the order
              </h2>
              {confirmCancel || failed?.intent === 'cancel' ? (
                <Form method="post" className="mt-3 space-y-3" data-testid="cancel-form">
                  {version}
                  <Field form="cancel" label="Reason (the customer reads it)" name="reason" required maxLength={200} defaultValue={valueOf('cancel', 'reason')} error={errorOf('cancel', 'reason')} />
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" name="intent" value="cancel" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy}>
                      Cancel order #{order.orderId}
                    </button>
                    <Link to={here} className="btn-secondary">
                      Keep the order
                    </Link>
                  </div>
                </Form>
              ) : (
                <p className="mt-2 text-sm text-stone-700">
                  The customer is e-mailed the reason; a paid order then shows "Refund due" until it is refunded, and the refund form offers what is owed.{' '}
                  <Link to={`${here}?confirm=cancel`} className="font-medium text-red-700 hover:underline">
                    Cancel this order…
                  </Link>
                </p>
              )}
            </section>
          ) : null}

          {allowed.cancelLines ? (
            <section className="card p-5" aria-labelledby="cancel-lines-heading">
              <h2 id="cancel-lines-heading" className="text-base font-semibold text-stone-900">
                Cannot supply some packs
              </h2>
              <details open={failed?.intent === 'cancel-lines'} className="mt-2">
                <summary className="cursor-pointer text-sm font-medium text-brand-700">Take packs that cannot be supplied off this order…</summary>
                <Form method="post" className="mt-3 space-y-3" data-testid="cancel-lines-form">
                  {version}
                  <p className="text-sm text-stone-700">
                    Enter how many packs of each line cannot be supplied. The stock set aside for them is released and the customer is e-mailed. Before the VAT invoice, the
                    totals, VAT and delivery are recomputed; once invoiced (or part dispatched), the invoice keeps its lines and a credit note credits the packs, lowering what
                    the customer owes. Either way any money paid above what is owed shows as a refund due, and an order with nothing left to send is marked dispatched.
                  </p>
                  <ul className="space-y-2">
                    {linesToSend.map((line, i) => (
                      <li key={line.orderLineId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                        <input type="hidden" name={`lines[${i}].order_line_id`} value={line.orderLineId} />
                        <label htmlFor={`cancel-lines-${line.orderLineId}`} className="min-w-0 flex-1">
                          {line.itemName}
                          <span className="block text-xs text-stone-500">
                            {line.remainingPacks} pack{line.remainingPacks === 1 ? '' : 's'} left to send
                          </span>
                        </label>
                        <input
                          id={`cancel-lines-${line.orderLineId}`}
                          name={`lines[${i}].count`}
                          type="number"
                          min={0}
                          max={line.remainingPacks}
                          defaultValue={0}
                          className="form-input w-24"
                        />
                      </li>
                    ))}
                  </ul>
                  <Field form="cancel-lines" label="Reason (the customer reads it)" name="reason" required maxLength={200} defaultValue={valueOf('cancel-lines', 'reason')} error={errorOf('cancel-lines', 'reason')} />
                  <button type="submit" name="intent" value="cancel-lines" className="btn-secondary text-red-800" disabled={busy}>
                    Take these packs off the order
                  </button>
                </Form>
              </details>
            </section>
          ) : null}

          <section className="card p-5" aria-labelledby="timeline-heading">
            <h2 id="timeline-heading" className="text-base font-semibold text-stone-900">
              Timeline
            </h2>
            <ol className="mt-3 space-y-3 border-l border-stone-200 pl-4" data-testid="order-timeline">
              {order.timeline.map((entry, i) => (
                <li key={i} className="text-sm">
                  <p className="font-medium text-stone-900">
                    {/* An order taken by phone was not placed by the customer: its next entry says who took it. */}
                    {entry.kind === 'placed' && order.timeline.some((e) => e.kind === 'taken-by-phone') ? 'Placed' : (EVENT_LABELS[entry.kind] ?? entry.kind)}
                    {entry.by ? <span className="font-normal text-stone-600">{entry.kind === 'taken-by-phone' ? `, ${entry.by}` : ` by ${entry.by}`}</span> : null}
                  </p>
                  <p className="text-xs text-stone-500">{londonDateTime(entry.at)}</p>
                  {entry.after && entry.kind !== 'placed' ? (
                    <p className="mt-0.5 text-xs break-words text-stone-700">
                      {Object.entries(entry.after)
                        .filter(([key]) => !key.endsWith('_id'))
                        .map(([key, value]) => `${CHANGE_LABELS[key] ?? key.replace(/_/g, ' ')}: ${/pence$/.test(key) ? pounds(Number(value)) : /_(on|date)$/.test(key) ? calendarDate(String(value)) : String(value)}`)
                        .join(' · ')}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside className="min-w-0 space-y-6">
          <StaffNotesSection notes={staffNotes} action={here} about="order" error={errorOf('note', 'note')} value={valueOf('note', 'note')} />
          <section className="card p-5" aria-labelledby="delivery-heading">
            <h2 id="delivery-heading" className="text-base font-semibold text-stone-900">
              Deliver to
            </h2>
            <div className="mt-2">
              <Address address={order.deliveryAddress} />
            </div>
            {order.dispatch.at ? (
              <dl className="mt-3 border-t border-stone-200 pt-2 text-sm">
                <Row label={order.status === 'PendingDelivery' ? 'First parcel left' : 'Dispatched'}>{londonDateTime(order.dispatch.at)}</Row>
                <Row label="Carrier">{order.dispatch.carrier}</Row>
                <Row label="Tracking">
                  {order.dispatch.trackingUrl ? (
                    <a href={order.dispatch.trackingUrl} className="text-brand-700 hover:underline" rel="noreferrer" target="_blank">
                      {order.dispatch.trackingNumber}
                    </a>
                  ) : (
                    (order.dispatch.trackingNumber ?? 'none (our own van)')
                  )}
                </Row>
                {order.dispatch.deliveredAt ? <Row label="Delivered">{londonDateTime(order.dispatch.deliveredAt)}</Row> : null}
              </dl>
            ) : null}
            {order.cancellation.at ? (
              <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
                Cancelled {londonDateTime(order.cancellation.at)}: {order.cancellation.reason}
              </p>
            ) : null}
          </section>

          <section className="card p-5" aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="text-base font-semibold text-stone-900">
              Payment
            </h2>
            <dl className="mt-2 text-sm">
              <Row label="Method">
                {PAYMENT_METHOD_LABELS[order.payment.method] ?? order.payment.method}
                {order.payment.isTest ? <TestPaymentBadge className="ml-2" /> : null}
              </Row>
              {order.payment.purchaseOrderNumber ? <Row label="Customer's PO">{order.payment.purchaseOrderNumber}</Row> : null}
              {allowed.money ? (
                <>
                  <Row label="Reference">{order.payment.reference}</Row>
                  <Row label="Status">{paymentLabel}</Row>
                  <Row label="Paid">{pounds(order.payment.paidPence)}</Row>
                  {order.payment.receivedPence > order.payment.paidPence ? <Row label="Received">{pounds(order.payment.receivedPence)}</Row> : null}
                  {order.payment.refundedPence > 0 ? <Row label="Refunded">{pounds(order.payment.refundedPence)}</Row> : null}
                  {order.payment.creditedPence > 0 ? (
                    <Row label="Credited">
                      <span data-testid="credited">{pounds(order.payment.creditedPence)}</span> <span className="text-stone-600">(credit notes, off what is owed)</span>
                    </Row>
                  ) : null}
                  {order.payment.duePence > 0 ? <Row label="Due">{pounds(order.payment.duePence)}</Row> : null}
                  {order.payment.refundDuePence > 0 ? (
                    <Row label="Refund due">
                      <span data-testid="refund-due">{pounds(order.payment.refundDuePence)}</span>
                    </Row>
                  ) : null}
                  {order.payment.dueDate ? <Row label="Due by">{calendarDate(order.payment.dueDate)}</Row> : null}
                </>
              ) : null}
            </dl>
            {order.payment.records.length > 0 ? (
              <ul className="mt-3 space-y-1 border-t border-stone-200 pt-2 text-xs text-stone-700" data-testid="payment-records">
                {order.payment.records.map((record) => (
                  <li key={record.orderPaymentId}>
                    {record.provider === null ? (
                      <>
                        {record.kind === 'payment' ? 'Received' : 'Refunded'} {pounds(record.amountPence)} on {calendarDate(record.receivedOn)}, ref. {record.bankReference}
                      </>
                    ) : record.providerState === 'completed' ? (
                      <>
                        Refunded {pounds(record.amountPence)} through {refundProviderLabel} on {calendarDate(record.receivedOn)}, refund {record.providerRefundId}
                      </>
                    ) : record.providerState === 'failed' ? (
                      <span className="text-red-800">
                        Refund of {pounds(record.amountPence)} refused by {refundProviderLabel}: {record.failureReason}
                      </span>
                    ) : (
                      <span className="font-medium text-amber-900" data-testid="refund-pending">
                        Refund of {pounds(record.amountPence)} pending with {refundProviderLabel}
                      </span>
                    )}
                    {record.by ? ` (${record.by})` : ''}
                    {record.providerState === 'pending' && allowed.retryRefund ? (
                      <Form method="post" className="mt-1">
                        <input type="hidden" name="order_payment_id" value={record.orderPaymentId} />
                        <button type="submit" name="intent" value="retry-refund" className="btn-secondary px-2 py-1 text-xs" disabled={busy}>
                          Try again
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          {creditNotes ? <CreditNotesSection creditNotes={creditNotes} /> : null}

          {returns.length > 0 ? (
            <section className="card p-5" aria-labelledby="returns-heading" data-testid="admin-order-returns">
              <h2 id="returns-heading" className="text-base font-semibold text-stone-900">
                Returns and claims
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {returns.map((r) => (
                  <li key={r.returnId}>
                    <Link to={`/admin/returns/${r.returnId}`} className="font-medium text-brand-700 hover:underline">
                      Return {r.returnId}
                    </Link>{' '}
                    <span className="text-stone-700">
                      {r.reasonLabel}: {r.stateLabel}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {order.customer ? (
            <section className="card p-5" aria-labelledby="customer-heading">
              <h2 id="customer-heading" className="text-base font-semibold text-stone-900">
                Customer
              </h2>
              <dl className="mt-2 text-sm">
                <Row label="Name">
                  <Link to={`/admin/customers/${order.customer.userId}`} className="text-brand-700 hover:underline">
                    {order.customer.name}
                  </Link>
                </Row>
                <Row label="E-mail">{order.customer.email}</Row>
                <Row label="Phone">{order.customer.phone}</Row>
                {order.customer.companyName ? <Row label="Company">{order.customer.companyName}</Row> : null}
                {order.customer.vatNumber ? <Row label="VAT number">{order.customer.vatNumber}</Row> : null}
              </dl>
              <h3 className="mt-4 text-sm font-semibold text-stone-800">Billing address</h3>
              <div className="mt-1">
                <Address address={order.billingAddress} />
              </div>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
