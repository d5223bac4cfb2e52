/**
 * The price list pages of the back office (routes/admin/price-lists.tsx, price-list.tsx): the
 * schemas of their forms. Core checks what each value must hold (a product code and size of the
 * catalogue, a price, a percentage) with its own messages, the CSV import's.
 */
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { flattenCategories, IMPORT_MAX_BYTES, type AdminCategory } from '@shop/core';
import { textField, UNKNOWN_FORM, wholeNumber } from './admin-forms.server';
import { carriedImportFields, importPipeline } from './import-pipeline.server';

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
    z.object({ intent: z.literal('apply'), ...carriedImportFields }),
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

/** Rows of each dry-run list the page shows. */
export const PRICE_LIST_IMPORT_LISTED = 100;

/**
 * A price list's CSV import: the file becomes the list's prices, in one transaction. A file
 * checked for one list is refused by every other list's page (the kind names the list).
 */
export function priceListImport(context: AppLoadContext, staffId: number, priceListId: number) {
  const lists = context.services.priceLists;
  return importPipeline({
    kind: `price-list ${priceListId}`,
    maxBytes: IMPORT_MAX_BYTES,
    async check({ bytes }) {
      const report = await lists.dryRun(priceListId, bytes);
      const canApply = report.errors.length === 0 && report.adds.length + report.changes.length + report.removals.length > 0;
      return { report, planDigest: report.digest, carry: canApply };
    },
    apply: ({ bytes, planDigest }) => lists.apply(staffId, priceListId, bytes, planDigest),
  });
}
