// @vitest-environment node
/** The picking-list download's ticked orders, read by hand from the desk's form sent as a GET. */
import { describe, expect, it } from 'vitest';
import { QUEUE_LIMIT } from '@shop/core';
import { tickedOrdersOf } from './dispatch-desk.server';

describe('the ticked orders of the dispatch desk', () => {
  it('reads each ticked row once, by its order', () => {
    const params = new URLSearchParams('rows[0].order_id=7&rows[0].selected=on&rows[1].order_id=8&rows[2].order_id=7&rows[2].selected=on');
    expect(tickedOrdersOf(params)).toEqual([7]);
  });

  it('ignores rows past the queue, absurd or not numbers, and stops at the queue length', () => {
    const far = new URLSearchParams([['rows[99999999].selected', 'on'], ['rows[99999999].order_id', '1'], ['rows[1e9].selected', 'on'], [`rows[${QUEUE_LIMIT}].selected`, 'on'], [`rows[${QUEUE_LIMIT}].order_id`, '2']]);
    expect(tickedOrdersOf(far)).toEqual([]);
    const many = new URLSearchParams();
    for (let row = 0; row < QUEUE_LIMIT; row++) {
      many.append(`rows[${row}].selected`, 'on');
      many.append(`rows[${row}].order_id`, String(row + 1));
    }
    expect(tickedOrdersOf(many)).toHaveLength(QUEUE_LIMIT);
  });
});
