/**
 * One quote for staff ('sales-desk'): what the customer asked (items, needed-by date, note,
 * artwork download), then, while it is a request, the pricing form (a line per requested item
 * and blank rows: description, units, unit price ex-VAT, custom; delivery charge; validity, the
 * shop's default unless changed; a note), the PDF to check, and Send. A sent quote can be
 * withdrawn with a reason. Every form posts natively and carries the version the page showed.
 */
import { itemDisplayName } from '@shop/contract/browser';
import { data, Form, Link, useNavigation } from 'react-router';
import { adminAction, foundOr404, FormRefusal, recordIdOf } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { CHARGE_CHOICE, dispatchForCore, linesForCore, QUEUE_LABELS, quoteFormSchema, quoteMovesOf, suggestedLineDescription } from '~/server/admin/quotes.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { Cell, PageHead, Table, useAdminAnswer } from '~/components/admin/admin-kit';
import { calendarDate, londonDateTime, pounds } from '~/components/admin/admin-format';
import type { Route } from './+types/quote';

export const meta: Route.MetaFunction = () => [{ title: 'Quote - Back office' }];

const NOTICES: Record<string, string> = {
  priced: 'Prices saved. Check the PDF, then send the quote.',
  sent: 'Sent: the customer is e-mailed the quote as a PDF with the link to accept it.',
  withdrawn: 'Withdrawn: the customer can no longer accept it and sees why.',
};

const NO_SUCH_QUOTE = 'No such quote.';

/** Blank rows offered under the priced (or suggested) lines. */
const BLANK_ROWS = 2;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'sales-desk');
  const quote = await foundOr404(context.services.quotes.forStaff(recordIdOf(params.quoteId, NO_SUCH_QUOTE)), NO_SUCH_QUOTE);
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  // A request not yet priced suggests a line per requested item.
  const lines =
    quote.lines.length > 0
      ? quote.lines.map((l) => ({
          productPriceId: l.kind === 'charge' ? CHARGE_CHOICE : String(l.productPriceId),
          description: l.description,
          quantity: l.quantity,
          unitPrice: (l.unitPricePence / 100).toFixed(2),
          isCustom: l.isCustom,
        }))
      : quote.items.map((item) => ({
          productPriceId: String(item.productPriceId),
          description: suggestedLineDescription(item),
          quantity: item.quantity,
          unitPrice: '',
          // Printed or custom-sized goods are made to order: the ±10% rule applies.
          isCustom: item.custom || item.printed,
        }));
  return data({ quote, lines, notice, moves: quoteMovesOf(staff, quote), stateLabel: QUEUE_LABELS[quote.state], chargeChoice: CHARGE_CHOICE }, { headers });
}

