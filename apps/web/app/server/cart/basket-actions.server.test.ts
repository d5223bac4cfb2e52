/**
 * The basket page's discount code actions, with core's basket faked: the code typed goes to
 * CartService.applyCode for the visitor's basket; an empty one is refused with the contract's
 * message before the basket is asked; a code no offer has comes back as the field's message with
 * what was typed; 'Remove' takes the code off.
 */
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Invalid } from '@shop/core';
import { applyOfferCode, removeOfferCode } from './basket-actions.server';

function contextWithBasket(applyCode: (userId: number | null, body: { code: string; session_id?: string | null }) => Promise<unknown> = async () => ({})) {
  const carts = { applyCode: vi.fn(applyCode), removeCode: vi.fn(async () => ({})) };
  const memo = new Map<string, unknown>([['visitor', Promise.resolve({ userId: null, sessionId: 'guest-session', token: null })]]);
  return { context: { memo, secure: false, services: { carts } } as unknown as AppLoadContext, carts };
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const request = new Request('http://localhost/checkout', { method: 'POST' });

/** The body of an action's answer, whether it is plain data or data() with a status. */
function bodyOf(answer: unknown): Record<string, unknown> {
  return ((answer as { data?: unknown }).data ?? answer) as Record<string, unknown>;
}

describe('discount code actions', () => {
  it("applies the code typed to the visitor's basket", async () => {
    const { context, carts } = contextWithBasket();
    const answer = await applyOfferCode(request, context, formOf({ intent: 'apply-code', code: ' boxes10 ' }));
    expect(carts.applyCode).toHaveBeenCalledWith(null, { code: 'boxes10', session_id: 'guest-session' });
    expect(bodyOf(answer)).toEqual({ ok: true, intent: 'apply-code' });
  });

  it('refuses an empty code with its message beside the field, asking the basket nothing', async () => {
    const { context, carts } = contextWithBasket();
    const answer = await applyOfferCode(request, context, formOf({ intent: 'apply-code', code: '' }));
    expect(carts.applyCode).not.toHaveBeenCalled();
    expect(bodyOf(answer)).toMatchObject({ ok: false, intent: 'apply-code', fields: { code: 'Enter a discount code.' } });
  });

  it('answers a code no offer has with its message for the field and what was typed', async () => {
    const message = 'There is no offer with the code NOPE. Check the code and try again.';
    const { context } = contextWithBasket(async () => {
      throw new Invalid(message, { fields: [{ field: 'code', message }] });
    });
    const answer = await applyOfferCode(request, context, formOf({ intent: 'apply-code', code: 'nope' }));
    expect((answer as { init?: { status?: number } }).init?.status).toBe(400);
    expect(bodyOf(answer)).toMatchObject({ ok: false, intent: 'apply-code', fields: { code: message }, values: { code: 'nope' } });
  });

  it("'Remove' takes the code off the visitor's basket", async () => {
    const { context, carts } = contextWithBasket();
    const answer = await removeOfferCode(request, context);
    expect(carts.removeCode).toHaveBeenCalledWith(null, { session_id: 'guest-session' });
    expect(bodyOf(answer)).toEqual({ ok: true, intent: 'remove-code' });
  });
});
