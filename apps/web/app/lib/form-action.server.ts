/**
 * Page actions: read a submitted form, validate it with the JSON API's own contract schema (one
 * schema, one set of SPEC 5 messages), and turn a domain error into an answer the page shows
 * (its message and, per field, the SPEC message) with the API's 4xx status.
 */
import { data } from 'react-router';
import type { z } from 'zod';
import { domainErrorCode, httpStatusByErrorCode } from '@shop/contract/browser';

/** What a failed page action answers: the form's message line and the messages per field. */
export interface ActionFailure {
  ok: false;
  /** A short code (the API's `error`), e.g. 'invalid_request', 'unauthorized', 'conflict'. */
  error: string;
  message: string;
  fields: Record<string, string>;
  /** Which form failed, when one page has several (the `intent` sent). */
  intent?: string;
  /** What was typed (never passwords or tokens), so a page rendered without JavaScript keeps it. */
  values?: Record<string, string>;
}

const SECRET_FIELD = /password|token/i;

/** The submitted text fields worth showing again after a failure. */
export function typedValues(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!SECRET_FIELD.test(name) && ['string', 'number', 'boolean'].includes(typeof value)) values[name] = String(value);
  }
  return values;
}

/** A form's fields as plain values; `numbers` are converted (an empty or non-numeric value stays as text, so the schema refuses it). */
export function formFields(form: FormData, numbers: readonly string[] = []): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string') continue;
    fields[name] = numbers.includes(name) && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  }
  return fields;
}

/** The form's fields parsed by a contract schema, or the action's 400 answer with the SPEC messages per field. */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData, numbers: readonly string[] = [], intent?: string) {
  return parseFields(schema, formFields(form, numbers), intent);
}

/** Plain fields (e.g. a form's, with a checkbox turned into a boolean) parsed by a contract schema. */
export function parseFields<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
  intent?: string,
): { ok: true; value: z.output<S> } | { ok: false; answer: ReturnType<typeof failure> } {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.');
    messages[name] ??= issue.message;
  }
  return { ok: false, answer: failure('invalid_request', 'Please correct the fields marked below.', messages, intent, typedValues(fields)) };
}

export function failure(error: string, message: string, fields: Record<string, string> = {}, intent?: string, values?: Record<string, string>) {
  const body: ActionFailure = { ok: false, error, message, fields, ...(intent ? { intent } : {}), ...(values ? { values } : {}) };
  return data(body, { status: httpStatusByErrorCode[error] ?? 400 });
}

/**
 * A domain error (core's NotFound, Invalid, Conflict, ...; told apart by their `code`) as the
 * action's answer; anything else is rethrown and becomes the error page (a 500, logged).
 */
export function failureFrom(error: unknown, intent?: string, form?: FormData) {
  const code = domainErrorCode(error);
  if (code === null || !(code in httpStatusByErrorCode)) throw error;
  const fields: Record<string, string> = {};
  const listed = (error as { details?: { fields?: { field: string; message: string }[] } }).details?.fields;
  for (const field of listed ?? []) fields[field.field] ??= field.message;
  return failure(code, (error as Error).message, fields, intent, form ? typedValues(formFields(form)) : undefined);
}
