/**
 * The catalogue back office ('catalogue:edit': owner and manager): the category tree
 * (every category, hidden ones marked; reorder with up/down; add a category) beside the
 * products, searched and paged on the server (GET form: works without JavaScript, the URL
 * keeps the search). Links to export the CSV and to import one.
 */
import { data, Form, Link, redirect } from 'react-router';
import { adminAction } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { redirectWithNotice, takeNotice } from '~/server/admin/admin-notice.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { Cell, Paging, Table, useAdminAnswer } from '~/components/admin/admin-kit';
import { pounds } from '~/components/admin/admin-format';
import { catalogueFormSchema, categoryInputOf } from '~/server/admin/catalogue.server';
import type { Route } from './+types/catalogue';

export const meta: Route.MetaFunction = () => [{ title: 'Catalogue - Back office' }];

const STATUSES = ['all', 'on-sale', 'withdrawn'] as const;
type Status = (typeof STATUSES)[number];

const NOTICES: Record<string, string> = {
  'category-created': 'The category is added.',
  'category-deleted': 'The category is deleted.',
  'product-deleted': 'The product is deleted.',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'catalogue:edit');
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const category = Number.parseInt(url.searchParams.get('category') ?? '', 10);
  const statusParam = url.searchParams.get('status') ?? 'all';
  const status: Status = (STATUSES as readonly string[]).includes(statusParam) ? (statusParam as Status) : 'all';
  const { catalogueAdmin } = context.services;
  const [tree, list] = await Promise.all([
    catalogueAdmin.categories.tree(),
    catalogueAdmin.products.list({ query: q, page: Number.isSafeInteger(page) && page > 0 ? page : 1, categoryId: Number.isSafeInteger(category) && category > 0 ? category : null, status }),
  ]);
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data({ tree, list, notice }, { headers });
}

export const action = adminAction({
  permission: 'catalogue:edit',
  schema: catalogueFormSchema,
  keep: ['name', 'parentId'],
  async run({ value: form, request, context }) {
    const { categories } = context.services.catalogueAdmin;
    if (form.intent === 'reorder') {
      if (form.categoryId !== undefined) await categories.reorder(form.categoryId, form.direction);
      return redirect(`/admin/catalogue${new URL(request.url).search}`);
    }
    const created = await categories.create({ ...categoryInputOf(form, ''), visible: true });
    return redirectWithNotice(`/admin/catalogue/categories/${created.categoryId}`, 'created', context);
  },
});

type Tree = Route.ComponentProps['loaderData']['tree'];

function listHref(params: { q?: string; page?: number; category?: number | null; status?: string }): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', String(params.category));
  if (params.status && params.status !== 'all') search.set('status', params.status);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return `/admin/catalogue${query ? `?${query}` : ''}`;
}

