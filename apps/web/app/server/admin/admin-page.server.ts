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
import { data, type AppLoadContext, type UNSAFE_DataWithResponseInit as DataAnswer } from 'react-router';
import type { z } from 'zod';
import { isRecordId } from '@shop/contract/browser';
import { DomainError, NotFound, type StaffMember, type StaffPermission } from '@shop/core';
import { postedIntent, postedText, adminFailureOf } from '~/server/admin/admin-forms.server';
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
  constructor(message: string, field?: string) {
    super('invalid_request', message, field ? { fields: [{ field, message }] } : {});
  }
}

/** A refused back-office form: the storefront's refusal shape, always naming the form (`intent`). */
export type AdminFailure = ActionFailure & { intent: string; values: Record<string, string> };

interface ActionArgs {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
}

export interface AdminChange<Value, Id> {
  value: Value;
  staff: StaffMember;
  /** The record's id from the address (null for a page without one). */
  id: Id;
  request: Request;
  context: AppLoadContext;
}

/** What a handler answers: a notice key, a Response, or a `data(...)` answer. */
type Outcome = string | Response | DataAnswer<unknown>;

interface AdminActionSpec<Schema extends z.ZodType, Id extends number | null, Answered extends Outcome> {
  /** What the staff member must be allowed (DESIGN section 10 roles); none: any signed-in staff. */
  permission?: StaffPermission;
  /** Every form of the page, one schema (a discriminated union on `intent` for several). */
  schema: Schema;
  /** Fields a refused form shows again as typed (never passwords), and their length at most. */
  keep?: readonly string[];
  keepMax?: number;
  /** The page a saved change returns to (default: this page's own address). */
  page?: (id: Id, request: Request) => string;
  /**
   * Runs the change through core. A notice key redirects to the page with that notice; a
   * Response (a redirect elsewhere, a file) or a `data(...)` answer (an import's dry run, shown
   * on the page itself) is answered as it is. Core's refusals (and a FormRefusal) become the
   * form's answer.
   */
  run: (change: AdminChange<z.output<Schema>, Id>) => Promise<Answered>;
}

/** A failed form answered with its status: one shape for every back-office page. */
export function adminFailure(intent: string, values: Record<string, string>, { message, fields, status }: FormProblems, code = 'invalid_request') {
  return data<AdminFailure>({ ok: false, error: code, intent, message, fields, values }, { status });
}

/** The record a page is about: the address parameter holding its id, and the 404's words. */
interface RecordOfPage {
  param: string;
  notFound: string;
}

type AdminActionOf<Answered extends Outcome> = (args: ActionArgs) => Promise<Response | ReturnType<typeof adminFailure> | Exclude<Answered, string>>;

/** The action of a back-office page about one record (see the module's comment). */
export function adminAction<Schema extends z.ZodType, Answered extends Outcome>(spec: AdminActionSpec<Schema, number, Answered> & { record: RecordOfPage }): AdminActionOf<Answered>;
/** The action of a back-office page about no one record (a list, a desk, a form). */
export function adminAction<Schema extends z.ZodType, Answered extends Outcome>(spec: AdminActionSpec<Schema, null, Answered> & { record?: undefined }): AdminActionOf<Answered>;
// `never`: either form's handlers fit; the id given them is the one their form promises.
export function adminAction<Schema extends z.ZodType>(spec: AdminActionSpec<Schema, never, Outcome> & { record?: RecordOfPage }) {
  return async ({ request, context, params }: ActionArgs) => {
    const staff = await requireStaff(request, context, spec.permission);
    const id = (spec.record ? recordIdOf(params[spec.record.param], spec.record.notFound) : null) as never;
    // An upload page's multipart form, as the server already parsed it (postedForm).
    const form = parseForm(await postedForm(request, context), spec.schema);
    const intent = postedIntent(form.posted);
    const values = postedText(form.posted, spec.keep ?? [], spec.keepMax ?? 1000);
    if (!form.ok) return adminFailure(intent, values, form.problems);
    try {
      const outcome = await spec.run({ value: form.value, staff, id, request, context });
      if (typeof outcome !== 'string') return outcome;
      const page = spec.page ? spec.page(id, request) : new URL(request.url).pathname.replace(/\.data$/, '');
      return redirectWithNotice(page, outcome, context);
    } catch (error) {
      return adminFailure(intent, values, adminFailureOf(error), (error as DomainError).code);
    }
  };
}
