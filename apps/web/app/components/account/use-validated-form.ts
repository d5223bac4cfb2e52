/**
 * State of a small form checked with the shared SPEC 5 rules (`checkForm`): the values, which
 * fields show their message (once touched or changed, SPEC 2), and whether the whole form passes.
 * The form still posts to its action, which checks again with the API's schema: `serverErrors`
 * (the action's messages per field) show until the customer changes that field.
 */
import { useCallback, useMemo, useState, type FormEvent, type RefCallback } from 'react';
import { checkForm, type TextRule } from '@shop/contract/browser';
import { useTypedBeforeHydration } from '~/lib/use-typed-before-hydration';

export interface FieldBinding {
  /** The form field's name, as the action (and the JSON API) calls it. */
  name: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
  /** Keeps what was typed before the page hydrated (lib/use-typed-before-hydration.ts). */
  ref: RefCallback<HTMLInputElement>;
}

export function useValidatedForm<K extends string>(rules: Record<K, TextRule>, initial: Record<K, string>, serverErrors?: Record<string, string>) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [shown, setShown] = useState<Partial<Record<K, boolean>>>({});
  const errors = useMemo(() => checkForm<K>(values, rules), [values, rules]);
  const valid = Object.keys(errors).length === 0;
  // Typed before hydration: taken in as if typed now (the field then shows its message, SPEC 2).
  const typedRefFor = useTypedBeforeHydration<K>(initial, (name, typed) => {
    setValues((current) => ({ ...current, [name]: typed }));
    setShown((current) => ({ ...current, [name]: true }));
  });

  const field = (name: K): FieldBinding => ({
    name,
    value: values[name],
    error: shown[name] ? errors[name] : serverErrors?.[name],
    onChange: (value) => {
      setValues((current) => ({ ...current, [name]: value }));
      setShown((current) => (current[name] ? current : { ...current, [name]: true }));
    },
    onBlur: () => setShown((current) => (current[name] ? current : { ...current, [name]: true })),
    ref: typedRefFor(name),
  });

  /** On submit: show every message, so a customer who skipped a field sees why nothing happened. */
  const showAll = useCallback(() => {
    setShown(Object.fromEntries(Object.keys(rules).map((key) => [key, true])) as Partial<Record<K, boolean>>);
  }, [rules]);

  /**
   * The form's onSubmit: an invalid form is not sent and shows every message, so a customer who
   * skipped a field sees why nothing happened; a valid one posts to the action as usual.
   */
  const onSubmit = (event: FormEvent) => {
    if (valid) return;
    event.preventDefault();
    showAll();
  };

  return { values, errors, valid, field, showAll, onSubmit };
}
