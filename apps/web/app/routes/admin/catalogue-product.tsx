/**
 * One product ('catalogue:edit'), or a new one at /admin/catalogue/products/new:
 * code, name, description, category, image (upload or address), linked product, New, shown on
 * the landing page, on sale; the sizes with their packs (units and price ex-VAT) as a table of
 * inputs, with empty rows to add sizes and packs and a Remove box on each (works without
 * JavaScript); the price history (who, when, old, new). Withdraw / put back on sale, and
 * Delete (refused once the product has been ordered: withdraw it instead).
 *
 * Stock (docs/stock.md), its own form: per size on hand, allocated, available and what the
 * shop shows, the low-stock threshold, and for the product whether it may be backordered and
 * when more is expected. On hand is not typed here: it changes by goods-in or a count (links).
 *
 * The form carries the version read: a save after someone else's is refused with a clear
 * message and nothing is overwritten.
 */
import { data, Form, Link, redirect } from 'react-router';
import { isRecordId } from '@shop/contract/browser';
import { adminFailureOf, postedIntent } from '~/server/admin/admin-forms.server';
import { parseForm, postedForm, type FormProblems, isNotFound } from '~/server/forms.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { redirectWithNotice, takeNotice } from '~/server/admin/admin-notice.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { londonDateTime, pounds } from '~/components/admin/admin-format';
import { imageUrlFromForm, postedValues, productFormSchema } from '~/server/admin/catalogue.server';
import { locationsOf, stockSettingsSchema, thresholdsOf } from '~/server/admin/stock.server';
import { imageSrcSet } from '~/lib/image-srcset';
import type { Route } from './+types/catalogue-product';
import { packLabel, SizesTable, StockSection } from '~/components/admin/product-editor-parts';

