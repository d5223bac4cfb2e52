/**
 * Approval requests (docs/companies.md, DESIGN section 14): a buyer's order over their spending
 * limit is not placed but waits for one of the company's admins. The states and who may move
 * them are approval-states.ts's; this module reads and changes requests.
 *
 * - Asking: the buyer's basket is locked and priced by checkout's own rules (OrderPlacement's
 *   `lockedPricedBasket`, their price list included), the totals they saw checked; it must be
 *   over a limit (else they simply place it). The request holds the lines, the delivery charge
 *   and the totals for APPROVAL_HOLD_DAYS, and the basket is emptied of the lines, in one
 *   transaction with an e-mail job to every admin of the company. No stock is allocated while
 *   it waits.
 * - Paying: on the company's trade account when it has an open one (as trade companies buy);
 *   else by bank transfer, the order awaiting payment once approved, which the buyer pays with
 *   the order's reference or by card on the order's page. A card cannot pay before approval: no
 *   money is taken for an order that may never be placed.
 * - Approving, within the hold: the order is placed then, for the buyer, through the one order
 *   writer (PricedOrderPlacement -> order-writer.ts) at the prices held, with its stock
 *   allocated then, its credit checked then and its confirmation e-mailed; a price changed
 *   since is kept at the held price and the request says so (`changes`). When a product was
 *   withdrawn, the stock is short or the account's credit does not cover it, nothing is placed:
 *   the request is 'not-placed' with what changed, and the buyer is e-mailed it. After the hold
 *   nobody can approve it (the buyer asks again at today's prices).
 * - Declining: with a reason, e-mailed to the buyer.
 * - Who sees what: a request is its company's. The buyer who asked sees theirs, the admins and
 *   viewers every request of the company (as they see orders, company-access.ts); anyone else,
 *   another company's admin included, finds nothing ("not found").
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatPounds, itemDisplayName, type ApprovalDecline, type ApprovalRequestBody, type ApprovalRequestDto } from '@shop/contract';
import { addresses, approvalRequests, companyMembers, productPrices, products, tradeAccounts, users, type Database, type Executor, type HeldLine } from '@shop/db';
import { DomainError, Invalid, NotFound, Unauthorized } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { OrderPlacement } from '../orders/order-placement.ts';
import type { PricedOrderPlacement } from '../orders/priced-order-placement.ts';
import type { CustomerPrices } from '../pricing/customer-prices.ts';
import { penceToPounds, type Pence } from '../pricing/money.ts';
import { approvalDecidedJob, approvalRequestedJob } from './approval-email.ts';
import { allowedApprovalMoves, APPROVAL_HOLD_MS, APPROVAL_STATE_LABELS, approvalStateOf, assertApprovalMove, londonDateTimeText, type ApprovalMove, type ApprovalViewer } from './approval-states.ts';
import { companyAccessMessages, limitExceeded, orderingMembershipOf, requireMayOrder } from './companies.ts';

export const approvalMessages = {
  notFound: (id: number) => `Your company has no approval request ${id}.`,
  withinLimits: 'This order is within your limits, so it needs no approval: place it from the payment step.',
  noLimits: 'Admins have no spending limits, so your orders need no approval: place it from the payment step.',
  sent: (heldUntil: string) => `Sent for approval. Your company's admins have been e-mailed; the prices are held until ${heldUntil}.`,
  placed: (orderId: number) => `Approved: order ${orderId} is placed for the buyer.`,
  notPlaced: 'Approved, but the order could not be placed: the buyer has been told what changed.',
  declined: 'Declined: the buyer has been e-mailed your reason.',
  withdrawn: 'Your request is withdrawn. Nothing was ordered.',
  withdrawnProduct: (names: string[]) => `We no longer sell ${names.join(', ')}, so the order could not be placed.`,
  addressGone: 'The delivery address was deleted from the address book after the request, so the order could not be placed.',
  pricesKept: (changes: string[]) => `Prices changed after the request; the order was placed at the prices held: ${changes.join('; ')}.`,
} as const;

export interface ApprovalsOptions {
  jobs: JobQueue;
  /** Checkout's pricing of the locked basket. */
  placement: Pick<OrderPlacement, 'lockedPricedBasket'>;
  /** The one order writer's entry for lines at given prices. */
  pricedOrders: Pick<PricedOrderPlacement, 'placeIn' | 'wakeWorkers'>;
  /** Today's prices of the buyer (their price list), to say which held prices differ from them. */
  customerPrices?: Pick<CustomerPrices, 'cartLines'>;
  now?: () => Date;
}

