/**
 * The dispatch desk (routes/admin/dispatch.tsx): the queue's filter read from the URL, the one
 * schema of its forms (the ticked orders with a tracking number each, or a carrier's CSV), and
 * the picking-list download's ticked orders. Core (back-office/dispatch/dispatch-desk.ts) decides
 * what is ready and dispatches; this module only carries the forms to it.
 */
import { z } from 'zod';
import { CARRIER_NAMES, carrierTracks, QUEUE_LIMIT, type DispatchQueueFilter } from '@shop/core';
import { checkbox, textField, UNKNOWN_FORM, wholeNumber } from './admin-forms.server';

/** The carriers offered, and those that give no tracking number (our own van). */
export const DESK_CARRIERS = { names: CARRIER_NAMES, untracked: CARRIER_NAMES.filter((carrier) => !carrierTracks(carrier)) };

/** A carrier's CSV is a small file: the page's usual 100 kB body (about 3,000 rows). */
export const TRACKING_CSV_MAX_KB = 90;

const CHOOSE_CSV = 'Choose the CSV file the carrier\'s portal exported.';

export const deskFormSchema = z.discriminatedUnion(
  'intent',
  [
    // Every queued row: its order, whether it is ticked, and its tracking number.
    z.object({
      intent: z.literal('dispatch'),
      carrier: textField(40),
      rows: z
        .array(z.object({ order_id: wholeNumber('Reload the page and try again.'), selected: checkbox, tracking: textField(60) }))
        // The queue shows at most QUEUE_LIMIT orders, one row each.
        .max(QUEUE_LIMIT)
        .default([]),
    }),
    z.object({
      intent: z.literal('csv'),
      carrier: textField(40),
      file: z
        .file({ error: CHOOSE_CSV })
        .min(1, CHOOSE_CSV)
        .max(TRACKING_CSV_MAX_KB * 1024, `The file is larger than ${TRACKING_CSV_MAX_KB} kB: split it in two.`),
    }),
  ],
  { error: UNKNOWN_FORM },
);

/** The queue's filter from the URL: `due=1` (promised for today or earlier) and `q` (order number or postcode). */
export function queueFilterOf(url: URL, today: string): { filter: DispatchQueueFilter; query: { due: boolean; q: string } } {
  const due = url.searchParams.get('due') === '1';
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 50);
  return { filter: { ...(due ? { dueBy: today } : {}), ...(q ? { search: q } : {}) }, query: { due, q } };
}

/** The ticked orders of the queue's form, as the picking-list download receives them (a GET of the same form). */
export function tickedOrdersOf(params: URLSearchParams): number[] {
  // The queue's rows at most (the page shows no more): a longer list is a hand-made address.
  const ids = new Set<number>();
  for (const [name, value] of params) {
    const match = /^rows\[(\d{1,4})\]\.selected$/.exec(name);
    if (!match || value !== 'on' || Number(match[1]) >= QUEUE_LIMIT) continue;
    const id = params.get(`rows[${match[1]}].order_id`) ?? '';
    if (/^\d{1,9}$/.test(id)) ids.add(Number(id));
    if (ids.size >= QUEUE_LIMIT) break;
  }
  return [...ids];
}
