/**
 * An offer's uses, checked and counted in the order's transaction (order-writer.ts, its last
 * statements). An offer's uses are its offer_uses rows, one per order, written with the order's
 * lines. Every offer the order applies must still be live and within its limit per customer (a
 * customer's own checkouts are one after the other already: the basket's lock); that is a read,
 * which no other checkout waits for.
 *
 * Only an offer with a limit in all is counted under a lock: one UPDATE raises its `uses` while
 * below `max_uses`, under its row's lock, so of concurrent checkouts on an offer with N uses left,
 * N get it and the others are refused and their orders rolled back. An offer without such a limit
 * takes no lock: every order on a popular code would otherwise wait for that one row (measured in
 * docs/performance.md, 2026-11-29). Offers are never edited, so an offer cannot gain a limit later.
 */
import { and, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
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
  const live = and(
    isNull(offerTable.endedAt),
    sql`${offerTable.startsOn} <= ${today}::date AND (${offerTable.endsOn} IS NULL OR ${offerTable.endsOn} >= ${today}::date)`,
  );
  const usable = await tx
    .select({ offerId: offerTable.offerId, limited: isNotNull(offerTable.maxUses).mapWith(Boolean) })
    .from(offerTable)
    .where(
      and(
        inArray(offerTable.offerId, ids),
        live,
        sql`(${offerTable.maxUsesPerCustomer} IS NULL
             OR (SELECT count(*) FROM offer_uses u WHERE u.offer_id = ${offerTable.offerId} AND u.user_id = ${userId} AND u.order_id <> ${orderId})
                < ${offerTable.maxUsesPerCustomer})`,
      ),
    );
  const limited = usable.filter((offer) => offer.limited).map((offer) => offer.offerId);
  const counted =
    limited.length === 0
      ? []
      : await tx
          .update(offerTable)
          .set({ uses: sql`${offerTable.uses} + 1` })
          // Checked again under the lock: another checkout may have taken the last use, or staff ended it.
          .where(and(inArray(offerTable.offerId, limited), live, lt(offerTable.uses, offerTable.maxUses)))
          .returning({ offerId: offerTable.offerId });
  const takenIds = new Set([...usable.filter((offer) => !offer.limited).map((offer) => offer.offerId), ...counted.map((row) => row.offerId)]);
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
