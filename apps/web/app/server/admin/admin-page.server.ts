/**
 * The back office's page kit, server side (DESIGN section 10 "Forms"): a back-office page is a
 * schema, a loader and its markup. What every page did by hand lives here once:
 *
 * - `recordIdOf` / `foundOr404`: the record the address names, or the page's 404;
 * - `adminAction`: the action skeleton: the staff member and their permission, the record id,
 *   the form read with its one schema, the change run by core, and its answer: a saved change
 *   redirects to the page with its notice (post/redirect/get), a refused form or a change core
 *   refused is answered in the one refusal shape (ActionFailure, as the storefront answers it)
 *   with what was typed, so the page shows it beside its fields.
 */
import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { isRecordId } from '@shop/contract/browser';
import { DomainError, NotFound, type StaffMember, type StaffPermission } from '@shop/core';
import { postedIntent, postedText, adminFailureOf, retryAfterOf } from '~/server/admin/admin-forms.server';
import { parseForm, postedForm, type ActionFailure, type FormProblems } from '~/server/forms.server';
import { redirectWithNotice } from '~/server/admin/admin-notice.server';
import { requireStaff } from '~/server/admin/staff-session.server';

/** The page's 404 (the admin error boundary shows the message). */
export function notFoundPage(message: string): never {
  throw data({ message }, { status: 404 });
}

/** The record id in the address (`/admin/orders/:orderId`), or the page's 404 with `notFound`. */
export function recordIdOf(value: string | undefined, notFound: string): number {
  if (!isRecordId(value ?? '')) notFoundPage(notFound);
  return Number(value);
}

/**
 * The record id in the address of a file (a PDF, a photo), or null: a file route answers its own
 * plain 404 (documentNotFound), never the page's.
 */
export function fileRecordIdOf(value: string | undefined): number | null {
  return isRecordId(value ?? '') ? Number(value) : null;
}

/** What core found, or the page's 404 when core says there is no such record. */
export function foundOr404<T>(found: Promise<T>, notFound: string): Promise<T> {
  return found.catch((error: unknown) => {
    if (error instanceof NotFound) notFoundPage(notFound);
    throw error;
  });
}

/**
 * A refusal a page decides itself (a check that is the form's and not core's), thrown from a
 * handler: answered like core's refusals, with `field` marked.
 */
export class FormRefusal extends DomainError {
  /** `field` marked with the message, or several fields each with its own (a form's rows). */
  constructor(message: string, field?: string | Record<string, string>, code = 'invalid_request') {
    const fields = typeof field === 'string' ? { [field]: message } : (field ?? {});
    super(code, message, { fields: Object.entries(fields).map(([name, text]) => ({ field: name, message: text })) });
  }
}

/**
 * Core's refusal with its fields renamed as the form names them (core counts a form's rows
 * among those filled in; the page by the row on screen): thrown again from a handler.
 */
export function renamedRefusal(error: unknown, rename: (field: string) => string): unknown {
  if (!(error instanceof DomainError)) return error;
  const { message, fields } = adminFailureOf(error);
  return new FormRefusal(message, Object.fromEntries(Object.entries(fields).map(([name, text]) => [rename(name), text])), error.code);
}

/** A refused back-office form: the storefront's refusal shape, always naming the form (`intent`). */
export type AdminFailure = ActionFailure & { intent: string; values: Record<string, string> };

interface ActionArgs {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
}

export interface AdminChange<Value, Id, Staff extends StaffMember | null = StaffMember> {
  value: Value;
  /** Who is signed in (null on the pages before sign-in: `permission: null`). */
  staff: Staff;
  /** The record's id from the address (null for a page without one). */
  id: Id;
  request: Request;
  context: AppLoadContext;
}

/**
 * What a change answers when the page must show it instead of redirecting: something shown once
 * and never put in an address (a set-password link to hand over, recovery codes), or a report of
 * what a change of many did (the dispatch desk: what was sent, what was not and why). Built by `shown`.
 */
export type AdminShown<Answer extends { intent: string }> = ReturnType<typeof data<{ ok: true } & Answer>>;

/** The answer of a change the page shows once (see AdminShown), with which form it was. */
export function shown<Answer extends { intent: string }>(answer: Answer): AdminShown<Answer> {
  return data({ ok: true as const, ...answer });
}

interface AdminActionSpec<Schema extends z.ZodType, Id extends number | null, Staff extends StaffMember | null = StaffMember, Done = never> {
  /**
   * What the staff member must be allowed (DESIGN section 10 roles); none: any signed-in staff;
   * null: no session at all (sign-in, the first owner's setup, setting a password from a link).
   */
  permission?: Staff extends null ? null : StaffPermission;
  /**
   * When a page's forms need different permissions: what the form posted (its intent) needs,
   * checked once the form is read, after `permission` (which seeing the page needs).
   */
  formPermission?: (intent: string) => StaffPermission;
  /** Every form of the page, one schema (a discriminated union on `intent` for several). */
  schema: Schema;
  /**
   * Fields a refused form shows again as typed (never passwords), and their length at most. A
   * `*` stands for a row's index or key, for forms with rows of fields (`lines[*].size`,
   * `pack.*.*.qty`, `threshold.*`): each row typed is kept under its field's own name.
   */
  keep?: readonly string[];
  keepMax?: number;
  /** The page a saved change returns to (default: this page's own address). */
  page?: (id: Id, request: Request) => string;
  /**
   * Runs the change through core. A notice key redirects to the page with that notice; a
   * Response (a redirect elsewhere, a file) is answered as it is, and so is what the page shows
   * once (`shown`). Core's refusals (and a FormRefusal) become the form's answer.
   */
  run: (change: AdminChange<z.output<Schema>, Id, Staff>) => Promise<string | Response | Done>;
}