export const action = adminAction({
  permission: 'sales-desk',
  record: { param: 'quoteId', notFound: NO_SUCH_QUOTE },
  schema: quoteFormSchema,
  async run({ value: change, staff, id: quoteId, context }) {
    const quotes = context.services.quotes;
    switch (change.intent) {
      case 'price': {
        const { lines, problem } = linesForCore(change.lines);
        const { dispatch, problem: dispatchProblem } = dispatchForCore(change);
        const refused = problem ?? dispatchProblem;
        if (refused) throw new FormRefusal(refused.message, refused.field);
        await quotes.price(staff.staffId, quoteId, change.version, { lines, deliveryChargePence: change.deliveryCharge ?? 0, validityDays: change.validityDays ?? null, note: change.note, dispatch });
        return 'priced';
      }
      case 'send':
        await quotes.send(staff.staffId, quoteId, change.version);
        return 'sent';
      case 'withdraw':
        await quotes.withdraw(staff.staffId, quoteId, change.version, change.reason);
        return 'withdrawn';
    }
  },
});

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, lines, notice, moves, stateLabel, chargeChoice } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const { failed, failedFor: error } = useAdminAnswer(actionData);
  const rows = [...lines, ...Array.from({ length: BLANK_ROWS }, () => ({ productPriceId: String(quote.items[0]?.productPriceId ?? ''), description: '', quantity: '' as number | '', unitPrice: '', isCustom: false }))];
  const editable = moves.price;
  return (
    <div className="space-y-6">
      <PageHead
        back={{ to: '/admin/quotes', label: 'Quotes' }}
        title={`Quote ${quote.number}`}
        state={`${stateLabel}${quote.validUntil ? ` · valid until ${calendarDate(quote.validUntil)}` : ''}`}
        stateTestId="admin-quote-state"
        notice={notice}
        failure={failed && failed.intent !== 'price' ? failed.message : null}
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section className="card p-5" aria-labelledby="request-heading">
          <h2 id="request-heading" className="text-base font-semibold text-stone-900">
            What the customer asked for
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            On {londonDateTime(quote.requestedAt)}
            {quote.neededBy ? ` · needed by ${calendarDate(quote.neededBy)}` : ''}
          </p>
          <ul className="mt-3 space-y-2 text-sm text-stone-800" data-testid="requested-items">
            {quote.items.map((item, i) => (
              <li key={i}>
                <span className="font-medium">
                  {item.quantity.toLocaleString('en-GB')} units · {itemDisplayName(item.productName, item.size1)}
                </span>
                {item.printed ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">Printed{item.printColours ? `: ${item.printColours}` : ''}</span> : null}
                {item.custom ? <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-900">Custom{item.customSize ? `: ${item.customSize}` : ''}</span> : null}
                {item.notes ? <span className="block text-stone-600">{item.notes}</span> : null}
              </li>
            ))}
          </ul>
          {quote.requestNote ? <p className="mt-3 text-sm text-stone-700">“{quote.requestNote}”</p> : null}
          {quote.artwork ? (
            <p className="mt-3 text-sm">
              <a href={`/admin/quotes/${quote.quoteId}/artwork`} className="font-medium text-brand-700 hover:underline">
                Download the artwork ({quote.artwork.name})
              </a>
            </p>
          ) : null}
        </section>
        <aside className="card p-5 text-sm" aria-labelledby="customer-heading">
          <h2 id="customer-heading" className="text-base font-semibold text-stone-900">
            Customer
          </h2>
          <p className="mt-2">
            <Link to={`/admin/customers/${quote.customer.userId}`} className="font-medium text-brand-700 hover:underline">
              {quote.customer.name}
            </Link>
          </p>
          {quote.customer.companyName ? <p>{quote.customer.companyName}</p> : null}
          <p className="break-all text-stone-600">{quote.customer.email}</p>
          {quote.sentBy ? <p className="mt-3 text-stone-600">Sent by {quote.sentBy}{quote.sentAt ? ` on ${londonDateTime(quote.sentAt)}` : ''}</p> : null}
          {quote.orderId ? (
            <p className="mt-3">
              Accepted:{' '}
              <Link to={`/admin/orders/${quote.orderId}`} className="font-medium text-brand-700 hover:underline">
                order {quote.orderId}
              </Link>
            </p>
          ) : null}
          {quote.withdrawnReason ? <p className="mt-3 text-stone-700">Withdrawn: {quote.withdrawnReason}</p> : null}
        </aside>
      </div>

      <section className="card p-5" aria-labelledby="pricing-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="pricing-heading" className="text-base font-semibold text-stone-900">
            {editable ? 'Price the quote' : 'Prices'}
          </h2>
          {quote.lines.length > 0 ? (
            <a href={`/admin/quotes/${quote.quoteId}/quote.pdf`} className="text-sm font-medium text-brand-700 hover:underline">
              See the quote as the customer gets it (PDF)
            </a>
          ) : null}
        </div>
        {editable ? (
          <Form method="post" className="mt-3 space-y-4" data-testid="price-quote-form">
            <input type="hidden" name="intent" value="price" />
            <input type="hidden" name="version" value={quote.version} />
            {error('price') ? <AdminMessage tone="error">{error('price')!.message}</AdminMessage> : null}
            <p className="text-sm text-stone-600">
              Unit prices are in pounds ex-VAT. A row without a description is left out. Tick "Custom" when the delivered quantity may vary by ±10%. A charge such as print
              plates, set-up or origination is "For: a charge (no product, no stock)".
            </p>
            <div className="space-y-3">
              {rows.map((row, i) => {
                const field = (name: string) => `lines[${i}].${name}`;
                return (
                  <fieldset key={i} className="grid gap-3 rounded-md border border-stone-200 p-3 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_7rem_7rem_auto]" data-testid="quote-line-row">
                    <legend className="sr-only">Line {i + 1}</legend>
                    <div>
                      <label htmlFor={`line-${i}-pack`} className="form-label">
                        For
                      </label>
                      <select id={`line-${i}-pack`} name={field('productPriceId')} defaultValue={row.productPriceId} className="form-input w-full">
                        {quote.items.map((item) => (
                          <option key={item.productPriceId} value={item.productPriceId}>
                            {itemDisplayName(item.productName, item.size1)}
                          </option>
                        ))}
                        <option value={chargeChoice}>A charge (no product, no stock)</option>
                      </select>
                    </div>
                    <AdminField id={`line-${i}-description`} label="Description" name={field('description')} defaultValue={row.description} maxLength={200} error={failed?.fields?.[field('description')]} />
                    <AdminField id={`line-${i}-quantity`} label="Units" name={field('quantity')} type="number" min={1} defaultValue={row.quantity} error={failed?.fields?.[field('quantity')]} />
                    <AdminField id={`line-${i}-price`} label="Unit price £" name={field('unitPrice')} inputMode="decimal" defaultValue={row.unitPrice} error={failed?.fields?.[field('unitPrice')]} />
                    <label className="flex items-center gap-2 self-end pb-2 text-sm text-stone-800">
                      <input type="checkbox" name={field('isCustom')} defaultChecked={row.isCustom} /> Custom
                    </label>
                  </fieldset>
                );
              })}
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <AdminField id="delivery-charge" label="Delivery charge £ ex-VAT" name="deliveryCharge" inputMode="decimal" defaultValue={quote.deliveryChargePence === null ? '' : (quote.deliveryChargePence / 100).toFixed(2)} error={failed?.fields?.deliveryCharge} />
              <AdminField id="validity-days" label="Valid for (days)" name="validityDays" type="number" min={1} max={365} defaultValue={quote.validityDays} hint="From the day it is sent, to the end of the last day (UK time)." error={failed?.fields?.validityDays} />
            </div>
            <fieldset className="grid gap-4 sm:grid-cols-3" data-testid="quote-dispatch">
              <legend className="mb-1 text-sm font-semibold text-stone-900">When the order is dispatched (needed when a line is made to order)</legend>
              <AdminField
                id="lead-time-days"
                label="Dispatch within (working days)"
                name="leadTimeDays"
                type="number"
                min={1}
                max={120}
                defaultValue={quote.dispatch && 'leadWorkingDays' in quote.dispatch ? quote.dispatch.leadWorkingDays : ''}
                hint="From the day the customer accepts."
                error={failed?.fields?.leadTimeDays}
              />
              <AdminField
                id="dispatch-by"
                label="Or dispatch by (date)"
                name="dispatchBy"
                type="date"
                defaultValue={quote.dispatch && 'byDate' in quote.dispatch ? quote.dispatch.byDate : ''}
                hint={quote.neededBy ? `The customer needs it by ${calendarDate(quote.neededBy)}.` : undefined}
                error={failed?.fields?.dispatchBy}
              />
            </fieldset>
            <div>
              <label htmlFor="quote-note" className="form-label">
                Note to the customer (printed on the quote)
              </label>
              <textarea id="quote-note" name="note" rows={2} maxLength={1000} defaultValue={quote.quoteNote} className="form-input w-full" />
            </div>
            <button type="submit" className="btn-primary" disabled={busy}>
              Save prices
            </button>
          </Form>
        ) : (
          <Table
            className="mt-3"
            columns={['Description', { label: 'Units', right: true }, { label: 'Unit price', right: true }, { label: 'Amount ex-VAT', right: true }]}
            items={quote.lines}
            row={(l) => (
              <tr key={l.lineNumber}>
                <Cell>
                  {l.description}
                  {l.isCustom ? <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-900">Custom ±10%</span> : null}
                  {l.kind === 'charge' ? <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-800">Charge, no stock</span> : null}
                </Cell>
                <Cell right>{l.quantity.toLocaleString('en-GB')}</Cell>
                <Cell right>{pounds(l.unitPricePence)}</Cell>
                <Cell right>{pounds(l.totalPence)}</Cell>
              </tr>
            )}
            after={
              <tr>
                <Cell colSpan={3}>Delivery</Cell>
                <Cell right>{pounds(quote.deliveryChargePence ?? 0)}</Cell>
              </tr>
            }
          />
        )}
        {moves.send ? (
          <Form method="post" className="mt-5 border-t border-stone-200 pt-4" data-testid="send-quote-form">
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="version" value={quote.version} />
            <p className="text-sm text-stone-700">
              Priced at {pounds(quote.subTotalPence)} ex-VAT plus {pounds(quote.deliveryChargePence ?? 0)} delivery. {quote.dispatchText ? `${quote.dispatchText}. ` : ''}Sending e-mails {quote.customer.email} the PDF and a link to accept it, valid for {quote.validityDays} days.
            </p>
            <button type="submit" className="btn-primary mt-3" disabled={busy}>
              Send the quote to the customer
            </button>
          </Form>
        ) : null}
      </section>

      {moves.withdraw ? (
        <section className="card p-5" aria-labelledby="withdraw-heading">
          <h2 id="withdraw-heading" className="text-base font-semibold text-stone-900">
            Withdraw the quote
          </h2>
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="version" value={quote.version} />
            <AdminField id="withdraw-reason" label="Reason (the customer sees it)" name="reason" maxLength={200} required error={failed?.intent === 'withdraw' ? failed.fields?.reason : undefined} />
            <button type="submit" className="btn-secondary" disabled={busy}>
              Withdraw
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
