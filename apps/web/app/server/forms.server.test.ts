// @vitest-environment node
/** One parse of a posted form, answered as the storefront and the back office show it. */
import { describe, expect, it } from 'vitest';
import { addToCartBodySchema, fieldMessages as messages } from '@shop/contract';
import { signInFormSchema } from '@shop/contract/forms';
import { parseForm, postedForm, readForm, refusedForm } from './forms.server';

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
