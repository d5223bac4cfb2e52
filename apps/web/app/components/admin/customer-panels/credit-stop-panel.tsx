/**
 * A trade account on stop (core's credit stop rule: docs/credit-control.md): why, and for staff
 * allowed ('trade-accounts:manage') the form that lifts it with a note, a plain POST that works
 * without JavaScript. Shown only while the account is on stop.
 */
import { Form } from 'react-router';
import { londonDateTime } from '../admin-format';
import { CAREFUL_BUTTON } from '../admin-kit';
import { customerHref, type CustomerPanelProps } from './customer-panel';

export function CreditStopPanel({ page, answer }: CustomerPanelProps) {
  const stop = page.creditStop;
  if (!stop) return null;
  const failed = answer.failedFor('lift-stop');
  const error = failed?.fields?.note ?? failed?.message;
  return (
    <section className="rounded-lg border border-red-200 bg-red-50 p-5" aria-labelledby="credit-stop-heading" data-testid="credit-stop">
      <h2 id="credit-stop-heading" className="text-lg font-semibold text-red-900">
        Account on stop
      </h2>
      <p className="mt-1 text-sm text-red-900" data-testid="credit-stop-reason">
        {stop.words}. The customer cannot order on account; card and bank transfer still work.
        {stop.recordedAt ? ` Credit control recorded it ${londonDateTime(stop.recordedAt)}.` : ''}
      </p>
      {page.canManageAccount ? (
        <Form method="post" action={customerHref(page)} className="mt-4 space-y-2" data-testid="lift-stop-form">
          <input type="hidden" name="intent" value="lift-stop" />
          <label htmlFor="stop-note" className="block text-sm font-medium text-stone-800">
            Why lift the stop? <span className="font-normal text-stone-600">(kept in the account history)</span>
          </label>
          <textarea
            id="stop-note"
            name="stop_note"
            rows={2}
            maxLength={500}
            required
            defaultValue={failed?.values?.stop_note ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'stop-note-error' : undefined}
            className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          {error ? (
            <p id="stop-note-error" className="text-sm font-medium text-red-800" role="alert">
              {error}
            </p>
          ) : null}
          <p className="text-xs text-stone-600">
            Orders overdue today and what is owed now will not stop the account again; another order going overdue, or owing more than today, will.
          </p>
          <button type="submit" className={CAREFUL_BUTTON} data-testid="lift-stop">
            Lift the stop
          </button>
        </Form>
      ) : null}
    </section>
  );
}
