/**
 * The price list pages of the back office (routes/admin/price-lists.tsx, price-list.tsx): the
 * schemas of their forms. Core checks what each value must hold (a product code and size of the
 * catalogue, a price, a percentage) with its own messages, the CSV import's.
 */
import { z } from 'zod';
import { flattenCategories, type AdminCategory } from '@shop/core';
import { textField, UNKNOWN_FORM, wholeNumber } from './admin-forms.server';

export const CHOOSE_PRICE_LIST_CSV = 'Choose a CSV file to check.';

export const priceListsFormSchema = z.object({ intent: z.literal('create'), name: textField(200) }, { error: UNKNOWN_FORM });

const reload = 'Reload the page and try again.';

export const priceListFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('rename'), name: textField(200) }),
    z.object({
      intent: z.literal('save-entry'),
      product_code: textField(100),
      size1: textField(200),
      pack_quantity: textField(20),
      price_ex_vat: textField(20),
      category: textField(400),
      percent_off: textField(20),
    }),
    z.object({ intent: z.literal('remove-entry'), entry_id: wholeNumber(reload) }),
    z.object({ intent: z.literal('assign'), email: textField(254) }),
    z.object({ intent: z.literal('unassign'), user_id: wholeNumber(reload) }),
    z.object({ intent: z.literal('dry-run'), csv: z.file({ error: CHOOSE_PRICE_LIST_CSV }).min(1, CHOOSE_PRICE_LIST_CSV) }),
    z.object({ intent: z.literal('apply'), payload: z.string().default(''), digest: z.string().default(''), fileName: textField(200) }),
  ],
  { error: UNKNOWN_FORM },
);

/** The fields a refused form shows again. */
export const PRICE_LIST_FORM_FIELDS = ['name', 'product_code', 'size1', 'pack_quantity', 'price_ex_vat', 'category', 'percent_off', 'email'] as const;

/** Words of a price list's audit entries. */
export const PRICE_LIST_EVENT_LABELS: Record<string, string> = {
  created: 'Created',
  renamed: 'Renamed',
  'entry-added': 'Price added',
  'entry-changed': 'Price changed',
  'entry-removed': 'Price removed',
  'customer-assigned': 'Customer added',
  'customer-removed': 'Customer removed',
  imported: 'CSV imported',
};

export type { PriceListImportReport } from '@shop/core';

/** Every category as the import names it ("Top > Middle > Name"), in the catalogue's order. */
export function categoryPathsOf(tree: AdminCategory[]): string[] {
  return flattenCategories(tree).map((category) => category.path);
}
