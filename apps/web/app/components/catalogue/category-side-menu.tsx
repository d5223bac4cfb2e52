/**
 * Left side menu of the category tree (SPEC 2): all top-level categories, with the branch of
 * the current category opened to three levels and the current one highlighted. On phones it
 * folds into a <details> so the products come first.
 */
import { Link } from 'react-router';
import { categoryHref } from '@shop/contract/browser';
import { ChevronDownIcon } from '../icons';
import { categoryPath, type MenuCategory } from './category-path';

interface Props {
  categories: MenuCategory[];
  /** Slug of the category shown, if any. */
  currentSlug?: string;
}

export function CategorySideMenu({ categories, currentSlug }: Props) {
  const path = currentSlug ? categoryPath(categories, currentSlug) : [];
  const openSlugs = new Set(path.map((c) => c.slug));
  const list = <MenuLevel items={categories} depth={0} openSlugs={openSlugs} currentSlug={currentSlug} />;
  return (
    <aside className="lg:w-64 lg:shrink-0">
      <details key={currentSlug ?? ''} className="group card lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
          <span>
            Categories
            {path.length > 0 ? <span className="ml-2 text-sm font-normal text-stone-600">{path[path.length - 1]!.name}</span> : null}
          </span>
          <ChevronDownIcon width={18} height={18} className="text-stone-500 transition-transform group-open:rotate-180" />
        </summary>
        <nav aria-label="Categories" className="border-t border-stone-200 px-2 py-2">
          {list}
        </nav>
      </details>
      <nav aria-label="Categories" className="card hidden px-2 py-3 lg:block">
        <p className="px-3 pb-2 text-sm font-semibold text-stone-900">Categories</p>
        {list}
      </nav>
    </aside>
  );
}

function MenuLevel({
  items,
  depth,
  openSlugs,
  currentSlug,
}: {
  items: MenuCategory[];
  depth: number;
  openSlugs: Set<string>;
  currentSlug?: string;
}) {
  return (
    <ul className={depth === 0 ? 'space-y-0.5' : 'mt-0.5 ml-3 space-y-0.5 border-l border-stone-200 pl-2'}>
      {items.map((category) => {
        const current = category.slug === currentSlug;
        const onPath = openSlugs.has(category.slug);
        const weight = depth === 0 ? 'font-medium' : '';
        const colours = current
          ? 'bg-brand-50 font-semibold text-brand-700'
          : onPath
            ? 'text-brand-700'
            : 'text-stone-700 hover:bg-stone-100 hover:text-brand-700';
        return (
          <li key={category.slug}>
            <Link
              to={categoryHref(category)}
              aria-current={current ? 'page' : undefined}
              className={`block rounded-md px-3 py-1.5 text-sm ${weight} ${colours}`}
            >
              {category.name}
            </Link>
            {onPath && depth < 2 && category.subCategories.length > 0 ? (
              <MenuLevel items={category.subCategories} depth={depth + 1} openSlugs={openSlugs} currentSlug={currentSlug} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
