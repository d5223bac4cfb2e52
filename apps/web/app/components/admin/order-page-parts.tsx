/**
 * The small parts of the staff order page (routes/admin/order.tsx, its panels in order-panels/):
 * an address, the fields of the money forms and the refund's "Also cancel the order" box.
 */
import { Field } from './admin-kit';

export function Address({ address }: { address: { contact_name: string; company_name: string; region: string; address: string; town: string; post_code: string; country: string; phone: string } | null }) {
  if (!address) return <p className="text-sm text-stone-600">None</p>;
  return (
    <address className="text-sm leading-6 text-stone-900 not-italic">
      {[address.contact_name, address.company_name, `${address.region} ${address.address}`.trim(), address.town, address.post_code, address.country]
        .filter(Boolean)
        .map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      {address.phone ? <span className="block text-stone-600">Tel. {address.phone}</span> : null}
    </address>
  );
}

/**
 * "Also cancel the order" on a refund of an order not yet dispatched. Ticked by default when the
 * amount covers everything that may still be refunded (a refund in full: the order would
 * otherwise stand, held back from dispatch until paid again). Once hydrated it follows the
 * amount typed until staff tick or untick it themselves; without JavaScript it is as rendered.
 */
export function CancelWithRefund({
  form,
  refundablePence,
  amountText,
  posted,
}: {
  form: 'refund' | 'provider-refund';
  refundablePence: number;
  amountText: string | undefined;
  /** The box as sent when the form was refused ('on' or ''), else undefined. */
  posted: string | undefined;
}) {
  return (
    <label htmlFor={`${form}-cancel_order`} className="flex items-start gap-2 text-sm font-medium text-stone-800" data-testid="refund-cancel-order">
      <input
        id={`${form}-cancel_order`}
        name="cancel_order"
        type="checkbox"
        className="mt-0.5"
        defaultChecked={posted !== undefined ? posted === 'on' : coversAll(amountText ?? '', refundablePence)}
        data-follows-amount={posted !== undefined ? undefined : refundablePence}
        onChange={(event) => event.currentTarget.removeAttribute('data-follows-amount')}
      />
      <span>
        Also cancel the order
        <span className="block text-xs font-normal text-stone-600">Its stock is released and the customer e-mailed, with the reason or note above if given. Left standing after a refund in full, it will not be dispatched until paid again.</span>
      </span>
    </label>
  );
}

/** The amount typed in a refund form: the "Also cancel" box follows it, unless staff set the box themselves. */
export function followAmount(event: React.FormEvent<HTMLFormElement>) {
  const target = event.target as HTMLInputElement;
  if (target.name !== 'amount') return;
  const box = event.currentTarget.querySelector<HTMLInputElement>('input[name="cancel_order"][data-follows-amount]');
  if (box) box.checked = coversAll(target.value, Number(box.dataset.followsAmount));
}

/** Whether an amount typed in pounds ("35.99", "£35.99") refunds at least `refundablePence`: everything still paid. */
function coversAll(text: string, refundablePence: number): boolean {
  const pounds = Number(text.replace(/[£,\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(pounds) && refundablePence > 0 && Math.round(pounds * 100) >= refundablePence;
}

/**
 * The amount, day and bank reference of money recorded by hand (a payment received, a refund
 * paid back): the amount offered is what is due or owed, the day today.
 */
export function MoneyFields({
  form,
  dateLabel,
  suggestedPence,
  reference,
  today,
  valueOf,
  errorOf,
}: {
  form: 'payment' | 'refund';
  dateLabel: string;
  suggestedPence: number;
  reference: string;
  today: string;
  valueOf(intent: string, field: 'amount' | 'received_on' | 'bank_reference'): string | undefined;
  errorOf(intent: string, field: string): string | undefined;
}) {
  return (
    <>
      <Field
        form={form}
        label="Amount (£)"
        name="amount"
        inputMode="decimal"
        required
        defaultValue={valueOf(form, 'amount') ?? (suggestedPence > 0 ? (suggestedPence / 100).toFixed(2) : undefined)}
        error={errorOf(form, 'amount')}
      />
      <Field form={form} label={dateLabel} name="received_on" type="date" max={today} required defaultValue={valueOf(form, 'received_on') ?? today} error={errorOf(form, 'received_on')} />
      <Field form={form} label="Bank reference" name="bank_reference" required maxLength={50} defaultValue={valueOf(form, 'bank_reference') ?? reference} error={errorOf(form, 'bank_reference')} />
    </>
  );
}
