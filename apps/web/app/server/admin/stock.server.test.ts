import { describe, expect, it } from 'vitest';
import { stockAdminMessages } from '@shop/core';
import { parseForm } from '~/server/forms.server';
import { stockSettingsSchema, thresholdsOf } from './stock.server';

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("the product page's stock settings form", () => {
  it('reads each size threshold as the whole number of units typed', () => {
    const form = parseForm(posted({ intent: 'stock', 'threshold.s48': '1000', 'threshold.s49': ' 0 ', backordersAllowed: 'on', expectedDate: '2026-12-11' }), stockSettingsSchema);
    expect(form.ok).toBe(true);
    if (!form.ok) return;
    expect(thresholdsOf(form.value)).toEqual([
      { productSizeId: 48, lowThreshold: 1000 },
      { productSizeId: 49, lowThreshold: 0 },
    ]);
    expect(form.value.backordersAllowed).toBe(true);
  });

  it('refuses a threshold that is not a whole number, beside its field', () => {
    const form = parseForm(posted({ intent: 'stock', 'threshold.s48': 'ten' }), stockSettingsSchema);
    expect(form.ok).toBe(false);
    if (form.ok) return;
    expect(form.problems.fields['threshold.s48']).toBe(stockAdminMessages.threshold);
  });
});
