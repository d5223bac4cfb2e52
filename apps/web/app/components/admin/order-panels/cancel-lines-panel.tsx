/**
 * Packs that cannot be supplied, taken off the order (SPEC 9).
 */
import { Form } from 'react-router';
import { Field } from '../admin-kit';
import { Version, type OrderPanelProps } from './order-panel';

export function CancelLinesPanel({ page, answer, busy }: OrderPanelProps) {
  const { linesToSend } = page;
  const { errorOf, valueOf, failed } = answer;
  return (
    <section className="card p-5" aria-labelledby="cancel-lines-heading">
      <h2 id="cancel-lines-heading" className="text-base font-semibold text-stone-900">
        Cannot supply some packs
      </h2>
      <details open={failed?.intent === 'cancel-lines'} className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Take packs that cannot be supplied off this order…</summary>
        <Form method="post" className="mt-3 space-y-3" data-testid="cancel-lines-form">
          <Version page={page} />
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
  );
}
