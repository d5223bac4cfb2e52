// @vitest-environment node
/** One parse of a posted form, answered as the storefront and the back office show it. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QUEUE_LIMIT } from '@shop/core';
import { addToCartBodySchema, FORM_LIST_MAX, FORM_TOO_LARGE_MESSAGE, fieldMessages as messages, ORDER_LINES_MAX } from '@shop/contract';
import { quoteRequestSchema, returnRequestFormSchema, signInFormSchema } from '@shop/contract/forms';
import { deskFormSchema } from './admin/dispatch-desk.server';
import { orderFormSchema } from './admin/order.server';
import { quoteFormSchema } from './admin/quotes.server';
import { countSchema, GOODS_IN_ROWS, goodsInSchema } from './admin/stock.server';
import { listBoundsOf, parseForm, type ParsedForm, postedForm, readForm, refusedForm } from './forms.server';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

describe('page forms', () => {
  it('reads a post without a body as an empty form, refused with SPEC 5 messages (a 400, not a 500)', async () => {
    const request = new Request('http://shop.test/signin', { method: 'POST' });
    const parsed = await readForm(request, signInFormSchema);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual({ message: messages.loginEmail, fields: { email: messages.loginEmail, password: messages.loginPassword }, status: 400 });
    const answer = refusedForm(parsed, 'signin');
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, error: 'invalid_request', intent: 'signin', fields: { email: messages.loginEmail } });
  });

  it('reads a body that is not a form as an empty form', async () => {
    const request = new Request('http://shop.test/basket', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"qty":' });
    expect([...(await postedForm(request)).keys()]).toEqual([]);
  });

  it('takes a count typed as plain decimal digits only: a stock count of "0x10", "1e3" or "-0" is refused, not recorded as 16, 1000 or 0', () => {
    const counted = (text: string) => parseForm(formOf({ counted: text, reason: 'Monthly count' }), countSchema);
    for (const text of ['0x10', '1e3', '-0', 'Infinity', '0b11', '1_000', '+5', '.5']) {
      const parsed = counted(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.problems.fields.counted, text).toBeTruthy();
    }
    for (const [text, value] of [['16', 16], [' 240 ', 240], ['0', 0], ['-3', -3]] as const) {
      const parsed = counted(text);
      expect(parsed.ok && parsed.value.counted, text).toBe(value);
    }
  });

  it('refuses a basket count of "0x10" or "1e3" from the storefront form, and takes "2"', () => {
    const add = (count: string) => parseForm(formOf({ intent: 'add', product_id: '12', product_price_id: '34', count }), addToCartBodySchema);
    for (const count of ['0x10', '1e3', '-0', '2e0']) expect(add(count).ok, count).toBe(false);
    const two = add('2');
    expect(two.ok && two.value.count).toBe(2);
  });

  it('reads numeric text as the numbers the API schema wants', () => {
    const parsed = parseForm(formOf({ intent: 'add', product_id: '12', product_price_id: '34', count: '2' }), addToCartBodySchema);
    expect(parsed).toMatchObject({ ok: true, value: { product_id: 12, product_price_id: 34, count: 2 } });
  });

  it('shows what was typed again after a refusal, never the password', () => {
    const parsed = parseForm(formOf({ email: '', password: 'secret-typed' }), signInFormSchema);
    if (parsed.ok) throw new Error('an empty e-mail must be refused');
    expect(refusedForm(parsed, 'signin').data.values).toEqual({ email: '' });
  });
});

describe('lists in forms are bounded', () => {
  const tooLarge = (parsed: ParsedForm<unknown>) => !parsed.ok && parsed.problems.message === FORM_TOO_LARGE_MESSAGE;
  const deadline = (started: number) => expect(performance.now() - started).toBeLessThan(500);

  it('refuses a row far past any list at once, before a list that long is built', () => {
    const started = performance.now();
    const parsed = parseForm(formOf({ reason: 'damaged', description: 'x', 'lines[99999999].count': '1' }), returnRequestFormSchema);
    deadline(started);
    expect(parsed).toMatchObject({ ok: false, problems: { message: FORM_TOO_LARGE_MESSAGE, fields: {}, status: 400 } });
  });

  it('refuses it at once even for a list whose schema sets no maximum (the global bound)', () => {
    const unbounded = z.object({ lines: z.array(z.object({ count: z.number() })).default([]) });
    const started = performance.now();
    for (const name of ['lines[99999999].count', `lines[${FORM_LIST_MAX}].count`]) {
      expect(parseForm(formOf({ [name]: '1' }), unbounded)).toMatchObject({ ok: false, problems: { message: FORM_TOO_LARGE_MESSAGE, status: 400 } });
    }
    deadline(started);
    expect(parseForm(formOf({ [`lines[0].count`]: '1' }), unbounded)).toMatchObject({ ok: true, value: { lines: [{ count: 1 }] } });
  });

  it("bounds each list by its schema's own maximum (a quote's 40 lines, goods-in's rows, the dispatch queue)", () => {
    const quote = (row: number) => parseForm(formOf({ intent: 'price', version: '1', [`lines[${row}].description`]: 'Box' }), quoteFormSchema);
    expect(tooLarge(quote(39))).toBe(false);
    expect(tooLarge(quote(40))).toBe(true);
    expect(tooLarge(parseForm(formOf({ [`lines[${GOODS_IN_ROWS - 1}].units`]: '1' }), goodsInSchema))).toBe(false);
    expect(tooLarge(parseForm(formOf({ [`lines[${GOODS_IN_ROWS}].units`]: '1' }), goodsInSchema))).toBe(true);
    const desk = (row: number) => parseForm(formOf({ intent: 'dispatch', carrier: 'DPD', [`rows[${row}].order_id`]: '1' }), deskFormSchema);
    expect(tooLarge(desk(QUEUE_LIMIT - 1))).toBe(false);
    expect(tooLarge(desk(QUEUE_LIMIT))).toBe(true);
  });

  it('refuses a thousand distinct rows, and a name that is not a row', () => {
    const form = new FormData();
    for (let row = 0; row < 1000; row++) form.append(`lines[${row}].description`, 'Box');
    form.append('intent', 'price');
    expect(parseForm(form, quoteFormSchema)).toMatchObject({ ok: false, problems: { message: FORM_TOO_LARGE_MESSAGE } });
    expect(parseForm(formOf({ intent: 'dispatch', 'rows[1e9].selected': 'on' }), deskFormSchema)).toMatchObject({ ok: false, problems: { status: 400 } });
  });

  it("answers a refused form on the storefront with the refusal's own message (a 400), keeping which form it was", () => {
    const parsed = parseForm(formOf({ intent: 'add', 'lines[5000].count': '1' }), addToCartBodySchema);
    if (parsed.ok) throw new Error('an absurd row must be refused');
    const answer = refusedForm(parsed, 'add');
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, error: 'invalid_request', message: FORM_TOO_LARGE_MESSAGE, intent: 'add', fields: {} });
  });

  it('reads the maxima of every list from the schema, unions included', () => {
    expect(listBoundsOf(quoteFormSchema)('lines')).toBe(40);
    expect(listBoundsOf(returnRequestFormSchema)('lines')).toBe(ORDER_LINES_MAX);
    expect(listBoundsOf(orderFormSchema)('lines')).toBe(ORDER_LINES_MAX);
    expect(listBoundsOf(quoteRequestSchema)('items')).toBe(20);
    expect(listBoundsOf(signInFormSchema)('lines')).toBeUndefined();
  });
});
