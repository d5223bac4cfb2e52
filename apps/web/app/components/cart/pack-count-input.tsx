/**
 * The editable 'No. of Pack' of a basket line (SPEC 2, 5): a whole number from 1 to 1000.
 * Leaving the field (or pressing Enter) with a changed, valid value sends the modify call; an
 * invalid value shows its message and is not sent. A failed modify is only logged (SPEC 8).
 */
import { useEffect, useState } from 'react';
import type { CartLineDto } from '@shop/contract';
import { fieldMessages, PACK_COUNT_MAX, PACK_COUNT_MIN } from '@shop/contract/browser';

interface Props {
  line: CartLineDto;
  /** Sends the new count; resolves false when the server refused it. */
  onCommit(count: number): Promise<boolean>;
}

function parseCount(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const count = Number(text.trim());
  return count >= PACK_COUNT_MIN && count <= PACK_COUNT_MAX ? count : null;
}

export function PackCountInput({ line, onCommit }: Props) {
  const [text, setText] = useState(String(line.count));
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const id = `pack-count-${line.product_price_id}`;
  const errorId = `${id}-error`;

  // The basket changed elsewhere (another tab, a refresh): show the server's count.
  useEffect(() => {
    setText(String(line.count));
    setInvalid(false);
  }, [line.count]);

  const commit = async () => {
    const count = parseCount(text);
    if (count === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(String(count));
    if (count === line.count || saving) return;
    setSaving(true);
    const saved = await onCommit(count);
    setSaving(false);
    if (!saved) setText(String(line.count));
  };

  return (
    <div className="flex flex-col items-end md:items-start">
      <label htmlFor={id} className="sr-only">
        No. of Pack for {line.item_name}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={PACK_COUNT_MIN}
        max={PACK_COUNT_MAX}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (invalid && parseCount(event.target.value) !== null) setInvalid(false);
        }}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void commit();
          }
        }}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        data-testid="pack-count"
        className={`form-input w-24 text-center tabular-nums ${invalid ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''}`}
      />
      {invalid ? (
        <p id={errorId} className="field-error max-w-48 text-right md:text-left" data-testid="pack-count-error">
          {fieldMessages.packCount}
        </p>
      ) : null}
    </div>
  );
}