type RequestRow = typeof approvalRequests.$inferSelect;

/** The caller as a member of a company: their company, and whether they are its admin. */
interface Caller {
  userId: number;
  companyId: number;
  role: 'admin' | 'buyer' | 'viewer';
}

/** Placing failed for a reason the buyer should be told (stock, a product, credit): the request becomes 'not-placed'. */
class NotPlaced extends Error {}

const buyer = alias(users, 'buyer');
const decider = alias(users, 'decider');

export class Approvals {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: ApprovalsOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Whether the buyer's order of this value (ex VAT) needs approval: the reason and how it will be
   * paid, or null when it is within their limits (the payment step shows the one or the other).
   */
  async needsApproval(userId: number, orderValuePence: Pence): Promise<{ reason: string; paymentMethod: 'account' | 'bank'; heldDays: number } | null> {
    const over = await limitExceeded(this.db, userId, orderValuePence, this.now());
    if (!over) return null;
    const [member] = await this.db.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId));
    return { reason: over.notice, paymentMethod: await this.paymentMethodOf(this.db, member!.companyId), heldDays: APPROVAL_HOLD_MS / 86_400_000 };
  }

  /** The buyer sends their basket for approval; see the module comment. */
  async request(callerUserId: number | null, body: ApprovalRequestBody): Promise<ApprovalRequestDto> {
    const caller = await this.caller(callerUserId);
    // Only a buyer has limits; a viewer orders nothing at all (the order writer's words).
    if (caller.role === 'admin') throw new Invalid(approvalMessages.noLimits);
    if (caller.role === 'viewer') requireMayOrder(await orderingMembershipOf(this.db, caller.userId));
    const id = await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const priced = await this.options.placement.lockedPricedBasket(tx, caller.userId, body);
      const { totals } = priced;
      const over = await limitExceeded(tx, caller.userId, totals.totalPence - totals.totalTaxPence, this.now());
      if (!over) throw new Invalid(approvalMessages.withinLimits);
      const lines: HeldLine[] = priced.lines.map((line) => ({
        productId: line.productId,
        productPriceId: line.productPriceId,
        productName: line.productName,
        size1: line.size1,
        imageUrl: line.imageUrl,
        pricePence: line.pricePence,
        qty: line.qty,
        count: line.count,
        discountPence: priced.offerOutcome.lineDiscounts.get(line.productPriceId) ?? 0,
      }));
      const [made] = await tx
        .insert(approvalRequests)
        .values({
          companyId: caller.companyId,
          userId: caller.userId,
          lines,
          offers: priced.offerOutcome.applied,
          subTotalPence: totals.subTotalPence,
          deliveryFeePence: totals.deliveryFeePence,
          totalTaxPence: totals.totalTaxPence,
          totalPence: totals.totalPence,
          deliveryAddressId: priced.delivery.addressId,
          billingAddressId: priced.billing.addressId,
          paymentMethod: await this.paymentMethodOf(tx, caller.companyId),
          note: body.note.slice(0, 50),
          purchaseOrderNumber: body.purchase_order_number,
          reason: over.reason,
          heldUntil: new Date(this.now().getTime() + APPROVAL_HOLD_MS),
        })
        .returning({ id: approvalRequests.approvalRequestId });
      for (const statement of priced.emptyBasket) await tx.execute(statement);
      const admins = await tx
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, caller.companyId), eq(companyMembers.role, 'admin')));
      for (const admin of admins) await this.options.jobs.record(approvalRequestedJob(admin.userId, made!.id), tx);
      return made!.id;
    });
    this.options.jobs.wakeWorkers();
    return this.get(callerUserId, id);
  }

  /** The requests the caller may see, newest first: the buyer's own; every one of the company for its admins and viewers. */
  async list(callerUserId: number | null, only: 'waiting' | 'all' = 'all'): Promise<ApprovalRequestDto[]> {
    const caller = await this.callerOrNull(callerUserId);
    if (!caller) return [];
    const conditions: SQL[] = [eq(approvalRequests.companyId, caller.companyId)];
    if (caller.role === 'buyer') conditions.push(eq(approvalRequests.userId, caller.userId));
    // Waiting and not yet expired: what an admin still has to decide.
    if (only === 'waiting') conditions.push(eq(approvalRequests.status, 'waiting'), sql`${approvalRequests.heldUntil} >= ${this.now().toISOString()}::timestamptz`);
    return this.views(caller, and(...conditions)!, 200);
  }

  /** One request the caller may see; anyone else's is "not found". */
  async get(callerUserId: number | null, requestId: number): Promise<ApprovalRequestDto> {
    const caller = await this.caller(callerUserId);
    const [view] = await this.views(caller, and(eq(approvalRequests.approvalRequestId, requestId), eq(approvalRequests.companyId, caller.companyId))!, 1);
    if (!view || (caller.role === 'buyer' && view.buyer.user_id !== caller.userId)) throw new NotFound(approvalMessages.notFound(requestId));
    return view;
  }

  /** An admin approves: the order is placed now, or the request says what kept it from being placed. A repeat answers the placed order. */
  async approve(callerUserId: number | null, requestId: number): Promise<ApprovalRequestDto> {
    const caller = await this.caller(callerUserId);
    let placed = false;
    try {
      placed = await this.db.transaction(async (transaction) => {
        const tx: Executor = transaction;
        const row = await this.locked(tx, caller, requestId);
        // A double click, or two tabs: the order placed by the first answers the second.
        if (row.status === 'placed' && caller.role === 'admin') return false;
        this.assertMove('approve', row, caller);
        const changes = await this.changesSince(tx, row);
        if (row.deliveryAddressId === null) throw new NotPlaced(approvalMessages.addressGone);
        let orderId: number;
        try {
          const order = await this.options.pricedOrders.placeIn(tx, {
            userId: row.userId,
            lines: row.lines.map((line) => ({ ...line, size1: line.size1 ?? '', imageUrl: line.imageUrl ?? '' })),
            deliveryAddressId: row.deliveryAddressId,
            billingAddressId: row.billingAddressId,
            payment: { method: row.paymentMethod },
            // The delivery charge as held, with the goods.
            agreedDeliveryFeePence: row.deliveryFeePence,
            note: row.note,
            purchaseOrderNumber: row.purchaseOrderNumber,
            idempotencyKey: `approval:${row.approvalRequestId}`,
            offers: row.offers,
            event: { staffId: null, kind: 'approval-approved', after: { approval_request: row.approvalRequestId, approved_by_user: caller.userId, payment: row.paymentMethod } },
          });
          orderId = order.orderId;
        } catch (error) {
          // What changed since the request (stock, a withdrawn product, credit, the address): the
          // buyer is told; anything else (the database) is a fault.
          if (error instanceof DomainError) throw new NotPlaced(error.message);
          throw error;
        }
        await tx
          .update(approvalRequests)
          .set({ status: 'placed', orderId, decidedBy: caller.userId, decidedAt: this.now(), problem: changes })
          .where(eq(approvalRequests.approvalRequestId, row.approvalRequestId));
        return true;
      });
    } catch (error) {
      if (!(error instanceof NotPlaced)) throw error;
      await this.decide(caller, requestId, 'approve', { status: 'not-placed', problem: error.message });
    }
    if (placed) this.options.pricedOrders.wakeWorkers();
    return this.get(callerUserId, requestId);
  }

  /** An admin declines, with a reason the buyer is e-mailed. */
  async decline(callerUserId: number | null, requestId: number, decline: ApprovalDecline): Promise<ApprovalRequestDto> {
    const caller = await this.caller(callerUserId);
    await this.decide(caller, requestId, 'decline', { status: 'declined', declineReason: decline.reason });
    return this.get(callerUserId, requestId);
  }

  /** The buyer who asked takes their request back (waiting, or expired). */
  async withdraw(callerUserId: number | null, requestId: number): Promise<ApprovalRequestDto> {
    const caller = await this.caller(callerUserId);
    await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const row = await this.locked(tx, caller, requestId);
      this.assertMove('withdraw', row, caller);
      await tx.update(approvalRequests).set({ status: 'withdrawn', decidedAt: this.now() }).where(eq(approvalRequests.approvalRequestId, requestId));
    });
    return this.get(callerUserId, requestId);
  }

  /** A company's requests for staff (the back office's company page), newest first: read only, staff do not decide them. */
  async ofCompany(companyId: number, limit = 50): Promise<ApprovalRequestDto[]> {
    return this.views({ userId: 0, companyId, role: 'viewer' }, eq(approvalRequests.companyId, companyId), limit);
  }

  /** How many requests wait for the caller's decision (My account's link says so); 0 for anyone but an admin. */
  async waitingFor(callerUserId: number): Promise<number> {
    const caller = await this.callerOrNull(callerUserId);
    if (!caller || caller.role !== 'admin') return 0;
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(approvalRequests)
      .where(and(eq(approvalRequests.companyId, caller.companyId), eq(approvalRequests.status, 'waiting'), sql`${approvalRequests.heldUntil} >= ${this.now().toISOString()}::timestamptz`));
    return Number(row?.count ?? 0);
  }

  // ---- inside ----

  /** A decision that places nothing (declined, or approved but not placed): the buyer is e-mailed it. */
  private async decide(caller: Caller, requestId: number, move: ApprovalMove, change: Partial<RequestRow>): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const row = await this.locked(tx, caller, requestId);
      this.assertMove(move, row, caller);
      await tx
        .update(approvalRequests)
        .set({ ...change, decidedBy: caller.userId, decidedAt: this.now() })
        .where(eq(approvalRequests.approvalRequestId, requestId));
      await this.options.jobs.record(approvalDecidedJob(row.userId, requestId), tx);
    });
    this.options.jobs.wakeWorkers();
  }

  private assertMove(move: ApprovalMove, row: RequestRow, caller: Caller): void {
    assertApprovalMove(move, { id: row.approvalRequestId, state: approvalStateOf(row, this.now()), heldUntilText: londonDateTimeText(row.heldUntil) }, viewerOf(caller, row.userId));
  }

  /** The request, locked, when the caller may see it; else "not found". */
  private async locked(tx: Executor, caller: Caller, requestId: number): Promise<RequestRow> {
    const [row] = await tx
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.approvalRequestId, requestId), eq(approvalRequests.companyId, caller.companyId)))
      .for('update');
    if (!row || (caller.role === 'buyer' && row.userId !== caller.userId)) throw new NotFound(approvalMessages.notFound(requestId));
    return row;
  }

  /**
   * Held prices that differ from the buyer's prices today, in words (null: none); a line whose
   * product or pack is no longer sold stops the order (NotPlaced).
   */
  private async changesSince(tx: Executor, row: RequestRow): Promise<string | null> {
    const ids = row.lines.map((line) => line.productPriceId);
    const today = await tx
      .select({ productPriceId: productPrices.productPriceId, pricePence: productPrices.pricePence, isActive: products.isActive })
      .from(productPrices)
      .innerJoin(products, eq(products.productId, productPrices.productId))
      .where(inArray(productPrices.productPriceId, ids));
    const byId = new Map(today.map((pack) => [pack.productPriceId, pack]));
    const gone = row.lines.filter((line) => !byId.get(line.productPriceId)?.isActive);
    if (gone.length > 0) throw new NotPlaced(approvalMessages.withdrawnProduct(gone.map((line) => itemDisplayName(line.productName, line.size1))));
    const publicToday = row.lines.map((line) => ({ productPriceId: line.productPriceId, pricePence: byId.get(line.productPriceId)!.pricePence, qty: line.qty }));
    const priced = this.options.customerPrices ? await this.options.customerPrices.cartLines(row.userId, publicToday, tx) : publicToday;
    const changes = row.lines.flatMap((line, i) => {
      const now = priced[i]!.pricePence;
      if (now === line.pricePence) return [];
      return [`${itemDisplayName(line.productName, line.size1)}, pack of ${line.qty}: ${pounds(line.pricePence)} held, ${pounds(now)} today`];
    });
    return changes.length > 0 ? approvalMessages.pricesKept(changes) : null;
  }

  /** On account when the company has an open trade account; else bank transfer (paid after approval). */
  private async paymentMethodOf(executor: Executor, companyId: number): Promise<'account' | 'bank'> {
    const open = await executor
      .select({ companyId: tradeAccounts.companyId })
      .from(tradeAccounts)
      .where(and(eq(tradeAccounts.companyId, companyId), sql`${tradeAccounts.closedAt} IS NULL`));
    return open.length > 0 ? 'account' : 'bank';
  }

  private async callerOrNull(callerUserId: number | null): Promise<Caller | null> {
    if (callerUserId === null) throw new Unauthorized();
    const [member] = await this.db.select({ companyId: companyMembers.companyId, role: companyMembers.role }).from(companyMembers).where(eq(companyMembers.userId, callerUserId));
    return member ? { userId: callerUserId, ...member } : null;
  }

  private async caller(callerUserId: number | null): Promise<Caller> {
    const caller = await this.callerOrNull(callerUserId);
    if (!caller) throw new NotFound(companyAccessMessages.notMember);
    return caller;
  }

  private async views(caller: Caller, where: SQL, limit: number): Promise<ApprovalRequestDto[]> {
    const rows = await this.db
      .select({
        request: approvalRequests,
        buyer: { userId: buyer.userId, firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email },
        decider: { firstName: decider.firstName, lastName: decider.lastName },
        address: { reference: addresses.reference, address: addresses.address, town: addresses.town, postCode: addresses.postCode },
      })
      .from(approvalRequests)
      .innerJoin(buyer, eq(buyer.userId, approvalRequests.userId))
      .leftJoin(decider, eq(decider.userId, approvalRequests.decidedBy))
      .leftJoin(addresses, eq(addresses.addressId, approvalRequests.deliveryAddressId))
      .where(where)
      .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.approvalRequestId))
      .limit(limit);
    const now = this.now();
    return rows.map(({ request: r, buyer: b, decider: d, address: a }) => {
      const state = approvalStateOf(r, now);
      const can = allowedApprovalMoves(state, viewerOf(caller, r.userId));
      return {
        approval_request_id: r.approvalRequestId,
        state,
        state_label: APPROVAL_STATE_LABELS[state],
        buyer: { user_id: b.userId, first_name: b.firstName, last_name: b.lastName, email: b.email },
        reason: r.reason,
        lines: r.lines.map((line) => ({
          product_id: line.productId,
          product_price_id: line.productPriceId,
          item_name: itemDisplayName(line.productName, line.size1),
          qty: line.qty,
          count: line.count,
          price: penceToPounds(line.pricePence),
          total: penceToPounds(line.pricePence * line.count),
        })),
        sub_total: penceToPounds(r.subTotalPence),
        discount: penceToPounds(r.lines.reduce((sum, line) => sum + (line.discountPence ?? 0), 0)),
        delivery_fee: penceToPounds(r.deliveryFeePence),
        total_tax: penceToPounds(r.totalTaxPence),
        total: penceToPounds(r.totalPence),
        payment_method: r.paymentMethod,
        delivery_address: a?.reference ? `${a.reference}: ${a.address}, ${a.town} ${a.postCode}` : null,
        note: r.note,
        purchase_order_number: r.purchaseOrderNumber,
        created: r.createdAt.toISOString(),
        held_until: r.heldUntil.toISOString(),
        decided_by: d?.firstName ? `${d.firstName} ${d.lastName}` : null,
        decided_at: r.decidedAt?.toISOString() ?? null,
        decline_reason: r.declineReason,
        changes: r.problem,
        order_id: r.orderId,
        can,
      };
    });
  }
}

function viewerOf(caller: Caller, requesterUserId: number): ApprovalViewer {
  return { isAdmin: caller.role === 'admin', isRequester: caller.userId === requesterUserId };
}

function pounds(pence: Pence): string {
  return formatPounds(penceToPounds(pence));
}
