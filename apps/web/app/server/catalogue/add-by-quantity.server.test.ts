/**
 * The product page's add with a quantity, with core's services faked: units
 * become whole packs of the pack pressed, its pack size goes as qty, and a quantity over the
 * limit is refused with its message before the basket is touched.
 */
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { addByQuantity } from './add-by-quantity.server';

const PRODUCT = {
  product_id: 1,
  product_Sizes: [{ size1: '12x9x6', packs: [{ product_price_id: 10, price: 18.5, pack_range: [25], unit_price: 0.74 }] }],
};

function contextWithBasket() {
  const add = vi.fn(async () => ({}));
  const memo = new Map<string, unknown>([['visitor', Promise.resolve({ userId: 7, sessionId: null, token: 't' })]]);
  const context = {
    memo,
    secure: false,
    services: { catalogue: { productById: vi.fn(async () => PRODUCT) }, carts: { add } },
  } as unknown as AppLoadContext;
  return { context, add };
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const base = { intent: 'add', user_id: '1', product_id: '1', product_price_id: '10' };
const request = new Request('http://localhost/product-detail?productCode=1', { method: 'POST' });

describe('adding by quantity', () => {
  it('adds 130 units as 6 packs of 25', async () => {
    const { context, add } = contextWithBasket();
    const answer = await addByQuantity(request, context, formOf({ ...base, quantity: '130', quantity_unit: 'units' }));
    expect(add).toHaveBeenCalledWith(7, expect.objectContaining({ product_id: 1, product_price_id: 10, qty: 25, count: 6 }));
    expect((answer as { data: unknown }).data).toMatchObject({ ok: true, product_price_id: 10, count: 6 });
  });

  it('adds packs as typed', async () => {
    const { context, add } = contextWithBasket();
    await addByQuantity(request, context, formOf({ ...base, quantity: '3', quantity_unit: 'packs' }));
    expect(add).toHaveBeenCalledWith(7, expect.objectContaining({ qty: 25, count: 3 }));
  });

  it('refuses more than 1000 packs, keeping what was typed', async () => {
    const { context, add } = contextWithBasket();
    const answer = await addByQuantity(request, context, formOf({ ...base, quantity: '25001', quantity_unit: 'units' }));
    expect(add).not.toHaveBeenCalled();
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { ok: false, intent: 'add', fields: { quantity: 'That is 1001 packs of 25; at most 1000 packs can be added at once.' }, values: { quantity: '25001' } },
    });
  });

  it('a form without a quantity adds one pack (SPEC 7)', async () => {
    const { context, add } = contextWithBasket();
    await addByQuantity(request, context, formOf({ ...base, qty: '25' }));
    expect(add).toHaveBeenCalledWith(7, expect.objectContaining({ qty: 25, count: 1 }));
  });
});
