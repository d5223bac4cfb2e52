/**
 * A labelled form field with its inline message, uncontrolled (Conform's getInputProps: the
 * value starts from the field's initial value and is read from the form when it is checked or
 * sent). The label is tied to the input, and an invalid input is marked aria-invalid and
 * described by its message (and by its hint, if any).
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { InputHTMLAttributes } from 'react';

/** Shown under an invalid e-mail field: the SPEC message speaks only of length, the rule also wants a lower-case address. */
export const EMAIL_HINT = 'Use a valid e-mail address, e.g. name@example.com';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'value' | 'defaultValue'> {
  id: string;
  label: string;
  field: FieldMetadata<string | null | undefined>;
  type?: 'text' | 'email' | 'password' | 'tel';
  /** Extra help shown under the message while the field is invalid. */
  hint?: string;
}

export function TextField({ id, label, field, type = 'text', hint, className, ...input }: Props) {
  const errorId = `${id}-error`;
  const error = field.errors?.[0];
  const { key, ...conform } = getInputProps(field, { type, ariaAttributes: false });
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        key={key}
        {...conform}
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`form-input ${error ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''}`}
      />
      {error ? (
        <p id={errorId} className="field-error" data-testid={`${id}-error`}>
          {error}
          {hint ? <span className="mt-0.5 block text-stone-600">{hint}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
