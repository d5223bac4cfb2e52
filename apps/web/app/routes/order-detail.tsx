/**
 * One order (SPEC 2 "Order detail"), query orderId; needs a signed-in customer (else /signin).
 * Order number, placed date, payment reference, status, delivery address, totals, delivery note
 * and the lines; for a bank transfer order, the payee details and the reference to pay with.
 * The payment step and an accepted quote come here with `placed=1` (placedOrderPath), which adds the thank-you banner. An id that is
 * malformed, unknown or another customer's shows 'Order not found' with a 404.
 * Once the order may have a VAT invoice (core/documents/invoice-eligibility.ts), a link downloads it
 * (/order-invoice); before that, the Order Details say when it will be available. The order's VAT
 * credit notes (a cancellation or refund of an invoiced order) are listed there with their links.
 */
import { data, Link, type MetaFunction } from 'react-router';
import type { CartDto } from '@shop/contract';
import { exportVatNote, formatPounds, isRecordId, vatLineLabel } from '@shop/contract/browser';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { CheckIcon } from '~/components/icons';
import { BankPayeeDetails } from '~/components/checkout/bank-transfer';
import type { OrderDto } from '~/components/checkout/checkout-types';
import { TotalsList } from '~/components/checkout/order-summary';
import { OrderAddressBlock } from '~/components/orders/order-address';
import { formatOrderDateTime, type ShownOrder } from '~/components/orders/order-format';
import { OrderLinesTable } from '~/components/orders/order-lines-table';
import { usePriceDisplay } from '~/components/price';
import { OrderStatusBadge } from '~/components/orders/order-status-badge';
import { TestPaymentBadge } from '~/components/orders/test-payment-badge';
import { OrderFulfilment, OrderShipments } from '~/components/orders/order-fulfilment';
import { formatPromisedDate } from '~/components/delivery/dispatch-promise-line';
import { ReorderButton } from '~/components/orders/reorder-button';
import { reorderOrder } from '~/server/orders/reorder.server';
import { shownOrder } from '~/server/orders/shown-order.server';
import { shownCreditNotes, type ShownCreditNote } from '~/server/orders/credit-notes.server';
import { failure, isNotFound, postedForm } from '~/server/forms.server';
import { dueCardPaymentOf, payDueByCard } from '~/server/orders/due-card-payment.server';
import { PAY_DUE_INTENT, PayDueByCard } from '~/components/orders/pay-due-by-card';
import type { PaymentsConfig } from '~/components/checkout/checkout-types';
import { OrderReturnsSection } from '~/components/orders/order-returns';
import type { OrderReturns } from '~/components/orders/order-returns';
import type { Route } from './+types/order-detail';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Order Detail', 'The details of your packaging order: delivery address, items, totals and payment.'),
  { name: 'robots', content: 'noindex' },
];


interface OrderDetailData {
  /** The order, or null when there is no such order of this customer. */
  order: ShownOrder | null;
  /** Just placed (the payment step, an accepted quote): show the thank-you banner. */
  placed: boolean;
  /** The VAT invoice: its download path when available, else why not yet. */
  invoice?: { available: boolean; path: string; reason: string | null } | null;
  /** The order's VAT credit notes, oldest first. */
  creditNotes?: ShownCreditNote[];
  /** Returns and claims: the windows today and the customer's returns with their steps (null before dispatch). */
  returns?: OrderReturns | null;
  /** What is due, as the card panel charges it, while something is due on an order that stands (null otherwise). */
  cardPayment?: CartDto | null;
  payments?: PaymentsConfig;
  /** Just paid by card (the action's redirect). */
  paidByCard?: boolean;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, '/signin');
  const search = new URL(request.url).searchParams;
  const orderId = search.get('orderId') ?? '';
  const notFound = data<OrderDetailData>({ order: null, placed: false }, { status: 404 });
  if (!isRecordId(orderId)) return notFound;
  try {
    const [order, invoice, creditNotes, returns] = await Promise.all([
      context.services.orders.detail(userId, Number(orderId)),
      context.services.documents.customerInvoiceStatus(userId, Number(orderId)),
      context.services.documents.customerCreditNotes(userId, Number(orderId)),
      context.services.returns.forCustomer(userId, Number(orderId)),
    ]);
    return data<OrderDetailData>({
      order: shownOrder(order),
      placed: search.get('placed') === '1',
      invoice,
      creditNotes: shownCreditNotes(creditNotes),
      returns: order.status === 'Dispatched' || order.status === 'Delivered' || returns.returns.length > 0 ? returns : null,
      cardPayment: dueCardPaymentOf(context, order),
      payments: context.payments,
      paidByCard: search.get('paid') === 'card',
    });
  } catch (error) {
    if (isNotFound(error)) return notFound;
    throw error;
  }
}

