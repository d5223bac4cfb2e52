/**
 * "Email me when it is back in stock" under a size that is out (no backorders): one button for a
 * signed-in customer (their account's e-mail), an e-mail field and a consent box for a visitor. A
 * fetcher form that without JavaScript is a plain POST to the page (the answer comes back as the
 * page's action data), as the pack table's is.
 */
import { useId } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { backInStockMessages } from '@shop/contract/browser';

export const BACK_IN_STOCK_INTENT = 'back-in-stock';

type Answer =
  | { ok: true; intent?: string; product_size_id: number; noted: boolean; message: string }
  | { ok: false; intent?: string; message: string; fields?: Record<string, string>; values?: Record<string, string> };

interface Props {
  productSizeId: number;
  /** The item as the customer reads it ("Single Wall Box 12x9x6"). */
  item: string;
  /** The signed-in customer's e-mail and the sizes they wait for; null for a visitor. */
  customer: { email: string; waiting: number[] } | null;
}

export function BackInStockForm({ productSizeId, item, customer }: Props) {
  const fetcher = useFetcher<Answer>();
  const posted = useActionData<Answer>();
  const latest = fetcher.state === 'idle' ? (fetcher.data ?? posted) : undefined;
  // Only this size's answer: the page has other forms (the pack table's), and other sizes.
  const answer =
    latest?.intent === BACK_IN_STOCK_INTENT && (latest.ok ? latest.product_size_id === productSizeId : latest.values?.product_size_id === String(productSizeId))
      ? latest
      : undefined;
  const id = useId();

  if (answer?.ok || customer?.waiting.includes(productSizeId)) {
    return (
      <p role="status" className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-testid="back-in-stock-noted">
        {answer?.ok ? answer.message : backInStockMessages.alreadyNoted(item)}
      </p>
    );
  }
  const failed = answer && !answer.ok ? answer : undefined;
  const fieldProblem = (name: string) => failed?.fields?.[name];

  return (
    <fetcher.Form method="post" className="mt-3 rounded-lg border border-stone-200 bg-white px-4 py-3" data-testid="back-in-stock-form" noValidate>
      <input type="hidden" name="intent" value={BACK_IN_STOCK_INTENT} />
      <input type="hidden" name="product_size_id" value={productSizeId} />
      {customer ? (
        <p className="text-sm text-stone-700">
          We will e-mail <span className="font-semibold break-all text-stone-900">{customer.email}</span> once, when {item} is back.
        </p>
      ) : (
        <>
          <label htmlFor={`${id}-email`} className="form-label">
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={99}
            defaultValue={failed?.values?.email ?? ''}
            aria-invalid={fieldProblem('email') ? true : undefined}
            aria-describedby={fieldProblem('email') ? `${id}-email-problem` : undefined}
            className="form-input w-full text-base"
          />
          {fieldProblem('email') ? (
            <p id={`${id}-email-problem`} className="mt-1 text-sm text-red-800">
              {fieldProblem('email')}
            </p>
          ) : null}
          <div className="mt-3 flex items-start gap-2">
            <input
              id={`${id}-consent`}
              name="consent"
              type="checkbox"
              defaultChecked={failed?.values?.consent === 'on'}
              aria-invalid={fieldProblem('consent') ? true : undefined}
              aria-describedby={fieldProblem('consent') ? `${id}-consent-problem` : undefined}
              className="mt-1 size-4 shrink-0"
            />
            <label htmlFor={`${id}-consent`} className="text-sm text-stone-700">
              {backInStockMessages.consent}
            </label>
          </div>
          {fieldProblem('consent') ? (
            <p id={`${id}-consent-problem`} className="mt-1 text-sm text-red-800">
              {fieldProblem('consent')}
            </p>
          ) : null}
        </>
      )}
      {failed && !failed.fields?.email && !failed.fields?.consent ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800" data-testid="back-in-stock-problem">
          {failed.message}
        </p>
      ) : null}
      <button type="submit" className="btn-secondary mt-3 w-full sm:w-auto" disabled={fetcher.state !== 'idle'}>
        {backInStockMessages.offer}
      </button>
    </fetcher.Form>
  );
}
