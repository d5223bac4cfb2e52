/**
 * "Order again" on the order pages: the form posts intent=reorder with the
 * order id to the page's own action; core's Reorder puts the order's lines still on sale into
 * the basket at today's prices, and the customer goes to the basket, which says once what
 * changed (a short-lived httpOnly cookie that the basket's loader reads and clears).
 */
import { redirect, type AppLoadContext } from 'react-router';
import { isRecordId } from '@shop/contract/browser';
import { reorderMessages } from '@shop/core';
import { requireCustomer } from '~/session.server';
import { failure, failureFrom } from '~/server/forms.server';
import { oneTimeNotice } from '~/server/one-time-notice.server';
import type { ReorderNotice } from '~/components/orders/reorder-notice';

/** At most this many changes are carried to the basket page (a cookie holds about 4 kB). */
const NOTICE_MAX_CHANGES = 20;
const NOTICE_MAX_LENGTH = 160;

const reorderNotice = oneTimeNotice('shop_reorder_notice');

/** The order pages' action for intent=reorder. */
export async function reorderOrder(request: Request, context: AppLoadContext, form: FormData) {
  const userId = await requireCustomer(request, context, '/signin');
  const orderId = String(form.get('order_id') ?? '');
  if (!isRecordId(orderId)) return failure('invalid_request', 'Choose an order to order again.', {}, 'reorder', { order_id: orderId });
  let changes: string[];
  try {
    const result = await context.services.reorder.reorder(userId, Number(orderId));
    changes = result.changes.map((change) => change.message);
    // Never to an empty basket ('No cart found'): say on the order why nothing was added.
    if (result.cartIems.length === 0) return failure('conflict', reorderMessages.nothingAdded(Number(orderId), changes), {}, 'reorder', { order_id: orderId });
  } catch (error) {
    return failureFrom(error, 'reorder', form);
  }
  const notice: ReorderNotice = {
    orderId: Number(orderId),
    changes: changes.slice(0, NOTICE_MAX_CHANGES).map((message) => message.slice(0, NOTICE_MAX_LENGTH)),
    more: Math.max(0, changes.length - NOTICE_MAX_CHANGES),
  };
  throw redirect('/checkout', { headers: { 'Set-Cookie': await reorderNotice.leave(context, notice) } });
}

/**
 * The notice left by "Order again", once: answers it with the Set-Cookie header that removes it
 * (or nothing when there is none).
 */
export async function takeReorderNotice(request: Request, context: AppLoadContext): Promise<{ notice: ReorderNotice | null; setCookie: string | null }> {
  const { value, setCookie } = await reorderNotice.take(request, context);
  return { notice: value ? asNotice(value) : null, setCookie };
}

/** The cookie's value, if it has the notice's shape (it comes back from the browser). */
function asNotice(value: unknown): ReorderNotice | null {
  const candidate = value as Partial<ReorderNotice>;
  if (typeof candidate !== 'object' || candidate === null) return null;
  if (typeof candidate.orderId !== 'number' || !Array.isArray(candidate.changes)) return null;
  const changes = candidate.changes.filter((change): change is string => typeof change === 'string').slice(0, NOTICE_MAX_CHANGES);
  return { orderId: candidate.orderId, changes, more: typeof candidate.more === 'number' ? candidate.more : 0 };
}
