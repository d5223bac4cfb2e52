/**
 * Quick order and shopping lists (docs/quick-order.md): one schema per form, shared by the
 * storefront page's action and the JSON API (POST /api/quick-order, /api/lists...), and the
 * shapes of their answers.
 *
 * A quick-order line names a pack the way the product page prints it: the product code (under
 * the product's name), the size (its tab or dropdown label, e.g. 12x9x6") and the pack ("Pack of
 * 25"), then the number of packs. Size and pack may be left out when the product has one size,
 * or the size one pack. Typed rows, pasted text and a CSV file may come together; each line is
 * checked on its own (core/quick-order), so the schema only bounds their size and leaves every
 * cell as text: a wrong quantity on one line is that line's reason, never the whole form's.
 */
import { z } from 'zod';
import { cartSchema, sessionIdSchema } from './cart.ts';
import { withoutDirectionControls } from './field-rules.ts';
import { idParamSchema } from './ids.ts';
import { QUICK_ORDER_LINES_MAX, QUICK_ORDER_ROWS_MAX, QUICK_ORDER_SOURCES, QUICK_ORDER_TEXT_MAX } from './quick-order-limits.ts';

export * from './quick-order-limits.ts';

export const quickOrderMessages = {
  nothing: 'Type, paste or upload at least one product code and number of packs.',
  tooMany: `A quick order takes at most ${QUICK_ORDER_LINES_MAX} lines at a time: split it in two.`,
  textTooLong: `The pasted lines are too long (at most ${QUICK_ORDER_TEXT_MAX.toLocaleString('en-GB')} characters): split them in two.`,
  csvTooLarge: `The CSV file is too large (at most ${QUICK_ORDER_TEXT_MAX.toLocaleString('en-GB')} characters): split it in two.`,
  csvUnreadable: 'The file could not be read as CSV text: save it from your spreadsheet as "CSV UTF-8 (comma delimited)".',
} as const;

export const shoppingListMessages = {
  name: 'List name is required. (1-100) Characters',
  emptyBasket: 'Your basket is empty: add products to it before saving it as a list.',
  notFound: 'There is no such shopping list.',
  nothingAdded: (name: string) => `Nothing from the list "${name}" could go in your basket.`,
} as const;

/** A cell as typed: text (or a number from an API client), at most `max` characters. */
const cell = (max: number) => z.union([z.string().max(max), z.number().transform(String)]).optional();

/** A quick order: the page's form (rows, pasted text, the uploaded file's text) and POST /api/quick-order's body. */
export const quickOrderSchema = z
  .object({
    rows: z
      .array(
        z.object({
          code: cell(60).describe('Product code as printed on the product page, e.g. P000123'),
          size: cell(100).describe('The size as printed (12x9x6"); may be left out when the product has one size'),
          pack: cell(30).describe('Units in the pack ("25" or "Pack of 25"); may be left out when the size has one pack'),
          quantity: cell(20).describe('Number of packs, 1 to 1000'),
        }),
      )
      .max(QUICK_ORDER_ROWS_MAX, quickOrderMessages.tooMany)
      .default([])
      .describe('Typed rows; a row with nothing in it is skipped'),
    text: z
      .string()
      .max(QUICK_ORDER_TEXT_MAX, quickOrderMessages.textTooLong)
      .default('')
      .describe('Pasted lines, one per line: "CODE, packs", "CODE packs", "CODE<TAB>size<TAB>pack<TAB>packs" (a spreadsheet), or "CODE, size, pack, packs"'),
    csv: z
      .string()
      .max(QUICK_ORDER_TEXT_MAX, quickOrderMessages.csvTooLarge)
      .default('')
      .describe('A CSV file\'s text: columns code, size, pack, quantity by a header row (any order, others ignored), else in that order'),
    session_id: sessionIdSchema,
  })
  .meta({ id: 'QuickOrderRequest' });
export type QuickOrderRequest = z.infer<typeof quickOrderSchema>;

export const quickOrderAddedSchema = z
  .object({
    source: z.enum(QUICK_ORDER_SOURCES),
    line: z.number().int().describe('Line (or row) number in its source, from 1'),
    code: z.string(),
    product_id: z.number().int(),
    product_price_id: z.number().int(),
    item_name: z.string(),
    qty: z.number().int().describe('Units in the pack'),
    count: z.number().int().describe('Packs added'),
  })
  .meta({ id: 'QuickOrderAdded' });
