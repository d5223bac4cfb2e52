/**
 * The catalogue back office's server side (routes/admin/catalogue*.tsx): the schemas of its
 * forms, the upload of a product's or category's image, and what the import and export pages
 * need of core. The product form (fields, a table of sizes each with its packs, an optional
 * image file) reads into core's ProductState, the category form into CategoryInput; a bad
 * pack is named by its field, so the page shows the message beside its input.
 */
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { CatalogueCsv, IMPORT_MAX_BYTES, importReportCsv, type ImportReport, parsePackRange, parsePricePounds, parseUnitCostPounds, type CategoryInput, type ProductState } from '@shop/core';
import { checkbox, textField, UNKNOWN_FORM } from './admin-forms.server';
import { carriedImportFields, importPipeline } from './import-pipeline.server';
import { stockSettingsSchema } from './stock.server';

/** Size rows and pack rows a form may post (more are ignored). */
export const MAX_FORM_SIZES = 60;
export const MAX_FORM_PACKS = 20;

export const IMPORT_MAX_MEGABYTES = IMPORT_MAX_BYTES / 1024 / 1024;

/** The name of the catalogue's CSV download. */
export function catalogueCsvFileName(): string {
  return CatalogueCsv.fileName(new Date());
}

/** A record's id from a form or a list, if it is one. */
const optionalId = z.number().int().min(1).max(999_999_999).optional().catch(undefined);

/** The version the form was read at; anything else reads as -1, which core refuses as changed meanwhile. */
const seenVersion = z.number().int().catch(-1);

const categoryFields = {
  name: textField(500),
  description: textField(20_000),
  parentId: optionalId.transform((id) => id ?? null),
  visible: checkbox,
  isNew: checkbox,
  pageTitle: textField(500),
  pageDescription: textField(1000),
};

/** The category form's fields a refused form shows again as typed. */
export const CATEGORY_FORM_FIELDS = ['name', 'description', 'parentId', 'visible', 'isNew', 'pageTitle', 'pageDescription', 'removeImage', 'imageUrl'] as const;

/** An image: a file chosen (checked and stored by core), else the address typed, else none ("remove"). */
const imageFields = {
  image: z.file().optional(),
  removeImage: checkbox,
  imageUrl: textField(2000),
};

/** The catalogue page: move a category up or down, or add one (visible at once). */
export const catalogueFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('reorder'), categoryId: optionalId, direction: z.enum(['up', 'down']).catch('down') }),
    z.object({ intent: z.literal('create-category'), ...categoryFields }),
  ],
  { error: UNKNOWN_FORM },
);

/** A category's page: save it (the default), or delete it. */
export const categoryFormSchema = z.object({
  intent: z.enum(['save', 'delete']).catch('save'),
  version: seenVersion,
  ...categoryFields,
  ...imageFields,
});

export function categoryInputOf(form: z.output<typeof categoryFormSchema> | Extract<z.output<typeof catalogueFormSchema>, { intent: 'create-category' }>, imageUrl: string): CategoryInput {
  const { name, description, parentId, visible, isNew, pageTitle, pageDescription } = form;
  return { name, description, imageUrl, parentId, visible, isNew, pageTitle, pageDescription };
}

/**
 * Rows of the sizes table, named `size.<i>.id|size1|size2|unitCost|remove` and
 * `pack.<i>.<j>.id|qty|price|remove`: Conform reads them as records, whose values it leaves as
 * posted (strings, '' for an empty input).
 */
const postedValue = z.string().optional();
const sizeRow = z.object({ id: postedValue, size1: postedValue, size2: postedValue, unitCost: postedValue, remove: postedValue });
const packRow = z.object({ id: postedValue, qty: postedValue, price: postedValue, remove: postedValue });

/** The row numbers of a table, in order, up to `max`. */
function rowNumbers(rows: Record<string, unknown>, max: number): string[] {
  return Object.keys(rows)
    .filter((key) => /^\d{1,2}$/.test(key) && Number(key) < max)
    .sort((a, b) => Number(a) - Number(b));
}

const rowId = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined);
const cell = (raw: string | undefined, max: number) => (raw ?? '').slice(0, max).trim();

/**
 * A product's page: save it (the default: new or changed), withdraw it or put it back on sale,
 * or delete it. A size row left empty (no size, no pack filled in) is ignored, as is an empty
 * pack row; a row ticked "remove" is left out, so the save deletes it. Each pack's units and
 * price are read by core's rules, a bad one refused beside its input.
 */
