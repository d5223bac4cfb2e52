/**
 * A storefront form on its one contract schema (@shop/contract/forms), through Conform as the
 * Epic Stack does: the inputs are uncontrolled, so what was typed before the page hydrated is
 * simply there when the form is read; the page's action parses the posted form with the same
 * schema (~/server/forms.server.ts), and the browser checks it too once the page is
 * interactive. A field shows its message once changed or left (SPEC 2); an invalid form is not
 * sent and shows every message. `valid` says whether the whole form passes (null until the
 * browser can tell), for the buttons SPEC 2 disables while a form is invalid.
 *
 * The schemas and zod (form-validation.ts, about 27 kB gzip) are loaded after hydration rather
 * than with the page, so a form page starts as light as the others (DESIGN section 8); until
 * they arrive the form posts unchecked and the action answers the same messages. Fields typed
 * in by then are checked as soon as they arrive.
 */
import { getFormProps, parse, useForm, type DefaultValue, type Submission, type SubmissionResult } from '@conform-to/react';
import { useEffect, useLayoutEffect, useMemo, useState, type FocusEvent } from 'react';
import type { z } from 'zod';
import type * as Forms from '@shop/contract/forms';
import type * as FormChecks from './form-validation';

/** A page action's answer to the form (~/server/forms.server.ts): the message per field and what was typed. */
export interface FormAnswer {
  ok: boolean;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

/** The forms of @shop/contract/forms, by name ('signInFormSchema', ...). */
export type FormName = { [K in keyof typeof Forms]: K extends `${string}FormSchema` ? K : never }[keyof typeof Forms];
type Schema<K extends FormName> = (typeof Forms)[K];
type Check<K extends FormName> = (formData: FormData) => Submission<z.input<Schema<K>>, string[], z.output<Schema<K>>>;

interface Options<K extends FormName> {
  /** The form element's id (Conform finds the form by it). */
  id: string;
  defaultValue?: DefaultValue<z.input<Schema<K>>>;
  /** The action's answer: a refusal shows its messages and starts from what was typed. */
  answer?: FormAnswer | null;
}

const isTextField = (element: unknown): element is HTMLInputElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement && element.type !== 'hidden' && element.type !== 'checkbox') || element instanceof HTMLTextAreaElement;

/** The whole form passes: a submission without a message for any field. */
const passes = <T, V>(submission: Submission<T, string[], V>) => submission.status === 'success' || Object.keys(submission.error ?? {}).length === 0;

/**
 * Before the checks arrive: the form is sent unchecked (Conform's "validation undefined"; the
 * action answers), and Conform's own intents (a field filled in by update) apply unchecked.
 */
const unchecked = <V>(formData: FormData) =>
  parse<V, string[]>(formData, { resolve: (payload, intent) => (intent ? { value: payload as V } : { error: null }) });

let loaded: typeof FormChecks | undefined;

/**
 * Loads the forms' checks once; every form on the page (and on the next ones) uses them from
 * then on. Browser only: the server renders no checks, and its build stays one file.
 */
export function loadFormChecks(): Promise<typeof FormChecks> {
  return import.meta.env.SSR ? new Promise(() => {}) : import('./form-validation').then((module) => (loaded = module));
}

export function useShopForm<K extends FormName>(name: K, { id, defaultValue, answer }: Options<K>) {
  const lastResult = useMemo<SubmissionResult<string[]> | undefined>(
    () =>
      answer && !answer.ok
        ? {
            status: 'error',
            error: Object.fromEntries(Object.entries(answer.fields ?? {}).map(([field, message]) => [field, [message]])),
            initialValue: answer.values,
          }
        : undefined,
    [answer],
  );
  const [checks, setChecks] = useState(loaded);
  const check = useMemo<Check<K> | null>(() => {
    if (!checks) return null;
    const schema = checks.schemas[name];
    return (formData) => checks.parseWithZod(formData, { schema }) as ReturnType<Check<K>>;
  }, [checks, name]);
  const [valid, setValid] = useState<boolean | null>(null);
  const [form, fields] = useForm<z.input<Schema<K>>, z.output<Schema<K>>>({
    id,
    defaultValue,
    lastResult,
    // Typing checks the field; before the checks arrive it only records the value (nothing is sent to the server to check).
    shouldValidate: check ? 'onInput' : 'onSubmit',
    shouldRevalidate: check ? 'onInput' : 'onSubmit',
    onValidate({ formData }) {
      if (!check) return unchecked<z.output<Schema<K>>>(formData);
      const submission = check(formData);
      setValid(passes(submission));
      return submission;
    },
  });

  useEffect(() => {
    let mounted = true;
    if (!checks) void loadFormChecks().then((module) => mounted && setChecks(module));
    return () => {
      mounted = false;
    };
  }, [checks]);

  const { validate } = form;
  // Before the next paint, so a button that waits for a valid form is never enabled in between.
  useLayoutEffect(() => {
    const element = document.forms.namedItem(id);
    if (!check || !element) return;
    // Typed before the check was here (before hydration, too): checked now, as if typed now.
    for (const field of Array.from(element.elements)) {
      if (isTextField(field) && field.name && field.value !== field.defaultValue) validate({ name: field.name });
    }
    setValid(passes(check(new FormData(element))));
  }, [check, id, validate]);

  /** Leaving a field shows its message too, not only changing it (SPEC 2: "once touched or changed"). */
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const field = event.target;
    if (check && isTextField(field) && field.name && field.form?.isConnected) validate({ name: field.name });
  };

  return { form, fields, valid, formProps: { ...getFormProps(form), onBlur } };
}
