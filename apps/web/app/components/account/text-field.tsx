/**
 * A labelled form field with its inline message: the label is tied to the input, and an invalid
 * input is marked aria-invalid and described by its message (and by its hint, if any).
 */
import type { InputHTMLAttributes } from 'react';
import type { FieldBinding } from './use-validated-form';

/** Shown under an invalid e-mail field: the SPEC message speaks only of length, the rule also wants a lower-case address. */
export const EMAIL_HINT = 'Use a valid e-mail address in lower case, e.g. name@example.com';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'id'> {
  id: string;
  label: string;
  binding: FieldBinding;
  /** Extra help shown under the message while the field is invalid. */
  hint?: string;
}

export function TextField({ id, label, binding, hint, className, ...input }: Props) {
  const errorId = `${id}-error`;
  const invalid = binding.error !== undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={binding.name}
        ref={binding.ref}
        {...input}
        value={binding.value}
        onChange={(event) => binding.onChange(event.target.value)}
        onBlur={binding.onBlur}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`form-input ${invalid ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''}`}
      />
      {invalid ? (
        <p id={errorId} className="field-error" data-testid={`${id}-error`}>
          {binding.error}
          {hint ? <span className="mt-0.5 block text-stone-600">{hint}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
