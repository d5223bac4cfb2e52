/**
 * What the payment step shows a trade customer: their available credit, limit
 * and payment terms, in pounds; null for customers without an open trade account (no tab).
 */
import type { AppLoadContext } from 'react-router';
import { penceToPounds } from '@shop/core';

export interface TradeAccountView {
  available: number;
  limit: number;
  termsDays: number;
}

export async function tradeAccountView(context: AppLoadContext, userId: number): Promise<TradeAccountView | null> {
  const account = await context.services.tradeAccounts.accountOf(userId);
  if (!account) return null;
  return { available: penceToPounds(account.availablePence), limit: penceToPounds(account.creditLimitPence), termsDays: account.termsDays };
}