export type CatalogueProductData = Route.ComponentProps['loaderData'];

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.product?.name || 'New product'} - Catalogue - Back office` }];

const NOTICES: Record<string, string> = {
  created: 'The product is added.',
  saved: 'The product is saved.',
  withdrawn: 'The product is withdrawn: it has left the shop (its orders keep it).',
  'on-sale': 'The product is on sale again.',
  'stock-saved': 'The stock settings are saved.',
};

/** Empty size rows after the product's own, and empty pack rows under each size. */
const BLANK_SIZES_NEW = 3;
const BLANK_SIZES_EDIT = 1;

function productIdOf(params: { productId?: string }): number | 'new' {
  if (params.productId === 'new') return 'new';
  if (!isRecordId(params.productId ?? '')) throw data({ message: 'No such product.' }, { status: 404 });
  return Number(params.productId);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'catalogue:edit');
  const id = productIdOf(params);
  const { catalogueAdmin } = context.services;
  const tree = await catalogueAdmin.categories.tree();
  const flat = (nodes: typeof tree): typeof tree => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const categories = flat(tree).map((c) => ({ categoryId: c.categoryId, path: c.path }));
  const url = new URL(request.url);
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  if (id === 'new') {
    const category = Number(url.searchParams.get('category'));
    return data({ product: null, categories, notice, defaultCategoryId: Number.isSafeInteger(category) ? category : null, confirmDelete: false, stock: null }, { headers });
  }
  const product = await catalogueAdmin.products.product(id).catch((error: unknown) => {
    if (isNotFound(error)) throw data({ message: 'No such product.' }, { status: 404 });
    throw error;
  });
  // Deleting cannot be undone: a GET to ?confirm=delete shows the question first (works without JavaScript).
  const confirmDelete = url.searchParams.get('confirm') === 'delete' && !product.hasOrders;
  const stock = await context.services.stock.productStock(staff, id);
  return data({ product, categories, notice, defaultCategoryId: null, confirmDelete, stock }, { headers });
}

export type Answer = { ok: false; intent: string; message: string; fields: Record<string, string>; values: Record<string, string> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'catalogue:edit');
  const id = productIdOf(params);
  const posted = await postedForm(request, context);
  if (id !== 'new' && posted.get('intent') === 'stock') return saveStock(staff, id, posted, context);
  const form = parseForm(posted, productFormSchema);
  const refused = (problems: FormProblems) =>
    data<Answer>({ ok: false, intent: postedIntent(form.posted) || 'save', message: problems.message, fields: problems.fields, values: postedValues(posted) }, { status: problems.status });
  if (!form.ok) return refused(form.problems);
  const { intent, version, product } = form.value;
  const { products } = context.services.catalogueAdmin;
  try {
    if (id !== 'new' && (intent === 'withdraw' || intent === 'on-sale')) {
      await products.setOnSale(id, version, intent === 'on-sale');
      return redirectWithNotice(`/admin/catalogue/products/${id}`, intent === 'withdraw' ? 'withdrawn' : 'on-sale', context);
    }
    if (id !== 'new' && intent === 'delete') {
      if (!form.value.confirmed) return redirect(`/admin/catalogue/products/${id}?confirm=delete`);
      await products.delete(id, version);
      return redirectWithNotice('/admin/catalogue', 'product-deleted', context);
    }
    const state = { ...product, imageUrl: await imageUrlFromForm(form.value, context, staff.staffId) };
    if (id === 'new') {
      const created = await products.create(staff.staffId, state);
      return redirectWithNotice(`/admin/catalogue/products/${created}`, 'created', context);
    }
    await products.update(staff.staffId, id, version, state);
    return redirectWithNotice(`/admin/catalogue/products/${id}`, 'saved', context);
  } catch (error) {
    return refused(adminFailureOf(error));
  }
}

export type StockAnswer = { ok: false; intent: 'stock'; message: string; fields: Record<string, string>; values: Record<string, string> };

/** The stock section's form: thresholds and backorders (core audits each change). */
async function saveStock(staff: Awaited<ReturnType<typeof requireStaff>>, productId: number, posted: FormData, context: Route.ActionArgs['context']) {
  const values: Record<string, string> = {};
  for (const [name, value] of posted.entries()) if (typeof value === 'string') values[name] = value.slice(0, 20);
  const refused = (problems: FormProblems) => data<StockAnswer>({ ok: false, intent: 'stock', message: problems.message, fields: problems.fields, values }, { status: problems.status });
  const form = parseForm(posted, stockSettingsSchema);
  if (!form.ok) return refused(form.problems);
  try {
    await context.services.stock.saveSettings(staff, productId, {
      backordersAllowed: form.value.backordersAllowed,
      expectedDate: form.value.expectedDate || null,
      thresholds: thresholdsOf(form.value),
      locations: locationsOf(form.value),
    });
  } catch (error) {
    return refused(adminFailureOf(error));
  }
  return redirectWithNotice(`/admin/catalogue/products/${productId}#stock`, 'stock-saved', context);
}


