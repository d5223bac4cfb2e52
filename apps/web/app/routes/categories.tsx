/**
 * The category tree as a page: where the header's menu button goes on a phone without
 * JavaScript, or before the page is hydrated (with JavaScript it opens the same tree as a drawer).
 */
import type { MetaFunction } from 'react-router';
import { useRootData } from '~/root';
import { pageMeta } from '~/components/page-meta';
import { publicPageLinks } from '~/components/seo/canonical';
import { Breadcrumb } from '~/components/catalogue/breadcrumb';
import { CATEGORY_MENU_PAGE, CategoryTree } from '~/components/mobile-category-menu';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Shop by category', 'Every category of packaging we sell: boxes, mailing bags, tape, protective packaging and more.'),
  ...publicPageLinks(matches, CATEGORY_MENU_PAGE),
];

export default function CategoriesPage() {
  const { categories } = useRootData();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-6 lg:py-8">
      <Breadcrumb items={[{ label: 'Home', href: '/landing' }, { label: 'Categories' }]} />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Shop by category</h1>
      <nav aria-label="Categories" className="card mt-4">
        <CategoryTree categories={categories} className="py-2" />
      </nav>
    </main>
  );
}
