/**
 * The quick-order and shopping-list pages' server side (docs/quick-order.md): each form is read
 * with its one contract schema (the JSON API's too) and handed to core, as the visitor of the
 * page session. Every form is a plain POST, so the pages work without JavaScript.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import {
  QUICK_ORDER_TEXT_MAX,
  quickOrderMessages,
  quickOrderSchema,
  shoppingListMessages,
  shoppingListNameSchema,
  type QuickOrderAddedDto,
  type QuickOrderNotAddedDto,
} from '@shop/contract';
import { isRecordId } from '@shop/contract/browser';
import { ensureBasketSession, requireCustomer } from '~/session.server';
import { failure, failureFrom, isNotFound, parseForm, postedForm, refusedForm } from '~/server/forms.server';

/** What the quick-order page shows after a submit. */
export interface QuickOrderAnswer {
  ok: true;
  added: QuickOrderAddedDto[];
  notAdded: QuickOrderNotAddedDto[];
  /** The lines not added, as typed, one per line: put back in the paste box to correct and send again. */
  retryText: string;
}

/** Sign in and come back to `path` (without its leading slash). */
export const signInFor = (path: string) => `/signin?${new URLSearchParams({ return: path }).toString()}`;

/** The quick-order form: rows, pasted lines and a CSV file (multipart), checked line by line into the visitor's basket. */
export async function quickOrderAction(request: Request, context: AppLoadContext) {
  const form = await postedForm(request, context);
  const file = form.get('file');
  form.delete('file');
  if (file instanceof File && file.size > 0) {
    const text = await csvText(file);
    if (text === null) return failure('invalid_request', quickOrderMessages.csvUnreadable, { file: quickOrderMessages.csvUnreadable });
    form.set('csv', text);
  }
  const parsed = parseForm(form, quickOrderSchema);
  if (!parsed.ok) return refusedForm(parsed);
  const { visitor, setCookie } = await ensureBasketSession(request, context);
  const owner = visitor.userId !== null ? { kind: 'user' as const, userId: visitor.userId } : { kind: 'session' as const, sessionId: visitor.sessionId! };
  try {
    const result = await context.services.quickOrder.add(owner, parsed.value);
    const answer: QuickOrderAnswer = {
      ok: true,
      added: result.added,
      notAdded: result.not_added,
      retryText: result.not_added.map((line) => line.text).join('\n'),
    };
    return data(answer, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
  } catch (error) {
    return failureFrom(error, undefined, form);
  }
}

/** A CSV file's text, or null when it is not text (a spreadsheet's own format, an image). Longer than the limit: cut, so the schema says so. */
async function csvText(file: File): Promise<string | null> {
  const bytes = new Uint8Array(await file.slice(0, QUICK_ORDER_TEXT_MAX * 4 + 1).arrayBuffer());
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Saved as Windows-1252 by an older spreadsheet: still readable text.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

// ---- shopping lists ----

/** The list id of a /lists/:listId path, or a 404. */
export function listIdOf(params: { listId?: string }): number {
  const id = params.listId ?? '';
  if (!isRecordId(id)) throw data(null, { status: 404 });
  return Number(id);
}

/** The customer's lists (signed in, else sign in and come back). */
export async function listsPage(request: Request, context: AppLoadContext) {
  const userId = await requireCustomer(request, context, signInFor('lists'));
  const search = new URL(request.url).searchParams;
  return { lists: await context.services.shoppingLists.listsOf(userId), deleted: search.get('deleted') };
}

/** One list (another customer's, or none: 404). */
export async function listPage(request: Request, context: AppLoadContext, listId: number) {
  const userId = await requireCustomer(request, context, signInFor(`lists/${listId}`));
  try {
    const list = await context.services.shoppingLists.list(userId, listId);
    return { list, saved: new URL(request.url).searchParams.get('saved') === '1' };
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}

/** What adding a list to the basket answers: how many lines went in, and each that did not with why. */
export interface ListAddedAnswer {
  ok: true;
  intent: 'add';
  listId: number;
  name: string;
  added: number;
  notAdded: { item_name: string; reason: string }[];
}

/**
 * The lists pages' action: intent=save (the basket page's "Save as a list", posted to /lists),
 * add (a list into the basket), rename or delete (a list's page).
 */
export async function listsAction(request: Request, context: AppLoadContext, pageListId: number | null) {
  const userId = await requireCustomer(request, context, signInFor(pageListId === null ? 'lists' : `lists/${pageListId}`));
  const form = await postedForm(request);
  const intent = String(form.get('intent') ?? '');
  const lists = context.services.shoppingLists;
  const listId = pageListId ?? (isRecordId(String(form.get('list_id') ?? '')) ? Number(form.get('list_id')) : null);
  try {
    if (intent === 'save') {
      const parsed = parseForm(form, shoppingListNameSchema);
      if (!parsed.ok) return refusedForm(parsed, 'save');
      const saved = await lists.saveBasket(userId, parsed.value.name);
      throw redirect(`/lists/${saved.list_id}?saved=1`);
    }
    if (listId === null) return failure('not_found', shoppingListMessages.notFound, {}, intent);
    if (intent === 'add') {
      const result = await lists.addToBasket(userId, listId);
      const answer: ListAddedAnswer = {
        ok: true,
        intent: 'add',
        listId,
        name: result.name,
        added: result.added,
        notAdded: result.not_added.map(({ item_name, reason }) => ({ item_name, reason })),
      };
      return answer;
    }
    if (intent === 'rename') {
      const parsed = parseForm(form, shoppingListNameSchema);
      if (!parsed.ok) return refusedForm(parsed, 'rename');
      const renamed = await lists.rename(userId, listId, parsed.value.name);
      return { ok: true as const, intent: 'rename' as const, message: `Renamed to "${renamed.name}".` };
    }
    if (intent === 'delete') {
      const { name } = await lists.list(userId, listId);
      await lists.delete(userId, listId);
      throw redirect(`/lists?${new URLSearchParams({ deleted: name }).toString()}`);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return failureFrom(error, intent, form);
  }
  return failure('invalid_request', 'Unknown shopping list action.');
}
