/**
 * The dispatch promise a page shows, computed by core with the server's clock
 * when the page is rendered: for the basket's delivery address once the signed-in customer has
 * chosen one, else for mainland UK (England and Wales). Before the cut-off the page also gets the
 * seconds left and what the promise becomes after it, so a page left open keeps counting down
 * (components/delivery/dispatch-promise-line.tsx) and then says the next dispatch day.
 */
import type { AppLoadContext } from 'react-router';
import type { CartDto } from '@shop/contract';
import type { BasketStock, DispatchPromise } from '@shop/core';
import { visitorOf } from '~/session.server';
import type { DispatchPromiseView } from '~/components/delivery/dispatch-promise-line';

/**
 * The promise for the visitor of this request (their basket's delivery address when known).
 * `basket`: the visitor's basket as the loader read it (null: none), so it is not read again,
 * and whether lines in it wait for more to come in (stock.server.ts).
 */
export async function visitorDispatchPromise(
  request: Request,
  context: AppLoadContext,
  basket?: { cart: CartDto | null; backorder: BasketStock['backorder'] },
): Promise<DispatchPromiseView> {
  const visitor = await visitorOf(request, context);
  const postcode = visitor.userId === null ? null : await basketPostcode(context, visitor.userId, basket ? basket.cart : undefined);
  return dispatchPromiseView(context, postcode, basket?.backorder ?? null);
}

/** The promise for a delivery postcode (null: not chosen yet), later when some lines are backordered. */
export function dispatchPromiseView(context: AppLoadContext, postcode: string | null, backorder: BasketStock['backorder'] = null): DispatchPromiseView {
  const { now, afterCutOff } = context.services.dispatch.promiseAndNextFor(postcode, backorder);
  return {
    ...toView(now, postcode),
    secondsToCutOff: now.secondsToCutOff,
    afterCutOff: afterCutOff ? { dispatchText: afterCutOff.dispatchText, deliveryText: afterCutOff.deliveryText } : null,
  };
}

/** The postcode of the address the customer's basket is delivered to; null when none is chosen (or it cannot be read). */
async function basketPostcode(context: AppLoadContext, userId: number, known?: CartDto | null): Promise<string | null> {
  const { carts, addresses } = context.services;
  const cart = known === undefined ? await carts.cartOf({ kind: 'user', userId }) : known;
  if (cart === null || cart.address_id === null) return null;
  // The promise is a courtesy line: an address gone since it was chosen falls back to mainland UK.
  const address = await addresses.get(userId, cart.address_id).catch(() => null);
  return address?.post_code ?? null;
}

function toView(promise: DispatchPromise, postcode: string | null): Omit<DispatchPromiseView, 'secondsToCutOff' | 'afterCutOff'> {
  return {
    dispatchText: promise.dispatchText,
    deliveryText: promise.deliveryText,
    dispatchToday: promise.dispatchToday,
    destination: postcode ? postcode : 'mainland UK',
  };
}
