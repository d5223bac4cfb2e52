/**
 * The catalogue back office's forms (issue 10) read on the server: the product form (fields,
 * a table of sizes each with its packs, an optional image file) into core's ProductState, the
 * category form into CategoryInput, and an uploaded image stored through core. Problems are
 * named by field, so the page shows each beside its input.
 */
import type { AppLoadContext } from 'react-router';
import { parsePackRange, parsePricePounds, type CategoryInput, type ProductState } from '@shop/core';
import { domainErrorCode } from '@shop/contract/browser';

/** Size rows and pack rows a form may post (more are ignored). */
export const MAX_FORM_SIZES = 60;
export const MAX_FORM_PACKS = 20;

export interface FormProblems {
  message: string;
  fields: Record<string, string>;
}

const text = (form: FormData, name: string, max = 10_000) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
};

/** Every posted text field, to show the form again as it was sent. */
export function postedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string' && name !== 'csv') values[name] = value.slice(0, 10_000);
  return values;
}

function optionalId(raw: string): number | undefined {
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * The product form: `size.<i>.id|size1|size2|remove` and `pack.<i>.<j>.id|qty|price|remove`.
 * A size row left empty (no size, no pack filled in) is ignored, as is an empty pack row; a
 * row ticked "remove" is left out, so the save deletes it.
 */
export function readProductForm(form: FormData, imageUrl: string): { state: ProductState; problems: FormProblems | null } {
  const fields: Record<string, string> = {};
  const sizes: ProductState['sizes'] = [];
  for (let i = 0; i < MAX_FORM_SIZES; i++) {
    if (!form.has(`size.${i}.size1`)) continue;
    const size1 = text(form, `size.${i}.size1`, 200).trim();
    const size2 = text(form, `size.${i}.size2`, 200).trim();
    const removeSize = form.get(`size.${i}.remove`) === 'on';
    const packs: ProductState['sizes'][number]['packs'] = [];
    let anyPack = false;
    for (let j = 0; j < MAX_FORM_PACKS; j++) {
      if (!form.has(`pack.${i}.${j}.qty`)) continue;
      const qty = text(form, `pack.${i}.${j}.qty`, 100).trim();
      const price = text(form, `pack.${i}.${j}.price`, 100).trim();
      if (!qty && !price) continue;
      anyPack = true;
      if (removeSize || form.get(`pack.${i}.${j}.remove`) === 'on') continue;
      const range = parsePackRange(qty);
      const pence = parsePricePounds(price);
      if (!range.ok) fields[`pack.${i}.${j}.qty`] = range.message;
      if (!pence.ok) fields[`pack.${i}.${j}.price`] = pence.message;
      if (range.ok && pence.ok) packs.push({ productPriceId: optionalId(text(form, `pack.${i}.${j}.id`, 20)), packRange: range.value, pricePence: pence.value });
    }
    if (removeSize || (!size1 && !size2 && !anyPack)) continue;
    sizes.push({ productSizeId: optionalId(text(form, `size.${i}.id`, 20)), size1, size2, packs });
  }
  const categoryId = Number(text(form, 'categoryId', 20));
  const state: ProductState = {
    productCode: text(form, 'productCode', 100),
    name: text(form, 'name', 500),
    description: text(form, 'description', 20_000),
    categoryId: Number.isSafeInteger(categoryId) ? categoryId : 0,
    imageUrl,
    linkProductCode: text(form, 'linkProductCode', 100).trim() || null,
    isNew: form.get('isNew') === 'on',
    isFeatured: form.get('isFeatured') === 'on',
    onSale: form.get('onSale') === 'on',
    sizes,
  };
  const first = Object.values(fields)[0];
  return { state, problems: first ? { message: first, fields } : null };
}

export function readCategoryForm(form: FormData, imageUrl: string): CategoryInput {
  const parent = text(form, 'parentId', 20);
  return {
    name: text(form, 'name', 500),
    description: text(form, 'description', 20_000),
    imageUrl,
    parentId: /^\d{1,9}$/.test(parent) ? Number(parent) : null,
    visible: form.get('visible') === 'on',
    isNew: form.get('isNew') === 'on',
    pageTitle: text(form, 'pageTitle', 500),
    pageDescription: text(form, 'pageDescription', 1000),
  };
}

/**
 * The image URL a form saves: an uploaded file (checked and stored by core) when one was
 * chosen, else the URL field (a path under /media/ or https://), else what it had.
 */
export async function imageUrlFromForm(form: FormData, context: AppLoadContext, staffId: number): Promise<string> {
  const file = form.get('image');
  if (file && typeof file !== 'string' && file.size > 0) {
    const stored = await context.services.catalogueAdmin.images.upload(new Uint8Array(await file.arrayBuffer()), staffId);
    return stored.url;
  }
  if (form.get('removeImage') === 'on') return '';
  return text(form, 'imageUrl', 2000);
}

/** A thrown refusal's status (a domain error told apart by code), else null. */
export function isDomainError(error: unknown): boolean {
  return domainErrorCode(error) !== null;
}
