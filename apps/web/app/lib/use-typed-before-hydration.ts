/**
 * A controlled field keeps what the customer typed (or the browser filled in) before the page
 * hydrated.
 *
 * Pages hydrate after their first paint (components/deferred-hydration.tsx), so on a slow phone a
 * customer can type an e-mail address before React runs. React leaves a field's DOM value alone
 * while it hydrates, but the field's next render writes the state's value (the server's, often
 * empty) over it: the address would vanish, and the form would post empty. The ref returned here
 * reads the field once, as React attaches it after hydrating, and hands a value that differs from
 * the one the server rendered to `adopt`, which puts it into the state. On a page reached by a
 * client navigation the field is new and holds the state's value, so nothing is adopted.
 */
import { useCallback, useRef, useState, type RefCallback } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * For a form of named fields: `refFor(name)` is the ref for that field. `rendered` are the values
 * the first render showed; `adopt` must only call state setters (it is read once).
 */
export function useTypedBeforeHydration<K extends string>(
  rendered: Readonly<Record<K, string>>,
  adopt: (name: K, typed: string) => void,
): (name: K) => RefCallback<FieldElement> {
  const [first] = useState(rendered);
  const adoptOnce = useRef(adopt).current;
  const refs = useRef(new Map<K, RefCallback<FieldElement>>());
  const read = useRef(new Set<K>());
  return useCallback(
    (name: K) => {
      let ref = refs.current.get(name);
      if (!ref) {
        ref = (node) => {
          // Once per field: later attachments (StrictMode, re-renders) hold React's own value.
          if (node === null || read.current.has(name)) return;
          read.current.add(name);
          if (node.value !== first[name]) adoptOnce(name, node.value);
        };
        refs.current.set(name, ref);
      }
      return ref;
    },
    [first, adoptOnce],
  );
}

/** The same for a single field: the ref of a field whose first render showed `rendered`. */
export function useTypedBeforeHydrationRef(rendered: string, adopt: (typed: string) => void): RefCallback<FieldElement> {
  const adoptOnce = useRef(adopt).current;
  return useTypedBeforeHydration({ field: rendered }, (_name, typed) => adoptOnce(typed))('field');
}
