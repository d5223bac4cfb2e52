/**
 * The basket's page actions (SPEC 7's add, modify and remove, in-process): each form is
 * validated with the JSON API's own schema and handed to core's CartService as the visitor of
 * the page session, the signed-in customer or else the anonymous session. Prices and totals
 * come from the server; nothing from the form but ids and counts is used.
 */
import { data, type AppLoadContext } from 'react-router';
import { addToCartBodySchema, modifyCartBodySchema, removeFromCartBodySchema } from '@shop/contract';
import { ensureBasketSession, visitorOf } from '~/session.server';
import { failureFrom, parseForm, refusedForm } from '~/server/forms.server';

/** 'Add +': adds the packs (default one); a first add of a visit without a session creates one (and its cookie). */
export async function addToBasket(request: Request, context: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, addToCartBodySchema);
  if (!parsed.ok) return refusedForm(parsed, 'add');
  const { visitor, setCookie } = await ensureBasketSession(request, context);
  try {
    await context.services.carts.add(visitor.userId, { ...parsed.value, session_id: visitor.sessionId });
  } catch (error) {
    return failureFrom(error, 'add');
  }
  return data(
    { ok: true as const, intent: 'add', product_price_id: parsed.value.product_price_id, count: parsed.value.count },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  );
}

/** 'No. of Pack' changed (SPEC 5: sent on leaving the field). */
export async function changePackCount(request: Request, context: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, modifyCartBodySchema);
  if (!parsed.ok) return refusedForm(parsed, 'modify');
  const visitor = await visitorOf(request, context);
  try {
    await context.services.carts.modify(visitor.userId, { ...parsed.value, session_id: visitor.sessionId });
  } catch (error) {
    return failureFrom(error, 'modify');
  }
  return { ok: true as const, intent: 'modify', product_price_id: parsed.value.product_price_id, count: parsed.value.count };
}

/** 'Remove All' confirmed with 'Yes'. */
export async function removeBasketLine(request: Request, context: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, removeFromCartBodySchema);
  if (!parsed.ok) return refusedForm(parsed, 'remove');
  const visitor = await visitorOf(request, context);
  try {
    await context.services.carts.remove(visitor.userId, { ...parsed.value, session_id: visitor.sessionId });
  } catch (error) {
    return failureFrom(error, 'remove');
  }
  return { ok: true as const, intent: 'remove', product_price_id: parsed.value.product_price_id };
}
