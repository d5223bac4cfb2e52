/**
 * The basket's discount code (offers): a field and 'Apply' while none is entered, else the code
 * with 'Remove'. Both are plain forms posted to the basket page's action (intent=apply-code,
 * intent=remove-code), so they work without JavaScript; with it React Router posts them and
 * reloads the basket. A code no offer has is refused beside the field (and not kept); a code kept
 * that takes nothing off now says why under it (the basket's offer_code_problem).
 */
import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import type { CartDto } from '@shop/contract';
import { TagIcon } from '~/components/icons';

export const APPLY_CODE_INTENT = 'apply-code';
export const REMOVE_CODE_INTENT = 'remove-code';

/** The basket action's answer to one of these forms (forms.server.ts's ActionFailure when refused). */
export type DiscountCodeAnswer =
  | { ok: true; intent: string }
  | { ok: false; intent?: string; message: string; fields?: Record<string, string>; values?: Record<string, string> };

/** The page action's answer when it is to one of this component's forms, else null. */
export function discountCodeAnswerOf(answer: DiscountCodeAnswer | { intent?: string } | undefined | null): DiscountCodeAnswer | null {
  return answer && 'ok' in answer && (answer.intent === APPLY_CODE_INTENT || answer.intent === REMOVE_CODE_INTENT) ? (answer as DiscountCodeAnswer) : null;
}

const FIELD_ID = 'discount-code';
const ERROR_ID = 'discount-code-error';
const PROBLEM_ID = 'discount-code-problem';

export function DiscountCodeForm({ cart, answer }: { cart: Pick<CartDto, 'offer_code' | 'offer_code_problem' | 'offers'>; answer: DiscountCodeAnswer | null }) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const field = useRef<HTMLInputElement>(null);
  const entered = useRef<HTMLDivElement>(null);
  const code = cart.offer_code;
  const offer = code === null ? undefined : cart.offers.find((o) => o.code !== null && o.code.toUpperCase() === code);
  const refusal = answer && !answer.ok && answer.intent === APPLY_CODE_INTENT ? (answer.fields?.code ?? answer.message) : null;
  const typed = answer && !answer.ok ? (answer.values?.code ?? '') : '';
  const removeRefusal = answer && !answer.ok && answer.intent === REMOVE_CODE_INTENT ? answer.message : null;

  // The form pressed is gone once it worked: put focus on what replaced it, once the basket
  // reloaded after the answer has replaced it (the answer arrives first).
  const focusedFor = useRef<DiscountCodeAnswer | null>(null);
  useEffect(() => {
    if (!answer?.ok || focusedFor.current === answer) return;
    const target = answer.intent === APPLY_CODE_INTENT && code !== null ? entered.current : answer.intent === REMOVE_CODE_INTENT && code === null ? field.current : null;
    if (!target) return;
    target.focus();
    focusedFor.current = answer;
  }, [answer, code]);

  const status = answer?.ok && answer.intent === REMOVE_CODE_INTENT ? 'The discount code was removed.' : answer?.ok && offer ? `The code ${offer.code} is applied.` : '';

  return (
    <div className="mt-4 border-t border-stone-200 pt-4" data-testid="discount-code">
      {code === null ? (
        <Form method="post" action="/checkout" preventScrollReset noValidate>
          <input type="hidden" name="intent" value={APPLY_CODE_INTENT} />
          <label htmlFor={FIELD_ID} className="form-label">
            Discount code
          </label>
          <div className="flex gap-2">
            <input
              ref={field}
              id={FIELD_ID}
              name="code"
              defaultValue={typed}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? ERROR_ID : undefined}
              className={`form-input min-w-0 flex-1 uppercase ${refusal ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''}`}
            />
            <button type="submit" className="btn-secondary shrink-0 px-4" disabled={pendingIntent === APPLY_CODE_INTENT}>
              Apply
            </button>
          </div>
          {refusal ? (
            <p id={ERROR_ID} role="alert" className="field-error text-sm" data-testid="discount-code-error">
              {refusal}
            </p>
          ) : null}
        </Form>
      ) : (
        <Form method="post" action="/checkout" preventScrollReset>
          <input type="hidden" name="intent" value={REMOVE_CODE_INTENT} />
          <p className="form-label">Discount code</p>
          <div ref={entered} tabIndex={-1} className="flex items-start justify-between gap-3 outline-none">
            <div className="flex min-w-0 items-start gap-2 text-sm">
              <TagIcon width={18} height={18} className={`mt-1 shrink-0 ${offer ? 'text-brand-700' : 'text-stone-500'}`} />
              <div className="min-w-0">
                {/* A code breaks only when it is longer than the line (up to 40 characters). */}
                <span className="rounded bg-stone-100 px-1.5 py-0.5 font-mono font-bold text-stone-900 [overflow-wrap:anywhere]" data-testid="discount-code-entered">
                  {code}
                </span>
                {offer ? (
                  <span className="mt-1 block text-stone-700" data-testid="discount-code-offer">
                    {offer.name}
                  </span>
                ) : null}
              </div>
            </div>
            <button
              type="submit"
              className="btn-secondary shrink-0 px-3 py-1.5 text-sm"
              aria-label={`Remove the code ${code}`}
              aria-describedby={cart.offer_code_problem ? PROBLEM_ID : undefined}
              disabled={pendingIntent === REMOVE_CODE_INTENT}
              data-testid="remove-discount-code"
            >
              Remove
            </button>
          </div>
          {cart.offer_code_problem ? (
            <p id={PROBLEM_ID} role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="discount-code-problem">
              {cart.offer_code_problem}
            </p>
          ) : null}
          {removeRefusal ? (
            <p role="alert" className="field-error text-sm" data-testid="discount-code-error">
              {removeRefusal}
            </p>
          ) : null}
        </Form>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
