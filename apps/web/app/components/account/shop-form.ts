/**
 * A storefront form on its one contract schema (@shop/contract/forms), through Conform as the
 * Epic Stack does: the inputs are uncontrolled, so what was typed before the page hydrated is
 * simply there when the form is read; the page's action parses the posted form with the same
 * schema (form-submission.server.ts), and once hydrated the browser checks it too. A field
 * shows its message once changed or left (SPEC 2); an invalid form is not sent and shows every
 * message. `valid` says whether the whole form passes (null until hydrated), for the buttons
 * SPEC 2 disables while a form is invalid.
 */
import { getFormProps, useForm, type DefaultValue, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useLayoutEffect, useMemo, useState, type FocusEvent } from 'react';
import type { z } from 'zod';

/** A page action's answer to the form (lib/form-action.server.ts): the message per field and what was typed. */
export interface FormAnswer {
  ok: boolean;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

interface Options<S extends FormSchema> {
  /** The form element's id (Conform finds the form by it). */
  id: string;
  defaultValue?: DefaultValue<z.input<S>>;
  /** The action's answer: a refusal shows its messages and starts from what was typed. */
  answer?: FormAnswer | null;
}

const isTextField = (element: unknown): element is HTMLInputElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement && element.type !== 'hidden' && element.type !== 'checkbox') || element instanceof HTMLTextAreaElement;

/** The whole form passes: a submission without a message for any field. */
const passes = <T, V>(submission: Submission<T, string[], V>) => submission.status === 'success' || Object.keys(submission.error ?? {}).length === 0;

export function useShopForm<S extends FormSchema>(schema: S, { id, defaultValue, answer }: Options<S>) {
  const lastResult = useMemo<SubmissionResult<string[]> | undefined>(
    () =>
      answer && !answer.ok
        ? {
            status: 'error',
            error: Object.fromEntries(Object.entries(answer.fields ?? {}).map(([name, message]) => [name, [message]])),
            initialValue: answer.values,
          }
        : undefined,
    [answer],
  );
  const [valid, setValid] = useState<boolean | null>(null);
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id,
    defaultValue,
    lastResult,
    shouldValidate: 'onInput',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema });
      setValid(passes(submission));
      return submission;
    },
  });

  const { validate } = form;
  // Before the first paint after hydration, so a button that waits for a valid form is never enabled in between.
  useLayoutEffect(() => {
    const element = document.forms.namedItem(id);
    if (!element) return;
    // Typed before the page hydrated: checked as if typed now (a changed field shows its message).
    for (const field of Array.from(element.elements)) {
      if (isTextField(field) && field.name && field.value !== field.defaultValue) validate({ name: field.name });
    }
    setValid(passes(parseWithZod(new FormData(element), { schema })));
  }, [id, schema, validate]);

  /** Leaving a field shows its message too, not only changing it (SPEC 2: "once touched or changed"). */
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const field = event.target;
    if (isTextField(field) && field.name && field.form?.isConnected) validate({ name: field.name });
  };

  return { form, fields, valid, formProps: { ...getFormProps(form), onBlur } };
}
