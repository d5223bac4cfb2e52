/**
 * The back office's stock pages (routes/admin/stock*.tsx and the product page's stock section):
 * the schemas of their forms, read by ~/server/forms.server's parseForm, and what core answers
 * turned into what the pages show. Core checks every figure again with its own messages.
 */
import { z } from 'zod';
import { can, stockAdminMessages, stockMovementLabel, type MovementRow, type SizeChoice, type StaffMember } from '@shop/core';
import { checkbox, textField } from './admin-forms.server';

/** Empty goods-in rows the page offers (a delivery with more lines is received in two). */
export const GOODS_IN_ROWS = 12;

/** The product page's stock section: backorders, the expected date and a threshold per size (`threshold.s<id>`). */
export const stockSettingsSchema = z.object({
  intent: z.literal('stock'),
  backordersAllowed: checkbox,
  expectedDate: textField(10),
  // Conform coerces numbers of an object's fields, not a record's values: read as whole-number text here (core checks the range).
  threshold: z
    .record(
      z.string(),
      z
        .string({ error: stockAdminMessages.threshold })
        .trim()
        .regex(/^\d{1,9}$/, { error: stockAdminMessages.threshold })
        .transform(Number),
    )
    .default({}),
  location: z.record(z.string(), textField(200)).default({}),
});

export function thresholdsOf(value: z.output<typeof stockSettingsSchema>): { productSizeId: number; lowThreshold: number }[] {
  return Object.entries(value.threshold)
    .filter(([key]) => /^s\d+$/.test(key))
    .map(([key, lowThreshold]) => ({ productSizeId: Number(key.slice(1)), lowThreshold }));
}

/** The shelf typed for each size (`location.s<id>`); an emptied field clears it. */
export function locationsOf(value: z.output<typeof stockSettingsSchema>): { productSizeId: number; location: string }[] {
  return Object.entries(value.location)
    .filter(([key]) => /^s\d+$/.test(key))
    .map(([key, location]) => ({ productSizeId: Number(key.slice(1)), location: location ?? '' }));
}

/** Goods-in: the supplier's reference, a note and rows of a size (its label from the list) and units. */
export const goodsInSchema = z.object({
  supplierReference: textField(200),
  note: textField(600),
  lines: z.array(z.object({ size: textField(300), units: z.number({ error: stockAdminMessages.units }).optional() }).optional()).max(GOODS_IN_ROWS).default([]),
});

/** The rows staff filled in, by their row on the page, each with its size resolved from its label. */
export function goodsInLines(
  value: z.output<typeof goodsInSchema>,
  choices: readonly SizeChoice[],
): { lines: { productSizeId: number; units: number }[]; rows: number[]; fields: Record<string, string> } {
  const byLabel = new Map(choices.map((choice) => [normalise(choice.label), choice.productSizeId]));
  const lines: { productSizeId: number; units: number }[] = [];
  const rows: number[] = [];
  const fields: Record<string, string> = {};
  value.lines.forEach((line, row) => {
    const size = line?.size.trim() ?? '';
    const units = line?.units;
    if (!size && units === undefined) return;
    const productSizeId = byLabel.get(normalise(size));
    if (productSizeId === undefined) fields[`lines[${row}].size`] = stockAdminMessages.size;
    if (typeof units !== 'number') fields[`lines[${row}].units`] = stockAdminMessages.units;
    if (productSizeId !== undefined && typeof units === 'number') {
      lines.push({ productSizeId, units });
      rows.push(row);
    }
  });
  return { lines, rows, fields };
}

function normalise(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A stock count of one size. */
export const countSchema = z.object({
  counted: z.number({ error: stockAdminMessages.counted }),
  reason: textField(300),
});

/** A movement as the size's history shows it: times as ISO text for the page. */
export function movementForPage(movement: MovementRow) {
  return {
    at: movement.at.toISOString(),
    label: stockMovementLabel(movement.kind),
    onHandChange: movement.onHandChange,
    allocatedChange: movement.allocatedChange,
    reason: movement.reason,
    who: movement.staffName ?? (movement.orderId !== null ? 'Customer' : '-'),
    orderId: movement.orderId,
  };
}

/** Whether the page links to the product (its stock settings are the catalogue's). */
export function editsCatalogue(staff: StaffMember): boolean {
  return can(staff.role, 'catalogue:edit');
}
