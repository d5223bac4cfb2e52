/**
 * An offer's uses, counted in the order's transaction (order-writer.ts, its last statement): one
 * UPDATE raises the count of every offer the order applies, each only while it is live and within
 * its limits (in all and for this customer), under its row's lock. Of concurrent checkouts on an
 * offer with N uses left, N get it and the others are refused and their orders rolled back, so a
 * limit is never passed. A customer's own checkouts are one after the other already (the basket's
 * lock).
 */
import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { offers as offerTable, type Executor } from '@shop/db';
import { Conflict } from '../errors.ts';
import type { AppliedOffer } from './offer-rules.ts';

export const offerUseMessages = {
  noLongerAvailable: (names: string[]) =>
    `${names.map((name) => `"${name}"`).join(' and ')} can no longer be used (it has ended or been used as many times as it may be). ` +
    'Your basket now shows the total without it: check it and place your order again.',
};

/**
 * An offer the order applied has no use left (or has ended). Thrown after the order's own rows
 * are written: the order rolls back, and is never taken for an earlier order of the same key.
 */
export class OfferNoLongerAvailable extends Conflict {}

/**
 * Takes one use of each offer for this customer's order (its own offer_uses rows are written
 * already, so they are not counted against it), or throws Conflict (409) naming those that have
 * none left.
 */
export async function takeOfferUses(tx: Executor, { userId, orderId }: { userId: number; orderId: number }, offers: readonly AppliedOffer[], today: string): Promise<void> {
  const ids = offers.map((offer) => offer.offerId);
  const taken = await tx
    .update(offerTable)
    .set({ uses: sql`${offerTable.uses} + 1` })
    .where(
      and(
        inArray(offerTable.offerId, ids),
        isNull(offerTable.endedAt),
        sql`${offerTable.startsOn} <= ${today}::date AND (${offerTable.endsOn} IS NULL OR ${offerTable.endsOn} >= ${today}::date)`,
        sql`(${offerTable.maxUses} IS NULL OR ${offerTable.uses} < ${offerTable.maxUses})`,
        sql`(${offerTable.maxUsesPerCustomer} IS NULL
             OR (SELECT count(*) FROM offer_uses u WHERE u.offer_id = ${offerTable.offerId} AND u.user_id = ${userId} AND u.order_id <> ${orderId})
                < ${offerTable.maxUsesPerCustomer})`,
      ),
    )
    .returning({ offerId: offerTable.offerId });
  const takenIds = new Set(taken.map((row) => row.offerId));
  const refused = offers.filter((offer) => !takenIds.has(offer.offerId));
  if (refused.length > 0) throw new OfferNoLongerAvailable(offerUseMessages.noLongerAvailable(refused.map((offer) => offer.name)), { offers: refused.map((offer) => offer.offerId) });
}

/** The order's uses of its offers, written in the order's lines statement (stock/stock-allocation.ts). */
export function offerUseStatement(orderId: number, userId: number, offers: readonly AppliedOffer[]): SQL {
  return sql`INSERT INTO offer_uses (offer_id, order_id, user_id, discount_pence, delivery_saved_pence)
             SELECT u.offer_id, ${orderId}::int, ${userId}::int, u.discount_pence, u.delivery_saved_pence
             FROM json_to_recordset(${JSON.stringify(offers.map((o) => ({ offer_id: o.offerId, discount_pence: o.discountPence, delivery_saved_pence: o.deliverySavedPence })))}::json)
                  AS u(offer_id int, discount_pence int, delivery_saved_pence int)`;
}
