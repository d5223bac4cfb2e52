/**
 * The editable 'No. of Pack' of a basket line (SPEC 2, 5): a whole number from 1 to 1000.
 * Each line is a small form posting intent=modify to the basket page's action. Leaving the
 * field (or pressing Enter) with a changed, valid value sends it; an invalid value shows its
 * message and is not sent. Without JavaScript an 'Update' button sends it. A failed modify is
 * only logged (SPEC 8) and the field shows the basket's count again.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { CartLineDto } from '@shop/contract';
import { fieldMessages, PACK_COUNT_MAX, PACK_COUNT_MIN } from '@shop/contract/browser';

/**
 * The typed count, else null: the contract's pack-count rule (PACK_COUNT_MIN-MAX, whole numbers)
 * written without zod, which must not reach the basket's bundle (its eval check trips the CSP).
 */
function parseCount(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const count = Number(text.trim());
  return count >= PACK_COUNT_MIN && count <= PACK_COUNT_MAX ? count : null;
}

function showCount(field: HTMLInputElement | null, count: number) {
  if (field) field.value = String(count);
}

type ModifyAnswer = { ok: true; count: number } | { ok: false; message: string };

export function PackCountInput({ line }: { line: CartLineDto }) {
  const fetcher = useFetcher<ModifyAnswer>();
  const form = useRef<HTMLFormElement>(null);
  // Uncontrolled, so a count typed before the page hydrated stays in the field.
  const field = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState(false);
  const id = `pack-count-${line.product_price_id}`;
  const errorId = `${id}-error`;

  // The basket changed (this change saved, another tab): show the server's count. Not on the
  // first run after hydration, which would wipe a count typed before it.
  const shownCount = useRef(line.count);
  useEffect(() => {
    if (line.count === shownCount.current) return;
    shownCount.current = line.count;
    showCount(field.current, line.count);
    setInvalid(false);
  }, [line.count]);
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data?.ok !== false) return;
    console.error('Changing the number of packs failed:', fetcher.data.message);
    showCount(field.current, line.count);
  }, [fetcher.state, fetcher.data, line.count]);

  /** True when the typed count should be sent. */
  const check = (): boolean => {
    const count = parseCount(field.current?.value ?? '');
    setInvalid(count === null);
    if (count === null) return false;
    showCount(field.current, count);
    return count !== line.count && fetcher.state === 'idle';
  };
  const onSubmit = (event: FormEvent) => {
    if (!check()) event.preventDefault();
  };

  const saved = fetcher.state === 'idle' && fetcher.data?.ok === true;
  return (
    <fetcher.Form method="post" action="/checkout" ref={form} onSubmit={onSubmit} className="flex flex-col items-end md:items-start" noValidate>
      <input type="hidden" name="intent" value="modify" />
      <input type="hidden" name="user_id" value="1" />
      <input type="hidden" name="cart_id" value={line.cart_id} />
      <input type="hidden" name="product_id" value={line.product_id} />
      <input type="hidden" name="product_price_id" value={line.product_price_id} />
      <input type="hidden" name="price" value={line.price} />
      <input type="hidden" name="qty" value={line.qty} />
      <label htmlFor={id} className="sr-only">
        No. of Pack for {line.item_name}
      </label>
      <div className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
        <input
          id={id}
          name="count"
          ref={field}
          type="number"
          inputMode="numeric"
          min={PACK_COUNT_MIN}
          max={PACK_COUNT_MAX}
          step={1}
          defaultValue={line.count}
          onChange={(event) => {
            if (invalid && parseCount(event.target.value) !== null) setInvalid(false);
          }}
          onBlur={() => {
            if (check()) void fetcher.submit(form.current);
          }}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          data-testid="pack-count"
          className={`form-input w-24 text-center tabular-nums ${invalid ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''}`}
        />
        <noscript>
          <button type="submit" className="btn-secondary px-3 py-2">
            Update
          </button>
        </noscript>
      </div>
      {invalid ? (
        <p id={errorId} className="field-error max-w-48 text-right md:text-left" data-testid="pack-count-error">
          {fieldMessages.packCount}
        </p>
      ) : null}
      <span className="sr-only" role="status">
        {saved ? `${line.item_name}: ${line.count} ${line.count === 1 ? 'pack' : 'packs'}. Basket updated.` : ''}
      </span>
    </fetcher.Form>
  );
}
