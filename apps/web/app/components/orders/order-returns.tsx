/**
 * The order page's returns and claims (routes/order-detail.tsx): each return the customer opened
 * with what they wrote, its steps (requested, approved with the instructions or refused with the reason, goods
 * received, refunded or replacement sent) and photos, and a link to open one while a window is
 * open, or, once every window has closed, why.
 */
import { itemDisplayName } from '@shop/contract/browser';
import { Link } from 'react-router';
import { formatOrderDateTime } from './order-format';

/** What core answers for an order's returns (core/returns/returns.ts OrderReturns), as the page receives it. */
export interface OrderReturns {
  orderId: number;
  windows: { reason: string; open: boolean; until: string | null; text: string }[];
  lines: { orderLineId: number; returnableCount: number }[];
  returns: {
    returnId: number;
    reasonLabel: string;
    stateLabel: string;
    state: string;
    description: string;
    lines: { orderLineId: number; productName: string; size1: string; qty: number; count: number }[];
    photoCount: number;
    steps: { at: string; kind: string; text: string }[];
    replacementTrackingUrl: string | null;
  }[];
}

export function OrderReturnsSection({ returns }: { returns: OrderReturns }) {
  const anyOpen = returns.windows.some((w) => w.open) && returns.lines.some((l) => l.returnableCount > 0);
  return (
    <section id="returns" className="card mt-6 p-5" aria-labelledby="returns-heading" data-testid="order-returns">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="returns-heading" className="text-base font-semibold text-stone-900">
          Returns and claims
        </h2>
        {anyOpen ? (
          <Link to={`/order-return?orderId=${returns.orderId}`} className="btn-secondary px-3 py-1.5" data-testid="open-return">
            Return or claim items
          </Link>
        ) : null}
      </div>
      {!returns.windows.some((w) => w.open) ? (
        <div className="mt-2 text-sm text-stone-700" data-testid="returns-closed">
          <p>A return or claim can no longer be opened online for this order:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {returns.windows.map((w) => (
              <li key={w.reason}>{w.text}</li>
            ))}
          </ul>
        </div>
      ) : returns.returns.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">
          Something wrong with your order? You can return unopened goods within 30 days of delivery, report damage or a short delivery within 3 days, and claim for
          faults within 14 days of finding them (at most 30 days from delivery) or under our 6-month warranty.
        </p>
      ) : null}
      {returns.returns.length > 0 ? (
        <ol className="mt-4 space-y-5">
          {returns.returns.map((r) => (
            <li key={r.returnId} className="rounded-md border border-stone-200 p-4" data-testid="customer-return" data-return-id={r.returnId}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-stone-900">
                  Return {r.returnId}: {r.reasonLabel}
                </p>
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800" data-testid="customer-return-state">
                  {r.stateLabel}
                </span>
              </div>
              <p className="mt-1 text-sm text-stone-700">
                {r.lines.map((l) => `${l.count} × ${itemDisplayName(l.productName, l.size1)}`).join('; ')}
              </p>
              {/* What the customer wrote, as staff read it: the steps and their answers refer to it. */}
              <div className="mt-2 text-sm" data-testid="customer-return-description">
                <p className="font-medium text-stone-900">What you told us</p>
                <p className="whitespace-pre-line break-words text-stone-700">{r.description}</p>
              </div>
              <ol className="mt-3 space-y-1 border-l border-stone-200 pl-3 text-sm" data-testid="customer-return-steps">
                {r.steps.map((step, i) => (
                  <li key={i} data-step={step.kind}>
                    <span className="text-stone-900">{step.text}</span>
                    {step.at ? <span className="ml-2 text-xs text-stone-500">{formatOrderDateTime(step.at)}</span> : null}
                    {step.kind === 'replaced' && r.replacementTrackingUrl ? (
                      <a href={r.replacementTrackingUrl} className="ml-2 text-brand-700 underline-offset-2 hover:underline" rel="noreferrer" target="_blank">
                        Track it
                      </a>
                    ) : null}
                  </li>
                ))}
              </ol>
              {r.photoCount > 0 ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  {Array.from({ length: r.photoCount }, (_, i) => (
                    <a key={i} href={`/order-return-photo?returnId=${r.returnId}&position=${i + 1}`} target="_blank" rel="noreferrer">
                      <img src={`/order-return-photo?returnId=${r.returnId}&position=${i + 1}`} alt={`Your photo ${i + 1}`} className="h-20 w-auto rounded border border-stone-200" loading="lazy" />
                    </a>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