function CategoryTree({ nodes, selected, search }: { nodes: Tree; selected: number | null; search: string }) {
  return (
    <ul className="space-y-0.5">
      {nodes.map((node, index) => (
        <li key={node.categoryId}>
          <div className={`group flex items-center gap-1 rounded-md px-1.5 py-1 ${selected === node.categoryId ? 'bg-brand-50' : 'hover:bg-stone-50'}`}>
            <Link
              to={listHref({ category: node.categoryId })}
              className={`min-w-0 flex-1 truncate text-sm ${node.visible ? 'text-stone-900' : 'text-stone-400 line-through'} ${selected === node.categoryId ? 'font-semibold' : ''}`}
              title={node.path}
            >
              {node.name}
            </Link>
            {!node.visible && <span className="rounded bg-stone-200 px-1 text-[10px] font-medium text-stone-700 uppercase">Hidden</span>}
            <span className="text-xs text-stone-500 tabular-nums" title="Products directly in this category">
              {node.productCount}
            </span>
            <Form method="post" action={`/admin/catalogue${search}`} className="flex">
              <input type="hidden" name="intent" value="reorder" />
              <input type="hidden" name="categoryId" value={node.categoryId} />
              <button type="submit" name="direction" value="up" disabled={index === 0} className="rounded px-1 text-stone-500 hover:bg-stone-200 disabled:opacity-30" aria-label={`Move ${node.name} up`}>
                ↑
              </button>
              <button
                type="submit"
                name="direction"
                value="down"
                disabled={index === nodes.length - 1}
                className="rounded px-1 text-stone-500 hover:bg-stone-200 disabled:opacity-30"
                aria-label={`Move ${node.name} down`}
              >
                ↓
              </button>
            </Form>
            <Link to={`/admin/catalogue/categories/${node.categoryId}`} className="rounded px-1.5 text-xs font-medium text-brand-700 hover:bg-brand-100" aria-label={`Edit ${node.name}`}>
              Edit
            </Link>
          </div>
          {node.children.length > 0 && (
            <div className="ml-3 border-l border-stone-200 pl-2">
              <CategoryTree nodes={node.children} selected={selected} search={search} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function flatten(nodes: Tree): Tree {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

export default function Catalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { tree, list, notice } = loaderData;
  const answer = useAdminAnswer(actionData).failed;
  const first = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.total, list.page * list.pageSize);
  const all = flatten(tree);
  const search = listHref({ q: list.query, page: list.page, category: list.categoryId, status: list.status }).replace('/admin/catalogue', '');
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">Catalogue</h1>
          <p className="mt-1 text-sm text-stone-600">Categories, products, sizes, packs and prices. Keep the price list in a spreadsheet with the CSV export and import.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/admin/catalogue/export.csv" className="btn-secondary" download>
            Export CSV
          </a>
          <Link to="/admin/catalogue/import" className="btn-secondary">
            Import CSV
          </Link>
          <Link to="/admin/catalogue/products/new" className="btn-primary">
            Add product
          </Link>
        </div>
      </div>
      {notice && <AdminMessage tone="success">{notice}</AdminMessage>}

      <div className="grid gap-5 md:grid-cols-[15rem_1fr] lg:grid-cols-[20rem_1fr]">
        <aside className="space-y-4">
          <section className="card p-4" aria-labelledby="new-category-heading">
            <h2 id="new-category-heading" className="text-sm font-semibold text-stone-900">
              Add a category
            </h2>
            <Form method="post" className="mt-2 space-y-2" data-testid="new-category-form">
              <input type="hidden" name="intent" value="create-category" />
              <div>
                <label htmlFor="new-category-name" className="form-label">
                  Name
                </label>
                <input id="new-category-name" name="name" required maxLength={100} className="form-input" defaultValue={answer?.values.name} />
              </div>
              <div>
                <label htmlFor="new-category-parent" className="form-label">
                  Under
                </label>
                <select id="new-category-parent" name="parentId" className="form-input" defaultValue={answer?.values.parentId ?? ''}>
                  <option value="">Top level</option>
                  {all
                    .filter((c) => c.depth < 3)
                    .map((c) => (
                      <option key={c.categoryId} value={c.categoryId}>
                        {c.path}
                      </option>
                    ))}
                </select>
              </div>
              <button type="submit" className="btn-primary w-full">
                Add category
              </button>
              {answer?.intent === 'create-category' && <AdminMessage tone="error">{answer.message}</AdminMessage>}
            </Form>
          </section>
          <section className="card p-3" aria-labelledby="tree-heading">
            <div className="mb-2 flex items-center justify-between px-1">
              <h2 id="tree-heading" className="text-sm font-semibold text-stone-900">
                Categories
              </h2>
              {list.categoryId && (
                <Link to={listHref({ q: list.query, status: list.status })} className="text-xs text-brand-700 hover:underline">
                  All products
                </Link>
              )}
            </div>
            <nav aria-label="Category tree" data-testid="category-tree">
              <CategoryTree nodes={tree} selected={list.categoryId} search={search} />
            </nav>
          </section>
        </aside>

        <section className="min-w-0 space-y-3" aria-labelledby="products-heading">
          <h2 id="products-heading" className="sr-only">
            Products
          </h2>
          <Form method="get" role="search" className="card flex flex-wrap items-end gap-2 p-3" data-testid="product-search">
            {list.categoryId && <input type="hidden" name="category" value={list.categoryId} />}
            <div className="min-w-48 flex-1">
              <label htmlFor="product-q" className="form-label">
                Search products
              </label>
              <input id="product-q" name="q" type="search" defaultValue={list.query} placeholder="Code, name or size" className="form-input" />
            </div>
            <div>
              <label htmlFor="product-status" className="form-label">
                Status
              </label>
              <select id="product-status" name="status" defaultValue={list.status} className="form-input">
                <option value="all">All</option>
                <option value="on-sale">On sale</option>
                <option value="withdrawn">Withdrawn</option>
              </select>
            </div>
            <button type="submit" className="btn-primary">
              Search
            </button>
          </Form>
          {list.categoryId && (
            <p className="text-sm text-stone-600">
              In <strong>{all.find((c) => c.categoryId === list.categoryId)?.path ?? 'this category'}</strong> and its sub-categories.
            </p>
          )}
          <div className="card overflow-x-auto">
            <Table
              testId="products-table"
              columns={['Code', 'Product', { label: 'Packs', right: true }, { label: 'From', right: true }, 'Status']}
              items={list.products}
              empty={list.query ? `No product matches "${list.query}".` : 'No products here yet.'}
              row={(p) => (
                <tr key={p.productId} className={p.onSale ? '' : 'text-stone-500'}>
                  <Cell nowrap className="font-mono text-xs">
                    {p.productCode}
                  </Cell>
                  <Cell>
                    <Link to={`/admin/catalogue/products/${p.productId}`} className="font-medium text-brand-700 hover:underline">
                      {p.name}
                    </Link>
                    <span className="block text-xs text-stone-500">{p.categoryPath}</span>
                  </Cell>
                  <Cell right>
                    {p.packCount}
                    <span className="block text-xs text-stone-500">
                      {p.sizeCount} size{p.sizeCount === 1 ? '' : 's'}
                    </span>
                  </Cell>
                  <Cell right nowrap>
                    {p.fromPricePence === null ? '-' : pounds(p.fromPricePence)}
                  </Cell>
                  <Cell>
                    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${p.onSale ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-200 text-stone-700'}`}>
                      {p.onSale ? 'On sale' : 'Withdrawn'}
                    </span>
                    {p.isNew && <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">New</span>}
                  </Cell>
                </tr>
              )}
            />
          </div>
          <Paging
            label="Pages of products"
            testId="products-count"
            count={list.total === 0 ? 'No products' : `${first}-${last} of ${list.total} products`}
            previous={list.page > 1 ? listHref({ q: list.query, page: list.page - 1, category: list.categoryId, status: list.status }) : null}
            next={list.page < list.pageCount ? listHref({ q: list.query, page: list.page + 1, category: list.categoryId, status: list.status }) : null}
          />
        </section>
      </div>
    </div>
  );
}