export const productFormSchema = z
  .object({
    intent: z.enum(['save', 'withdraw', 'on-sale', 'delete']).catch('save'),
    /** Delete is asked first (the page's confirm step posts confirmed=yes): it cannot be undone. */
    confirmed: checkbox,
    version: seenVersion,
    productCode: textField(100),
    name: textField(500),
    description: textField(20_000),
    categoryId: z.number().int().catch(0),
    linkProductCode: textField(100),
    isNew: checkbox,
    isFeatured: checkbox,
    onSale: checkbox,
    ...imageFields,
    size: z.record(z.string(), sizeRow).default({}),
    pack: z.record(z.string(), z.record(z.string(), packRow)).default({}),
  })
  .transform((form, context) => {
    const sizes: ProductState['sizes'] = [];
    for (const i of rowNumbers(form.size, MAX_FORM_SIZES)) {
      const size = form.size[i]!;
      if (size.size1 === undefined) continue;
      const size1 = cell(size.size1, 200);
      const size2 = cell(size.size2, 200);
      const removeSize = size.remove === 'on';
      const packs: ProductState['sizes'][number]['packs'] = [];
      let anyPack = false;
      const packRows = form.pack[i] ?? {};
      for (const j of rowNumbers(packRows, MAX_FORM_PACKS)) {
        const pack = packRows[j]!;
        if (pack.qty === undefined) continue;
        const qty = cell(pack.qty, 100);
        const price = cell(pack.price, 100);
        if (!qty && !price) continue;
        anyPack = true;
        if (removeSize || pack.remove === 'on') continue;
        const range = parsePackRange(qty);
        const pence = parsePricePounds(price);
        if (!range.ok) context.addIssue({ code: 'custom', path: ['pack', i, j, 'qty'], message: range.message });
        if (!pence.ok) context.addIssue({ code: 'custom', path: ['pack', i, j, 'price'], message: pence.message });
        if (range.ok && pence.ok) packs.push({ productPriceId: rowId(pack.id), packRange: range.value, pricePence: pence.value });
      }
      if (removeSize || (!size1 && !size2 && !anyPack)) continue;
      // A form without the cost input (none posted) keeps the stored cost; an empty one clears it.
      const cost = size.unitCost === undefined ? null : parseUnitCostPounds(cell(size.unitCost, 100));
      if (cost && !cost.ok) context.addIssue({ code: 'custom', path: ['size', i, 'unitCost'], message: cost.message });
      sizes.push({ productSizeId: rowId(size.id), size1, size2, unitCostPence: cost?.ok ? cost.value : undefined, packs });
    }
    const product: Omit<ProductState, 'imageUrl'> = {
      productCode: form.productCode,
      name: form.name,
      description: form.description,
      categoryId: form.categoryId,
      linkProductCode: form.linkProductCode.trim() || null,
      isNew: form.isNew,
      isFeatured: form.isFeatured,
      onSale: form.onSale,
      sizes,
    };
    return { intent: form.intent, confirmed: form.confirmed, version: form.version, image: form.image, removeImage: form.removeImage, imageUrl: form.imageUrl, product };
  });

/** The product page's forms: the product's (save, withdraw, put on sale, delete; none named is a save) and its stock section's (intent 'stock'). */
export const productPageSchema = z.discriminatedUnion('intent', [stockSettingsSchema, productFormSchema], { error: UNKNOWN_FORM });

const CHOOSE_CSV = 'Choose a CSV file to check.';

/** The import page: a dry run of a chosen file, or applying the dry run it answered (the file carried, import-pipeline.server.ts). */
export const importFormSchema = z.discriminatedUnion(
  'intent',
  [z.object({ intent: z.literal('dry-run'), csv: z.file({ error: CHOOSE_CSV }).min(1, CHOOSE_CSV) }), z.object({ intent: z.literal('apply'), ...carriedImportFields })],
  { error: CHOOSE_CSV },
);

/** The full dry-run list's download: the carried file again. */
export const importReportFormSchema = z.object(carriedImportFields);

/** Rows of each list the import page shows (the counts say how many in all; the full lists download as CSV). */
export const IMPORT_LISTED = 100;

/** The catalogue's import: core's CSV dry run and apply, one transaction, all or nothing. */
export function catalogueImport(context: AppLoadContext, staffId: number) {
  const { csv } = context.services.catalogueAdmin;
  return importPipeline({
    kind: 'catalogue',
    maxBytes: IMPORT_MAX_BYTES,
    async check({ bytes }) {
      const report = await csv.dryRun(bytes);
      const canApply = report.errorCount === 0 && report.adds.length + report.changes.length > 0;
      const listedInFull = report.adds.length <= IMPORT_LISTED && report.changes.length <= IMPORT_LISTED && report.errors.length <= IMPORT_LISTED;
      // The file goes on only when there is something to do with it: apply it, or download the lists in full.
      return { report, planDigest: report.digest, carry: canApply || !listedInFull };
    },
    apply: ({ bytes, planDigest }) => csv.apply(bytes, staffId, planDigest),
  });
}

/** A dry run's lists in full as CSV text (core writes it). */
export function importReportCsvText(report: ImportReport): string {
  return importReportCsv(report);
}

/** The name of a dry run's full list: "prices.csv" -> "prices-dry-run.csv". */
export function importReportFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, '') || 'catalogue'}-dry-run.csv`;
}

/**
 * The image URL a form saves: an uploaded file (checked and stored by core) when one was
 * chosen, else none when "remove" is ticked, else the URL field (a path under /media/ or https://).
 */
export async function imageUrlFromForm(form: { image?: File; removeImage: boolean; imageUrl: string }, context: AppLoadContext, staffId: number): Promise<string> {
  if (form.image && form.image.size > 0) {
    const stored = await context.services.catalogueAdmin.images.upload(new Uint8Array(await form.image.arrayBuffer()), staffId);
    return stored.url;
  }
  if (form.removeImage) return '';
  return form.imageUrl;
}
