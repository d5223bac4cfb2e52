/**
 * One category ('catalogue:edit'): name, description, image (upload or address),
 * parent (a move, within three levels), visible, New, the page's title and description, and
 * Delete (refused while it holds products or sub-categories). The form carries the version
 * read: if someone saved in between, the save is refused with a clear message.
 */
import { data, Form, Link } from 'react-router';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { redirectWithNotice, takeNotice } from '~/server/admin/admin-notice.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import { CATEGORY_FORM_FIELDS, categoryFormSchema, categoryInputOf, imageUrlFromForm } from '~/server/admin/catalogue.server';
import { imageSrcSet } from '~/lib/image-srcset';
import type { Route } from './+types/catalogue-category';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.category.name ?? 'Category'} - Catalogue - Back office` }];

const NOTICES: Record<string, string> = { created: 'The category is added. Fill in the rest and save.', saved: 'The category is saved.' };

const NO_SUCH_CATEGORY = 'No such category.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, 'catalogue:edit');
  const { categories } = context.services.catalogueAdmin;
  const category = await foundOr404(categories.category(recordIdOf(params.categoryId, NO_SUCH_CATEGORY)), NO_SUCH_CATEGORY);
  const flat = (nodes: Awaited<ReturnType<typeof categories.tree>>): typeof nodes => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const inside = new Set(flat([category]).map((c) => c.categoryId));
  const height = (node: typeof category): number => 1 + Math.max(0, ...node.children.map(height));
  const parents = flat(await categories.tree())
    .filter((c) => !inside.has(c.categoryId) && c.depth + height(category) <= 3)
    .map((c) => ({ categoryId: c.categoryId, path: c.path }));
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data({ category: { ...category, children: category.children.map((c) => ({ categoryId: c.categoryId, name: c.name })) }, parents, notice }, { headers });
}

export const action = adminAction({
  permission: 'catalogue:edit',
  record: { param: 'categoryId', notFound: NO_SUCH_CATEGORY },
  schema: categoryFormSchema,
  keep: CATEGORY_FORM_FIELDS,
  keepMax: 10_000,
  async run({ value: form, staff, id, context }) {
    const { categories } = context.services.catalogueAdmin;
    if (form.intent === 'delete') {
      await categories.delete(id, form.version);
      return redirectWithNotice('/admin/catalogue', 'category-deleted', context);
    }
    const imageUrl = await imageUrlFromForm(form, context, staff.staffId);
    await categories.update(id, form.version, categoryInputOf(form, imageUrl));
    return 'saved';
  },
});

export default function CatalogueCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { category, parents, notice } = loaderData;
  const answer = useAdminAnswer(actionData).failed;
  const v = (name: string, fallback: string) => answer?.values[name] ?? fallback;
  const checked = (name: string, fallback: boolean) => (answer ? answer.values[name] === 'on' : fallback);
  const srcSet = imageSrcSet(category.imageUrl);
  return (
    <div className="space-y-5">
      <div>
        <Link to={`/admin/catalogue?category=${category.categoryId}`} className="text-sm text-brand-700 hover:underline">
          ← Catalogue
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">{category.name}</h1>
        <p className="text-sm text-stone-600">
          {category.path} · {category.productCount} product{category.productCount === 1 ? '' : 's'} · <span className="font-mono text-xs">/{category.slug}</span>
        </p>
      </div>
      {notice && <AdminMessage tone="success">{notice}</AdminMessage>}
      {answer && <AdminMessage tone="error" testId="category-error">{answer.message}</AdminMessage>}

      <Form method="post" encType="multipart/form-data" className="card grid gap-4 p-5 md:grid-cols-2" key={category.version} data-testid="category-form">
        <input type="hidden" name="version" value={category.version} />
        <AdminField id="name" name="name" label="Name" required maxLength={100} defaultValue={v('name', category.name)} error={answer?.fields.name} />
        <div>
          <label htmlFor="parentId" className="form-label">
            Under
          </label>
          <select id="parentId" name="parentId" className="form-input" defaultValue={v('parentId', category.parentId === null ? '' : String(category.parentId))}>
            <option value="">Top level</option>
            {parents.map((p) => (
              <option key={p.categoryId} value={p.categoryId}>
                {p.path}
              </option>
            ))}
          </select>
          {answer?.fields.parentId && <p className="field-error">{answer.fields.parentId}</p>}
          <p className="mt-1 text-xs text-stone-500">At most three levels: only places where this category (and what is under it) fits are listed.</p>
        </div>
        <div className="md:col-span-2">
          <label htmlFor="description" className="form-label">
            Description
          </label>
          <textarea id="description" name="description" rows={3} className="form-input" defaultValue={v('description', category.description)} />
        </div>
        <AdminField
          id="pageTitle"
          name="pageTitle"
          label="Page title (search engines)"
          maxLength={70}
          defaultValue={v('pageTitle', category.pageTitle)}
          hint="Empty: the category's name."
          error={answer?.fields.pageTitle}
        />
        <AdminField
          id="pageDescription"
          name="pageDescription"
          label="Page description (search engines)"
          maxLength={160}
          defaultValue={v('pageDescription', category.pageDescription)}
          hint="At most 160 characters. Empty: the description."
          error={answer?.fields.pageDescription}
        />
        <div className="flex flex-wrap gap-6 md:col-span-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="visible" defaultChecked={checked('visible', category.visible)} /> Visible in the shop
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isNew" defaultChecked={checked('isNew', category.isNew)} /> Marked New
          </label>
        </div>
        <fieldset className="rounded-md border border-stone-200 p-3 md:col-span-2">
          <legend className="px-1 text-sm font-medium text-stone-800">Image</legend>
          <div className="flex flex-wrap items-start gap-4">
            {category.imageUrl ? (
              <img src={category.imageUrl} srcSet={srcSet ?? undefined} sizes="96px" alt="" width={96} height={96} className="h-24 w-24 rounded border border-stone-200 object-cover" />
            ) : (
              <span className="flex h-24 w-24 items-center justify-center rounded border border-dashed border-stone-300 text-xs text-stone-500">No image</span>
            )}
            <div className="min-w-0 flex-1 space-y-2">
              <div>
                <label htmlFor="image" className="form-label">
                  Upload JPEG, PNG or WebP (up to 10 MB)
                </label>
                <input id="image" name="image" type="file" accept="image/jpeg,image/png,image/webp" className="block text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-stone-50" />
                {answer?.fields.image && <p className="field-error">{answer.fields.image}</p>}
              </div>
              <AdminField id="imageUrl" name="imageUrl" label="Or an image address" defaultValue={v('imageUrl', category.imageUrl)} error={answer?.fields.imageUrl} />
            </div>
          </div>
        </fieldset>
        <div className="md:col-span-2">
          <button type="submit" name="intent" value="save" className="btn-primary">
            Save category
          </button>
        </div>
      </Form>

      <section className="card p-5" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-sm font-semibold text-stone-900">
          Delete
        </h2>
        {category.productCount > 0 || category.children.length > 0 ? (
          <p className="mt-1 text-sm text-stone-600">
            A category holding products or sub-categories cannot be deleted: move them first, or untick "Visible" to hide it from the shop.
          </p>
        ) : (
          <Form method="post" className="mt-2">
            <input type="hidden" name="version" value={category.version} />
            <button type="submit" name="intent" value="delete" className="btn-secondary border-red-300 text-red-800">
              Delete this empty category
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
