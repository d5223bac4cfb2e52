/**
 * What the payment step shows a trade customer: their available credit, limit
 * and payment terms, in pounds, and why they cannot order on account while it is on stop (core's
 * words, the same checkout answers); null for customers without an open trade account (no tab).
 */
import type { AppLoadContext } from 'react-router';
import { creditStopMessages, penceToPounds } from '@shop/core';

export interface TradeAccountView {
  available: number;
  limit: number;
  termsDays: number;
  /** The account is on stop: why, and that card and bank transfer still work. */
  stopMessage: string | null;
}

export async function tradeAccountView(context: AppLoadContext, userId: number): Promise<TradeAccountView | null> {
  const [account, stop] = await Promise.all([context.services.tradeAccounts.accountOf(userId), context.services.tradeAccounts.stopOf(userId)]);
  if (!account) return null;
  return {
    available: penceToPounds(account.availablePence),
    limit: penceToPounds(account.creditLimitPence),
    termsDays: account.termsDays,
    stopMessage: stop ? creditStopMessages.refused(stop) : null,
  };
}
