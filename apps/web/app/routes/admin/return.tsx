/**
 * One return or claim for staff: what the customer asked for (items, reason, description, photos,
 * the window), and the steps the staff member's role allows now, as POST forms that work without
 * JavaScript: approve with instructions (the goods come back, or need not) or refuse with a
 * reason; record the goods received (back to stock or written off); settle by a refund (recorded
 * by hand, or through the card provider; the order's own refund path, credit note included), a
 * credit note that lowers what the customer still owes (an order not paid in full), or a
 * replacement shipment. Each step is e-mailed to the customer and shown on their order page.
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { itemDisplayName } from '@shop/contract/browser';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { RETURN_FORM_FIELDS, returnFormSchema, returnPage } from '~/server/admin/returns.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { Cell, Field, PageHead, Row, Table, useAdminAnswer } from '~/components/admin/admin-kit';
import { calendarDate, londonDateTime, pounds } from '~/components/admin/admin-format';
import type { Route } from './+types/return';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Return ${params.returnId} - Back office` }];

const NOTICES: Record<string, string> = {
  approved: 'Approved. The customer is e-mailed the instructions.',
  refused: 'Refused. The customer is e-mailed the reason.',
  received: 'The goods are recorded as received. The customer is told.',
  refunded: 'Refunded. The customer is e-mailed; a credit note is issued when the order was invoiced.',
  'refund-pending': 'The payment provider did not answer in time: the refund is pending on the order. Try it again from the order page.',
  'refund-failed': 'The payment provider refused the refund: see the order’s payment section. Nothing was refunded.',
  replaced: 'The replacement is recorded as sent. The customer is e-mailed.',
  credited: 'Settled by a credit note: what the customer owes on the order is lower by it. The customer is e-mailed the credit note.',
};

const NO_SUCH_RETURN = 'No such return.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'orders:view');
  const found = await foundOr404(context.services.returns.detail(staff, recordIdOf(params.returnId, NO_SUCH_RETURN)), NO_SUCH_RETURN);
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data({ ...returnPage(staff, found), today: new Date().toISOString().slice(0, 10), notice }, { headers });
}

// Core checks each step again: the return's state and the staff member's role (return-states.ts).
export const action = adminAction({
  permission: 'orders:view',
  record: { param: 'returnId', notFound: NO_SUCH_RETURN },
  schema: returnFormSchema,
  keep: RETURN_FORM_FIELDS,
  keepMax: 1200,
  async run({ value: step, staff, id: returnId, context }) {
    const returns = context.services.returns;
    switch (step.intent) {
      case 'approve':
        await returns.approve(staff, returnId, step.version, { goodsBack: step.goods_back, instructions: step.instructions });
        return 'approved';
      case 'refuse':
        await returns.refuse(staff, returnId, step.version, step.refusal_reason);
        return 'refused';
      case 'receive':
        await returns.receive(staff, returnId, step.version, { writtenOff: step.outcome === 'written-off' });
        return 'received';
      case 'refund':
        await returns.settleByRecordedRefund(staff, returnId, step.version, {
          amountPence: step.amount,
          receivedOn: step.received_on,
          bankReference: step.bank_reference,
          orderVersion: step.order_version,
        });
        return 'refunded';
      case 'provider-refund': {
        const state = await returns.settleByProviderRefund(staff, returnId, step.version, { amountPence: step.amount, orderVersion: step.order_version });
        return state === 'completed' ? 'refunded' : `refund-${state}`;
      }
      case 'credit':
        await returns.settleByCredit(staff, returnId, step.version, { amountPence: step.amount });
        return 'credited';
      case 'replace':
        await returns.settleByReplacement(staff, returnId, step.version, { carrier: step.carrier, trackingNumber: step.tracking_number });
        return 'replaced';
    }
  },
});

export default function ReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { found, carriers, refundProviderLabel, goodsBackByDefault, allowed, today, notice } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const { failed, errorOf, valueOf } = useAdminAnswer(actionData);
  const version = <input type="hidden" name="version" value={found.version} />;
  const orderVersion = <input type="hidden" name="order_version" value={found.order.version} />;
  const suggested = (found.valuePence / 100).toFixed(2);

  return (
    <div className="space-y-6" data-testid="admin-return" data-version={found.version}>
      <PageHead
        back={{ to: '/admin/returns', label: 'Returns' }}
        title={
          <>
            Return {found.returnId} <span className="text-base font-normal text-stone-600">on</span>{' '}
            <Link to={`/admin/orders/${found.orderId}`} className="text-brand-700 hover:underline">
              order #{found.orderId}
            </Link>
          </>
        }
        state={found.stateLabel}
        stateTestId="admin-return-state"
        notice={notice}
        failure={failed?.message}
      >
        <p className="mt-1 text-sm text-stone-600">
          {/* Who asked is hidden from the warehouse (core answers no customer), as on the order page. */}
          Asked {londonDateTime(found.createdAt)}
          {found.customer ? ` by ${found.customer.name} (${found.customer.email})` : ''}
        </p>
      </PageHead>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <section className="card p-5" aria-labelledby="asked-heading">
            <h2 id="asked-heading" className="text-base font-semibold text-stone-900">
              What the customer asked
            </h2>
            <dl className="mt-2 text-sm">
              <Row label="Reason">{found.reasonLabel}</Row>
              {found.faultFoundOn ? <Row label="Fault found on">{calendarDate(found.faultFoundOn)}</Row> : null}
              <Row label="Window open until">{calendarDate(found.windowUntil)} (when asked)</Row>
              <Row label="Delivered">{found.order.deliveredAt ? londonDateTime(found.order.deliveredAt) : 'Not marked delivered'}</Row>
              <Row label="Description">
                <span className="whitespace-pre-line">{found.description}</span>
              </Row>
            </dl>
            <Table
              className="mt-3"
              testId="return-lines"
              columns={['Item', { label: 'Packs', right: true }, { label: 'Units', right: true }]}
              items={found.lines}
              row={(line) => (
                <tr key={line.orderLineId}>
                  <Cell>
                    {itemDisplayName(line.productName, line.size1)}
                    <span className="block text-xs text-stone-500">Pack of {line.qty}</span>
                  </Cell>
                  <Cell right>{line.count}</Cell>
                  <Cell right>{line.count * line.qty}</Cell>
                </tr>
              )}
            />
            {allowed.money ? <p className="mt-2 text-sm text-stone-700">Value of these packs with VAT: {pounds(found.valuePence)}</p> : null}
            {found.photoCount > 0 ? (
              <div className="mt-4 flex flex-wrap gap-3" data-testid="return-photos">
                {Array.from({ length: found.photoCount }, (_, i) => (
                  <a key={i} href={`/admin/returns/${found.returnId}/photos/${i + 1}`} target="_blank" rel="noreferrer">
                    <img src={`/admin/returns/${found.returnId}/photos/${i + 1}`} alt={`Customer's photo ${i + 1}`} className="h-32 w-auto rounded border border-stone-200 object-cover" />
                  </a>
                ))}
              </div>
            ) : (
              <p className="mt-3 text-sm text-stone-600">No photos sent.</p>
            )}
          </section>

          {allowed.decide ? (
            <section className="card p-5" aria-labelledby="decide-heading">
              <h2 id="decide-heading" className="text-base font-semibold text-stone-900">
                Decide
              </h2>
              <div className="mt-3 grid gap-6 md:grid-cols-2">
                <Form method="post" className="space-y-3" data-testid="approve-form">
                  {version}
                  <h3 className="text-sm font-semibold text-stone-800">Approve</h3>
                  <label htmlFor="approve-goods_back" className="flex items-start gap-2 text-sm text-stone-800">
                    {/* Ticked or not by the reason (a damage or short-delivery claim: not); as sent when the form was refused. */}
                    <input
                      id="approve-goods_back"
                      name="goods_back"
                      type="checkbox"
                      defaultChecked={failed?.intent === 'approve' ? valueOf('approve', 'goods_back') === 'on' : goodsBackByDefault}
                      className="mt-0.5"
                    />
                    <span>The goods must come back to us</span>
                  </label>
                  <label htmlFor="approve-instructions" className="block text-sm">
                    <span className="font-medium text-stone-800">Instructions for the customer</span>
                    <span className="block text-xs text-stone-600">Where to send the goods, or that nothing needs to come back and what happens next.</span>
                    <textarea
                      id="approve-instructions"
                      name="instructions"
                      rows={4}
                      required
                      maxLength={1000}
                      className="form-input mt-1 w-full"
                      defaultValue={valueOf('approve', 'instructions')}
                      aria-invalid={errorOf('approve', 'instructions') ? true : undefined}
                    />
                    {errorOf('approve', 'instructions') ? <span className="mt-1 block text-sm text-red-700">{errorOf('approve', 'instructions')}</span> : null}
                  </label>
                  <button type="submit" name="intent" value="approve" className="btn-primary" disabled={busy}>
                    Approve and e-mail
                  </button>
                </Form>
                <Form method="post" className="space-y-3" data-testid="refuse-form">
                  {version}
                  <h3 className="text-sm font-semibold text-stone-800">Refuse</h3>
                  <Field form="refuse" label="Reason (the customer reads it)" name="refusal_reason" required maxLength={500} defaultValue={valueOf('refuse', 'refusal_reason')} error={errorOf('refuse', 'refusal_reason')} />
                  <button type="submit" name="intent" value="refuse" className="btn-secondary text-red-800" disabled={busy}>
                    Refuse and e-mail
                  </button>
                </Form>
              </div>
            </section>
          ) : null}

          {allowed.receive ? (
            <section className="card p-5" aria-labelledby="receive-heading">
              <h2 id="receive-heading" className="text-base font-semibold text-stone-900">
                Goods received
              </h2>
              <Form method="post" className="mt-3 space-y-3" data-testid="receive-form">
                {version}
                <fieldset className="space-y-1 text-sm">
                  <legend className="font-medium text-stone-800">What happens to them</legend>
                  <label className="flex items-center gap-2">
                    <input type="radio" name="outcome" value="stock" defaultChecked /> Back to stock (unopened, fit to sell)
                  </label>
                  <label className="flex items-center gap-2">
                    <input type="radio" name="outcome" value="written-off" /> Written off (damaged or opened)
                  </label>
                </fieldset>
                <button type="submit" name="intent" value="receive" className="btn-primary" disabled={busy}>
                  Record goods received
                </button>
              </Form>
            </section>
          ) : null}

          {allowed.refund || allowed.credit || allowed.replace ? (
            <section className="card p-5" aria-labelledby="settle-heading">
              <h2 id="settle-heading" className="text-base font-semibold text-stone-900">
                Settle
              </h2>
              <div className="mt-3 grid gap-6 md:grid-cols-2">
                {allowed.refund && refundProviderLabel ? (
                  <Form method="post" className="space-y-3" data-testid="return-refund-form">
                    {version}
                    {orderVersion}
                    <h3 className="text-sm font-semibold text-stone-800">Refund through {refundProviderLabel}</h3>
                    <Field form="provider-refund" label="Amount (£)" name="amount" inputMode="decimal" required defaultValue={valueOf('provider-refund', 'amount') ?? suggested} error={errorOf('provider-refund', 'amount')} />
                    <button type="submit" name="intent" value="provider-refund" className="btn-primary" disabled={busy}>
                      Refund and e-mail
                    </button>
                  </Form>
                ) : allowed.refund ? (
                  <Form method="post" className="space-y-3" data-testid="return-refund-form">
                    {version}
                    {orderVersion}
                    <h3 className="text-sm font-semibold text-stone-800">Refund paid back by bank transfer</h3>
                    <Field form="refund" label="Amount (£)" name="amount" inputMode="decimal" required defaultValue={valueOf('refund', 'amount') ?? suggested} error={errorOf('refund', 'amount')} />
                    <Field form="refund" label="Paid back on" name="received_on" type="date" max={today} required defaultValue={valueOf('refund', 'received_on') ?? today} error={errorOf('refund', 'received_on')} />
                    <Field form="refund" label="Bank reference" name="bank_reference" required maxLength={50} defaultValue={valueOf('refund', 'bank_reference') ?? `RETURN ${found.returnId}`} error={errorOf('refund', 'bank_reference')} />
                    <button type="submit" name="intent" value="refund" className="btn-primary" disabled={busy}>
                      Record refund and e-mail
                    </button>
                  </Form>
                ) : null}
                {allowed.credit ? (
                  <Form method="post" className="space-y-3" data-testid="return-credit-form">
                    {version}
                    <h3 className="text-sm font-semibold text-stone-800">Credit note (reduces what the customer owes)</h3>
                    <p className="text-xs text-stone-600">
                      {pounds(found.order.duePence)} is still owed on the order. The credit note comes off it; no money moves. Anything already paid above what is then owed shows
                      on the order as a refund due.
                    </p>
                    <Field
                      form="credit"
                      label="Amount to credit, VAT included (£)"
                      name="amount"
                      inputMode="decimal"
                      required
                      defaultValue={valueOf('credit', 'amount') ?? suggested}
                      error={errorOf('credit', 'amount')}
                    />
                    <button type="submit" name="intent" value="credit" className="btn-primary" disabled={busy}>
                      Issue credit note and e-mail
                    </button>
                  </Form>
                ) : null}
                {allowed.replace ? (
                  <Form method="post" className="space-y-3" data-testid="replace-form">
                    {version}
                    <h3 className="text-sm font-semibold text-stone-800">Send a replacement</h3>
                    <label htmlFor="replace-carrier" className="block text-sm">
                      <span className="font-medium text-stone-800">Carrier</span>
                      <select id="replace-carrier" name="carrier" required defaultValue={valueOf('replace', 'carrier') ?? ''} className="form-input mt-1 w-full">
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
                    <Field form="replace" label="Tracking number (none for our own van)" name="tracking_number" maxLength={50} defaultValue={valueOf('replace', 'tracking_number')} error={errorOf('replace', 'tracking_number')} />
                    <button type="submit" name="intent" value="replace" className="btn-secondary" disabled={busy}>
                      Record replacement sent
                    </button>
                  </Form>
                ) : null}
              </div>
            </section>
          ) : null}
        </div>

        <aside className="min-w-0 space-y-6">
          <section className="card p-5" aria-labelledby="steps-heading">
            <h2 id="steps-heading" className="text-base font-semibold text-stone-900">
              Steps (as the customer sees them)
            </h2>
            <ol className="mt-3 space-y-2 border-l border-stone-200 pl-4 text-sm" data-testid="admin-return-steps">
              {found.steps.map((step, i) => (
                <li key={i}>
                  <p className="text-stone-900">{step.text}</p>
                  {step.at ? <p className="text-xs text-stone-500">{londonDateTime(step.at)}</p> : null}
                </li>
              ))}
            </ol>
          </section>
          {allowed.money ? (
            <section className="card p-5" aria-labelledby="money-heading">
              <h2 id="money-heading" className="text-base font-semibold text-stone-900">
                The order's money
              </h2>
              <dl className="mt-2 text-sm">
                <Row label="Paid">{pounds(found.order.paidPence)}</Row>
                <Row label="Refunded">{pounds(found.order.refundedPence)}</Row>
                {found.order.creditedPence > 0 ? <Row label="Credited">{pounds(found.order.creditedPence)}</Row> : null}
                <Row label="Still owed">{pounds(found.order.duePence)}</Row>
              </dl>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
