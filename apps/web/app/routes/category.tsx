/**
 * Category page (SPEC 2): side menu, category name and description, and a grid of
 * sub-category cards. A category without sub-categories is redirected to its products list;
 * a missing or unknown categoryCode is a 404.
 */
import { data, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { categoryPageHref, categoryRedirectTarget } from '@shop/contract/browser';
import { isNotFound } from '~/server/forms.server';
import type { Route } from './+types/category';
import { useRootData } from '~/root';
import { pageMeta } from '~/components/page-meta';
import { publicPageLinks } from '~/components/seo/canonical';
import { BreadcrumbJsonLd } from '~/components/seo/json-ld';
import { Breadcrumb } from '~/components/catalogue/breadcrumb';
import { CategoryCard, categoryCardOf } from '~/components/catalogue/category-card';
import { categoryPath, firstSentence } from '~/components/catalogue/category-path';
import { CategorySideMenu } from '~/components/catalogue/category-side-menu';

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get('categoryCode') ?? '';
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) throw data(null, { status: 404 });
  const catalogue = context.services.catalogue;
  try {
    const category = await catalogue.categoryBySlug(slug);
    const target = categoryRedirectTarget(category);
    // Permanent: a category without sub-categories is its products list (search engines keep that one).
    if (target) throw redirect(target, 301);
    const [tree, page] = await Promise.all([catalogue.categoryTree(), catalogue.categoryPageTitle(slug)]);
    const path = categoryPath(tree, slug);
    return {
      // The page's title and search description (staff's own, else the name with its parent's).
      page,
      // What the page shows of it: heading, description, picture (for link previews), the cards.
      category: {
        name: category.name,
        slug: category.slug,
        description: category.description,
        image_url: category.image_url,
        subCategories: category.subCategories.map(categoryCardOf),
      },
      ancestors: path.slice(0, -1).map((c) => ({ label: c.name, href: categoryPageHref(c.slug) })),
    };
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => {
  const category = (loaded as LoaderData | undefined)?.category;
  if (!category) return pageMeta(matches, 'Page not found', 'Sorry, we could not find that page.');
  return [
    ...pageMeta(matches, loaded!.page.title, loaded!.page.description || firstSentence(category.description) || `${category.name}: trade packaging supplies.`),
    ...publicPageLinks(matches, '/category', { query: { categoryCode: category.slug }, image: category.image_url }),
  ];
};

export default function CategoryPage() {
  const { category, ancestors } = useLoaderData<typeof loader>();
  const { categories } = useRootData();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:flex lg:gap-8 lg:py-8">
      <CategorySideMenu categories={categories} currentSlug={category.slug} />
      <main id="main" className="mt-5 min-w-0 flex-1 lg:mt-0">
        <Breadcrumb items={[{ label: 'Home', href: '/landing' }, ...ancestors, { label: category.name }]} />
        <BreadcrumbJsonLd steps={[{ label: 'Home', href: '/landing' }, ...ancestors, { label: category.name, href: categoryPageHref(category.slug) }]} />
        <header className="mt-3">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{category.name}</h1>
          {category.description ? <p className="mt-2 max-w-3xl text-stone-700">{category.description}</p> : null}
        </header>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 xl:grid-cols-3">
          {category.subCategories.map((child, index) => (
            <li key={child.slug} className="flex">
              <CategoryCard category={child} eager={index < 4} priority={index === 0} />
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