/**
 * What a refused form shows again: each field of `keep` as typed (postedText), and for a name
 * with a `*` (a row's index) every row's field the form sent, under the name the form gave it.
 */
export function keptValues(posted: Record<string, unknown>, keep: readonly string[], max: number): Record<string, string> {
  const plain = keep.filter((name) => !name.includes('*'));
  const values: Record<string, string> = postedText(posted, plain, max);
  const rows = keep.filter((name) => name.includes('*')).map(rowFieldPattern);
  if (rows.length === 0) return values;
  for (const [name, value] of fieldsOf(posted, '')) if (rows.some((row) => row.test(name))) values[name] = value.slice(0, max);
  return values;
}

/** `lines[*].size` as a pattern of the names a form's rows send (`lines[3].size`; `threshold.*` takes `threshold.s12`). */
function rowFieldPattern(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.[\]]/g, '\\$&').replace(/\*/g, '[^.[\\]]+')}$`);
}

/** The text fields of Conform's payload under the names the form sent (`lines[0].size`, `size.0.size1`). */
function* fieldsOf(value: unknown, name: string, depth = 0): Generator<[string, string]> {
  if (typeof value === 'string') yield [name, value];
  if (depth > 4 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* fieldsOf(item, `${name}[${i}]`, depth + 1);
  else for (const [key, item] of Object.entries(value)) yield* fieldsOf(item, name ? `${name}.${key}` : key, depth + 1);
}

/** A failed form answered with its status: one shape for every back-office page. */
export function adminFailure(intent: string, values: Record<string, string>, { message, fields, status }: FormProblems, code = 'invalid_request', headers?: HeadersInit) {
  return data<AdminFailure>({ ok: false, error: code, intent, message, fields, values }, { status, headers });
}

/** Core's refusal (or a FormRefusal) as the form's answer; over an attempt limit, with when to try again. */
function refusedChange(intent: string, values: Record<string, string>, error: unknown) {
  const problems = adminFailureOf(error);
  const retryAfter = retryAfterOf(error);
  return adminFailure(intent, values, problems, (error as DomainError).code, retryAfter === null ? undefined : { 'Retry-After': String(retryAfter) });
}

/** The record a page is about: the address parameter holding its id, and the 404's words. */
interface RecordOfPage {
  param: string;
  notFound: string;
}

/** A record page that also makes a record: the address word for one not made yet (`/products/new`, id null). */
interface RecordOrNewOfPage extends RecordOfPage {
  orNew: string;
}

// A notice key is redirected (string): what the page may be answered is the rest.
type AdminActionAnswer<Done> = (args: ActionArgs) => Promise<Response | ReturnType<typeof adminFailure> | Exclude<Done, string>>;

/** The action of a back-office page about one record or one to make (`orNew`: its id is null). */
export function adminAction<Schema extends z.ZodType, Done = never>(spec: AdminActionSpec<Schema, number | null, StaffMember, Done> & { record: RecordOrNewOfPage }): AdminActionAnswer<Done>;
/** The action of a back-office page about one record (see the module's comment). */
export function adminAction<Schema extends z.ZodType, Done = never>(spec: AdminActionSpec<Schema, number, StaffMember, Done> & { record: RecordOfPage }): AdminActionAnswer<Done>;
/** The action of a back-office page about no one record (a list, a desk, a form). */
export function adminAction<Schema extends z.ZodType, Done = never>(spec: AdminActionSpec<Schema, null, StaffMember, Done> & { record?: undefined }): AdminActionAnswer<Done>;
/** The action of a page before sign-in (`permission: null`): no staff member. */
export function adminAction<Schema extends z.ZodType, Done = never>(spec: AdminActionSpec<Schema, null, null, Done> & { permission: null; record?: undefined }): AdminActionAnswer<Done>;
// `never`: either form's handlers fit; the id and staff given them are the ones their form promises.
export function adminAction<Schema extends z.ZodType>(spec: Omit<AdminActionSpec<Schema, never, never, unknown>, 'permission'> & { permission?: StaffPermission | null; record?: RecordOfPage & { orNew?: string } }) {
  return async ({ request, context, params }: ActionArgs) => {
    let staff = (spec.permission === null ? null : await requireStaff(request, context, spec.permission)) as never;
    const record = spec.record;
    const id = (!record || (record.orNew !== undefined && params[record.param] === record.orNew) ? null : recordIdOf(params[record.param], record.notFound)) as never;
    // An upload page's multipart form, as the server already parsed it (postedForm).
    const form = parseForm(await postedForm(request, context), spec.schema);
    const intent = postedIntent(form.posted);
    if (spec.formPermission) staff = (await requireStaff(request, context, spec.formPermission(intent))) as never;
    const values = keptValues(form.posted, spec.keep ?? [], spec.keepMax ?? 1000);
    if (!form.ok) return adminFailure(intent, values, form.problems);
    try {
      const outcome = await spec.run({ value: form.value, staff, id, request, context });
      if (typeof outcome !== 'string') return outcome;
      const page = spec.page ? spec.page(id, request) : new URL(request.url).pathname.replace(/\.data$/, '');
      return redirectWithNotice(page, outcome, context);
    } catch (error) {
      return refusedChange(intent, values, error);
    }
  };
}