export default function CatalogueProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, notice, defaultCategoryId, confirmDelete, stock } = loaderData;
  const posted = actionData as Answer | StockAnswer | undefined;
  const answer = posted?.intent === 'stock' ? undefined : (posted as Answer | undefined);
  const stockAnswer = posted?.intent === 'stock' ? (posted as StockAnswer) : undefined;
  const v = (name: string, fallback: string) => answer?.values[name] ?? fallback;
  const checked = (name: string, fallback: boolean) => (answer ? answer.values[name] === 'on' : fallback);
  const imageUrl = product?.imageUrl ?? '';
  const srcSet = imageSrcSet(imageUrl);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link to="/admin/catalogue" className="text-sm text-brand-700 hover:underline">
            ← Catalogue
          </Link>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">{product ? product.name : 'New product'}</h1>
          {product && (
            <p className="text-sm text-stone-600">
              <span className="font-mono text-xs">{product.productCode}</span> ·{' '}
              <span className={product.onSale ? 'text-emerald-800' : 'text-stone-500'}>{product.onSale ? 'On sale' : 'Withdrawn'}</span>
              {product.onSale && (
                <>
                  {' · '}
                  <a href={`/product-detail?productCode=${product.productId}`} className="text-brand-700 underline" target="_blank" rel="noreferrer">
                    View in the shop
                  </a>
                </>
              )}
            </p>
          )}
        </div>
      </div>
      {notice && <AdminMessage tone="success" testId="product-notice">{notice}</AdminMessage>}
      {answer && <AdminMessage tone="error" testId="product-error">{answer.message}</AdminMessage>}

      <Form method="post" encType="multipart/form-data" className="space-y-5" key={product ? `${product.productId}:${product.version}` : 'new'} data-testid="product-form">
        {product && <input type="hidden" name="version" value={product.version} />}
        <section className="card grid gap-4 p-5 md:grid-cols-2" aria-label="Product details">
          <AdminField
            id="productCode"
            name="productCode"
            label="Product code"
            required
            maxLength={40}
            defaultValue={v('productCode', product?.productCode ?? '')}
            hint="Unique. Letters, digits, . _ / - (the CSV import matches products by it)."
            error={answer?.fields.productCode}
          />
          <AdminField id="name" name="name" label="Name" required maxLength={200} defaultValue={v('name', product?.name ?? '')} error={answer?.fields.name} />
          <div>
            <label htmlFor="categoryId" className="form-label">
              Category
            </label>
            <select id="categoryId" name="categoryId" required className="form-input" defaultValue={v('categoryId', String(product?.categoryId ?? defaultCategoryId ?? ''))}>
              <option value="">Choose…</option>
              {categories.map((c) => (
                <option key={c.categoryId} value={c.categoryId}>
                  {c.path}
                </option>
              ))}
            </select>
            {answer?.fields.categoryId && <p className="field-error">{answer.fields.categoryId}</p>}
          </div>
          <AdminField
            id="linkProductCode"
            name="linkProductCode"
            label="Linked product code ('View More Variations')"
            maxLength={40}
            defaultValue={v('linkProductCode', product?.linkProductCode ?? '')}
            error={answer?.fields.linkProductCode}
          />
          <div className="md:col-span-2">
            <label htmlFor="description" className="form-label">
              Description
            </label>
            <textarea id="description" name="description" rows={4} className="form-input" defaultValue={v('description', product?.description ?? '')} />
          </div>
          <div className="flex flex-wrap gap-6 md:col-span-2">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="onSale" defaultChecked={checked('onSale', product?.onSale ?? true)} /> On sale
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="isNew" defaultChecked={checked('isNew', product?.isNew ?? false)} /> Marked New
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="isFeatured" defaultChecked={checked('isFeatured', product?.isFeatured ?? false)} /> Shown on the landing page
            </label>
          </div>
          <fieldset className="rounded-md border border-stone-200 p-3 md:col-span-2">
            <legend className="px-1 text-sm font-medium text-stone-800">Image</legend>
            <div className="flex flex-wrap items-start gap-4">
              {imageUrl ? (
                <img src={imageUrl} srcSet={srcSet ?? undefined} sizes="128px" alt="" width={128} height={128} className="h-32 w-32 rounded border border-stone-200 object-cover" data-testid="product-image" />
              ) : (
                <span className="flex h-32 w-32 items-center justify-center rounded border border-dashed border-stone-300 text-xs text-stone-500">No image</span>
              )}
              <div className="min-w-0 flex-1 space-y-2">
                <div>
                  <label htmlFor="image" className="form-label">
                    Upload JPEG, PNG or WebP (up to 10 MB)
                  </label>
                  <input id="image" name="image" type="file" accept="image/jpeg,image/png,image/webp" className="block text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-stone-50" />
                  {answer?.fields.image && <p className="field-error">{answer.fields.image}</p>}
                </div>
                <AdminField id="imageUrl" name="imageUrl" label="Or an image address" defaultValue={v('imageUrl', imageUrl)} error={answer?.fields.imageUrl} />
              </div>
            </div>
          </fieldset>
        </section>

        <section className="card p-5" aria-labelledby="sizes-heading">
          <h2 id="sizes-heading" className="text-lg font-semibold text-stone-900">
            Sizes and packs
          </h2>
          <p className="mb-3 text-sm text-stone-600">
            Each size is sold in packs: the units in the pack (25, or 25|50 for a choice) and the price of one pack ex-VAT. Fill in an empty row to add; tick Remove to take one away.
          </p>
          <SizesTable product={product} answer={answer} blankSizes={product ? BLANK_SIZES_EDIT : BLANK_SIZES_NEW} />
        </section>

        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className="btn-primary">
            {product ? 'Save product' : 'Add product'}
          </button>
          <Link to="/admin/catalogue" className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>

      {product && (
        <>
          {stock && <StockSection stock={stock} answer={stockAnswer} />}

          <section className="card p-5" aria-labelledby="history-heading">
            <h2 id="history-heading" className="text-lg font-semibold text-stone-900">
              Price history
            </h2>
            {product.priceHistory.length === 0 ? (
              <p className="mt-1 text-sm text-stone-600">No price changes yet.</p>
            ) : (
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-sm" data-testid="price-history">
                  <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
                    <tr>
                      <th scope="col" className="py-2 pr-3">When</th>
                      <th scope="col" className="py-2 pr-3">Who</th>
                      <th scope="col" className="py-2 pr-3">Size</th>
                      <th scope="col" className="py-2 pr-3">Pack</th>
                      <th scope="col" className="py-2 pr-3 text-right">Old</th>
                      <th scope="col" className="py-2 text-right">New</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {product.priceHistory.map((h) => (
                      <tr key={h.priceChangeId}>
                        <td className="py-1.5 pr-3 whitespace-nowrap">{londonDateTime(h.changedAt)}</td>
                        <td className="py-1.5 pr-3">
                          {h.staffName ?? '-'}
                          {h.source === 'import' && <span className="ml-1 text-xs text-stone-500">(CSV import)</span>}
                        </td>
                        <td className="py-1.5 pr-3">{h.size ?? <span className="text-stone-500">(pack since removed)</span>}</td>
                        <td className="py-1.5 pr-3">
                          {packLabel(h.newPackRange ?? h.oldPackRange)}
                          {h.oldPackRange && h.newPackRange && h.oldPackRange.join('|') !== h.newPackRange.join('|') && (
                            <span className="block text-xs text-stone-500">was {packLabel(h.oldPackRange)}</span>
                          )}
                        </td>
                        <td className="py-1.5 pr-3 text-right tabular-nums">{h.oldPricePence === null ? 'added' : pounds(h.oldPricePence)}</td>
                        <td className="py-1.5 text-right tabular-nums">{h.newPricePence === null ? 'removed' : pounds(h.newPricePence)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className="card flex flex-wrap items-center gap-3 p-5" aria-labelledby="status-heading">
            <h2 id="status-heading" className="w-full text-lg font-semibold text-stone-900">
              On sale, withdrawn or deleted
            </h2>
            <Form method="post">
              <input type="hidden" name="version" value={product.version} />
              {product.onSale ? (
                <button type="submit" name="intent" value="withdraw" className="btn-secondary">
                  Withdraw from sale
                </button>
              ) : (
                <button type="submit" name="intent" value="on-sale" className="btn-secondary">
                  Put back on sale
                </button>
              )}
            </Form>
            {product.hasOrders ? (
              <p className="text-sm text-stone-600">This product has been ordered, so it can be withdrawn but not deleted.</p>
            ) : (
              <Link to="?confirm=delete" className="btn-secondary border-red-300 text-red-800">
                Delete product
              </Link>
            )}
            {confirmDelete && (
              <div className="w-full rounded-lg border border-red-300 bg-red-50 p-4" role="alertdialog" aria-labelledby="confirm-delete-heading" data-testid="confirm-delete">
                <h3 id="confirm-delete-heading" className="font-semibold text-red-900">
                  Delete {product.name}?
                </h3>
                <p className="mt-1 text-sm text-red-900">
                  It leaves the shop at once, its page answers “not found” and its sizes, packs and price history go with it. This cannot be undone. Withdrawing it from
                  sale hides it from customers and can be undone.
                </p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <Form method="post">
                    <input type="hidden" name="version" value={product.version} />
                    <input type="hidden" name="confirmed" value="on" />
                    <button type="submit" name="intent" value="delete" className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
                      Yes, delete {product.name}
                    </button>
                  </Form>
                  {product.onSale && (
                    <Form method="post">
                      <input type="hidden" name="version" value={product.version} />
                      <button type="submit" name="intent" value="withdraw" className="btn-secondary">
                        Withdraw from sale instead
                      </button>
                    </Form>
                  )}
                  <Link to="." className="btn-secondary">
                    Cancel
                  </Link>
                </div>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
