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
import { adminAction, foundOr404, recordIdOf, type AdminFailure } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { redirectWithNotice, takeNotice } from '~/server/admin/admin-notice.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { Cell, ConfirmPanel, DANGER_BUTTON, ListTable, useAdminAnswer } from '~/components/admin/admin-kit';
import { londonDateTime, pounds } from '~/components/admin/admin-format';
import { imageUrlFromForm, productPageSchema } from '~/server/admin/catalogue.server';
import { locationsOf, thresholdsOf } from '~/server/admin/stock.server';
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

const NO_SUCH_PRODUCT = 'No such product.';
/** The address word of a product not made yet (/admin/catalogue/products/new). */
const NEW_PRODUCT = 'new';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'catalogue:edit');
  const id = params.productId === NEW_PRODUCT ? NEW_PRODUCT : recordIdOf(params.productId, NO_SUCH_PRODUCT);
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
  const product = await foundOr404(catalogueAdmin.products.product(id), NO_SUCH_PRODUCT);
  // Deleting cannot be undone: a GET to ?confirm=delete shows the question first (works without JavaScript).
  const confirmDelete = url.searchParams.get('confirm') === 'delete' && !product.hasOrders;
  const stock = await context.services.stock.productStock(staff, id);
  return data({ product, categories, notice, defaultCategoryId: null, confirmDelete, stock }, { headers });
}

export const action = adminAction({
  permission: 'catalogue:edit',
  record: { param: 'productId', notFound: NO_SUCH_PRODUCT, orNew: NEW_PRODUCT },
  schema: productPageSchema,
  keep: [
    ...['productCode', 'name', 'description', 'categoryId', 'linkProductCode', 'isNew', 'isFeatured', 'onSale', 'imageUrl', 'removeImage'],
    ...['size.*.id', 'size.*.size1', 'size.*.size2', 'size.*.unitCost', 'size.*.remove', 'pack.*.*.id', 'pack.*.*.qty', 'pack.*.*.price', 'pack.*.*.remove'],
    ...['backordersAllowed', 'expectedDate', 'threshold.*', 'location.*'],
  ],
  keepMax: 10_000,
  async run({ value, staff, id, context }) {
    const { products } = context.services.catalogueAdmin;
    if (value.intent === 'stock') {
      // Thresholds and backorders (core audits each change); a product not made yet has none.
      if (id === null) throw data({ message: NO_SUCH_PRODUCT }, { status: 404 });
      await context.services.stock.saveSettings(staff, id, {
        backordersAllowed: value.backordersAllowed,
        expectedDate: value.expectedDate || null,
        thresholds: thresholdsOf(value),
        locations: locationsOf(value),
      });
      return redirectWithNotice(`/admin/catalogue/products/${id}#stock`, 'stock-saved', context);
    }
    const { intent, version, product } = value;
    if (id !== null && (intent === 'withdraw' || intent === 'on-sale')) {
      await products.setOnSale(id, version, intent === 'on-sale');
      return intent === 'withdraw' ? 'withdrawn' : 'on-sale';
    }
    if (id !== null && intent === 'delete') {
      if (!value.confirmed) return redirect(`/admin/catalogue/products/${id}?confirm=delete`);
      await products.delete(id, version);
      return redirectWithNotice('/admin/catalogue', 'product-deleted', context);
    }
    const state = { ...product, imageUrl: await imageUrlFromForm(value, context, staff.staffId) };
    if (id === null) return redirectWithNotice(`/admin/catalogue/products/${await products.create(staff.staffId, state)}`, 'created', context);
    await products.update(staff.staffId, id, version, state);
    return 'saved';
  },
});

/** A refused product form (any intent but the stock section's), and a refused stock section. */
export type Answer = AdminFailure;
export type StockAnswer = AdminFailure;

export default function CatalogueProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, notice, defaultCategoryId, confirmDelete, stock } = loaderData;
  const { failed } = useAdminAnswer(actionData);
  const answer = failed?.intent === 'stock' ? undefined : (failed ?? undefined);
  const stockAnswer = failed?.intent === 'stock' ? failed : undefined;
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

          <ListTable
            id="history-heading"
            title="Price history"
            titleShown
            testId="price-history"
            columns={['When', 'Who', 'Size', 'Pack', { label: 'Old', right: true }, { label: 'New', right: true }]}
            items={product.priceHistory}
            empty="No price changes yet."
            emptyAs="text"
            row={(h) => (
              <tr key={h.priceChangeId}>
                <Cell nowrap>{londonDateTime(h.changedAt)}</Cell>
                <Cell>
                  {h.staffName ?? '-'}
                  {h.source === 'import' && <span className="ml-1 text-xs text-stone-500">(CSV import)</span>}
                </Cell>
                <Cell>{h.size ?? <span className="text-stone-500">(pack since removed)</span>}</Cell>
                <Cell>
                  {packLabel(h.newPackRange ?? h.oldPackRange)}
                  {h.oldPackRange && h.newPackRange && h.oldPackRange.join('|') !== h.newPackRange.join('|') && (
                    <span className="block text-xs text-stone-500">was {packLabel(h.oldPackRange)}</span>
                  )}
                </Cell>
                <Cell right>{h.oldPricePence === null ? 'added' : pounds(h.oldPricePence)}</Cell>
                <Cell right>{h.newPricePence === null ? 'removed' : pounds(h.newPricePence)}</Cell>
              </tr>
            )}
          />

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
              <div className="w-full">
                <ConfirmPanel
                  id="confirm-delete-heading"
                  title={`Delete ${product.name}?`}
                  testId="confirm-delete"
                  cancel="."
                  actions={
                    <>
                      <Form method="post">
                        <input type="hidden" name="version" value={product.version} />
                        <input type="hidden" name="confirmed" value="on" />
                        <button type="submit" name="intent" value="delete" className={DANGER_BUTTON}>
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
                    </>
                  }
                >
                  <p>
                    It leaves the shop at once, its page answers “not found” and its sizes, packs and price history go with it. This cannot be undone. Withdrawing it from
                    sale hides it from customers and can be undone.
                  </p>
                </ConfirmPanel>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
