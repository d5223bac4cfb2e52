/**
 * The words of an order's timeline, as staff read them: what a pack cancellation took off reads
 * as packs of items, never "[object Object]".
 */
import { describe, expect, it } from 'vitest';
import { orderChangeLabel, orderChangeText } from './order-event-labels.ts';

describe("the words of an order's timeline", () => {
  it('a pack cancellation lists the packs it took off by name, not "[object Object]"', () => {
    const lines = [
      { order_line_id: 11, name: 'Double wall box 12x9x6', packs: 2 },
      { order_line_id: 12, name: 'Packing tape 48mm', packs: 1 },
    ];
    expect(`${orderChangeLabel('lines')}: ${orderChangeText(lines)}`).toBe('packs taken off: 2 x Double wall box 12x9x6; 1 x Packing tape 48mm');
  });

  it('other records read field by field, without ids; plain values as they are', () => {
    expect(orderChangeText({ order_line_id: 3, reason: 'damaged', count: 2 })).toBe('reason damaged, count 2');
    expect(orderChangeText('Dispatched')).toBe('Dispatched');
    expect(orderChangeText(1250)).toBe('1250');
    expect(orderChangeText(null)).toBe('none');
  });
});
