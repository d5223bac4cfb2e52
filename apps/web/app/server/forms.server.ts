/**
 * How every page action reads its form (DESIGN section 10 "Forms"): the form's one zod schema
 * (@shop/contract/forms, the JSON API's body schemas, or the back office's schemas beside their
 * route) parsed with Conform's parseWithZod, as the browser parses it: an empty field is
 * undefined, numeric text is a number where the schema wants one, a ticked box is true. A
 * missing or unreadable body reads as an empty form, which its schema refuses: a 4xx, never a 500.
 *
 * One parse, two answers built from it: the storefront's (ActionFailure: a short code, the
 * form's message line, the SPEC 5 message per field, what was typed) and the back office's
 * (FormProblems, shown beside the fields).
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { configureCoercion } from '@conform-to/zod/v4/future';
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { formShapeProblem, httpStatusByErrorCode } from '@shop/contract/browser';
import { DomainError, NotFound } from '@shop/core';

/** A refused form or change, as the page shows it. */
export interface FormProblems {
  /** The form's own message, else its first field's. */
  message: string;
  /** One message per field, by the field's name: shown beside the field. */
  fields: Record<string, string>;
  status: number;
}

/** A form read with its schema; `posted` is what was sent (Conform's payload), to show a refused form again. */
export type ParsedForm<Output> =
  | { ok: true; value: Output; posted: Record<string, unknown> }
  | { ok: false; problems: FormProblems; posted: Record<string, unknown> };

/**
 * The form a request posted, empty when its body is missing or is not a form. Given the context,
 * a multipart form the server already parsed is used as it is (the upload pages).
 */
export async function postedForm(request: Request, context?: Pick<AppLoadContext, 'postedForm'>): Promise<FormData> {
  return context?.postedForm ?? request.formData().catch(() => new FormData());
}

/**
 * A posted form parsed by its schema: the value, or the first message per field. Its field names
 * are checked first (formShapeProblem): a list index past the list's maximum in the schema, or
 * too many fields, refuses the whole form before Conform builds anything from it.
 */
export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema): ParsedForm<z.output<Schema>> {
  const shapeProblem = formShapeProblem(form.keys(), listBoundsOf(schema));
  if (shapeProblem) {
    // Nothing of the form is shown again but which form it was (its intent).
    const intent = form.get('intent');
    return { ok: false, problems: { message: shapeProblem, fields: {}, status: 400 }, posted: typeof intent === 'string' ? { intent } : {} };
  }
  const submission = parseWithZod(form, { schema: coerceFormValue(schema), disableAutoCoercion: true });
  if (submission.status === 'success') return { ok: true, value: submission.value, posted: submission.payload };
  let formMessage: string | undefined;
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    const first = messages?.[0];
    if (first === undefined) continue;
    if (name === '') formMessage = first;
    else fields[name] ??= first;
  }
  const message = formMessage ?? Object.values(fields)[0] ?? 'The form could not be read.';
  return { ok: false, problems: { message, fields, status: 400 }, posted: submission.payload };
}

/**
 * A number field's text as a number: plain decimal digits only, an optional minus and decimal
 * point ("16", "-3", "12.50"). JavaScript's Number() would also take "0x10" (16), "1e3", "-0",
 * "Infinity" and " 0b11 "; such text stays text, so the schema refuses it with its own message.
 */
export function plainDecimalNumber(text: string): number {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) throw new Error('Not a plain decimal number');
  const value = Number(trimmed);
  if (Object.is(value, -0)) throw new Error('Not a plain decimal number');
  return value;
}
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

/** Conform's coercion of form text (empty is undefined, a ticked box is true), numbers by plainDecimalNumber. */
const { coerceFormValue } = configureCoercion({ type: { number: plainDecimalNumber } });

const listBounds = new WeakMap<z.ZodType, (list: string) => number | undefined>();

/**
 * The maximum of each list of a schema, by its path as formShapeProblem names it (`lines`,
 * `a[].b`): read from the schema's JSON Schema (zod's public toJSONSchema, of what the form
 * sends), once per schema. A list in several forms of a union takes the largest of its maxima;
 * a list without one, or a schema zod cannot describe, falls back to the global bound.
 */
