/**
 * The postcode search of the address form (SPEC 2, 5, 8): an optional field and a 'Find' button,
 * both part of the address form. Find posts the form (intent 'find'), so it works without
 * JavaScript and keeps everything typed; it does nothing while the field is empty. The page's
 * action answers the addresses found, or the lookup's message ('Invalid PostCode, you may
 * manualy enter your address.' when the lookup itself fails). Each address found is a submit
 * button ('pick:<n>': the server fills the form); with JavaScript, choosing one fills the form
 * in the browser instead.
 */
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { CheckIcon, SearchIcon } from '~/components/icons';
import { foundAddressFrom, type FoundAddress } from './address-format';
import type { PostcodeEntry } from './checkout-types';
import type { PostcodeAnswer } from './delivery-answers';

const clean = (value: string | null | undefined) => (value ?? '').trim();

function entryLabel(entry: PostcodeEntry): string {
  const first = clean(entry.line_1) || [clean(entry.building_number), clean(entry.thoroughfare)].filter(Boolean).join(' ');
  return [first, clean(entry.post_town), clean(entry.postcode)].filter(Boolean).join(', ');
}

interface Props {
  /** The text of the last search (the page answered a find or a pick). */
  initialText: string;
  /** The last find's answer: the addresses to choose from, or the message. */
  answer: PostcodeAnswer | null;
  /** The server filled the form from a chosen address (a choice made without JavaScript). */
  filledByServer: boolean;
  /** A find or pick of this form is being answered. */
  searching: boolean;
  onChoose(found: FoundAddress): void;
}

export function PostcodeFinder({ initialText, answer, filledByServer, searching, onChoose }: Props) {
  const id = useId();
  const inputId = `${id}-postcode`;
  const hydrated = useHydrated();
  // The answer whose list the customer closed (an address chosen, or 'not listed'), and the one an address was chosen from.
  const [closed, setClosed] = useState<PostcodeAnswer | null>(null);
  const [chosenFrom, setChosenFrom] = useState<PostcodeAnswer | null>(null);
  const findButton = useRef<HTMLButtonElement>(null);
  // Uncontrolled: what was typed (before the page hydrated too) is read when Find is pressed.
  const inputRef = useRef<HTMLInputElement>(null);

  const results = answer && 'entries' in answer && answer.entries.length > 0 && closed !== answer ? answer.entries : null;
  const error = answer && 'error' in answer ? answer.error : null;
  const filled = filledByServer || (chosenFrom !== null && chosenFrom === answer);

  const find = (event: MouseEvent<HTMLButtonElement>) => {
    if (!inputRef.current?.value.trim()) event.preventDefault(); // SPEC 5: find does nothing if empty.
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches; it must not save the address form around this field.
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!searching) findButton.current?.click();
    }
  };

  const choose = (event: MouseEvent<HTMLButtonElement>, entry: PostcodeEntry) => {
    event.preventDefault(); // filled here; without JavaScript the button posts 'pick:<n>' instead
    onChoose(foundAddressFrom(entry));
    setClosed(answer);
    setChosenFrom(answer);
  };

  const status = searching
    ? 'Searching…'
    : results
      ? `${results.length} ${results.length === 1 ? 'address' : 'addresses'} found. Choose yours from the list.`
      : filled
        ? 'Address filled in below. Please check it before saving.'
        : '';

  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50/60 p-4" data-testid="postcode-finder">
      <label htmlFor={inputId} className="form-label">
        Find your address by postcode <span className="font-normal text-stone-600">(optional)</span>
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          name="postcode_search"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          placeholder="e.g. LS1 4AP"
          defaultValue={initialText}
          onKeyDown={onKeyDown}
          aria-describedby={error ? `${id}-error` : undefined}
          className="form-input uppercase placeholder:normal-case"
          data-testid="postcode-search"
        />
        <button
          ref={findButton}
          type="submit"
          name="intent"
          value="find"
          className="btn-primary shrink-0"
          onClick={find}
          disabled={searching}
          data-testid="postcode-find"
        >
          <SearchIcon width={16} height={16} />
          Find
        </button>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {error && !searching ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-800" data-testid="postcode-error">
          {error}
        </p>
      ) : null}
      {filled && !searching ? (
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
                  type="submit"
                  name="intent"
                  value={`pick:${index}`}
                  className="block w-full px-3 py-2.5 text-left text-sm text-stone-800 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                  onClick={(event) => choose(event, entry)}
                >
                  {entryLabel(entry)}
                </button>
              </li>
            ))}
          </ul>
          {hydrated ? (
            <button
              type="button"
              className="mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => {
                setClosed(answer);
                inputRef.current?.focus();
              }}
            >
              My address is not listed: I will enter it myself
            </button>
          ) : (
            <p className="mt-2 text-sm text-stone-600">Not listed? Enter your address in the fields below.</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
