/**
 * The product page's "Email me when it is back in stock" action, with core's services faked: a
 * visitor's request needs the e-mail and the ticked box and is counted against the attempt limits
 * (a 429 says to wait); a signed-in customer's needs neither and is not counted.
 */
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { backInStockMessages } from '@shop/contract';
import { DomainError } from '@shop/core';
import { askBackInStock } from './back-in-stock.server';

function contextFor(userId: number | null, countAttempt = vi.fn(async () => ({}))) {
  const ask = vi.fn(async () => ({ noted: true, item: 'Box 12x9x6', message: backInStockMessages.noted('Box 12x9x6') }));
  const memo = new Map<string, unknown>([['visitor', Promise.resolve({ userId, sessionId: 's', token: userId ? 't' : null })]]);
  const context = { memo, secure: false, countAttempt, services: { backInStock: { ask } } } as unknown as AppLoadContext;
  return { context, ask, countAttempt };
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const request = new Request('http://localhost/product-detail?productCode=1', { method: 'POST' });
const dataOf = (answer: unknown) => ((answer as { data?: unknown }).data ?? answer) as Record<string, unknown>;
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } }).init?.status ?? 200;

describe('asking to be e-mailed when a size is back', () => {
  it("a visitor's request without the ticked box is refused with the box's message, and nothing is asked", async () => {
    const { context, ask } = contextFor(null);
    const answer = await askBackInStock(request, context, formOf({ intent: 'back-in-stock', product_size_id: '5', email: 'vic@example.com' }));
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer)).toMatchObject({ ok: false, intent: 'back-in-stock', fields: { consent: backInStockMessages.consentRequired }, values: { email: 'vic@example.com', product_size_id: '5' } });
    expect(ask).not.toHaveBeenCalled();
  });

  it("a visitor's request is counted against their e-mail and noted", async () => {
    const { context, ask, countAttempt } = contextFor(null);
    const answer = await askBackInStock(request, context, formOf({ intent: 'back-in-stock', product_size_id: '5', email: 'vic@example.com', consent: 'on' }));
    expect(countAttempt).toHaveBeenCalledWith('backInStock', 'vic@example.com');
    expect(ask).toHaveBeenCalledWith(5, { kind: 'visitor', email: 'vic@example.com' });
    expect(dataOf(answer)).toEqual({ ok: true, intent: 'back-in-stock', product_size_id: 5, noted: true, message: backInStockMessages.noted('Box 12x9x6') });
  });

  it('a visitor over the limit is told to wait (429), and nothing is asked', async () => {
    const refused = vi.fn(async () => {
      throw new DomainError('too_many_requests', 'Too many attempts, please wait a minute and try again.', { retryAfterSeconds: 60 });
    });
    const { context, ask } = contextFor(null, refused);
    const answer = await askBackInStock(request, context, formOf({ intent: 'back-in-stock', product_size_id: '5', email: 'vic@example.com', consent: 'on' }));
    expect(statusOf(answer)).toBe(429);
    expect(dataOf(answer)).toMatchObject({ ok: false, message: 'Too many attempts, please wait a minute and try again.' });
    expect(ask).not.toHaveBeenCalled();
  });

  it("a signed-in customer asks with one press: no e-mail or box, not counted, their account's request", async () => {
    const { context, ask, countAttempt } = contextFor(7);
    const answer = await askBackInStock(request, context, formOf({ intent: 'back-in-stock', product_size_id: '5' }));
    expect(countAttempt).not.toHaveBeenCalled();
    expect(ask).toHaveBeenCalledWith(5, { kind: 'customer', userId: 7 });
    expect(dataOf(answer)).toMatchObject({ ok: true, noted: true });
  });
});
