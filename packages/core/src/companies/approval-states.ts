/**
 * The life of an approval request (docs/companies.md), in one place: its states, their words,
 * and the moves the company's people make. The request's page offers the moves
 * `allowedApprovalMoves` allows; approvals.ts refuses any other through `assertApprovalMove`, so
 * the two cannot disagree.
 *
 *   waiting -> placed       (an admin approves: the order is placed at the prices held)
 *   waiting -> not-placed   (an admin approves, but the stock, a product or the credit changed: the buyer is told what)
 *   waiting -> declined     (an admin declines, with a reason the buyer is e-mailed)
 *   waiting | expired -> withdrawn  (the buyer who asked takes it back)
 *
 * 'expired' is not stored: a waiting request whose prices are no longer held (APPROVAL_HOLD_DAYS)
 * reads so, and can then only be withdrawn; the buyer asks again at today's prices. Placed,
 * not-placed, declined and withdrawn are final.
 */
import { APPROVAL_HOLD_DAYS, type ApprovalState } from '@shop/contract';
import { Conflict, Forbidden } from '../errors.ts';

/** What is stored (approval_requests.status). */
export type ApprovalStatus = Exclude<ApprovalState, 'expired'>;

export const APPROVAL_HOLD_MS = APPROVAL_HOLD_DAYS * 24 * 60 * 60 * 1000;

export const APPROVAL_STATE_LABELS: Readonly<Record<ApprovalState, string>> = {
  waiting: 'Waiting for approval',
  placed: 'Approved: order placed',
  'not-placed': 'Approved, but not placed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired: prices no longer held',
};

/** The state of a stored request at `now`: a waiting one past its hold has expired. */
export function approvalStateOf(request: { status: ApprovalStatus; heldUntil: Date }, now: Date): ApprovalState {
  if (request.status === 'waiting' && now.getTime() > request.heldUntil.getTime()) return 'expired';
  return request.status;
}

/** "8 December 2026 at 14:05", London time: when a hold ends, in the words of pages and e-mails. */
export function londonDateTimeText(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/London' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')}`;
}

export const APPROVAL_MOVES = ['approve', 'decline', 'withdraw'] as const;
export type ApprovalMove = (typeof APPROVAL_MOVES)[number];

/** Who is looking: an admin of the request's company, and/or the buyer who asked. */
export interface ApprovalViewer {
  isAdmin: boolean;
  isRequester: boolean;
}

/** Whether the request's state allows the move (whoever makes it). */
export function mayMoveApproval(state: ApprovalState, move: ApprovalMove): boolean {
  switch (move) {
    case 'approve':
    case 'decline':
      return state === 'waiting';
    case 'withdraw':
      return state === 'waiting' || state === 'expired';
  }
}

/** Whether this person may ever make the move: admins approve and decline, the buyer who asked withdraws. */
export function mayMakeApprovalMove(viewer: ApprovalViewer, move: ApprovalMove): boolean {
  return move === 'withdraw' ? viewer.isRequester : viewer.isAdmin;
}

/** Every move, and whether this person may make it now: what the request's page offers. */
export function allowedApprovalMoves(state: ApprovalState, viewer: ApprovalViewer): Readonly<Record<ApprovalMove, boolean>> {
  return Object.fromEntries(APPROVAL_MOVES.map((move) => [move, mayMakeApprovalMove(viewer, move) && mayMoveApproval(state, move)])) as Record<ApprovalMove, boolean>;
}

export const APPROVAL_MOVE_MESSAGES = {
  adminsOnly: "Only your company's admins can approve or decline an order.",
  requesterOnly: 'Only the buyer who asked can withdraw this request.',
  expired: (id: number, heldUntil: string) =>
    `Request ${id} expired: its prices were held until ${heldUntil}. Nothing was ordered. The buyer can put it in their basket again and ask at today's prices.`,
  decided: (id: number, state: ApprovalState) => `Request ${id} is ${APPROVAL_STATE_LABELS[state].toLowerCase()} already, so it can no longer be changed.`,
} as const;

/**
 * Refuses a move this person may not make (Forbidden), or one the request's state no longer
 * allows (Conflict: someone else decided it since the page was shown, or its hold ran out).
 */
export function assertApprovalMove(move: ApprovalMove, request: { id: number; state: ApprovalState; heldUntilText: string }, viewer: ApprovalViewer): void {
  if (!mayMakeApprovalMove(viewer, move)) throw new Forbidden(move === 'withdraw' ? APPROVAL_MOVE_MESSAGES.requesterOnly : APPROVAL_MOVE_MESSAGES.adminsOnly);
  if (mayMoveApproval(request.state, move)) return;
  if (request.state === 'expired') throw new Conflict(APPROVAL_MOVE_MESSAGES.expired(request.id, request.heldUntilText));
  throw new Conflict(APPROVAL_MOVE_MESSAGES.decided(request.id, request.state));
}
