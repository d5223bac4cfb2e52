/**
 * The basket's page actions (SPEC 7's add, modify and remove, and the discount code, in-process): each form is
 * validated with the JSON API's own schema and handed to core's CartService as the visitor of
 * the page session, the signed-in customer or else the anonymous session. Prices and totals
 * come from the server; nothing from the form but ids and counts is used.
 */
import { data, type AppLoadContext } from 'react-router';
import { addToCartBodySchema, applyOfferCodeBodySchema, modifyCartBodySchema, removeFromCartBodySchema } from '@shop/contract';
import { ensureBasketSession, visitorOf } from '~/session.server';
import { failureFrom, parseForm, refusedForm } from '~/server/forms.server';
import { APPLY_CODE_INTENT, REMOVE_CODE_INTENT } from '~/components/cart/discount-code-form';

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

/**
 * 'Apply' a discount code (PUT /api/cart/code): a code no offer has is refused beside the field
 * and not kept; a known one is kept, and the basket says why if it takes nothing off yet.
 */
export async function applyOfferCode(request: Request, context: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, applyOfferCodeBodySchema);
  if (!parsed.ok) return refusedForm(parsed, APPLY_CODE_INTENT);
  const visitor = await visitorOf(request, context);
  try {
    await context.services.carts.applyCode(visitor.userId, { code: parsed.value.code, session_id: visitor.sessionId });
  } catch (error) {
    return failureFrom(error, APPLY_CODE_INTENT, form);
  }
  return { ok: true, intent: APPLY_CODE_INTENT } as const;
}

/** 'Remove' the discount code (DELETE /api/cart/code). */
export async function removeOfferCode(request: Request, context: AppLoadContext) {
  const visitor = await visitorOf(request, context);
  try {
    await context.services.carts.removeCode(visitor.userId, { session_id: visitor.sessionId });
  } catch (error) {
    return failureFrom(error, REMOVE_CODE_INTENT);
  }
  return { ok: true, intent: REMOVE_CODE_INTENT } as const;
}