export type QuickOrderAddedDto = z.infer<typeof quickOrderAddedSchema>;

export const quickOrderNotAddedSchema = z
  .object({
    source: z.enum(QUICK_ORDER_SOURCES),
    line: z.number().int().describe('Line (or row) number in its source, from 1'),
    code: z.string().describe('The code as typed (may be empty)'),
    text: z.string().describe('The line as typed, to correct and send again'),
    reason: z.string().describe("Why it was not added, e.g. 'Unknown product code.' or 'Sorry, ... is out of stock, so it was not added.'"),
  })
  .meta({ id: 'QuickOrderNotAdded' });
export type QuickOrderNotAddedDto = z.infer<typeof quickOrderNotAddedSchema>;

export const quickOrderResultSchema = cartSchema
  .extend({
    added: z.array(quickOrderAddedSchema).describe('Lines added to the basket, in the order sent'),
    not_added: z.array(quickOrderNotAddedSchema).describe('Lines not added, each with its reason; nothing of them is in the basket'),
  })
  .meta({ id: 'QuickOrderResult' });
export type QuickOrderResultDto = z.infer<typeof quickOrderResultSchema>;

// ---- shopping lists ----

const listName = z.string({ error: shoppingListMessages.name }).overwrite(withoutDirectionControls).trim().min(1, shoppingListMessages.name).max(100, shoppingListMessages.name);

/** Save the basket as a list (the basket page's form, POST /api/lists) or rename one (the list page's form, PUT /api/lists/{id}). */
export const shoppingListNameSchema = z.object({ name: listName.describe('The list\'s name, 1-100 characters') }).meta({ id: 'ShoppingListName' });
export type ShoppingListNameBody = z.infer<typeof shoppingListNameSchema>;

export const shoppingListIdParamsSchema = z.object({ id: idParamSchema('list id') });

export const shoppingListSummarySchema = z
  .object({
    list_id: z.number().int(),
    name: z.string(),
    lines: z.number().int().describe('Number of lines'),
    packs: z.number().int().describe('Packs on the list, all lines'),
    created: z.string().describe('ISO 8601'),
    updated: z.string().describe('ISO 8601'),
    saved_by: z.string().describe('First name of the customer who saved it'),
  })
  .meta({ id: 'ShoppingListSummary' });
export type ShoppingListSummaryDto = z.infer<typeof shoppingListSummarySchema>;

export const shoppingListLineSchema = z
  .object({
    product_id: z.number().int().nullable().describe('Null once the product is gone from the catalogue'),
    product_price_id: z.number().int().nullable().describe('Null once the pack is gone from the catalogue'),
    product_code: z.string().nullable(),
    item_name: z.string().describe('Display name as saved'),
    size1: z.string(),
    qty: z.number().int().describe('Units in the pack'),
    count: z.number().int().describe('Number of packs'),
    price: z.number().nullable().describe("One pack, pounds ex-VAT, today (the customer's own where a price list gives one); null when no longer sold"),
    on_sale: z.boolean().describe('False when the pack is no longer sold: adding the list leaves it out'),
  })
  .meta({ id: 'ShoppingListLine' });
export type ShoppingListLineDto = z.infer<typeof shoppingListLineSchema>;

export const shoppingListSchema = shoppingListSummarySchema.extend({ items: z.array(shoppingListLineSchema) }).meta({ id: 'ShoppingList' });
export type ShoppingListDto = z.infer<typeof shoppingListSchema>;

export const shoppingListsSchema = z.array(shoppingListSummarySchema).meta({ id: 'ShoppingLists' });

export const addListToBasketResultSchema = cartSchema
  .extend({
    added: z.number().int().describe('Lines of the list now in the basket'),
    not_added: z
      .array(z.object({ item_name: z.string(), qty: z.number().int(), count: z.number().int(), reason: z.string() }))
      .describe("Lines left out, each with why ('... is no longer sold', or the basket's stock refusal)"),
  })
  .meta({ id: 'AddListToBasketResult' });
export type AddListToBasketResultDto = z.infer<typeof addListToBasketResultSchema>;
