/**
 * The delivery note of the payment step (SPEC 2, 5): optional, at most 50 characters, said in
 * its label before anything is typed (the field stops at the limit), with a counter of what is
 * used and the SPEC 5 message when it is too long.
 */
import { deliveryNoteRule } from '@shop/contract/browser';

interface Props {
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  /** The id of the form the note is sent with, when it sits outside it. */
  form?: string;
}

export function deliveryNoteError(value: string): string | null {
  return value.length > deliveryNoteRule.max ? deliveryNoteRule.message : null;
}

export function DeliveryNote({ value, onChange, disabled, form }: Props) {
  const error = deliveryNoteError(value);
  const max = deliveryNoteRule.max;
  return (
    <div>
      <label htmlFor="delivery-note" className="form-label">
        Delivery note <span className="font-normal text-stone-600">(optional, up to {max} characters)</span>
      </label>
      <textarea
        id="delivery-note"
        name="note"
        form={form}
        rows={2}
        maxLength={max}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        placeholder="e.g. Leave with reception"
        aria-invalid={error ? true : undefined}
        aria-describedby={`delivery-note-count${error ? ' delivery-note-error' : ''}`}
        className={`form-input resize-none ${error ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''}`}
        data-testid="delivery-note"
      />
      <div className="mt-1 flex items-start justify-between gap-3">
        {error ? (
          <p id="delivery-note-error" className="field-error mt-0">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p id="delivery-note-count" className={`text-xs tabular-nums ${value.length >= max ? 'font-semibold text-stone-900' : 'text-stone-600'}`}>
          {value.length}/{max}
          <span className="sr-only"> characters used</span>
        </p>
      </div>
    </div>
  );
}
