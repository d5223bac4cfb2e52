/**
 * "Email me when it is back in stock" on the product page (core/stock/back-in-stock.ts): what the
 * page offers for its sizes that are out, and the form's action, a plain POST to the page that
 * works without JavaScript. A signed-in customer's request uses their account's e-mail; a
 * visitor's needs an e-mail and the consent box, and is rate-limited as sign-up is (per address
 * and per e-mail: anyone can type anyone's address).
 */
import type { AppLoadContext } from 'react-router';
import { backInStockCustomerSchema, backInStockVisitorSchema } from '@shop/contract';
import { visitorOf } from '~/session.server';
import { failureFrom, parseForm, refusedForm } from '~/server/forms.server';
import { BACK_IN_STOCK_INTENT } from '~/components/catalogue/back-in-stock-form';

export { BACK_IN_STOCK_INTENT };

/** Who would ask: the signed-in customer's e-mail and the sizes they wait for already, or a visitor (null). */
export interface BackInStockOffer {
  customer: { email: string; waiting: number[] } | null;
}

/** The offer for a product page with at least one size out; read only then, so other pages pay nothing. */
export async function backInStockOffer(request: Request, context: AppLoadContext, productId: number, anyOut: boolean): Promise<BackInStockOffer> {
  if (!anyOut) return { customer: null };
  const { userId } = await visitorOf(request, context);
  if (userId === null) return { customer: null };
  const [details, waiting] = await Promise.all([
    context.services.accounts.userDetails(userId, userId),
    context.services.backInStock.waitingSizesOf(userId, productId),
  ]);
  return { customer: { email: details.email, waiting } };
}

/** What the form's answer says when the request was noted (or was already). */
export interface BackInStockNoted {
  ok: true;
  intent: typeof BACK_IN_STOCK_INTENT;
  product_size_id: number;
  noted: boolean;
  message: string;
}

export async function askBackInStock(request: Request, context: AppLoadContext, form: FormData) {
  const { userId } = await visitorOf(request, context);
  const { backInStock } = context.services;
  const noted = (productSizeId: number, asked: { noted: boolean; message: string }): BackInStockNoted => ({
    ok: true,
    intent: BACK_IN_STOCK_INTENT,
    product_size_id: productSizeId,
    noted: asked.noted,
    message: asked.message,
  });
  try {
    if (userId !== null) {
      const parsed = parseForm(form, backInStockCustomerSchema);
      if (!parsed.ok) return refusedForm(parsed, BACK_IN_STOCK_INTENT);
      return noted(parsed.value.product_size_id, await backInStock.ask(parsed.value.product_size_id, { kind: 'customer', userId }));
    }
    const parsed = parseForm(form, backInStockVisitorSchema);
    if (!parsed.ok) return refusedForm(parsed, BACK_IN_STOCK_INTENT);
    const { product_size_id, email } = parsed.value;
    await context.countAttempt('backInStock', email);
    return noted(product_size_id, await backInStock.ask(product_size_id, { kind: 'visitor', email }));
  } catch (error) {
    return failureFrom(error, BACK_IN_STOCK_INTENT, form);
  }
}