/** 'Order again': the order's lines go into the basket, then the basket page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  if (form.get('intent') === 'reorder') return reorderOrder(request, context, form);
  if (form.get('intent') === PAY_DUE_INTENT) return payDueByCard(request, context, form);
  return failure('invalid_request', 'Unknown order action.');
}

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, placed, invoice, creditNotes, returns, cardPayment, payments, paidByCard } = loaderData;
  const reorderError = actionData && !actionData.ok && actionData.intent !== PAY_DUE_INTENT ? actionData.message : null;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <Link to="/order-history" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="m15 18-6-6 6-6" />
        </svg>
        Past orders
      </Link>
      {order ? (
        <>
          <OrderView order={order} justPlaced={placed} reorderError={reorderError} invoice={invoice ?? null} creditNotes={creditNotes ?? []} />
          {paidByCard ? (
            <p className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900" role="status" data-testid="order-paid-by-card">
              Thank you: your card payment is recorded against this order.
            </p>
          ) : null}
          {cardPayment && payments ? <PayDueByCard orderId={order.order_id} cart={cardPayment} payments={payments} /> : null}
          {returns ? <OrderReturnsSection returns={returns} /> : null}
        </>
      ) : (
        <>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Order Detail</h1>
          <div className="card mt-6 max-w-xl p-6" role="alert" data-testid="order-missing">
            <p className="font-semibold text-stone-900">Order not found</p>
            <p className="mt-1 text-sm text-stone-600">We could not find this order in your account. It may belong to another account.</p>
            <Link to="/order-history" className="btn-primary mt-4">
              See your past orders
            </Link>
          </div>
        </>
      )}
    </main>
  );
}

const PAYMENT_METHOD_LABELS: Record<OrderDto['payment_method'], string> = {
  bank: 'Bank transfer',
  paypal: 'Card / Wallet',
  account: 'On account',
};

function OrderView({
  order,
  justPlaced,
  reorderError,
  invoice,
  creditNotes,
}: {
  order: ShownOrder;
  justPlaced: boolean;
  reorderError: string | null;
  invoice: OrderDetailData['invoice'] | null;
  creditNotes: ShownCreditNote[];
}) {
  const isBank = order.payment_method === 'bank';
  // The order's own reference (older orders keep the prefix + customer number they were placed with).
  const reference = order.payment_reference;
  const lines = order.orderLines ?? [];
  const prices = usePriceDisplay();

  return (
    <div data-testid="order-detail" data-order-id={order.order_id}>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Order <span data-testid="order-number">{order.order_id}</span>
        </h1>
        <OrderStatusBadge order={order} />
        <div className="flex w-full flex-col gap-2 sm:ml-auto sm:w-auto sm:flex-row sm:items-start">
          {invoice?.available ? (
            // A PDF from a resource route: a plain link (the browser's viewer opens it), not client navigation.
            <a href={invoice.path} className="btn-secondary w-full px-3 py-1.5 whitespace-nowrap sm:w-auto" data-testid="download-invoice">
              Download VAT invoice (PDF)
            </a>
          ) : null}
          {lines.length > 0 ? (
            <ReorderButton orderId={order.order_id} action={`/order-detail?orderId=${order.order_id}`} error={reorderError} quoted={order.quotedReorder} className="w-full sm:w-auto" />
          ) : null}
        </div>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        Placed on <time dateTime={order.created}>{formatOrderDateTime(order.created)}</time>
      </p>
      {order.promised_dispatch_date ? (
        <p className="mt-1 text-sm font-medium text-stone-900" data-testid="order-dispatch-promise">
          Dispatch promised for <time dateTime={order.promised_dispatch_date}>{formatPromisedDate(order.promised_dispatch_date)}</time>
        </p>
      ) : null}
      {order.expectedDelivery ? (
        <p className="mt-1 text-sm font-medium text-stone-900" data-testid="order-expected-delivery">
          {order.expectedDelivery}
        </p>
      ) : null}
      <OrderFulfilment order={order} className="mt-1" />

      {justPlaced ? (
        <div className="mt-5 flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900" role="status" data-testid="order-placed">
          <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
            <CheckIcon width={14} height={14} />
          </span>
          <div>
            <p className="font-semibold">Thank you, your order has been placed.</p>
            <p className="text-sm">
              {isBank
                ? 'We will dispatch it as soon as your bank transfer reaches us. A confirmation is on its way to your e-mail.'
                : order.payment_method === 'account'
                  ? 'It is on your trade account: we invoice you when we dispatch it. A confirmation is on its way to your e-mail.'
                  : order.payment_is_test
                    ? 'This was a test payment: no money was taken. A confirmation is on its way to your e-mail.'
                    : 'Your payment has been received and we are preparing your order. A confirmation is on its way to your e-mail.'}
            </p>
          </div>
        </div>
      ) : null}

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <section className="card p-5" aria-labelledby="order-info-heading">
          <h2 id="order-info-heading" className="text-base font-semibold text-stone-900">
            Order Details
          </h2>
          <dl className="mt-2 space-y-2 text-sm">
            <div>
              <dt className="text-stone-600">Order Number</dt>
              <dd className="font-medium text-stone-900">{order.order_id}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Placed</dt>
              <dd className="font-medium text-stone-900">{formatOrderDateTime(order.created)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Payment Reference</dt>
              <dd className="font-mono font-medium break-all text-stone-900" data-testid="order-reference">
                {reference || '—'}
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Payment Method</dt>
              <dd className="font-medium text-stone-900">
                {PAYMENT_METHOD_LABELS[order.payment_method]}
                {order.payment_is_test ? <TestPaymentBadge className="ml-2" /> : null}
              </dd>
            </div>
            {order.purchase_order_number ? (
              <div>
                <dt className="text-stone-600">Your Purchase Order</dt>
                <dd className="font-medium break-all text-stone-900" data-testid="order-purchase-order">
                  {order.purchase_order_number}
                </dd>
              </div>
            ) : null}
            {creditNotes.length > 0 ? (
              <div>
                <dt className="text-stone-600">VAT Credit Notes</dt>
                <dd data-testid="order-credit-notes">
                  <ul className="space-y-1">
                    {creditNotes.map((note) => (
                      <li key={note.number}>
                        {/* A PDF from a resource route: a plain link, as the invoice's. */}
                        <a href={note.path} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                          {note.number} (PDF)
                        </a>{' '}
                        <span className="text-stone-600">
                          {formatPounds(note.total)} credited on <time dateTime={note.date}>{formatPromisedDate(note.date)}</time>
                        </span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
            {invoice && !invoice.available && invoice.reason ? (
              <div>
                <dt className="text-stone-600">VAT Invoice</dt>
                <dd className="text-stone-900" data-testid="invoice-pending">
                  {invoice.reason}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section className="card p-5" aria-labelledby="order-address-heading">
          <h2 id="order-address-heading" className="text-base font-semibold text-stone-900">
            Delivery Address
          </h2>
          <div className="mt-2">{order.address ? <OrderAddressBlock address={order.address} /> : <p className="text-sm text-stone-600">Not recorded</p>}</div>
          <h3 className="mt-4 border-t border-stone-200 pt-3 text-sm font-semibold text-stone-900">Delivery Note</h3>
          <p className="mt-1 text-sm break-words text-stone-700" data-testid="order-note">
            {order.note?.trim() ? order.note : <span className="text-stone-600">No delivery note</span>}
          </p>
        </section>

        <section className="card p-5" aria-labelledby="order-totals-heading">
          <h2 id="order-totals-heading" className="text-base font-semibold text-stone-900">
            Order Total
          </h2>
          <div className="mt-2">
            <TotalsList
              subTotal={order.sub_total}
              offers={order.offers}
              deliveryFee={order.delivery_fee}
              vatLabel={vatLineLabel({ treatment: order.vat_treatment, ratePercent: order.vat_rate_percent })}
              totalTax={order.total_tax}
              total={order.total}
            />
          </div>
          <p className="mt-2 text-xs text-stone-600" data-testid="order-vat-note">
            {exportVatNote(order.vat_treatment) ??
              (prices.basis === 'inc'
                ? 'Prices inc VAT; the totals show VAT on its own line.'
                : 'Prices ex-VAT; VAT is included in the total.')}
          </p>
        </section>
      </div>

      {order.madeToOrderStatement ? (
        // The ±10% rule (SPEC 9) changed the total: said in words, with what is now due (DESIGN section 10 "Money").
        <section className="mt-6 rounded-lg border border-sky-300 bg-sky-50 px-5 py-4 text-sm text-sky-950" aria-labelledby="order-made-to-order-heading" data-testid="order-made-to-order">
          <h2 id="order-made-to-order-heading" className="font-semibold">
            Made to order: what we delivered
          </h2>
          <p className="mt-1">{order.madeToOrderStatement}</p>
          {order.amount_due > 0 && order.payment_method !== 'account' ? (
            <p className="mt-1">
              Pay it by bank transfer with your payment reference (details below).
            </p>
          ) : null}
        </section>
      ) : null}

      {/* The payee details while money is still owed (not once the shop recorded the transfer). */}
      {/* Also for a card order that now owes more (made-to-order lines delivered over what was ordered). */}
      {(isBank || order.payment_method === 'paypal') && (order.payment_status === 'awaiting_payment' || order.payment_status === 'part_paid') ? (
        <section className="mt-6 rounded-lg border border-accent-400 bg-white p-5 shadow-sm" aria-labelledby="order-bank-heading" data-testid="order-bank">
          <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
            <div>
              <h2 id="order-bank-heading" className="text-lg font-semibold text-stone-900">
                Paying by bank transfer
              </h2>
              <p className="mt-2 text-sm text-stone-700">
                If you have not made your transfer yet, please pay <strong className="text-stone-900">{formatPounds(order.amount_due)}</strong> to the account
                shown, using your payment reference so we can match it to this order.
                {order.status === 'PendingDelivery' ? ' We dispatch your order once the payment reaches us.' : ''}
              </p>
            </div>
            <BankPayeeDetails reference={reference} amount={order.amount_due} />
          </div>
        </section>
      ) : null}

      <OrderShipments order={order} />

      <section className="card mt-6 overflow-hidden" aria-labelledby="order-lines-heading">
        <h2 id="order-lines-heading" className="border-b border-stone-200 px-5 py-4 text-base font-semibold text-stone-900">
          Items ({lines.length})
        </h2>
        {lines.length > 0 ? <OrderLinesTable lines={lines} vatRatePercent={order.vat_rate_percent} /> : <p className="px-5 py-6 text-sm text-stone-600">No items recorded for this order.</p>}
      </section>
    </div>
  );
}

