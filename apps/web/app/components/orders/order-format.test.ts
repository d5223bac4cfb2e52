import { describe, expect, it } from 'vitest';
import { formatOrderDate, formatOrderDateTime } from './order-format';

describe('order dates', () => {
  it('are written the British way, in UK time', () => {
    expect(formatOrderDate('2025-07-01T23:30:00Z')).toBe('2 Jul 2025');
    expect(formatOrderDateTime('2025-01-15T14:07:00Z')).toBe('15 January 2025 at 14:07');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatOrderDate('not a date')).toBe('not a date');
  });
});