export function listBoundsOf(schema: z.ZodType): (list: string) => number | undefined {
  let bounds = listBounds.get(schema);
  if (!bounds) {
    const maxima = new Map<string, number>();
    try {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
      collectListMaxima(json, '', maxima, json.$defs ?? {}, 0);
    } catch {
      maxima.clear();
    }
    bounds = (list) => maxima.get(list);
    listBounds.set(schema, bounds);
  }
  return bounds;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

function collectListMaxima(node: JsonSchema, path: string, maxima: Map<string, number>, defs: Record<string, JsonSchema>, depth: number): void {
  if (depth > 20) return;
  const ref = node.$ref?.startsWith('#/$defs/') ? defs[node.$ref.slice('#/$defs/'.length)] : undefined;
  if (ref) collectListMaxima(ref, path, maxima, defs, depth + 1);
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) collectListMaxima(branch, path, maxima, defs, depth + 1);
  for (const [key, child] of Object.entries(node.properties ?? {})) collectListMaxima(child, path ? `${path}.${key}` : key, maxima, defs, depth + 1);
  const items = [...(Array.isArray(node.items) ? node.items : node.items ? [node.items] : []), ...(node.prefixItems ?? [])];
  if (items.length > 0 || node.type === 'array' || node.maxItems !== undefined) {
    // A list without a maximum in any form of the union is bounded by the global bound alone.
    const max = node.maxItems ?? Number.POSITIVE_INFINITY;
    maxima.set(path, Math.max(maxima.get(path) ?? 0, max));
    for (const item of items) collectListMaxima(item, `${path}[]`, maxima, defs, depth + 1);
  }
}

/** The request's form read with its schema. */
export async function readForm<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<ParsedForm<z.output<Schema>>> {
  return parseForm(await postedForm(request), schema);
}

// The storefront's answer.

/** What a failed storefront action answers: the form's message line and the messages per field. */
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

/** What was typed in a form (or a parsed form's `posted`), worth showing again after a failure. */
export function typedValues(posted: FormData | Record<string, unknown>): Record<string, string> {
  const fields = posted instanceof FormData ? Object.fromEntries(posted) : posted;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!SECRET_FIELD.test(name) && ['string', 'number', 'boolean'].includes(typeof value)) values[name] = String(value);
  }
  return values;
}

export function failure(error: string, message: string, fields: Record<string, string> = {}, intent?: string, values?: Record<string, string>) {
  const body: ActionFailure = { ok: false, error, message, fields, ...(intent ? { intent } : {}), ...(values ? { values } : {}) };
  return data(body, { status: httpStatusByErrorCode[error] ?? 400 });
}

/** A form its schema refused, as the storefront answers it (SPEC 5's message per field, what was typed). */
export function refusedForm(refused: Extract<ParsedForm<unknown>, { ok: false }>, intent?: string) {
  // A form refused as a whole (too many rows, formShapeProblem) has no field to mark: its own message says why.
  const fields = refused.problems.fields;
  const message = Object.keys(fields).length > 0 ? 'Please correct the fields marked below.' : refused.problems.message;
  return failure('invalid_request', message, fields, intent, typedValues(refused.posted));
}

/**
 * A domain error (core's NotFound, Invalid, Conflict, ...) as the action's answer; anything else
 * is rethrown and becomes the error page (a 500, logged).
 */
export function failureFrom(error: unknown, intent?: string, form?: FormData) {
  if (!(error instanceof DomainError) || !(error.code in httpStatusByErrorCode)) throw error;
  const fields: Record<string, string> = {};
  const listed = error.details.fields as { field: string; message: string }[] | undefined;
  for (const field of listed ?? []) fields[field.field] ??= field.message;
  return failure(error.code, error.message, fields, intent, form ? typedValues(form) : undefined);
}

/** Core found no such record (a loader then answers its page's 404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof NotFound;
}
