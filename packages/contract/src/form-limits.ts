/**
 * How large a posted form may be, checked from its field names alone, before anything is built
 * from them (DESIGN section 10 "Forms"). Conform reads `lines[99999999].count` as row 99,999,999
 * of a list, so the list it builds (and zod then walks) is that long, whatever the schema says;
 * and it joins the values of a repeated name one at a time, so a body of one name repeated costs
 * the square of its length. A field name is therefore refused, as the whole form, when
 *  - an index in brackets is not a number, is absurdly long, or is not below its list's bound
 *    (the list's own maximum in the form's schema, else FORM_LIST_MAX),
 *  - one name is sent more times than its list's bound, or the form has more than
 *    FORM_ENTRIES_MAX fields, or a field is one of Conform's own (`__intent__`, `__state__`,
 *    which only a hand-made request posts: the pages never do).
 * A bound on each index is a bound on the number of distinct rows of a list as well.
 * Zod-free: the page server (apps/server ssr) checks every form body with the global bounds,
 * the page actions (apps/web forms.server.ts) with their schema's own.
 */

/** The most lines an order may have, and so the longest list of lines a form or body may send. */
export const ORDER_LINES_MAX = 1000;

/** The longest list any form may send (an order's lines); a list whose schema says less is bounded by its schema. */
export const FORM_LIST_MAX = ORDER_LINES_MAX;

/**
 * The most fields (name and value pairs) a posted form may hold. The largest page form, a
 * product with its sizes and packs in the back office (60 sizes of 20 packs at most), has under
 * 5,000.
 */
export const FORM_ENTRIES_MAX = 10_000;

/** What a refused form says: only a hand-made request (or a page far out of date) sends one. */
export const FORM_TOO_LARGE_MESSAGE = 'This form has more rows or fields than the page can send. Reload the page and try again.';

/** Conform's own fields, which its browser code posts only for its list buttons (which the pages do not use). */
const CONFORM_FIELDS = new Set(['__intent__', '__state__']);

/** Longest index worth reading as a number: anything longer is far past every bound. */
const INDEX_DIGITS_MAX = 6;

/**
 * The list a bracketed index of `name` belongs to, with any earlier index left out:
 * `lines` for `lines[3].count`, `a[].b` for `a[2].b[5]`. Matches what listBounds of a schema keys.
 */
export function listPathOf(nameBeforeBracket: string): string {
  return nameBeforeBracket.replace(/\[\d*\]/g, '[]');
}

/**
 * Why a form with these field names is refused (FORM_TOO_LARGE_MESSAGE), or null when its shape
 * is within bounds. `boundOf` says how many rows a list (named as listPathOf names it) may have;
 * it is capped at FORM_LIST_MAX. Walks the names once, building nothing but a count per name.
 */
export function formShapeProblem(names: Iterable<string>, boundOf: (list: string) => number | undefined = () => undefined): string | null {
  const bound = (list: string) => Math.min(FORM_LIST_MAX, boundOf(list) ?? FORM_LIST_MAX);
  const timesSent = new Map<string, number>();
  let entries = 0;
  for (const name of names) {
    if (++entries > FORM_ENTRIES_MAX) return FORM_TOO_LARGE_MESSAGE;
    const times = (timesSent.get(name) ?? 0) + 1;
    timesSent.set(name, times);
    if (times > 1) {
      // A repeated name is a list of its values (`photos`, `lines[]`): bounded as that list.
      if (times > bound(listPathOf(name.replace(/\[\]$/, '')))) return FORM_TOO_LARGE_MESSAGE;
      continue;
    }
    if (CONFORM_FIELDS.has(name)) return FORM_TOO_LARGE_MESSAGE;
    if (!name.includes('[')) continue;
    if (indexProblem(name, bound)) return FORM_TOO_LARGE_MESSAGE;
  }
  return null;
}

/** Whether a bracketed index of `name` is not a small enough number for its list. */
function indexProblem(name: string, bound: (list: string) => number): boolean {
  let from = 0;
  for (;;) {
    const open = name.indexOf('[', from);
    if (open === -1) return false;
    const close = name.indexOf(']', open);
    if (close === -1) return true;
    const index = name.slice(open + 1, close);
    // `[]` appends to the list: bounded by how many times the name is sent.
    if (index !== '') {
      if (index.length > INDEX_DIGITS_MAX || !/^\d+$/.test(index)) return true;
      if (Number(index) >= bound(listPathOf(name.slice(0, open)))) return true;
    }
    from = close + 1;
  }
}
