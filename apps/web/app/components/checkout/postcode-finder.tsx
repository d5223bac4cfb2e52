/**
 * The postcode search of the address form (SPEC 2, 5, 8): an optional field and a 'Find' action.
 * Find does nothing while the field is empty; a list of addresses lets the customer choose one,
 * which fills the form; the server's 'Failure' answer shows its erroMsg, and a failed request
 * shows 'Invalid PostCode, you may manualy enter your address.'
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { messages } from '@shop/contract/browser';
import { api } from '~/lib/api-client';
import { CheckIcon, SearchIcon } from '~/components/icons';
import { foundAddressFrom, type FoundAddress } from './address-format';
import type { PostcodeEntry, PostcodeFailure } from './checkout-types';

const clean = (value: string | null | undefined) => (value ?? '').trim();

function entryLabel(entry: PostcodeEntry): string {
  const first = clean(entry.line_1) || [clean(entry.building_number), clean(entry.thoroughfare)].filter(Boolean).join(' ');
  return [first, clean(entry.post_town), clean(entry.postcode)].filter(Boolean).join(', ');
}

function isFailure(value: unknown): value is PostcodeFailure {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'Failure';
}

export function PostcodeFinder({ onChoose }: { onChoose(found: FoundAddress): void }) {
  const id = useId();
  const inputId = `${id}-postcode`;
  const [text, setText] = useState('');
  const [results, setResults] = useState<PostcodeEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [searching, setSearching] = useState(false);
  const [filled, setFilled] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const find = async () => {
    const query = text.trim();
    if (!query || searching) return; // SPEC 5: find does nothing if empty.
    setSearching(true);
    setFilled(false);
    setError(null);
    setResults(null);
    setStatus('Searching…');
    try {
      const answer = await api<PostcodeEntry[] | PostcodeFailure>(`/FindAddress/""/${encodeURIComponent(query)}`);
      if (Array.isArray(answer) && answer.length > 0) {
        setResults(answer);
        setStatus(`${answer.length} ${answer.length === 1 ? 'address' : 'addresses'} found. Choose yours from the list.`);
      } else {
        setError(isFailure(answer) && answer.erroMsg ? answer.erroMsg : messages.postcodeLookupFailed);
        setStatus('');
      }
    } catch {
      setError(messages.postcodeLookupFailed);
      setStatus('');
    } finally {
      setSearching(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches; it must not submit the address form around this field.
    if (event.key === 'Enter') {
      event.preventDefault();
      void find();
    }
  };

  const choose = (entry: PostcodeEntry) => {
    onChoose(foundAddressFrom(entry));
    setResults(null);
    setFilled(true);
    setStatus('Address filled in below. Please check it before saving.');
  };

  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50/60 p-4" data-testid="postcode-finder">
      <label htmlFor={inputId} className="form-label">
        Find your address by postcode <span className="font-normal text-stone-600">(optional)</span>
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          placeholder="e.g. LS1 4AP"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={error ? `${id}-error` : undefined}
          className="form-input uppercase placeholder:normal-case"
          data-testid="postcode-search"
        />
        <button type="button" className="btn-primary shrink-0" onClick={() => void find()} disabled={searching} data-testid="postcode-find">
          <SearchIcon width={16} height={16} />
          Find
        </button>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-800" data-testid="postcode-error">
          {error}
        </p>
      ) : null}
      {filled ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-brand-800" aria-hidden="true" data-testid="postcode-filled">
          <CheckIcon width={16} height={16} /> Address filled in below. Please check it before saving.
        </p>
      ) : null}
      {results ? (
        <div className="mt-3">
          <p id={`${id}-results`} className="text-sm font-medium text-stone-800">
            Choose your address ({results.length} found)
          </p>
          <ul
            aria-labelledby={`${id}-results`}
            className="mt-2 max-h-56 divide-y divide-stone-100 overflow-y-auto rounded-md border border-stone-200 bg-white"
            data-testid="postcode-results"
          >
            {results.map((entry, index) => (
              <li key={`${entryLabel(entry)}-${index}`}>
                <button
                  type="button"
                  className="block w-full px-3 py-2.5 text-left text-sm text-stone-800 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                  onClick={() => choose(entry)}
                >
                  {entryLabel(entry)}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={() => {
              setResults(null);
              setStatus('');
              inputRef.current?.focus();
            }}
          >
            My address is not listed: I will enter it myself
          </button>
        </div>
      ) : null}
    </div>
  );
}
