/**
 * The signed-in customer's price book for a page (docs/price-lists.md, decision record 019):
 * catalogue reads stay public and cached in core, and a customer on a price list gets their
 * prices laid over them here, per request. Null for a visitor not signed in, or on no list.
 */
import type { AppLoadContext } from 'react-router';
import type { PriceBook } from '@shop/core';
import { visitorOf } from '~/session.server';

export async function customerPriceBook(request: Request, context: AppLoadContext): Promise<PriceBook | null> {
  const { userId } = await visitorOf(request, context);
  return userId === null ? null : context.services.customerPrices.bookFor(userId);
}
